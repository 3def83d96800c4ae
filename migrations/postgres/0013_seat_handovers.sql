-- 0013 on PostgreSQL: as ../0013_seat_handovers.sql, with 64-bit integers like every id and
-- time here. Shipped migrations are never edited; add a new numbered file instead.

CREATE TABLE seat_handovers (
    game_id   BIGINT NOT NULL REFERENCES games (id),
    ordinal   BIGINT NOT NULL,
    seat      BIGINT NOT NULL,
    after_seq BIGINT NOT NULL,
    from_user TEXT   NOT NULL,
    from_name TEXT   NOT NULL,
    to_user   TEXT   NOT NULL,
    to_name   TEXT   NOT NULL,
    how       TEXT   NOT NULL CHECK (how IN ('self', 'admin', 'vote')),
    at        BIGINT NOT NULL,
    PRIMARY KEY (game_id, ordinal)
);
