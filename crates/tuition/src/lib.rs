//! Tuition requests: parents post them on a map; tutors with an active
//! subscription find those near them and say they are interested. The server
//! decides who sees what: a parent only their own requests, a tutor only an
//! approximate location (within about 500 m) and only while subscribed.

mod error;
mod model;
pub mod search;
mod service;

pub use error::TuitionError;
pub use model::{InterestedTutor, NearbyQuery, NearbyRequest, ParentContact, RequestInput, TuitionRequest};
pub use service::TuitionService;

/// Radius choices a tutor may search with, in km.
pub const MIN_RADIUS_KM: f64 = 2.0;
pub const MAX_RADIUS_KM: f64 = 25.0;
pub const DEFAULT_RADIUS_KM: f64 = 10.0;
/// At most this many nearby requests come back, the nearest first.
pub const MAX_NEARBY_RESULTS: usize = 100;
/// How far a published location may be from the real one.
pub const APPROXIMATION_KM: f64 = 0.5;
