DROP TABLE tutor_search_index;
