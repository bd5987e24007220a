-- Requests were published at an offset of each parent's own, which one request on a known spot
-- gave away; they are now published at the centre of their home's cell in the site's secret grid
-- (crates/tuition/src/location.rs). Emptying the published points makes the start-up fill-in
-- (TuitionService::backfill_approximate_points) publish every request anew before the server
-- answers anyone (until then, as for any request without a point, tutors do not see it).
UPDATE tuition_requests SET approx_lat = NULL, approx_lng = NULL, approx_cell = NULL;
-- Tutor search's index carried the saved centres of teaching areas; the start-up fill-in
-- (TuitionService::backfill_search_index) indexes every area again at its cell's centre.
DELETE FROM tutor_search_index;
