-- 0010: the answer of a handled request, so that a request that reaches two processes (two
-- fleets overlapping during a deploy) is answered the same way by both. A change's replies
-- are already in the outbox with its request id (found through the new index); `answer`
-- holds the replies (JSON, without images or files) of a request whose replies are not all
-- in the outbox (opening a game, joining, leaving). The same SQL on SQLite and PostgreSQL
-- (no dialect file). Shipped migrations are never edited; add a new numbered file instead.
ALTER TABLE requests ADD COLUMN answer TEXT;
CREATE INDEX outbox_request ON outbox (request_id) WHERE request_id IS NOT NULL;
