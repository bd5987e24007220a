//! One post office of the shipped data as it is read, before the reviewed corrections
//! (`crate::corrections`) and the index (`crate::load`) take it: its own module, so that neither
//! of those two needs the other.

/// One post office of the data, as read.
pub(crate) struct Row<'a> {
    pub(crate) name: &'a str,
    pub(crate) district: &'a str,
    pub(crate) sub: &'a str,
    pub(crate) state: &'a str,
    pub(crate) pincode: &'a str,
    pub(crate) lat: f64,
    pub(crate) lng: f64,
    pub(crate) accuracy: u8,
    /// The locality people mean by this PIN code ([`crate::corrections`]).
    pub(crate) principal: bool,
}
