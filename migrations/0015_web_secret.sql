-- 0015: the secret that signs the links to a game's web pages (issue #52), for a database
-- whose process has no `[web] secret` in a config file (the terminal's). One row, made on
-- first use; replacing it revokes every link signed before. The bot's config secret, when
-- set, is used instead and this row is never read.
-- Shipped migrations are never edited; add a new numbered file instead.

CREATE TABLE web_secret (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    secret TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
