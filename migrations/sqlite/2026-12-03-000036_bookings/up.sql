-- Demo classes a parent books with a tutor (crates/scheduling's bookings module owns both tables).
-- Times are UTC instants (the web app shows them in IST). A booking in `proposed` has no time of its
-- own yet: its one to three proposed times are booking_proposals rows until the tutor picks one.
-- `awaiting` is whose answer it waits for ('tutor' or 'parent'); `place` is a locality name taken
-- when it was booked (the request's or the tutor's area), never a point.
CREATE TABLE bookings (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    tutor_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    parent_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    request_id BIGINT REFERENCES tuition_requests (id) ON DELETE SET NULL,
    status TEXT NOT NULL,
    awaiting TEXT,
    starts_at TIMESTAMP,
    ends_at TIMESTAMP,
    subject TEXT,
    subject_id TEXT,
    place TEXT,
    note TEXT,
    decline_reason TEXT,
    cancelled_by TEXT,
    cancel_note TEXT,
    late_cancellation BOOLEAN NOT NULL DEFAULT FALSE,
    reschedule_note TEXT,
    no_show_by TEXT,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
-- A tutor's bookings in a time range (free times, the race check) and their list.
CREATE INDEX bookings_tutor_time ON bookings (tutor_id, starts_at);
-- A parent's list.
CREATE INDEX bookings_parent_time ON bookings (parent_id, starts_at);
CREATE TABLE booking_proposals (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    booking_id BIGINT NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
    starts_at TIMESTAMP NOT NULL,
    ends_at TIMESTAMP NOT NULL
);
CREATE INDEX booking_proposals_booking ON booking_proposals (booking_id, starts_at);
