-- Tutors see, filter, sort and limit on an approximate point stored at write time
-- (250-500 m from the exact one, see crates/tuition), never on the exact point: the
-- exact grid cell goes, and the covering index moves to the approximate columns.
-- The offset needs the site's secret key and trigonometry, so existing rows are
-- filled by the application right after migrating (TuitionService::backfill_approximate_points);
-- until then their columns are NULL and tutors do not see them.
DROP INDEX tuition_requests_cell;
ALTER TABLE tuition_requests DROP COLUMN cell;
ALTER TABLE tuition_requests ADD COLUMN approx_lat DOUBLE PRECISION;
ALTER TABLE tuition_requests ADD COLUMN approx_lng DOUBLE PRECISION;
ALTER TABLE tuition_requests ADD COLUMN approx_cell BIGINT;
CREATE INDEX tuition_requests_approx_cell
    ON tuition_requests (approx_cell, flagged, approx_lat, approx_lng, subject, class_level);
-- The daily limit of interests counts a tutor's recent ones.
CREATE INDEX tuition_interests_tutor_created ON tuition_interests (tutor_id, created_at);
DROP INDEX tuition_interests_tutor;
