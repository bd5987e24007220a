-- The cell index of migration 000010 is not partial, so it holds closed requests too and cannot
-- answer `closed_at IS NULL`: a search that used it read the table for every entry of its cells.
-- The open requests' cell indexes (000018, 000023) serve every search, and SQLite's planner, given
-- the cells as one bound list (crates/db/src/id_list.rs), picked the old index instead (the
-- nearby search 5x slower). What remains of its use, the start-up fill-in of approximate points
-- (TuitionService::backfill_approximate_points), gets an index of the rows it looks for, which is
-- empty once they are filled, instead of scanning the table at every start.
DROP INDEX tuition_requests_approx_cell;
CREATE INDEX tuition_requests_without_approx_point
    ON tuition_requests (id)
    WHERE approx_cell IS NULL OR approx_lat IS NULL OR approx_lng IS NULL;
