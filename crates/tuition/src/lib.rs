//! Tuition requests: parents post them on a map; tutors with an active
//! subscription find those near them and say they are interested. The server
//! decides who sees what: a parent only their own requests; a tutor only an
//! approximate point (250–500 m from the real one, stored when the request is
//! written, see [`location`]) and the parent's contacts only after saying they
//! are interested, at most [`MAX_INTERESTS_PER_DAY`] times a day.
//!
//! Tutors save a teaching area ([`area`]); a new request alerts the tutors whose area
//! covers it (`alerts`, found through the reverse index in [`coverage`]), and any
//! tutor may count the requests near them before subscribing (`count`). Subjects,
//! classes, boards and modes are ids of `hometutor_vocabulary`; rows stored before it
//! are mapped at start-up (`backfill`).
//!
//! This crate is the one owner of `tuition_requests`, `tuition_interests`, `tutor_areas`,
//! `tutor_area_cells` and `tutor_search_index`: no other crate names them. Others read what
//! they need through [`facts`] and [`open`] (requests), [`contacts`] (who met whom through a
//! request), [`analytics`] (admins' counts), [`tutor_search`] (tutor search's index and areas)
//! and [`moderation`] (admins' changes); other crates' tests seed rows through `testing`
//! (feature `testing`).

mod alerts;
pub mod analytics;
pub mod area;
mod backfill;
mod closing;
pub mod contacts;
mod count;
pub mod coverage;
mod error;
pub mod facts;
mod interest;
pub mod location;
mod model;
pub mod moderation;
mod nearby;
pub mod open;
mod requests;
pub mod search;
pub mod search_index;
mod service;
#[cfg(feature = "testing")]
pub mod testing;
mod trends;
pub mod tutor_search;

pub use alerts::MAX_ALERTS_PER_DAY;
pub use area::{AreaInput, TutorArea, Wanted, MAX_AREA_ITEMS};
pub use backfill::Backfilled;
pub use count::{CountQuery, NearbyCount};
pub use error::TuitionError;
pub use facts::{own_request_needs, request_facts, RequestFacts, RequestNeeds};
pub use model::{
    CloseOutcome, InterestedTutor, NearbyParent, NearbyQuery, NearbyRequest, ParentContact, RequestInput,
    TuitionRequest, DEFAULT_MODE,
};
pub use open::Openness;
pub use service::TuitionService;
pub use trends::SearchTrends;

/// Subject, class and preferred time: at most this many characters once trimmed.
pub const MAX_FIELD_CHARS: usize = 100;
/// Radius choices a tutor may search with, in km.
pub const MIN_RADIUS_KM: f64 = 2.0;
pub const MAX_RADIUS_KM: f64 = 25.0;
pub const DEFAULT_RADIUS_KM: f64 = 10.0;
/// At most this many nearby requests come back, the nearest first.
pub const MAX_NEARBY_RESULTS: usize = 100;
/// A published point lies at least this far from the real one…
pub const APPROXIMATION_MIN_KM: f64 = 0.25;
/// …and at most this far.
pub const APPROXIMATION_MAX_KM: f64 = 0.5;
/// Distances are shown to 0.1 km, and the radius filter compares that shown number.
pub const SHOWN_DISTANCE_STEP_KM: f64 = 0.1;
/// A tutor may reveal this many parents' contacts in any 24 hours.
pub const MAX_INTERESTS_PER_DAY: i64 = 30;
