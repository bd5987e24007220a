-- Tutor search decides who is listable from tutor_search_index alone (~750 probes of
-- `users` per search were most of its time). Each row carries a copy of its tutor's listing:
--   listed_until  the subscription's end while the account is listable (role tutor, active,
--                 e-mail verified, subscription flag set: crates/accounts' `listable_at`, less
--                 the time, which the search compares), else NULL;
--   approved      approved by an admin ('verified' on a card).
-- The database keeps the copy, whoever writes: a trigger fills new rows from `users`, and a
-- trigger on `users` rewrites a tutor's rows when one of those columns changes. The first
-- reads the account FOR SHARE, so an account changed by a transaction running beside the one
-- that indexes the area is read once that change commits (whose own trigger could not yet see
-- the new rows), never before it.
ALTER TABLE tutor_search_index ADD COLUMN listed_until TIMESTAMP;
ALTER TABLE tutor_search_index ADD COLUMN approved BOOLEAN NOT NULL DEFAULT FALSE;

UPDATE tutor_search_index tsi SET
    listed_until = CASE WHEN u.role = 'tutor' AND u.active AND u.email_verified AND u.subscription_active
                        THEN u.subscription_expires END,
    approved = u.approved
FROM users u WHERE u.id = tsi.tutor_id;

-- The key range a search reads now answers the listing too (index-only scans).
ALTER TABLE tutor_search_index DROP CONSTRAINT tutor_search_index_pkey,
    ADD PRIMARY KEY (subject_id, cell, lat, tutor_id) INCLUDE (lng, radius_km, listed_until, approved);

CREATE FUNCTION tutor_search_index_listing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    SELECT CASE WHEN u.role = 'tutor' AND u.active AND u.email_verified AND u.subscription_active
                THEN u.subscription_expires END,
           u.approved
    INTO NEW.listed_until, NEW.approved
    FROM users u WHERE u.id = NEW.tutor_id
    FOR SHARE;
    NEW.approved := COALESCE(NEW.approved, FALSE);
    RETURN NEW;
END
$$;

CREATE TRIGGER tutor_search_index_listing BEFORE INSERT ON tutor_search_index
FOR EACH ROW EXECUTE FUNCTION tutor_search_index_listing();

CREATE FUNCTION users_listing_to_search_index() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE tutor_search_index SET
        listed_until = CASE WHEN NEW.role = 'tutor' AND NEW.active AND NEW.email_verified AND NEW.subscription_active
                            THEN NEW.subscription_expires END,
        approved = NEW.approved
    WHERE tutor_id = NEW.id;
    RETURN NULL;
END
$$;

CREATE TRIGGER users_listing_to_search_index
AFTER UPDATE OF role, active, email_verified, subscription_active, subscription_expires, approved ON users
FOR EACH ROW
WHEN (OLD.role IS DISTINCT FROM NEW.role OR OLD.active IS DISTINCT FROM NEW.active
    OR OLD.email_verified IS DISTINCT FROM NEW.email_verified
    OR OLD.subscription_active IS DISTINCT FROM NEW.subscription_active
    OR OLD.subscription_expires IS DISTINCT FROM NEW.subscription_expires
    OR OLD.approved IS DISTINCT FROM NEW.approved)
EXECUTE FUNCTION users_listing_to_search_index();
