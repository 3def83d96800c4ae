-- 0014: the rules version each game plays by (issue #47). A fix that changes how a game
-- plays out raises its game kind's rules version and keeps the older behaviour for games
-- recorded under an older one, so a game's log always replays as it was played. A game
-- records the version of its kind when it starts; every game stored before this migration
-- plays by version 1, the version current before versions were kept.
-- Shipped migrations are never edited; add a new numbered file instead.

ALTER TABLE games ADD COLUMN rules_version INTEGER NOT NULL DEFAULT 1;
