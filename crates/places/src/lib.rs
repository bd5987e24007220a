//! Offline place search (issue 20): a locality, city or 6-digit PIN code to a point, and a
//! point back to the name of the place it lies in. The data is GeoNames' postal-code dump for
//! India (CC BY 4.0), built into the binary; no network at run time.
//!
//! SKELETON: the index lands with issue 20's places part; until then nothing is found.

/// One place a person can pick.
#[derive(Debug, Clone, PartialEq)]
pub struct Place {
    /// The locality or post office, without GeoNames' '(District)' suffix.
    pub name: String,
    pub district: String,
    pub state: String,
    /// The 6-digit PIN code.
    pub pincode: String,
    pub lat: f64,
    pub lng: f64,
}

impl Place {
    /// How a point is shown to a person: 'Lajpat Nagar, South Delhi'.
    pub fn display_name(&self) -> String {
        if self.district.is_empty() || self.district.eq_ignore_ascii_case(&self.name) {
            self.name.clone()
        } else {
            format!("{}, {}", self.name, self.district)
        }
    }
}

/// At most this many suggestions come back.
pub const MAX_SUGGESTIONS: usize = 10;

/// The loaded index; one per process ([`Places::global`]).
pub struct Places {
    places: Vec<Place>,
}

impl Places {
    /// The index built into the binary, loaded on first use.
    pub fn global() -> &'static Places {
        static PLACES: std::sync::OnceLock<Places> = std::sync::OnceLock::new();
        PLACES.get_or_init(|| Places { places: Vec::new() })
    }

    /// At most `limit` (≤ [`MAX_SUGGESTIONS`]) places for what a person typed: a name
    /// (prefix and typo tolerant, optionally followed by a district or state), or a PIN code.
    pub fn search(&self, query: &str, limit: usize) -> Vec<&Place> {
        let _ = (query, limit);
        Vec::new()
    }

    /// The place a point lies in (the nearest one), for showing a point as a name.
    pub fn nearest(&self, lat: f64, lng: f64) -> Option<&Place> {
        let _ = (lat, lng);
        self.places.first()
    }

    /// 'near Lajpat Nagar, South Delhi' for a point, or `None` far from any known place.
    pub fn describe(&self, lat: f64, lng: f64) -> Option<String> {
        self.nearest(lat, lng).map(|p| format!("near {}", p.display_name()))
    }
}
