//! Pure math for "requests near me": great-circle distance on a sphere of radius
//! 6371 km, the latitude/longitude box that encloses a radius (split at the 180°
//! meridian, widened to all longitudes near a pole), the fine grid cells that
//! index requests for the nearby search, and the coarse cells that index tutors'
//! teaching areas for the reverse match, and the grids that private places are published on
//! ([`SnapGrid`]). No database, no I/O.

mod bounds;
mod chord;
mod coarse;
mod flat;
mod grid;
mod offset;
mod point;
mod snap;
#[cfg(test)]
mod tests;

pub use bounds::{bounding_box, BoundingBox};
pub use chord::UnitVector;
pub use coarse::{coarse_cell_of, coarse_cells_covering, COARSE_CELL_DEGREES};
pub use flat::FlatDistance;
pub use grid::{cell_of, cells_by_distance, cells_covering, CELL_DEGREES};
pub use offset::destination;
pub use point::{distance_km, Point, EARTH_RADIUS_KM};
pub use snap::{SnapCell, SnapGrid};
