-- Tutor search reads subjects from tutor_search_index (000019); this table was written but
-- no longer read.
DROP TABLE tutor_area_subjects;
