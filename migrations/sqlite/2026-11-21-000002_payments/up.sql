-- Subscription orders. The server creates the order id and the amount and stores
-- them with the user before any provider is called; `status` moves
-- created -> pending -> paid | failed | expired, and only a provider-confirmed
-- payment makes it paid.
CREATE TABLE payment_orders (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    order_id TEXT NOT NULL UNIQUE,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
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
CREATE INDEX payment_orders_user ON payment_orders (user_id);
CREATE INDEX payment_orders_status ON payment_orders (status, expires_at);
