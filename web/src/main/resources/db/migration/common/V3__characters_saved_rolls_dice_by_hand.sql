-- Characters and saved rolls kept at a table, and dice thrown by hand (the old mechanism's step 3).
CREATE TABLE dh_character (id VARCHAR(32) PRIMARY KEY, table_id VARCHAR(32) NOT NULL REFERENCES dh_table(id),
    member_id VARCHAR(32) NOT NULL, name VARCHAR(100) NOT NULL, system_id VARCHAR(100) NOT NULL,
    values_json ${long_text} NOT NULL, created_at TIMESTAMP NOT NULL, updated_at TIMESTAMP NOT NULL);

CREATE INDEX dh_character_table ON dh_character (table_id);

CREATE TABLE dh_saved_roll (id VARCHAR(32) PRIMARY KEY, table_id VARCHAR(32) NOT NULL REFERENCES dh_table(id),
    member_id VARCHAR(32) NOT NULL, name VARCHAR(100) NOT NULL, system_id VARCHAR(100) NOT NULL,
    procedure_id VARCHAR(100) NOT NULL, character_id VARCHAR(32), inputs_json ${long_text} NOT NULL,
    note VARCHAR(500), created_at TIMESTAMP NOT NULL, updated_at TIMESTAMP NOT NULL);

CREATE INDEX dh_saved_roll_table ON dh_saved_roll (table_id);

ALTER TABLE dh_table ADD COLUMN physical_dice BOOLEAN DEFAULT FALSE NOT NULL;

ALTER TABLE dh_roll ADD COLUMN by_hand BOOLEAN DEFAULT FALSE NOT NULL;

ALTER TABLE dh_roll ADD COLUMN character_name VARCHAR(100);
