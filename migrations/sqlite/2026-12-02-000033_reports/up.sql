-- Reports people file about a profile, a request, a message or an interested tutor, and what an
-- admin decided. One report per reporter per target: a repeat is refused, not counted twice.
CREATE TABLE reports (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    reporter_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    target_kind TEXT NOT NULL,
    target_id BIGINT NOT NULL,
    -- The account the report is about (the profile, the request's parent, the message's sender).
    reported_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- The request an interested tutor was reported from (context for the admin).
    request_id BIGINT,
    reason TEXT NOT NULL,
    details TEXT NOT NULL,
    outcome TEXT,
    decided_by BIGINT REFERENCES users (id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL,
    decided_at TIMESTAMP,
    UNIQUE (reporter_id, target_kind, target_id)
);
CREATE INDEX reports_open ON reports (decided_at, created_at);
CREATE INDEX reports_reported ON reports (reported_id);
