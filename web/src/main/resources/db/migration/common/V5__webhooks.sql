-- A table's outgoing webhooks and their outbox (issue #35).
-- A webhook: where a table's rolls are posted. Never deleted (a roll being stored may refer to it): deleted marks it.
-- secret is the generic kind's signing key (the receiver holds it too, so it cannot be kept as a hash); site is the
-- address the GM added it from, which links in its posts start with.
CREATE TABLE dh_webhook (id VARCHAR(32) PRIMARY KEY, table_id VARCHAR(32) NOT NULL REFERENCES dh_table(id),
    kind VARCHAR(16) NOT NULL, url VARCHAR(2000) NOT NULL, secret VARCHAR(64), site VARCHAR(500) NOT NULL,
    created_at TIMESTAMP NOT NULL, deleted BOOLEAN NOT NULL, paused_until TIMESTAMP);

CREATE INDEX dh_webhook_table ON dh_webhook (table_id, deleted);

-- The outbox: one row per webhook and roll (or test post), inserted in the transaction that stores the roll (step 0)
-- or the move that played it out (that step), and delivered by DeliveryWorker. state: pending, sending (claimed until lease_until), delivered, failed, cancelled.
-- version changes with each claim, so that a claim is taken once however many instances try.
CREATE TABLE dh_webhook_delivery (id VARCHAR(80) PRIMARY KEY, webhook_id VARCHAR(32) NOT NULL REFERENCES dh_webhook(id),
    table_id VARCHAR(32) NOT NULL, roll_id VARCHAR(32), step INT, state VARCHAR(16) NOT NULL, attempts INT NOT NULL,
    next_at TIMESTAMP NOT NULL, created_at TIMESTAMP NOT NULL, first_try_at TIMESTAMP, claim VARCHAR(32),
    lease_until TIMESTAMP, last_status INT, last_error VARCHAR(500), done_at TIMESTAMP, version BIGINT NOT NULL);

CREATE INDEX dh_webhook_delivery_due ON dh_webhook_delivery (state, next_at);

CREATE INDEX dh_webhook_delivery_hook ON dh_webhook_delivery (webhook_id, created_at);
