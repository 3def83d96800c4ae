-- 0002: reminder settings, the waits being reminded about, and the log of sent reminders.
-- Shipped migrations are never edited; add a new numbered file instead.

-- A player's reminder settings (one row per platform user; they apply to all their seats).
-- NULL means "use the configured default".
CREATE TABLE reminder_prefs (
    user_id        TEXT    PRIMARY KEY,
    enabled        INTEGER,            -- 0/1
    delay_secs     INTEGER,            -- first reminder this long after the wait began
    interval_secs  INTEGER,            -- then one every interval
    max_count      INTEGER,            -- at most this many per wait
    quiet_start    INTEGER,            -- minutes after local midnight; NULL = no quiet hours
    quiet_end      INTEGER,            -- minutes after local midnight (exclusive)
    utc_offset     INTEGER,            -- minutes east of UTC for quiet hours
    dm             INTEGER,            -- 0/1: remind by direct message instead of the channel
    vacation_until INTEGER             -- unix seconds; no reminders or deadlines before
);

-- Per-game deadline: after `deadline_secs` of waiting the channel is told (`notify`), or
-- told and invited to vote the player out (`kick`).
CREATE TABLE reminder_games (
    game_id       INTEGER PRIMARY KEY REFERENCES games (id),
    deadline_secs INTEGER,
    consequence   TEXT    NOT NULL DEFAULT 'notify' CHECK (consequence IN ('notify', 'kick'))
);

-- Who the game is waiting for, and since when. Rewritten by the chat core whenever the
-- acting seats change; a user who still has to act keeps their `since`.
CREATE TABLE reminder_waits (
    game_id INTEGER NOT NULL REFERENCES games (id),
    user_id TEXT    NOT NULL,
    since   INTEGER NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

-- Every reminder sent, keyed by the wait it belongs to and its ordinal (0, 1, 2...; -1 for
-- the deadline notice). The primary key makes sending idempotent: a key present here is
-- never offered again, also after a restart.
CREATE TABLE reminder_log (
    game_id INTEGER NOT NULL,
    user_id TEXT    NOT NULL,
    since   INTEGER NOT NULL,
    ordinal INTEGER NOT NULL,
    sent_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, user_id, since, ordinal)
);
