-- Tutors' public profiles and parents' reviews of them (one per parent and tutor).
CREATE TABLE tutor_profiles (
    user_id BIGINT PRIMARY KEY NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    about TEXT NOT NULL DEFAULT '',
    subjects TEXT NOT NULL DEFAULT '',
    availability TEXT NOT NULL DEFAULT '',
    methodology TEXT NOT NULL DEFAULT '',
    testimonials TEXT NOT NULL DEFAULT '',
    education TEXT NOT NULL DEFAULT '',
    fees TEXT NOT NULL DEFAULT '',
    demo_offer TEXT NOT NULL DEFAULT '',
    updated_at TIMESTAMP NOT NULL
);

CREATE TABLE reviews (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    tutor_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    parent_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
    comment TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    UNIQUE (tutor_id, parent_id)
);
