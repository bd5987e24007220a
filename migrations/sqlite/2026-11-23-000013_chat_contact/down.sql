ALTER TABLE chat_tickets DROP COLUMN session_id;
ALTER TABLE conversations DROP COLUMN b_wrote;
ALTER TABLE conversations DROP COLUMN a_wrote;
