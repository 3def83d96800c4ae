-- 0006: rematches. A lobby opened by `game rematch` remembers the finished game it
-- repeats, so its players keep their seats and the game deals itself once all are back.
-- Shipped migrations are never edited; add a new numbered file instead.

CREATE TABLE rematches (
    game_id     INTEGER PRIMARY KEY REFERENCES games (id),
    previous_id INTEGER NOT NULL REFERENCES games (id)
);
