-- 0013: seats handed to another player (`game sub`). A handover is not a game step: the
-- action log and its replay are untouched, and `after_seq` places the handover among the
-- log's rows (it happened after row `after_seq`; 0 before any). `seats` holds the seat's
-- current holder; these rows tell who held it before, for the history and replay files.
-- how: 'self' (the holder handed it on), 'admin' (a channel admin), 'vote' (the others).
-- Shipped migrations are never edited; add a new numbered file instead.

CREATE TABLE seat_handovers (
    game_id   INTEGER NOT NULL REFERENCES games (id),
    ordinal   INTEGER NOT NULL,          -- 1, 2, … per game, in the order they happened
    seat      INTEGER NOT NULL,
    after_seq INTEGER NOT NULL,
    from_user TEXT    NOT NULL,
    from_name TEXT    NOT NULL,
    to_user   TEXT    NOT NULL,
    to_name   TEXT    NOT NULL,
    how       TEXT    NOT NULL CHECK (how IN ('self', 'admin', 'vote')),
    at        INTEGER NOT NULL,          -- unix seconds
    PRIMARY KEY (game_id, ordinal)
);
