-- One row per accepted upload, kept for an hour: the hourly upload limit
-- counts these, so deleting a file does not give its upload back. `filename`
-- ties the event to its file only so that an upload undone within the same
-- request (one file of several refused) is not counted.
CREATE TABLE upload_events (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    owner_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    filename TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX upload_events_owner_time ON upload_events (owner_id, created_at);
