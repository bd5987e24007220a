-- Who has written in each conversation: a reply is always allowed, a first
-- contact follows the product's relationships (crates/messaging/src/contact.rs).
ALTER TABLE conversations ADD COLUMN a_wrote BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE conversations ADD COLUMN b_wrote BOOLEAN NOT NULL DEFAULT FALSE;
UPDATE conversations SET
    a_wrote = EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = conversations.id AND m.sender_id = conversations.user_a),
    b_wrote = EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = conversations.id AND m.sender_id = conversations.user_b);
-- The token a chat ticket was issued under: logging out closes the sockets it opened.
ALTER TABLE chat_tickets ADD COLUMN session_id TEXT;
