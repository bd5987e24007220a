-- A user's private calendar feed (GET /calendar/<token>.ics, read by Google or Apple Calendar
-- without a login): one random unguessable token per user, replaced when they ask for a new link
-- and deleted when they stop the feed.
CREATE TABLE calendar_feeds (
    user_id BIGINT PRIMARY KEY NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token TEXT NOT NULL UNIQUE,
    created_at TIMESTAMP NOT NULL
);
