DROP TABLE payment_orders;
