ALTER TABLE reviews DROP COLUMN answered_at;
ALTER TABLE reviews DROP COLUMN answer;
DROP TABLE tutor_first_messages;
DROP TABLE contact_withholds;
