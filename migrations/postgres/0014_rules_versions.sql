-- 0014 on PostgreSQL: as ../0014_rules_versions.sql, with a 64-bit integer like every
-- number here. Shipped migrations are never edited; add a new numbered file instead.

ALTER TABLE games ADD COLUMN rules_version BIGINT NOT NULL DEFAULT 1;
