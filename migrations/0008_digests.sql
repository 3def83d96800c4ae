-- 0008: daily digests. A player who turns the digest on in a server gets one message a day
-- listing that server's games waiting for them, instead of one reminder per game. The same
-- SQL on SQLite and PostgreSQL (no dialect file). Shipped migrations are never edited; add
-- a new numbered file instead.

-- The digest setting, per player per server (`guild` is '' outside any server).
CREATE TABLE digest_prefs (
    platform  TEXT   NOT NULL,
    guild     TEXT   NOT NULL,
    user_id   TEXT   NOT NULL,
    at_minute BIGINT NOT NULL,   -- local minutes after midnight (the player's UTC offset)
    set_at    BIGINT NOT NULL,   -- unix seconds the digest was turned on or its time changed
    PRIMARY KEY (platform, guild, user_id)
);

-- Every digest sent (or found empty), keyed by the player's local day: the primary key makes
-- sending idempotent, so a day's digest is never offered again, also after a restart.
CREATE TABLE digest_log (
    platform TEXT   NOT NULL,
    guild    TEXT   NOT NULL,
    user_id  TEXT   NOT NULL,
    day      BIGINT NOT NULL,    -- days since 1970-01-01 in the player's offset
    sent_at  BIGINT NOT NULL,
    games    BIGINT NOT NULL,    -- games listed (0: nobody was waiting, no message)
    PRIMARY KEY (platform, guild, user_id, day)
);

-- Claims, as `reminder_claims`: a process claims a due digest for a lease before sending
-- it; another may take the claim over only once the lease ran out.
CREATE TABLE digest_claims (
    platform    TEXT   NOT NULL,
    guild       TEXT   NOT NULL,
    user_id     TEXT   NOT NULL,
    day         BIGINT NOT NULL,
    holder      TEXT   NOT NULL,
    lease_until BIGINT NOT NULL,
    PRIMARY KEY (platform, guild, user_id, day)
);
