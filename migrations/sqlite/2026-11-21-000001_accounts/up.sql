-- Accounts, one-time codes, token revocation and the e-mail outbox.
-- Timestamps are naive UTC; SQLite stores them as TEXT in diesel's fixed format,
-- so string comparison orders them correctly.
CREATE TABLE users (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    fullname TEXT NOT NULL,
    email TEXT NOT NULL UNIQUE,
    phone TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('parent', 'tutor', 'admin')),
    active BOOLEAN NOT NULL DEFAULT 1,
    approved BOOLEAN NOT NULL DEFAULT 0,
    featured BOOLEAN NOT NULL DEFAULT 0,
    badges TEXT NOT NULL DEFAULT '[]',
    email_verified BOOLEAN NOT NULL DEFAULT 0,
    subscription_active BOOLEAN NOT NULL DEFAULT 0,
    subscription_expires TIMESTAMP,
    payment_status TEXT NOT NULL DEFAULT 'unpaid' CHECK (payment_status IN ('paid', 'unpaid')),
    token_version BIGINT NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX users_role ON users (role);

CREATE TABLE email_codes (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    email TEXT NOT NULL,
    purpose TEXT NOT NULL CHECK (purpose IN ('verify_email', 'verify_link', 'reset_password')),
    code_hash TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    consumed BOOLEAN NOT NULL DEFAULT 0,
    expires_at TIMESTAMP NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX email_codes_lookup ON email_codes (email, purpose, consumed);

-- Every request for a code is logged, whether or not the address has an account,
-- so the rate limit answers the same for known and unknown addresses.
CREATE TABLE code_requests (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    email TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX code_requests_email ON code_requests (email, created_at);

CREATE TABLE revoked_tokens (
    jti TEXT PRIMARY KEY NOT NULL,
    expires_at TIMESTAMP NOT NULL
);

CREATE TABLE outbox_emails (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    recipient TEXT NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TIMESTAMP NOT NULL,
    sent_at TIMESTAMP,
    last_error TEXT,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX outbox_emails_pending ON outbox_emails (sent_at, next_attempt_at);
