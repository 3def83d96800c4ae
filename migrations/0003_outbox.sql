-- 0003: the outbox. The replies of an accepted change are written in the same transaction
-- as the change, and marked delivered by the front end once the platform accepted them, so
-- a crash between the commit and the answer loses no reply: what is left undelivered is
-- sent at the next start-up (as channel messages, or direct messages for private ones).
-- Shipped migrations are never edited; add a new numbered file instead.

CREATE TABLE outbox (
    id           INTEGER PRIMARY KEY,
    game_id      INTEGER NOT NULL REFERENCES games (id),
    version      INTEGER NOT NULL,            -- the game version the change produced
    ordinal      INTEGER NOT NULL,            -- order of the replies of one change
    request_id   TEXT,                        -- the chat request that caused it, if any
    payload      TEXT    NOT NULL,            -- the reply (text segments, audience, pings, buttons) as JSON
    image        BLOB,                        -- PNG of the board, if any
    file_name    TEXT,                        -- an attached file, if any
    file         BLOB,
    created_at   INTEGER NOT NULL,
    delivered_at INTEGER                      -- NULL until the platform accepted it
);
CREATE INDEX outbox_undelivered ON outbox (created_at) WHERE delivered_at IS NULL;
