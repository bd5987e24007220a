-- Tutor search joins each hit of tutor_search_index to users by id and keeps the listable
-- tutors (crates/accounts' `listable_at`); as on PostgreSQL, an index of only the accounts
-- whose flags are set, holding what the rest of the test and the card need (SQLite has no
-- INCLUDE: the columns follow the key).
CREATE INDEX users_listable_tutors ON users (id, role, approved, subscription_expires)
    WHERE active AND email_verified AND subscription_active;
