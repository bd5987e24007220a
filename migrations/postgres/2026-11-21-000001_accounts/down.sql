DROP TABLE outbox_emails;
DROP TABLE revoked_tokens;
DROP TABLE code_requests;
DROP TABLE email_codes;
DROP TABLE users;
