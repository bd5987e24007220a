DROP TRIGGER users_listing_to_search_index ON users;
DROP FUNCTION users_listing_to_search_index();
DROP TRIGGER tutor_search_index_listing ON tutor_search_index;
DROP FUNCTION tutor_search_index_listing();
ALTER TABLE tutor_search_index DROP CONSTRAINT tutor_search_index_pkey,
    ADD PRIMARY KEY (subject_id, cell, lat, tutor_id) INCLUDE (lng, radius_km);
ALTER TABLE tutor_search_index DROP COLUMN approved, DROP COLUMN listed_until;
