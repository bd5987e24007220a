ALTER TABLE outbox_emails DROP COLUMN failed_at;
