//! Snapping a point to the centre of its cell in a grid of roughly square cells: what a
//! private place is published as, so that every place in one cell gives the same answer to
//! whatever is asked of the published point.

use crate::offset::wrap_lng;
use crate::point::{Point, EARTH_RADIUS_KM};

/// A grid of cells at least `side_km` wide in both directions, shifted by fractions of a cell.
///
/// Rows are `side_km` of latitude; each row has as many columns as keep a cell at least
/// `side_km` wide at the row's poleward edge (so a cell is never narrower than its side, at
/// any latitude). The shifts move the grid's origin by a fraction of a row and of a column
/// (a site's secret, or fixed), the same for every row.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SnapGrid {
    side_km: f64,
    lat_shift: f64,
    lng_shift: f64,
}

/// One cell of a [`SnapGrid`]: latitudes `[south, north)`, longitudes from `west` eastwards
/// for `width` degrees (`west + width` may pass 180°: the cell then goes on from -180°).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SnapCell {
    pub south: f64,
    pub north: f64,
    pub west: f64,
    pub width: f64,
}

impl SnapCell {
    /// The point every place in the cell is published as.
    pub fn center(&self) -> Point {
        Point { lat: (self.south + self.north) / 2.0, lng: wrap_lng(self.west + self.width / 2.0) }
    }

    /// A point of the cell `fy` of the way north and `fx` of the way east (fractions in [0, 1)).
    pub fn at(&self, fx: f64, fy: f64) -> Point {
        Point { lat: self.south + fy * (self.north - self.south), lng: wrap_lng(self.west + fx * self.width) }
    }
}

/// Kilometres per degree of latitude (and of longitude at the equator).
fn km_per_degree() -> f64 {
    EARTH_RADIUS_KM.to_radians()
}

impl SnapGrid {
    /// A grid of cells `side_km` wide, its origin moved by `lat_shift` of a row and `lng_shift`
    /// of a column (fractions, taken modulo 1).
    pub fn new(side_km: f64, lat_shift: f64, lng_shift: f64) -> Self {
        let fraction = |f: f64| if f.is_finite() { f.rem_euclid(1.0) } else { 0.0 };
        Self { side_km, lat_shift: fraction(lat_shift), lng_shift: fraction(lng_shift) }
    }

    pub fn side_km(&self) -> f64 {
        self.side_km
    }

    fn lat_step(&self) -> f64 {
        self.side_km / km_per_degree()
    }

    /// The cell `p` falls in.
    pub fn cell(&self, p: Point) -> SnapCell {
        let step = self.lat_step();
        let row = ((p.lat + 90.0) / step - self.lat_shift).floor();
        let south = ((row + self.lat_shift) * step - 90.0).max(-90.0);
        let north = ((row + 1.0 + self.lat_shift) * step - 90.0).min(90.0);
        let poleward = south.abs().max(north.abs()).min(90.0);
        let circle_km = 360.0 * km_per_degree() * poleward.to_radians().cos();
        let cols = (circle_km / self.side_km).floor().max(1.0);
        let width = 360.0 / cols;
        // One numbering round the globe: the column across the 180° meridian is the last one.
        let col = ((p.lng + 180.0) / width - self.lng_shift).floor().rem_euclid(cols);
        let west = (col + self.lng_shift) * width - 180.0;
        SnapCell { south, north, west, width }
    }

    /// The centre of the cell `p` falls in.
    pub fn snap(&self, p: Point) -> Point {
        self.cell(p).center()
    }
}
