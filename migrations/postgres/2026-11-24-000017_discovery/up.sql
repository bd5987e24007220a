-- Discovery and matching: the shared vocabulary (crates/vocabulary) on requests
-- and teaching areas, a tutor's fee and photo, the search index of subjects, and invitations.

-- A request's vocabulary ids. subject and class_level keep the label shown (or the parent's
-- own words when the id is 'other'). NULL ids are filled in at start-up from the old free
-- text (crates/tuition/src/backfill.rs); board NULL means the parent did not say.
ALTER TABLE tuition_requests ADD COLUMN subject_id TEXT;
ALTER TABLE tuition_requests ADD COLUMN class_id TEXT;
ALTER TABLE tuition_requests ADD COLUMN board TEXT;
ALTER TABLE tuition_requests ADD COLUMN mode TEXT NOT NULL DEFAULT 'home';

-- A teaching area's subjects and classes become JSON arrays of vocabulary ids (free text the
-- vocabulary does not know is kept as 'other:<text>'); boards and modes join them (empty
-- means any). vocabulary_mapped is FALSE until start-up has mapped an older area's text.
ALTER TABLE tutor_areas ADD COLUMN boards TEXT NOT NULL DEFAULT '[]';
ALTER TABLE tutor_areas ADD COLUMN modes TEXT NOT NULL DEFAULT '[]';
ALTER TABLE tutor_areas ADD COLUMN vocabulary_mapped BOOLEAN NOT NULL DEFAULT FALSE;

-- Tutor search's subject filter (crates/discovery): one row per (subject id, tutor) of a
-- teaching area, kept by crates/tuition/src/area.rs with the area.
CREATE TABLE tutor_area_subjects (
    subject_id TEXT NOT NULL,
    tutor_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    PRIMARY KEY (subject_id, tutor_id)
);
CREATE INDEX tutor_area_subjects_tutor ON tutor_area_subjects (tutor_id);

-- A tutor's fee in rupees per hour (the free-text fees field keeps the notes), and the
-- stored name of their square profile photo (crates/media), if any.
ALTER TABLE tutor_profiles ADD COLUMN fee_per_hour INTEGER;
ALTER TABLE tutor_profiles ADD COLUMN photo TEXT;

-- A parent invites a recommended tutor to a request: once per (request, tutor).
CREATE TABLE tuition_invites (
    request_id BIGINT NOT NULL REFERENCES tuition_requests (id) ON DELETE CASCADE,
    tutor_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TIMESTAMP NOT NULL,
    PRIMARY KEY (request_id, tutor_id)
);
CREATE INDEX tuition_invites_tutor ON tuition_invites (tutor_id);
