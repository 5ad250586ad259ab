-- A member's open rolls at a table, found without reading their others: each new roll looks for the earlier open
-- rolls of its member that it takes over (RollBatch), and through (table_id, member_id) alone that read every roll
-- the member ever made at the table, a cost growing with each roll. The new index leads with the same two columns,
-- so it also serves every read the old one did.
CREATE INDEX dh_roll_member_open ON dh_roll (table_id, member_id, open_moves);
DROP INDEX dh_roll_member;
