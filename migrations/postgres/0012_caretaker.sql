-- 0012 on PostgreSQL: as ../0012_caretaker.sql, with 64-bit integers like every id and
-- time here. Shipped migrations are never edited; add a new numbered file instead.

CREATE TABLE table_options (
    game_id BIGINT PRIMARY KEY REFERENCES games (id),
    absent  TEXT   NOT NULL CHECK (absent IN ('caretaker', 'wait', 'kick'))
);

CREATE TABLE caretaken_seats (
    game_id BIGINT NOT NULL REFERENCES games (id),
    seat    BIGINT NOT NULL,
    since   BIGINT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
