-- The previous release's start-up fill-ins publish and index everything again its own way.
UPDATE tuition_requests SET approx_lat = NULL, approx_lng = NULL, approx_cell = NULL;
DELETE FROM tutor_search_index;
