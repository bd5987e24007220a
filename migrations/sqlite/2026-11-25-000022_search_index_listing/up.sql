-- Tutor search decides who is listable from tutor_search_index alone (~750 probes of
-- `users` per search were most of its time). Each row carries a copy of its tutor's listing:
--   listed_until  the subscription's end while the account is listable (role tutor, active,
--                 e-mail verified, subscription flag set: crates/accounts' `listable_at`, less
--                 the time, which the search compares), else NULL;
--   approved      approved by an admin ('verified' on a card).
-- The database keeps the copy, whoever writes: a trigger fills new rows from `users`, and a
-- trigger on `users` rewrites a tutor's rows when one of those columns changes. (SQLite runs
-- one writer at a time, so the two never race.) A later migration that rebuilds `users` or
-- `tutor_search_index` the SQLite way (new table, copy, drop, rename) must create these
-- triggers again: dropping a table drops its triggers.
ALTER TABLE tutor_search_index ADD COLUMN listed_until TIMESTAMP;
ALTER TABLE tutor_search_index ADD COLUMN approved BOOLEAN NOT NULL DEFAULT FALSE;

UPDATE tutor_search_index SET
    listed_until = (
        SELECT CASE WHEN u.role = 'tutor' AND u.active AND u.email_verified AND u.subscription_active
                    THEN u.subscription_expires END
        FROM users u WHERE u.id = tutor_search_index.tutor_id),
    approved = COALESCE((SELECT u.approved FROM users u WHERE u.id = tutor_search_index.tutor_id), FALSE);

CREATE TRIGGER tutor_search_index_listing AFTER INSERT ON tutor_search_index
BEGIN
    UPDATE tutor_search_index SET
        listed_until = (
            SELECT CASE WHEN u.role = 'tutor' AND u.active AND u.email_verified AND u.subscription_active
                        THEN u.subscription_expires END
            FROM users u WHERE u.id = NEW.tutor_id),
        approved = COALESCE((SELECT u.approved FROM users u WHERE u.id = NEW.tutor_id), FALSE)
    WHERE subject_id = NEW.subject_id AND cell = NEW.cell AND lat = NEW.lat AND tutor_id = NEW.tutor_id;
END;

CREATE TRIGGER users_listing_to_search_index
AFTER UPDATE OF role, active, email_verified, subscription_active, subscription_expires, approved ON users
WHEN OLD.role IS NOT NEW.role OR OLD.active IS NOT NEW.active OR OLD.email_verified IS NOT NEW.email_verified
    OR OLD.subscription_active IS NOT NEW.subscription_active
    OR OLD.subscription_expires IS NOT NEW.subscription_expires OR OLD.approved IS NOT NEW.approved
BEGIN
    UPDATE tutor_search_index SET
        listed_until = CASE WHEN NEW.role = 'tutor' AND NEW.active AND NEW.email_verified AND NEW.subscription_active
                            THEN NEW.subscription_expires END,
        approved = NEW.approved
    WHERE tutor_id = NEW.id;
END;
