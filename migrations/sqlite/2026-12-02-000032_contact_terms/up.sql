-- A parent who stopped sharing their phone and e-mail with one tutor: one row per pair, whatever
-- the request; the tutor's views leave the contacts out while it exists, and deleting it shares again.
CREATE TABLE contact_withholds (
    parent_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    tutor_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TIMESTAMP NOT NULL,
    PRIMARY KEY (parent_id, tutor_id)
);

-- A tutor's first message to a parent: counted with interests against one daily cap of first
-- contacts, so chat is no way around the cap on reaching new families.
CREATE TABLE tutor_first_messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    tutor_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    parent_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    request_id BIGINT,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX tutor_first_messages_by_tutor ON tutor_first_messages (tutor_id, created_at);

-- The reviewed tutor's one public answer to a review, and when it was given.
ALTER TABLE reviews ADD COLUMN answer TEXT;
ALTER TABLE reviews ADD COLUMN answered_at TIMESTAMP;
