-- Lessons after a demo (crates/scheduling's lessons module owns both tables). A plan is a tutor's
-- recurring schedule with one family: ISO weekdays ('1,3,5'), a start as minutes after midnight
-- IST, a length, first and last IST dates (at most a year apart) and the agreed fee per lesson in
-- whole rupees. Each occurrence is a lessons row, written when the plan is made (UTC instants), so
-- every lesson has its own answer, cancellation and diary entry. A lesson's state is read from its
-- columns and the clock: an undisputed lesson counts as confirmed 48 hours after its end, with no
-- job and nothing written (the same answer in every process).
CREATE TABLE lesson_plans (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    tutor_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    parent_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    request_id BIGINT REFERENCES tuition_requests (id) ON DELETE SET NULL,
    booking_id BIGINT REFERENCES bookings (id) ON DELETE SET NULL,
    subject TEXT,
    subject_id TEXT,
    weekdays TEXT NOT NULL,
    start_minute INTEGER NOT NULL,
    minutes INTEGER NOT NULL,
    first_day DATE NOT NULL,
    last_day DATE NOT NULL,
    fee_per_lesson BIGINT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX lesson_plans_tutor ON lesson_plans (tutor_id);
CREATE INDEX lesson_plans_parent ON lesson_plans (parent_id);
-- parent_answer: NULL, 'confirmed' or 'disputed' (the parent's word; a dispute may later be
-- withdrawn by confirming). cancelled_at: the tutor cancelled it before its start.
CREATE TABLE lessons (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    plan_id BIGINT NOT NULL REFERENCES lesson_plans (id) ON DELETE CASCADE,
    tutor_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    parent_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    starts_at TIMESTAMP NOT NULL,
    ends_at TIMESTAMP NOT NULL,
    cancelled_at TIMESTAMP,
    cancel_note TEXT,
    parent_answer TEXT,
    answered_at TIMESTAMP,
    dispute_note TEXT,
    topic TEXT,
    homework TEXT,
    diary_at TIMESTAMP
);
-- A plan's lessons in order, a tutor's classes in a time range (overlaps, free times), a family's diary.
CREATE INDEX lessons_plan ON lessons (plan_id, starts_at);
CREATE INDEX lessons_tutor_time ON lessons (tutor_id, starts_at);
CREATE INDEX lessons_parent_time ON lessons (parent_id, starts_at);
