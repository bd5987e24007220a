DROP INDEX tuition_requests_open_filters_cell;
DROP INDEX tuition_requests_open_cell;
CREATE INDEX tuition_requests_open_cell
    ON tuition_requests (approx_cell, flagged, approx_lat, approx_lng, subject_id, class_id, board, mode, subject, class_level)
    WHERE closed_at IS NULL;
