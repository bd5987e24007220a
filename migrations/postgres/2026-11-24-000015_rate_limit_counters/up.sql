-- The rate limiter's counters when no Redis is configured (crates/limits/src/database.rs):
-- one row per key ("{bucket}:{key}") and its current fixed window, shared by every server
-- process on the database and kept across restarts. A row whose window has ended is dead
-- and is reopened by the next event or pruned.
CREATE TABLE rate_limit_counters (
    bucket_key TEXT PRIMARY KEY NOT NULL,
    count INTEGER NOT NULL,
    -- When the window ends, in milliseconds since the Unix epoch (the servers' clocks agree).
    window_ends_ms BIGINT NOT NULL
);
CREATE INDEX rate_limit_counters_window_ends ON rate_limit_counters (window_ends_ms);

-- Code e-mails per address are counted above now, in one atomic upsert
-- (crates/auth/src/codes.rs `allow_request`), not by counting these rows then inserting one.
DROP TABLE code_requests;

-- The client address each admin action came from (the server's `client_address`, which
-- reads X-Forwarded-For only from TRUSTED_PROXIES); empty for entries written before.
ALTER TABLE audit_log ADD COLUMN client_address TEXT NOT NULL DEFAULT '';
