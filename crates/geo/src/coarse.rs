//! The coarse cells that index tutors' teaching areas for the reverse match ("which areas cover
//! this point").

use crate::bounds::bounding_box;
use crate::point::Point;

/// Side of a coarse cell north–south in degrees (about 11 km): the key of the reverse index
/// of tutors' teaching areas ("which areas cover this point"), distinct from [`CELL_DEGREES`](crate::CELL_DEGREES).
pub const COARSE_CELL_DEGREES: f64 = 0.1;
/// Coarse rows from the south pole to the north pole.
const COARSE_ROWS: i64 = (180.0 / COARSE_CELL_DEGREES) as i64;
/// The most columns a coarse row has (at the equator); also the stride of a row's cell numbers.
const COARSE_MAX_COLS: i64 = (360.0 / COARSE_CELL_DEGREES) as i64;

/// The coarse row of a latitude; the north pole belongs to the last row.
fn coarse_row(lat: f64) -> i64 {
    (((lat + 90.0) / COARSE_CELL_DEGREES).floor() as i64).clamp(0, COARSE_ROWS - 1)
}

/// How many columns a coarse row has. Columns are not a fixed number of degrees: each row
/// has as many as keep a cell at least [`COARSE_CELL_DEGREES`] of a great circle wide at
/// the row's poleward edge, so cells stay about 11 km square at any latitude and a circle
/// near a pole (whose box spans every longitude) covers a few dozen cells, not thousands.
fn coarse_cols(row: i64) -> i64 {
    let south = row as f64 * COARSE_CELL_DEGREES - 90.0;
    let poleward = south.abs().max((south + COARSE_CELL_DEGREES).abs()).min(90.0);
    ((COARSE_MAX_COLS as f64 * poleward.to_radians().cos()).floor() as i64).clamp(1, COARSE_MAX_COLS)
}

/// The column of a longitude in a row of `cols` columns; 180° belongs to the last one.
fn coarse_col(lng: f64, cols: i64) -> i64 {
    (((lng + 180.0) / 360.0 * cols as f64).floor() as i64).clamp(0, cols - 1)
}

/// The coarse cell a point falls in. Row and column grow with latitude and longitude
/// (monotonic, rounding included), which is what makes [`coarse_cells_covering`] sound.
pub fn coarse_cell_of(p: Point) -> i64 {
    let row = coarse_row(p.lat);
    row * COARSE_MAX_COLS + coarse_col(p.lng, coarse_cols(row))
}

/// Every coarse cell that a point within `radius_km` of `center` can fall in: the cells
/// overlapping the circle's bounding box (split at the 180° meridian, all longitudes near
/// a pole), widened by a hair so that rounding at the box's edge never drops a cell.
pub fn coarse_cells_covering(center: Point, radius_km: f64) -> Vec<i64> {
    const SLACK_DEGREES: f64 = 1e-7;
    let b = bounding_box(center, radius_km);
    let mut cells = Vec::new();
    for row in coarse_row(b.min_lat - SLACK_DEGREES)..=coarse_row(b.max_lat + SLACK_DEGREES) {
        let cols = coarse_cols(row);
        for (lo, hi) in &b.lng_ranges {
            for col in coarse_col(lo - SLACK_DEGREES, cols)..=coarse_col(hi + SLACK_DEGREES, cols) {
                cells.push(row * COARSE_MAX_COLS + col);
            }
        }
    }
    cells.sort_unstable();
    cells.dedup();
    cells
}
