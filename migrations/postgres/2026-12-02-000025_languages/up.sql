-- The language a person reads HomeTutor in (a code of crates/i18n's list: 'en', 'hi'):
-- their e-mails and notifications are written in it, and the server's messages to them.
-- Not checked here, so that a new language needs no migration.
ALTER TABLE users ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
-- A notification's title and body as message ids with their arguments (JSON
-- {"title": {"id", "args"}, "body": {...}}), rendered in the reader's language when
-- read; `title` and `body` keep the English, and rows from before have only those.
ALTER TABLE notifications ADD COLUMN texts TEXT;
