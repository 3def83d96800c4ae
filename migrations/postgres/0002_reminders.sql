-- 0002 for PostgreSQL: ../0002_reminders.sql with 64-bit integers (unix seconds).
-- Shipped migrations are never edited; add a new numbered file instead.

CREATE TABLE reminder_prefs (
    user_id        TEXT    PRIMARY KEY,
    enabled        BIGINT,
    delay_secs     BIGINT,
    interval_secs  BIGINT,
    max_count      BIGINT,
    quiet_start    BIGINT,
    quiet_end      BIGINT,
    utc_offset     BIGINT,
    dm             BIGINT,
    vacation_until BIGINT
);

CREATE TABLE reminder_games (
    game_id       BIGINT  PRIMARY KEY REFERENCES games (id),
    deadline_secs BIGINT,
    consequence   TEXT    NOT NULL DEFAULT 'notify' CHECK (consequence IN ('notify', 'kick'))
);

CREATE TABLE reminder_waits (
    game_id BIGINT  NOT NULL REFERENCES games (id),
    user_id TEXT    NOT NULL,
    since   BIGINT  NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

CREATE TABLE reminder_log (
    game_id BIGINT  NOT NULL,
    user_id TEXT    NOT NULL,
    since   BIGINT  NOT NULL,
    ordinal BIGINT  NOT NULL,
    sent_at BIGINT  NOT NULL,
    PRIMARY KEY (game_id, user_id, since, ordinal)
);
