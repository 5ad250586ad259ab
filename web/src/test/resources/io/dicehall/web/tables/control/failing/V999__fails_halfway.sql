-- A migration whose second statement fails: where DDL is transactional, the first is undone too.
CREATE TABLE dh_half (id VARCHAR(32) PRIMARY KEY);
CREATE TABLE dh_half (id VARCHAR(32) PRIMARY KEY);
