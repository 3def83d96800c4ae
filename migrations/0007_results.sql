-- 0007: results of finished games, one row per (game, player), written in the transaction
-- that finishes the game. Ratings and stats are recomputed from these rows (replayed in
-- finish order), never stored or edited by hand. Aborted games write none.
-- Shipped migrations are never edited; add a new numbered file instead.

CREATE TABLE results (
    game_id     INTEGER NOT NULL REFERENCES games (id),
    seat        INTEGER NOT NULL,
    platform    TEXT    NOT NULL,
    guild       TEXT,                        -- the server (NULL outside any server)
    kind        TEXT    NOT NULL,            -- the game's id, e.g. nepal
    user_id     TEXT    NOT NULL,
    name        TEXT    NOT NULL,            -- display name at the end of the game
    place       INTEGER NOT NULL,            -- 1 = best; tied players share a place
    won         INTEGER NOT NULL,            -- 0/1: placed first
    resigned    INTEGER NOT NULL,            -- 0/1: resigned or was kicked (recorded last)
    finished_at INTEGER NOT NULL,            -- unix seconds
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX results_by_server ON results (platform, guild, kind, finished_at, game_id);

-- Games that finished before this migration have no results yet. Their places are not in
-- SQL (they come from each game's final state), so they are listed here and recorded once
-- by the program (`Chat::backfill_results`, at start-up and before `stats` answers), which
-- removes each game from the list in the transaction that records it.
CREATE TABLE results_backfill (
    game_id     INTEGER PRIMARY KEY REFERENCES games (id)
);
INSERT INTO results_backfill (game_id) SELECT id FROM games WHERE status = 'finished';
