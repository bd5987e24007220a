-- A tutor's recurring weekly slots, kept as IST wall-clock times with the zone stated: a weekly
-- slot is a promise about the clock in India ("Mondays 17:00"), and Asia/Kolkata has no daylight
-- saving, so each occurrence converts to UTC by a fixed +05:30. weekday is ISO (1 Monday … 7
-- Sunday); minutes count from midnight IST. The rules (06:00–22:00, half-hour steps, no overlap,
-- a cap per week) are crates/scheduling's.
CREATE TABLE availability_slots (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    tutor_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    weekday INTEGER NOT NULL,
    start_minute INTEGER NOT NULL,
    end_minute INTEGER NOT NULL,
    time_zone TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX availability_slots_tutor ON availability_slots (tutor_id, weekday, start_minute);
-- Days a tutor is away (a holiday, a busy week): IST calendar days, both ends included.
CREATE TABLE availability_exceptions (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    tutor_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    first_day DATE NOT NULL,
    last_day DATE NOT NULL,
    note TEXT,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX availability_exceptions_tutor ON availability_exceptions (tutor_id, last_day);
