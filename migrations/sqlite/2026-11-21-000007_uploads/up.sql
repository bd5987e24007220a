-- Uploaded files. `filename` is the random name on disk (DATA_DIR/uploads); the
-- person's own name for the file is kept only as `original_name`.
CREATE TABLE uploads (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    filename TEXT NOT NULL UNIQUE,
    original_name TEXT NOT NULL,
    mimetype TEXT NOT NULL,
    size BIGINT NOT NULL,
    owner_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX uploads_owner ON uploads (owner_id);
