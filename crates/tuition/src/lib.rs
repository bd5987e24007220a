//! Tuition requests: parents post them on a map; tutors with an active
//! subscription find those near them and say they are interested. The server
//! decides who sees what: a parent only their own requests; a tutor only an
//! approximate point (the centre of the home's 500 m cell, stored when the request is
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
pub mod demo_choice;
mod error;
mod facets;
pub mod facts;
pub mod first_contacts;
pub mod geojson;
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
pub use facets::NearbyFacets;
pub use facts::{own_request_label, own_request_needs, request_facts, RequestFacts, RequestLabel, RequestNeeds};
pub use model::{
    CloseOutcome, InterestedTutor, NearbyParent, NearbyQuery, NearbyRequest, NearbySort, ParentContact, RequestInput,
    TuitionRequest, DEFAULT_MODE,
};
pub use open::Openness;
pub use service::{TuitionService, DEFAULT_REQUESTS_PER_DAY};
pub use trends::SearchTrends;

/// Subject, class and preferred time: at most this many characters once trimmed.
pub const MAX_FIELD_CHARS: usize = 100;
/// Radius choices a tutor may search with, in km.
pub const MIN_RADIUS_KM: f64 = 2.0;
pub const MAX_RADIUS_KM: f64 = 25.0;

/// "The distance must be between 2 and 25 km.", the refusal of a radius outside them.
pub(crate) fn radius_message() -> hometutor_core::Message {
    hometutor_core::Message::new("validation-radius").arg("min", MIN_RADIUS_KM).arg("max", MAX_RADIUS_KM)
}
pub const DEFAULT_RADIUS_KM: f64 = 10.0;
/// At most this many nearby requests come back, the nearest first.
pub const MAX_NEARBY_RESULTS: usize = 100;
/// A request is published as the centre of its cell in a grid of homes this wide both ways
/// (see [`location`]): nothing tutors see tells two homes of one cell apart.
pub const HOME_CELL_KM: f64 = 0.5;
/// A teaching area's centre is searched and shown as the centre of its cell in a grid this
/// wide both ways (see [`area::shown_center`]): no search tells two centres of one cell apart.
pub const TEACHING_AREA_CELL_KM: f64 = 1.0;
/// Distances are shown to 0.1 km, and the radius filter compares that shown number.
pub const SHOWN_DISTANCE_STEP_KM: f64 = 0.1;
/// A tutor may reveal this many parents' contacts in any 24 hours (first messages to parents
/// count too: [`first_contacts`]).
pub const MAX_INTERESTS_PER_DAY: i64 = 30;
