DELETE FROM payment_orders WHERE user_id IS NULL;
ALTER TABLE payment_orders DROP CONSTRAINT payment_orders_user_id_fkey;
ALTER TABLE payment_orders
    ADD CONSTRAINT payment_orders_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE;
ALTER TABLE payment_orders ALTER COLUMN user_id SET NOT NULL;
