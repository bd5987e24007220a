DROP INDEX outbox_emails_claim;
ALTER TABLE outbox_emails DROP COLUMN priority;
