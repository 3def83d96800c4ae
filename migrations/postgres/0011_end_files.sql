-- 0011 on PostgreSQL: as ../0011_end_files.sql, with 64-bit integers like every id and time
-- here. Shipped migrations are never edited; add a new numbered file instead.

CREATE TABLE end_files_owed (
    game_id     BIGINT PRIMARY KEY REFERENCES games (id),
    finished_at BIGINT NOT NULL
);
