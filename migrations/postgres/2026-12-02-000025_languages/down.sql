ALTER TABLE notifications DROP COLUMN texts;
ALTER TABLE users DROP COLUMN language;
