//! Discovery: tutor search for parents and visitors ([`search`]), and recommended
//! tutors for a request with a transparent score and the reasons behind it ([`score`],
//! [`recommend`]), and a parent's invitation of a recommended tutor.
//!
//! Teaching areas are crates/tuition's, read through `hometutor_tuition::tutor_search`: the hits
//! of tutor search's index (`tutor_search_index`, where a point's coarse cell and a subject name
//! the only areas that can cover it, each with its centre and radius), and the areas themselves
//! as a query piece this crate joins with the tutors' profiles in one statement.
//! Accounts (who is listable, a card's name, badges) are read through crates/accounts, which
//! owns the `users` table.
//!
//! Who is listed (search and recommendations alike): a tutor whose account is active, whose
//! e-mail is verified, whose subscription is paid and not expired, whose profile is complete
//! enough to judge (crates/profiles' `judgeable`: a subject, a fee per hour, an about text), and
//! who saved a teaching area whose circle covers the point. Cards never carry an e-mail address
//! or a phone number.

pub mod area;
mod card;
mod error;
mod ratings;
pub mod recommend;
pub mod score;
pub mod search;
mod tutor_card;

pub use area::AreaSummary;
pub use card::{Candidate, TermRef};
pub use error::DiscoveryError;
pub use recommend::{Recommendation, RecommendedTutor, MAX_INVITES_PER_REQUEST, MAX_RECOMMENDATIONS};
pub use score::{RatingStats, Score};
pub use search::{SearchPage, TutorQuery, PAGE_SIZE};
pub use tutor_card::{TutorCard, ABOUT_CHARS};

use hometutor_db::Db;
use hometutor_notifications::Notifier;

/// Search and recommendations over one database.
#[derive(Clone)]
pub struct DiscoveryService {
    pub(crate) db: Db,
    pub(crate) notifier: Notifier,
}

impl DiscoveryService {
    pub fn new(db: Db, notifier: Notifier) -> Self {
        Self { db, notifier }
    }
}
