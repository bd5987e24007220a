ALTER TABLE audit_log DROP COLUMN client_address;
CREATE TABLE code_requests (
    id BIGSERIAL PRIMARY KEY,
    email TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX code_requests_email ON code_requests (email, created_at);
DROP TABLE rate_limit_counters;
