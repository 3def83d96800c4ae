-- 0004: checkpoints. Every CHECKPOINT_EVERY action rows, the state after the log up to a
-- row is kept, so that an undo (or a rebuild) late in a long game replays from the nearest
-- checkpoint still on the current line of play instead of from the seed. A cache like
-- `snapshots`: rows may be dropped at any time and the log still rebuilds everything.
-- Shipped migrations are never edited; add a new numbered file instead.
CREATE TABLE checkpoints (
    game_id INTEGER NOT NULL REFERENCES games (id),
    -- The last action row (`actions.seq`) the state includes.
    seq     INTEGER NOT NULL,
    state   BLOB    NOT NULL,
    PRIMARY KEY (game_id, seq)
);
