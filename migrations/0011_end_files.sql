-- 0011: finished games whose end files (the timelapse and the replay file) are still owed.
-- The change that finishes a game adds its row in its own transaction, so the move is
-- answered at once; the files are built afterwards and written to the outbox in the
-- transaction that deletes the row: they are posted once, also across a crash (a row left
-- by a stopped process is posted at the next start). Games that finished before this
-- migration posted theirs with their last move: none is listed.
-- Shipped migrations are never edited; add a new numbered file instead.

CREATE TABLE end_files_owed (
    game_id     INTEGER PRIMARY KEY REFERENCES games (id),
    finished_at INTEGER NOT NULL             -- unix seconds
);
