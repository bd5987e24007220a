-- After a confirmed demo's start each side says whether it took place and whether they will
-- continue (crates/scheduling's bookings/outcome.rs owns both tables). One answer per side,
-- correctable for 48 hours after it was first given. A no-show report is such an answer
-- (happened = false) with bookings.no_show_by naming who reported it.
CREATE TABLE booking_outcomes (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    booking_id BIGINT NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
    side TEXT NOT NULL,
    happened BOOLEAN NOT NULL,
    continues BOOLEAN,
    note TEXT,
    answered_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX booking_outcomes_side ON booking_outcomes (booking_id, side);
-- The tutor was assigned to the booking's request because the parent chose to continue: at most
-- one row per booking (its key), written in the same transaction as the request's close.
CREATE TABLE booking_assignments (
    booking_id BIGINT PRIMARY KEY NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
    request_id BIGINT REFERENCES tuition_requests (id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL
);
