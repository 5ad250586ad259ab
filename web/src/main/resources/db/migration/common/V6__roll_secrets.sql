-- Secret rolls stay secret on verifiable tables (issue #32): each roll's dice also derive from a secret of
-- its own, so the table's seed, revealed at closing, no longer gives a hidden roll's dice.
-- How a roll's dice derive from the seed: 1 (seed and number: every roll stored before this step keeps
-- it, and stays verifiable as it was), 2 (seed, number and the roll's own secret).
ALTER TABLE dh_roll ADD COLUMN dice_scheme INT DEFAULT 1 NOT NULL;

-- The roll's own secret (32 bytes, hex): shown with the roll to whoever may see it.
ALTER TABLE dh_roll ADD COLUMN dice_secret VARCHAR(64);

-- SHA-256 of that secret (hex): published with the roll, hidden or not.
ALTER TABLE dh_roll ADD COLUMN dice_commitment VARCHAR(64);

-- The secret the table's next roll will take, drawn ahead so that its commitment is published before
-- the roll is made (the server cannot pick a roll's secret once it knows the roll).
ALTER TABLE dh_table ADD COLUMN next_dice_secret VARCHAR(64);
