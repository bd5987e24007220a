-- Tuition requests and tutors' interest in them. `cell` is the grid cell of the
-- location (see crates/geo), the index key of the nearby search.
CREATE TABLE tuition_requests (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    parent_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    subject TEXT NOT NULL,
    class_level TEXT NOT NULL,
    preferred_time TEXT NOT NULL,
    lat DOUBLE PRECISION NOT NULL,
    lng DOUBLE PRECISION NOT NULL,
    cell BIGINT NOT NULL,
    flagged BOOLEAN NOT NULL DEFAULT 0,
    flag_reason TEXT,
    assigned_tutor_id BIGINT REFERENCES users (id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX tuition_requests_parent ON tuition_requests (parent_id);
-- Covering: the nearby search reads only the index, never the table rows.
CREATE INDEX tuition_requests_cell ON tuition_requests (cell, flagged, lat, lng, subject, class_level);

CREATE TABLE tuition_interests (
    request_id BIGINT NOT NULL REFERENCES tuition_requests (id) ON DELETE CASCADE,
    tutor_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TIMESTAMP NOT NULL,
    PRIMARY KEY (request_id, tutor_id)
);
CREATE INDEX tuition_interests_tutor ON tuition_interests (tutor_id);
