-- Tutor search joins each hit of tutor_search_index to users by id and keeps the listable
-- tutors (crates/accounts' `listable_at`: role tutor, active, e-mail verified, subscription
-- flag set and not expired). This index holds only the accounts whose flags are set, with the
-- columns the rest of the test and the card need, so each lookup is one index-only probe
-- instead of a probe and a read of the row. `listable_at` names the flags as bare columns so
-- that the planner can match this predicate.
CREATE INDEX users_listable_tutors ON users (id) INCLUDE (role, approved, subscription_expires)
    WHERE active AND email_verified AND subscription_active;
