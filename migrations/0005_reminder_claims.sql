-- 0005: reminder claims, so that several bot processes over one database never both send
-- one reminder. A process claims a due reminder (keyed like `reminder_log`) for a lease
-- before sending it; another process may take the claim over only once the lease ran out
-- (its holder crashed before marking the reminder sent). The same SQL on SQLite and
-- PostgreSQL (no dialect file). Shipped migrations are never edited; add a new numbered
-- file instead.
CREATE TABLE reminder_claims (
    game_id BIGINT NOT NULL,
    user_id TEXT   NOT NULL,
    since   BIGINT NOT NULL,
    ordinal BIGINT NOT NULL,
    holder  TEXT   NOT NULL,   -- the claiming process
    lease_until BIGINT NOT NULL,   -- unix seconds: the lease ends
    PRIMARY KEY (game_id, user_id, since, ordinal)
);
