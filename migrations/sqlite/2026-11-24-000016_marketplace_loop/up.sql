-- The marketplace loop: tutors' teaching areas, notifications and their
-- e-mail preferences, closed requests, and unread-message e-mails.

-- Where a tutor teaches (crates/tuition/src/area.rs): one area per tutor.
CREATE TABLE tutor_areas (
    tutor_id BIGINT PRIMARY KEY NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    lat DOUBLE PRECISION NOT NULL,
    lng DOUBLE PRECISION NOT NULL,
    radius_km DOUBLE PRECISION NOT NULL,
    -- JSON arrays of strings; empty means any.
    subjects TEXT NOT NULL,
    classes TEXT NOT NULL,
    updated_at TIMESTAMP NOT NULL
);

-- The reverse index of tutor_areas: every coarse grid cell an area's circle overlaps,
-- so the tutors whose area covers a new request are found from its cell alone.
CREATE TABLE tutor_area_cells (
    cell BIGINT NOT NULL,
    tutor_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    PRIMARY KEY (cell, tutor_id)
);
CREATE INDEX tutor_area_cells_tutor ON tutor_area_cells (tutor_id);

-- What a user is told (crates/notifications). In-app is always on; e-mails follow
-- notification_preferences.
CREATE TABLE notifications (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    title TEXT NOT NULL,
    body TEXT NOT NULL,
    -- Where the app takes the reader (a path such as /tutor/12), if anywhere.
    link TEXT,
    -- JSON object with the kind's own fields (ids, names).
    data TEXT NOT NULL,
    -- One notification per (user, key): an alert is never sent twice, across processes.
    dedupe_key TEXT,
    -- Waiting for the tutor's daily digest e-mail.
    digest_pending BOOLEAN NOT NULL DEFAULT FALSE,
    read_at TIMESTAMP,
    created_at TIMESTAMP NOT NULL,
    UNIQUE (user_id, dedupe_key)
);
CREATE INDEX notifications_user ON notifications (user_id, id);
CREATE INDEX notifications_user_kind ON notifications (user_id, kind, created_at);
CREATE INDEX notifications_digest ON notifications (digest_pending, user_id);

-- Per-kind e-mail choice; no row means the kind's default.
CREATE TABLE notification_preferences (
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    -- 'off', 'immediate' or (new requests only) 'digest'.
    email TEXT NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    PRIMARY KEY (user_id, kind)
);

-- A parent closes a request ('found_tutor', optionally naming the tutor, or 'not_needed');
-- closed requests leave the nearby search and stop alerts. Reopening clears these.
ALTER TABLE tuition_requests ADD COLUMN closed_at TIMESTAMP;
ALTER TABLE tuition_requests ADD COLUMN close_outcome TEXT;
-- No foreign key here: SQLite cannot drop a column that has one (down.sql); readers
-- join users and so ignore an id whose account is gone.
ALTER TABLE tuition_requests ADD COLUMN closed_tutor_id BIGINT;

-- Unread-message e-mails (crates/messaging): the last seq each side was e-mailed about,
-- and when, so a conversation e-mails each side at most once per 6 hours.
ALTER TABLE conversations ADD COLUMN a_mailed_seq BIGINT NOT NULL DEFAULT 0;
ALTER TABLE conversations ADD COLUMN b_mailed_seq BIGINT NOT NULL DEFAULT 0;
ALTER TABLE conversations ADD COLUMN a_mailed_at TIMESTAMP;
ALTER TABLE conversations ADD COLUMN b_mailed_at TIMESTAMP;
CREATE INDEX conversations_last_message ON conversations (last_message_at);

-- Extra headers of an e-mail (a JSON object), such as List-Unsubscribe.
ALTER TABLE outbox_emails ADD COLUMN headers TEXT;

-- Closed requests leave the nearby search (crates/tuition/src/search.rs): the search's
-- covering index, over open requests only.
CREATE INDEX tuition_requests_open_cell
    ON tuition_requests (approx_cell, flagged, approx_lat, approx_lng, subject, class_level)
    WHERE closed_at IS NULL;

-- Subscription reminders (crates/payments/src/reminders.rs) read the tutors whose
-- subscription ends within a window.
CREATE INDEX users_subscription_expires ON users (subscription_expires);
