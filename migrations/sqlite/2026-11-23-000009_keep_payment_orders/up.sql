-- A payment is a financial record: it outlives the account that made it.
-- Deleting a user now leaves their orders with no user instead of deleting
-- them, so revenue and the provider's references stay as they were.
-- SQLite cannot change a foreign key in place: the table is rebuilt, rows and ids kept.
CREATE TABLE payment_orders_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    order_id TEXT NOT NULL UNIQUE,
    user_id BIGINT REFERENCES users (id) ON DELETE SET NULL,
    provider TEXT NOT NULL,
    amount_paise BIGINT NOT NULL,
    currency TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('created', 'pending', 'paid', 'failed', 'expired')),
    session_id TEXT,
    -- The simulated checkout's answer (PAID / CANCELLED); unused with a real provider.
    checkout_status TEXT,
    failure TEXT,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    paid_at TIMESTAMP,
    expires_at TIMESTAMP NOT NULL
);
INSERT INTO payment_orders_new
    (id, order_id, user_id, provider, amount_paise, currency, status, session_id, checkout_status, failure,
     created_at, updated_at, paid_at, expires_at)
SELECT id, order_id, user_id, provider, amount_paise, currency, status, session_id, checkout_status, failure,
       created_at, updated_at, paid_at, expires_at
FROM payment_orders;
-- Ids are never reused: the new table carries on the old one's AUTOINCREMENT counter.
DELETE FROM sqlite_sequence WHERE name = 'payment_orders_new';
INSERT INTO sqlite_sequence (name, seq) SELECT 'payment_orders_new', seq FROM sqlite_sequence WHERE name = 'payment_orders';
DROP TABLE payment_orders;
ALTER TABLE payment_orders_new RENAME TO payment_orders;
CREATE INDEX payment_orders_user ON payment_orders (user_id);
CREATE INDEX payment_orders_status ON payment_orders (status, expires_at);
