-- 0001: games, seats, the append-only action log, snapshots, votes, processed requests.
-- Shipped migrations are never edited; add a new numbered file instead.

CREATE TABLE games (
    id               INTEGER PRIMARY KEY,
    platform         TEXT    NOT NULL,
    guild            TEXT,
    channel          TEXT    NOT NULL,
    kind             TEXT    NOT NULL,
    options          TEXT    NOT NULL,            -- JSON object of resolved options
    seed             INTEGER NOT NULL,            -- secret while the game runs
    status           TEXT    NOT NULL CHECK (status IN ('lobby', 'running', 'finished', 'aborted')),
    broken           TEXT,                        -- why the game cannot be loaded, if it cannot
    version          INTEGER NOT NULL DEFAULT 0,  -- bumped by every accepted change
    creator          TEXT    NOT NULL,
    created_at       INTEGER NOT NULL,            -- unix seconds
    updated_at       INTEGER NOT NULL,
    turn_started_at  INTEGER,                     -- when the current acting seats began waiting
    next_reminder_at INTEGER                      -- unix seconds, NULL when nothing is due
);
-- One active game per channel (a thread is a channel).
CREATE UNIQUE INDEX games_one_active_per_channel
    ON games (platform, channel) WHERE status IN ('lobby', 'running');
CREATE INDEX games_next_reminder ON games (next_reminder_at) WHERE next_reminder_at IS NOT NULL;

CREATE TABLE seats (
    game_id        INTEGER NOT NULL REFERENCES games (id),
    seat           INTEGER NOT NULL,
    user_id        TEXT    NOT NULL,
    name           TEXT    NOT NULL,
    resigned       INTEGER NOT NULL DEFAULT 0,
    reminders_sent INTEGER NOT NULL DEFAULT 0,   -- reminders sent for the current wait
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, user_id)
);

-- The source of truth: replaying these rows from the seed rebuilds the game.
-- kind: 'step' (a step by seat), 'undo' (takes back the last effective step).
CREATE TABLE actions (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    seq        INTEGER NOT NULL,
    seat       INTEGER NOT NULL,
    kind       TEXT    NOT NULL CHECK (kind IN ('step', 'undo')),
    step       TEXT    NOT NULL,
    secret     INTEGER NOT NULL DEFAULT 0,  -- sealed choice: hidden from history until the end
    barrier    INTEGER NOT NULL DEFAULT 0,  -- revealed information or drew randomness
    turn_end   INTEGER NOT NULL DEFAULT 0,  -- ended its player's turn
    at         INTEGER NOT NULL,
    request_id TEXT,
    PRIMARY KEY (game_id, seq)
);

-- A cache: may be dropped at any time and rebuilt from the log.
CREATE TABLE snapshots (
    game_id INTEGER PRIMARY KEY REFERENCES games (id),
    version INTEGER NOT NULL,
    state   BLOB    NOT NULL
);

-- Open votes (abort, kick:<seat>, undo) and who agreed.
CREATE TABLE votes (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    motion     TEXT    NOT NULL,
    voter      TEXT    NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, motion, voter)
);

-- Chat request ids already handled (idempotency for every command, not only steps).
CREATE TABLE requests (
    platform   TEXT    NOT NULL,
    request_id TEXT    NOT NULL,
    at         INTEGER NOT NULL,
    PRIMARY KEY (platform, request_id)
);
