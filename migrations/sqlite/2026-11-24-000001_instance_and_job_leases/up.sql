-- This database's own identity, made once by the first migration run (which
-- holds the write lock, so there is exactly one): processes that share the
-- database share what is derived from it (the default chat channel), however
-- their DATABASE_URL spells the path. See crates/db/src/instance.rs.
CREATE TABLE site_instance (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    instance_id TEXT NOT NULL
);
INSERT INTO site_instance (id, instance_id) VALUES (1, lower(hex(randomblob(16))));

-- Periodic jobs (payment reconciler, outbox purge): the process that moves
-- `held_until` past now runs the job for that period; see crates/db/src/leases.rs.
CREATE TABLE job_leases (
    name TEXT PRIMARY KEY NOT NULL,
    held_until TIMESTAMP NOT NULL
);
