-- The nearby search (crates/tuition/src/search.rs). SQLite's cell index is already
-- covering (an index carries the rowid, which `id INTEGER PRIMARY KEY` is); PostgreSQL's gains
-- `id` in this migration. Both gain an index led by the subject and class ids: a search with
-- both (the tutor's usual one) then reads only matching entries, where the cell index read every
-- open request of each cell it walked.
CREATE INDEX tuition_requests_open_filters_cell
    ON tuition_requests (subject_id, class_id, approx_cell, flagged, approx_lat, approx_lng, board, mode, subject, class_level)
    WHERE closed_at IS NULL;
