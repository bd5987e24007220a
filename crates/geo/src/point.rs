//! A point on the sphere and the great-circle distance between two.

pub const EARTH_RADIUS_KM: f64 = 6371.0;

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Point {
    pub lat: f64,
    pub lng: f64,
}

impl Point {
    /// Latitudes run from -90 to 90 degrees…
    pub const MAX_LAT: f64 = 90.0;
    /// …and longitudes from -180 to 180.
    pub const MAX_LNG: f64 = 180.0;

    /// A point with latitude in [-90, 90] and longitude in [-180, 180], or `None`.
    pub fn new(lat: f64, lng: f64) -> Option<Self> {
        let lat_ok = (-Self::MAX_LAT..=Self::MAX_LAT).contains(&lat);
        (lat_ok && (-Self::MAX_LNG..=Self::MAX_LNG).contains(&lng)).then_some(Self { lat, lng })
    }
}

/// Great-circle distance by the haversine formula.
pub fn distance_km(a: Point, b: Point) -> f64 {
    let (lat1, lat2) = (a.lat.to_radians(), b.lat.to_radians());
    let dlat = lat2 - lat1;
    let dlng = (b.lng - a.lng).to_radians();
    let h = (dlat / 2.0).sin().powi(2) + lat1.cos() * lat2.cos() * (dlng / 2.0).sin().powi(2);
    2.0 * EARTH_RADIUS_KM * h.sqrt().min(1.0).asin()
}
