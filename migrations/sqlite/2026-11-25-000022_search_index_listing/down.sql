DROP TRIGGER users_listing_to_search_index;
DROP TRIGGER tutor_search_index_listing;
ALTER TABLE tutor_search_index DROP COLUMN approved;
ALTER TABLE tutor_search_index DROP COLUMN listed_until;
