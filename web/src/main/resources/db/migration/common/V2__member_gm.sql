-- The member who joined holding the owner's key is the table's GM (SchemaMigrations' step 2).
ALTER TABLE dh_member ADD COLUMN gm BOOLEAN DEFAULT FALSE NOT NULL;
