-- Tables, members and the log of rolls: the schema SchemaMigrations created as its step 1 (H2 and
-- PostgreSQL databases it made are baselined at its version and never run this again).
-- ${long_text}: a long JSON text (VARCHAR(1000000) on H2 and PostgreSQL, CLOB on Derby).
CREATE TABLE dh_table (id VARCHAR(32) PRIMARY KEY, name VARCHAR(200) NOT NULL,
    owner_key_hash VARCHAR(64) NOT NULL, created_at TIMESTAMP NOT NULL, closed BOOLEAN NOT NULL,
    verifiable BOOLEAN NOT NULL, seed VARCHAR(64), seed_commitment VARCHAR(64),
    next_seq BIGINT NOT NULL, version BIGINT NOT NULL);

CREATE TABLE dh_member (id VARCHAR(32) PRIMARY KEY, table_id VARCHAR(32) NOT NULL REFERENCES dh_table(id),
    name VARCHAR(200) NOT NULL, key_hash VARCHAR(64) NOT NULL, joined_at TIMESTAMP NOT NULL);

CREATE TABLE dh_roll (id VARCHAR(32) PRIMARY KEY, table_id VARCHAR(32) NOT NULL REFERENCES dh_table(id),
    seq BIGINT NOT NULL, system_id VARCHAR(100) NOT NULL, procedure_id VARCHAR(100) NOT NULL,
    inputs_json ${long_text} NOT NULL, note VARCHAR(2000), roller VARCHAR(200) NOT NULL,
    member_id VARCHAR(32), visibility VARCHAR(16) NOT NULL, roller_key_hash VARCHAR(64) NOT NULL,
    created_at TIMESTAMP NOT NULL, steps INT NOT NULL, CONSTRAINT dh_roll_seq UNIQUE (table_id, seq));

CREATE TABLE dh_roll_step (roll_id VARCHAR(32) NOT NULL REFERENCES dh_roll(id), idx INT NOT NULL,
    move_id VARCHAR(100) NOT NULL, move_inputs_json ${long_text}, state_json ${long_text} NOT NULL,
    dice_drawn BIGINT NOT NULL, created_at TIMESTAMP NOT NULL, PRIMARY KEY (roll_id, idx));

CREATE INDEX dh_member_table ON dh_member (table_id);
