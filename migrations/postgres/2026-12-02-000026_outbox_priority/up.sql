-- Which e-mail goes first: a sign-up or password-reset code (2) before account notices
-- (1) before everything else (0, alerts and digests), so that a flood of alerts never
-- delays a code. The worker claims the highest priority first, oldest first within it.
ALTER TABLE outbox_emails ADD COLUMN priority INTEGER NOT NULL DEFAULT 0;
UPDATE outbox_emails SET priority = 2 WHERE kind IN ('verification_code', 'reset_code');
UPDATE outbox_emails SET priority = 1 WHERE kind IN ('already_registered', 'password_changed');
-- The worker's claim: pending rows in the order it takes them.
CREATE INDEX outbox_emails_claim ON outbox_emails (priority DESC, id) WHERE sent_at IS NULL AND failed_at IS NULL;
