//! The one rule of which requests tutors may see and act on: a request is open to tutors
//! while no admin has flagged it, its parent has not closed it, and its approximate point is
//! published (until the start-up fill-in has given an old request its point, nothing of it
//! may be shown). An assigned tutor does not close a request: only its parent does.
//!
//! Nearby search and its count, new-request alerts, a tutor's interest, chat's first contact
//! and a parent's invitations all ask this module, in SQL ([`open_to_tutors`]) or on a row
//! already read ([`Openness`]); other crates read it through [`crate::facts`].

use chrono::NaiveDateTime;
use diesel::prelude::*;
use hometutor_db::schema::tuition_requests as tr;

/// What the rule reads of a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = tr)]
pub struct Openness {
    flagged: bool,
    closed_at: Option<NaiveDateTime>,
    approx_cell: Option<i64>,
}

impl Openness {
    /// Whether tutors may see the request, say they are interested and write to its parent about it.
    pub fn open_to_tutors(&self) -> bool {
        !self.flagged && self.closed_at.is_none() && self.approx_cell.is_some()
    }

    /// Whether its parent has closed it.
    pub fn closed(&self) -> bool {
        self.closed_at.is_some()
    }

    /// Whether tutors may not see it whatever its parent does: flagged, or without its point yet.
    /// A tutor is told that a request they could see was closed, never that it is hidden.
    pub fn hidden(&self) -> bool {
        self.flagged || self.approx_cell.is_none()
    }
}

/// The same rule as an SQL condition on `tuition_requests`, for queries that filter by it.
#[diesel::dsl::auto_type]
pub(crate) fn open_to_tutors() -> _ {
    tr::flagged.eq(false).and(tr::closed_at.is_null()).and(tr::approx_cell.is_not_null())
}

#[cfg(test)]
mod tests {
    use super::Openness;

    fn openness(flagged: bool, closed: bool, placed: bool) -> Openness {
        let closed_at = closed.then(|| chrono::DateTime::UNIX_EPOCH.naive_utc());
        Openness { flagged, closed_at, approx_cell: placed.then_some(7) }
    }

    #[test]
    fn only_an_unflagged_unclosed_request_with_its_point_is_open_to_tutors() {
        assert!(openness(false, false, true).open_to_tutors());
        for (flagged, closed, placed) in [(true, false, true), (false, true, true), (false, false, false)] {
            let o = openness(flagged, closed, placed);
            assert!(!o.open_to_tutors(), "flagged {flagged}, closed {closed}, placed {placed}");
        }
    }

    #[test]
    fn a_tutor_is_told_of_a_close_only_where_the_request_is_not_hidden() {
        assert!(!openness(false, true, true).hidden(), "closed by its parent: a tutor may be told");
        assert!(openness(true, true, true).hidden(), "flagged: hidden, closed or not");
        assert!(openness(false, true, false).hidden(), "without its point: hidden");
    }
}
