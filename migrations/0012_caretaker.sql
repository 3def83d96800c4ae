-- 0012: AI seats and the caretaker (issue #36). What a table does when a player's
-- deadline passes (`absent`, a table option given at `game new`, kept apart from the
-- game's rules options), and the seats the caretaker (Sherpa) plays for until their
-- player is back. A game without a `table_options` row (one created before this
-- migration) waits, as before.
-- Shipped migrations are never edited; add a new numbered file instead.

CREATE TABLE table_options (
    game_id INTEGER PRIMARY KEY REFERENCES games (id),
    absent  TEXT    NOT NULL CHECK (absent IN ('caretaker', 'wait', 'kick'))
);

CREATE TABLE caretaken_seats (
    game_id INTEGER NOT NULL REFERENCES games (id),
    seat    INTEGER NOT NULL,
    since   INTEGER NOT NULL,             -- unix seconds: when the caretaker took the seat
    PRIMARY KEY (game_id, seat)
);
