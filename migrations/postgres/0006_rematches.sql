-- 0006 on PostgreSQL: as ../0006_rematches.sql, with 64-bit ids like every id here.
-- Shipped migrations are never edited; add a new numbered file instead.

CREATE TABLE rematches (
    game_id     BIGINT PRIMARY KEY REFERENCES games (id),
    previous_id BIGINT NOT NULL REFERENCES games (id)
);
