//! When a parent may review a tutor. A review should come from a family who met the tutor:
//! a demo class booked through the site that took place (a side said so and neither said it
//! did not) opens reviews at once; without one, it is read from the chat: both have written to
//! each other, and a day has passed since the later of their first messages (time for a demo
//! class arranged in the chat to have taken place).

use chrono::{NaiveDateTime, TimeDelta};
use diesel::QueryResult;
use hometutor_core::UserId;
use hometutor_db::DbConnection;

use crate::{DemoTookPlace, ProfileError, TutorInterested};

/// How long after both have written a parent may review.
pub const REVIEW_WAIT: TimeDelta = TimeDelta::hours(24);

/// `(connection, a, b)` → `(a's first message to b, b's first message to a)`: the chat's answer
/// (`hometutor_messaging::first_messages`), handed in by whoever builds the service, since the
/// chat depends on this crate (through tuition) and not the other way round.
pub type FirstMessages =
    fn(&mut DbConnection, UserId, UserId) -> QueryResult<(Option<NaiveDateTime>, Option<NaiveDateTime>)>;

/// Where a parent stands with reviewing a tutor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReviewAccess {
    /// They may review now.
    Open,
    /// Both have written; reviews open at this time (UTC).
    OpensAt(NaiveDateTime),
    /// Some contact (one side wrote, or the tutor's interest), but not both ways in the chat.
    BothMustWrite,
    /// No contact at all.
    NoContact,
}

impl ReviewAccess {
    /// The refusal a review meets now, if any.
    pub fn refusal(self) -> Option<ProfileError> {
        match self {
            ReviewAccess::Open => None,
            ReviewAccess::OpensAt(at) => Some(ProfileError::ReviewTooSoon { opens_at: Some(at) }),
            ReviewAccess::BothMustWrite => Some(ProfileError::ReviewTooSoon { opens_at: None }),
            ReviewAccess::NoContact => Some(ProfileError::NotInTouch),
        }
    }
}

/// The rule, at time `at`.
pub(crate) fn review_access(
    c: &mut DbConnection,
    (first_messages, tutor_interested, demo_took_place): (FirstMessages, TutorInterested, Option<DemoTookPlace>),
    parent: UserId,
    tutor: UserId,
    at: NaiveDateTime,
) -> QueryResult<ReviewAccess> {
    if let Some(took_place) = demo_took_place {
        if took_place(c, parent, tutor)? {
            return Ok(ReviewAccess::Open);
        }
    }
    Ok(match first_messages(c, parent, tutor)? {
        (Some(from_parent), Some(from_tutor)) => {
            let opens = from_parent.max(from_tutor) + REVIEW_WAIT;
            if at >= opens {
                ReviewAccess::Open
            } else {
                ReviewAccess::OpensAt(opens)
            }
        }
        (Some(_), None) | (None, Some(_)) => ReviewAccess::BothMustWrite,
        (None, None) if tutor_interested(c, parent, tutor)? => ReviewAccess::BothMustWrite,
        (None, None) => ReviewAccess::NoContact,
    })
}

/// Whether a parent and a tutor have been in touch: a message either way, or the tutor's
/// interest in one of the parent's requests (the badge on a review; not enough to write one).
pub(crate) fn in_touch(
    c: &mut DbConnection,
    first_messages: FirstMessages,
    tutor_interested: TutorInterested,
    parent: UserId,
    tutor: UserId,
) -> QueryResult<bool> {
    let (from_parent, from_tutor) = first_messages(c, parent, tutor)?;
    if from_parent.is_some() || from_tutor.is_some() {
        return Ok(true);
    }
    tutor_interested(c, parent, tutor)
}
