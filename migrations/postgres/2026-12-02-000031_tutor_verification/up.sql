-- A tutor's verification: what they submitted (a government ID, a qualification proof, and
-- optionally a police verification certificate) and an admin's decision. The decision and
-- the checks that passed are kept; the documents' files are deleted 30 days after it.
CREATE TABLE verification_submissions (
    id BIGSERIAL PRIMARY KEY,
    tutor_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- aadhaar, pan, passport, driving_licence or voter_id
    id_kind TEXT NOT NULL,
    -- The tutor confirmed that an Aadhaar card shows only its last four digits.
    aadhaar_masked BOOLEAN NOT NULL DEFAULT FALSE,
    qualification TEXT NOT NULL,
    note TEXT NOT NULL,
    -- pending, approved or rejected
    status TEXT NOT NULL,
    submitted_at TIMESTAMP NOT NULL,
    -- When it (last) entered the admins' queue: the submission, or a name change after approval.
    queued_at TIMESTAMP NOT NULL,
    -- Back in review because the tutor's name changed after approval.
    name_changed BOOLEAN NOT NULL DEFAULT FALSE,
    decided_at TIMESTAMP,
    decided_by BIGINT,
    id_checked BOOLEAN NOT NULL DEFAULT FALSE,
    qualification_checked BOOLEAN NOT NULL DEFAULT FALSE,
    police_checked BOOLEAN NOT NULL DEFAULT FALSE,
    reject_reason TEXT,
    reject_text TEXT,
    files_deleted_at TIMESTAMP
);
-- One submission in review per tutor, and one approval standing.
CREATE UNIQUE INDEX verification_one_pending ON verification_submissions (tutor_id) WHERE status = 'pending';
CREATE UNIQUE INDEX verification_one_approved ON verification_submissions (tutor_id) WHERE status = 'approved';
CREATE INDEX verification_queue ON verification_submissions (queued_at, id) WHERE status = 'pending';
CREATE INDEX verification_tutor ON verification_submissions (tutor_id, id);

-- A submission's files, private: stored under `private/` in the uploads' object store, never
-- in `uploads` (so the public uploads route cannot serve them).
CREATE TABLE verification_documents (
    id BIGSERIAL PRIMARY KEY,
    submission_id BIGINT NOT NULL REFERENCES verification_submissions (id) ON DELETE CASCADE,
    -- id, qualification or police
    slot TEXT NOT NULL,
    object_name TEXT NOT NULL UNIQUE,
    original_name TEXT NOT NULL,
    mimetype TEXT NOT NULL,
    size BIGINT NOT NULL,
    deleted_at TIMESTAMP
);
CREATE INDEX verification_documents_submission ON verification_documents (submission_id);

-- "Approved" was a switch with nothing behind it, and badges were typed freely: neither
-- was checked, so neither is shown any more. Verification decisions set `approved` now.
UPDATE users SET approved = FALSE, badges = '[]';
