-- The nearby search (crates/tuition/src/search.rs) reads (id, approx_lat, approx_lng) of the
-- open requests in its cells, filtering on the index. Without `id` in the index PostgreSQL
-- visited the table for every entry (a bitmap heap scan, about one page per request as rows of
-- a cell are spread over the table); with it the scan is index-only (~500 table pages
-- read per 4 cells before, none after). SQLite's indexes carry the rowid, which is `id` there.
DROP INDEX tuition_requests_open_cell;
CREATE INDEX tuition_requests_open_cell
    ON tuition_requests (approx_cell, flagged, approx_lat, approx_lng, subject_id, class_id, board, mode, subject, class_level)
    INCLUDE (id)
    WHERE closed_at IS NULL;
-- A search with a subject and a class id (the tutor's usual one) reads only matching entries when
-- the ids lead: the cell index alone read every open request of each cell it walked.
CREATE INDEX tuition_requests_open_filters_cell
    ON tuition_requests (subject_id, class_id, approx_cell, flagged, approx_lat, approx_lng)
    INCLUDE (id, board, mode, subject, class_level)
    WHERE closed_at IS NULL;
