-- Tutor search's candidates in one range scan (crates/discovery/src/search.rs): a teaching
-- area under each (subject id, coarse cell) it can be found by, with the area's centre and
-- radius, so the distance test runs from the index alone. One row per vocabulary subject
-- id of the area and per coarse cell that a point inside the area can fall in (the cells of
-- tutor_area_cells), and the same rows again under the subject '*' for searches without a
-- subject filter; keyed by latitude within a cell so that a search reads only the band of
-- centres near enough. Kept by crates/tuition/src/search_index.rs in the transaction that
-- writes the area; areas saved before this migration are indexed at start-up.
CREATE TABLE tutor_search_index (
    subject_id TEXT NOT NULL,
    cell BIGINT NOT NULL,
    tutor_id BIGINT NOT NULL REFERENCES tutor_areas (tutor_id) ON DELETE CASCADE,
    lat DOUBLE PRECISION NOT NULL,
    lng DOUBLE PRECISION NOT NULL,
    radius_km DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (subject_id, cell, lat, tutor_id)
) WITHOUT ROWID;
CREATE INDEX tutor_search_index_tutor ON tutor_search_index (tutor_id);
