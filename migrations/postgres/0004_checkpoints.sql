-- 0004 for PostgreSQL: ../0004_checkpoints.sql with BYTEA.
-- Shipped migrations are never edited; add a new numbered file instead.
CREATE TABLE checkpoints (
    game_id BIGINT  NOT NULL REFERENCES games (id),
    seq     BIGINT  NOT NULL,
    state   BYTEA   NOT NULL,
    PRIMARY KEY (game_id, seq)
);
