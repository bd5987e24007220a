CREATE TABLE tutor_area_subjects (
    subject_id TEXT NOT NULL,
    tutor_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    PRIMARY KEY (subject_id, tutor_id)
);
CREATE INDEX tutor_area_subjects_tutor ON tutor_area_subjects (tutor_id);
