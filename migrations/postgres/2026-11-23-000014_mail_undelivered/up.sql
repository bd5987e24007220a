-- When the mail worker gave up on an e-mail (the server refused it permanently,
-- 5xx, several times): it is no longer retried and admins see it in the panel,
-- with `last_error` saying why (see crates/mail/src/worker.rs).
ALTER TABLE outbox_emails ADD COLUMN failed_at TIMESTAMP;
