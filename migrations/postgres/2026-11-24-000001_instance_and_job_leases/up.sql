-- This database's own identity, made once by the first migration run (which
-- holds the migration lock, so there is exactly one): processes that share the
-- database share what is derived from it (the default chat channel), however
-- their DATABASE_URL spells the address. See crates/db/src/instance.rs.
CREATE TABLE site_instance (
    id BIGINT PRIMARY KEY CHECK (id = 1),
    instance_id TEXT NOT NULL
);
INSERT INTO site_instance (id, instance_id) VALUES (1, md5(random()::text || clock_timestamp()::text));

-- Periodic jobs (payment reconciler, outbox purge): the process that moves
-- `held_until` past now runs the job for that period; see crates/db/src/leases.rs.
CREATE TABLE job_leases (
    name TEXT PRIMARY KEY,
    held_until TIMESTAMP NOT NULL
);
