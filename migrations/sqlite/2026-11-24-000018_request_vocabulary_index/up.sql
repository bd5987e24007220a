-- The nearby search (crates/tuition/src/search.rs) filters by vocabulary ids:
-- its covering index over open requests gains the ids, board and mode, keeping the texts
-- (an 'other' subject or class is still matched by its words).
DROP INDEX tuition_requests_open_cell;
CREATE INDEX tuition_requests_open_cell
    ON tuition_requests (approx_cell, flagged, approx_lat, approx_lng, subject_id, class_id, board, mode, subject, class_level)
    WHERE closed_at IS NULL;
