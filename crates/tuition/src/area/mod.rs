//! A tutor's teaching area: where they teach (a centre), how far they travel (2–25 km)
//! and what they teach (subjects, classes, boards and modes of the vocabulary; an empty
//! list means any). This module owns `tutor_areas`, one row per tutor; saving an area also
//! rewrites its cells in the reverse index ([`crate::coverage`]) and its rows of tutor
//! search's index
//! ([`crate::search_index`]) in the same transaction, so none ever describes an area that
//! is not the saved one.

mod model;
mod save;

pub(crate) use model::{choices_json, load_all, parse_choices, AreaRow};
pub use model::{load, shown_cell, shown_center, AreaInput, TutorArea, Wanted, MAX_AREA_ITEMS};
pub use save::insert_many;
