DROP INDEX tuition_requests_without_approx_point;
CREATE INDEX tuition_requests_approx_cell
    ON tuition_requests (approx_cell, flagged, approx_lat, approx_lng, subject, class_level);
