-- Chat. One conversation per pair of users (user_a <= user_b; equal for the
-- self-chat demo); each message gets the next `seq` of its conversation, which
-- orders it and lets a reconnecting client ask for what it missed.
CREATE TABLE conversations (
    id BIGSERIAL PRIMARY KEY,
    user_a BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    user_b BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    last_seq BIGINT NOT NULL DEFAULT 0,
    last_message_at TIMESTAMP,
    -- The last seq each side has read.
    a_read_seq BIGINT NOT NULL DEFAULT 0,
    b_read_seq BIGINT NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL,
    UNIQUE (user_a, user_b)
);
CREATE INDEX conversations_b ON conversations (user_b);

CREATE TABLE messages (
    id BIGSERIAL PRIMARY KEY,
    conversation_id BIGINT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
    seq BIGINT NOT NULL,
    sender_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    recipient_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    request_id BIGINT REFERENCES tuition_requests (id) ON DELETE SET NULL,
    -- The sender's own id for the message: a resend with the same one is stored once.
    client_id TEXT,
    body TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    UNIQUE (conversation_id, seq),
    UNIQUE (sender_id, client_id)
);
CREATE INDEX messages_request ON messages (request_id, id);

CREATE TABLE blocks (
    blocker_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    blocked_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TIMESTAMP NOT NULL,
    PRIMARY KEY (blocker_id, blocked_id)
);
