-- 0009: each wait's next due time, so that the reminder task reads only the waits with
-- something due instead of every waiting player of every running game each tick.
-- `due_at` (unix seconds) is never later than the wait's next reminder or deadline notice:
-- 0 means "work it out at the next tick" (a new wait, or a change of the player's settings,
-- the game's deadline, the digest or a reminder just sent), NULL means nothing more is
-- due. `reminder_schedule` holds the configured defaults the stored times were worked out
-- with: other defaults make every wait's time be worked out again. The same SQL on SQLite
-- and PostgreSQL (no dialect file). Shipped migrations are never edited; add a new
-- numbered file instead.
ALTER TABLE reminder_waits ADD COLUMN due_at BIGINT DEFAULT 0;
CREATE INDEX reminder_waits_due ON reminder_waits (due_at);

CREATE TABLE reminder_schedule (
    id       INTEGER PRIMARY KEY CHECK (id = 1),
    defaults TEXT    NOT NULL
);
