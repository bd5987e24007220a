-- What admins run: site settings and landing content (JSON documents by name),
-- testimonials, support tickets, media assets, the audit log, and the filters
-- tutors search with (for search trends).
CREATE TABLE site_documents (
    name TEXT PRIMARY KEY NOT NULL CHECK (name IN ('settings', 'content')),
    body TEXT NOT NULL,
    updated_at TIMESTAMP NOT NULL
);

CREATE TABLE testimonials (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    author_id BIGINT REFERENCES users (id) ON DELETE SET NULL,
    name TEXT NOT NULL,
    text TEXT NOT NULL,
    approved BOOLEAN NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX testimonials_approved ON testimonials (approved, created_at);

CREATE TABLE support_tickets (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    name TEXT NOT NULL,
    email TEXT NOT NULL,
    subject TEXT NOT NULL,
    message TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX support_tickets_created ON support_tickets (created_at);

-- An asset is an uploaded file (uploads.filename) an admin labelled for the site.
CREATE TABLE assets (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    filename TEXT NOT NULL UNIQUE,
    original_name TEXT NOT NULL,
    size BIGINT NOT NULL,
    asset_type TEXT NOT NULL CHECK (asset_type IN ('logo', 'banner', 'ad', 'misc')),
    description TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);

-- Who did what: the admin's e-mail is copied so the entry outlives the account.
CREATE TABLE audit_log (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    admin_id BIGINT NOT NULL,
    admin_email TEXT NOT NULL,
    action TEXT NOT NULL,
    target TEXT NOT NULL,
    details TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX audit_log_created ON audit_log (created_at);

CREATE TABLE search_events (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    term TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX search_events_term ON search_events (term);
