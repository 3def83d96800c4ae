-- 0015 on PostgreSQL: as ../0015_web_secret.sql, with a 64-bit integer like every number
-- here. Shipped migrations are never edited; add a new numbered file instead.

CREATE TABLE web_secret (
    id BIGINT PRIMARY KEY CHECK (id = 1),
    secret TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
