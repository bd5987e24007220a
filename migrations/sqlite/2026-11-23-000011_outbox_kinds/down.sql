-- Erased bodies cannot come back; only the column goes.
ALTER TABLE outbox_emails DROP COLUMN kind;
