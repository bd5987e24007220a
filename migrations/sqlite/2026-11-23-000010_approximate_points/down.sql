CREATE INDEX tuition_interests_tutor ON tuition_interests (tutor_id);
DROP INDEX tuition_interests_tutor_created;
DROP INDEX tuition_requests_approx_cell;
ALTER TABLE tuition_requests DROP COLUMN approx_cell;
ALTER TABLE tuition_requests DROP COLUMN approx_lng;
ALTER TABLE tuition_requests DROP COLUMN approx_lat;
-- The exact cell again (crates/geo's cell_of: 0.01° rows and columns, 36001 columns;
-- both offsets are non-negative, so CAST truncates like floor).
ALTER TABLE tuition_requests ADD COLUMN cell BIGINT NOT NULL DEFAULT 0;
UPDATE tuition_requests
   SET cell = CAST((lat + 90.0) / 0.01 AS INTEGER) * 36001 + CAST((lng + 180.0) / 0.01 AS INTEGER);
CREATE INDEX tuition_requests_cell ON tuition_requests (cell, flagged, lat, lng, subject, class_level);
