-- Objects in the file store that no row referenced when the sweep last looked, and since when
-- (on the server's clock). The sweep deletes one only once it has stayed unreferenced for the
-- grace period, so an upload whose row is being written is never taken; the store's own clock
-- is never trusted.
CREATE TABLE unreferenced_objects (
    name TEXT PRIMARY KEY NOT NULL,
    first_seen_at TIMESTAMP NOT NULL
);
