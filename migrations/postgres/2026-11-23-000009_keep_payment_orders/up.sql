-- A payment is a financial record: it outlives the account that made it.
-- Deleting a user now leaves their orders with no user instead of deleting
-- them, so revenue and the provider's references stay as they were.
ALTER TABLE payment_orders ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE payment_orders DROP CONSTRAINT payment_orders_user_id_fkey;
ALTER TABLE payment_orders
    ADD CONSTRAINT payment_orders_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE SET NULL;
