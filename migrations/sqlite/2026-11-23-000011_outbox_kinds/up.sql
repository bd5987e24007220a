-- What each queued e-mail is for, so the mail worker knows which bodies hold a
-- live code or link: those are erased when sent (see crates/mail/src/worker.rs).
-- Kinds: verification_code, reset_code, already_registered, password_changed, notice.
ALTER TABLE outbox_emails ADD COLUMN kind TEXT NOT NULL DEFAULT 'notice';

-- Rows written before this release, recognised by the subjects that
-- crates/auth/src/emails.rs wrote.
UPDATE outbox_emails SET kind = 'verification_code' WHERE subject = 'Verify your HomeTutor e-mail';
UPDATE outbox_emails SET kind = 'reset_code' WHERE subject = 'Your HomeTutor password reset code';
UPDATE outbox_emails SET kind = 'already_registered' WHERE subject = 'Someone tried to register with your e-mail';

-- Codes and links already delivered are erased now; the recipient, kind and times stay.
UPDATE outbox_emails SET body = ''
WHERE sent_at IS NOT NULL AND kind IN ('verification_code', 'reset_code');
