//! What the index hands out: a [`Place`] a person can pick, and the [`PlaceKind`] of entry it is.

/// One place a person can pick.
#[derive(Debug, Clone, PartialEq)]
pub struct Place {
    /// The locality or post office, without GeoNames' '(District)' suffix; for a district or
    /// sub-district entry its own name.
    pub name: String,
    pub district: String,
    pub state: String,
    /// The 6-digit PIN code; empty for a district or sub-district entry (which spans many).
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

    /// What a person reads in a list of suggestions: 'Lajpat Nagar, South Delhi, Delhi 110024'
    /// ('Bengaluru, Karnataka' for a district).
    pub fn label(&self) -> String {
        let mut label = self.display_name();
        if !self.state.is_empty() && !self.state.eq_ignore_ascii_case(&self.district) {
            label.push_str(", ");
            label.push_str(&self.state);
        }
        if !self.pincode.is_empty() {
            label.push(' ');
            label.push_str(&self.pincode);
        }
        label
    }
}

/// What an entry of the index stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlaceKind {
    /// A post office / locality with its own PIN code.
    Locality,
    /// A sub-district (tehsil, taluk), at the median of its post offices.
    SubDistrict,
    /// A district, at the median of its post offices.
    District,
    /// A place most of whose post offices carry its name first ('Noida' for Noida Sector 12,
    /// Noida Sector 62 …), at their median: GeoNames has no entry of its own for it.
    Area,
    /// A state or territory small enough to be one city ('Delhi', 'Chandigarh').
    CityState,
}
