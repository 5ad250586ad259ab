-- Who rolled, what is whose, and rolls whose moves end by themselves (issue #28).
-- Whether a guest (the invite, no member key) may roll; on by default, as before.
ALTER TABLE dh_table ADD COLUMN guests_allowed BOOLEAN DEFAULT TRUE NOT NULL;

-- After how many seconds without a move a roll's open moves end by themselves (30 minutes).
ALTER TABLE dh_table ADD COLUMN idle_seconds INT DEFAULT 1800 NOT NULL;

-- The character a roll was rolled for, by id (its name is in character_name).
ALTER TABLE dh_roll ADD COLUMN character_id VARCHAR(32);

-- Whether the roll still has open moves that may end by themselves; rolls made before this step say no,
-- so they are never ended by the sweep (their roller, a new roll or the GM still ends them).
ALTER TABLE dh_roll ADD COLUMN open_moves BOOLEAN DEFAULT FALSE NOT NULL;

-- When its last step (the throw or a move) was made: the idle time counts from here.
ALTER TABLE dh_roll ADD COLUMN active_at TIMESTAMP;

-- Why its open moves ended without its roller playing them: idle, superseded or gm; null otherwise.
ALTER TABLE dh_roll ADD COLUMN ended VARCHAR(16);

CREATE INDEX dh_roll_open ON dh_roll (open_moves);

CREATE INDEX dh_roll_member ON dh_roll (table_id, member_id);

CREATE INDEX dh_saved_roll_member ON dh_saved_roll (table_id, member_id);
