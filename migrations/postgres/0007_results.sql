-- 0007 on PostgreSQL: as ../0007_results.sql, with 64-bit integers like every id and time
-- here. Shipped migrations are never edited; add a new numbered file instead.

CREATE TABLE results (
    game_id     BIGINT NOT NULL REFERENCES games (id),
    seat        BIGINT NOT NULL,
    platform    TEXT   NOT NULL,
    guild       TEXT,
    kind        TEXT   NOT NULL,
    user_id     TEXT   NOT NULL,
    name        TEXT   NOT NULL,
    place       BIGINT NOT NULL,
    won         BIGINT NOT NULL,
    resigned    BIGINT NOT NULL,
    finished_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX results_by_server ON results (platform, guild, kind, finished_at, game_id);

-- Games that finished before this migration have no results yet. Their places are not in
-- SQL (they come from each game's final state), so they are listed here and recorded once
-- by the program (`Chat::backfill_results`, at start-up and before `stats` answers), which
-- removes each game from the list in the transaction that records it.
CREATE TABLE results_backfill (
    game_id     BIGINT PRIMARY KEY REFERENCES games (id)
);
INSERT INTO results_backfill (game_id) SELECT id FROM games WHERE status = 'finished';
