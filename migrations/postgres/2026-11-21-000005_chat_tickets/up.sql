-- Single-use, short-lived tickets that open a chat WebSocket, so no long-lived
-- token ever goes into a URL. Kept in the database so any server process can redeem one.
CREATE TABLE chat_tickets (
    ticket_hash TEXT PRIMARY KEY NOT NULL,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    expires_at TIMESTAMP NOT NULL
);
