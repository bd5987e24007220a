//! A booking as the API answers with it, and the words of its state.

use chrono::NaiveDateTime;

use crate::free::Interval;

/// Where a booking stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = BookingStatus))]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// A time, waiting for `awaiting` to accept it.
    Requested,
    /// One to three times, waiting for the tutor to pick one.
    Proposed,
    Confirmed,
    Declined,
    Cancelled,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Requested => "requested",
            Status::Proposed => "proposed",
            Status::Confirmed => "confirmed",
            Status::Declined => "declined",
            Status::Cancelled => "cancelled",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        [Status::Requested, Status::Proposed, Status::Confirmed, Status::Declined, Status::Cancelled]
            .into_iter()
            .find(|s| s.as_str() == raw)
    }

    /// Still going: not declined or cancelled.
    pub fn open(self) -> bool {
        matches!(self, Status::Requested | Status::Proposed | Status::Confirmed)
    }
}

/// One side of a booking.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = BookingSide))]
#[serde(rename_all = "lowercase")]
pub enum Side {
    Tutor,
    Parent,
}

impl Side {
    pub fn as_str(self) -> &'static str {
        match self {
            Side::Tutor => "tutor",
            Side::Parent => "parent",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        [Side::Tutor, Side::Parent].into_iter().find(|s| s.as_str() == raw)
    }

    pub fn other(self) -> Self {
        match self {
            Side::Tutor => Side::Parent,
            Side::Parent => Side::Tutor,
        }
    }
}

/// A time of a booking, UTC.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = BookingTime))]
#[serde(rename_all = "camelCase")]
pub struct BookingTime {
    #[serde(serialize_with = "hometutor_core::utc::serialize")]
    #[cfg_attr(feature = "openapi", schema(value_type = chrono::DateTime<chrono::Utc>))]
    pub starts_at: NaiveDateTime,
    #[serde(serialize_with = "hometutor_core::utc::serialize")]
    #[cfg_attr(feature = "openapi", schema(value_type = chrono::DateTime<chrono::Utc>))]
    pub ends_at: NaiveDateTime,
}

impl From<Interval> for BookingTime {
    fn from(i: Interval) -> Self {
        Self { starts_at: i.start, ends_at: i.end }
    }
}

/// The tutor of a booking.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = BookingTutor))]
#[serde(rename_all = "camelCase")]
pub struct BookingTutor {
    pub id: i64,
    pub name: String,
    /// Where the tutor's square photo is served (`/api/uploads/…`), if they have one.
    pub photo_url: Option<String>,
    #[serde(skip)]
    pub photo: Option<String>,
}

/// The parent of a booking, named as the conversation list names them.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = BookingParent))]
#[serde(rename_all = "camelCase")]
pub struct BookingParent {
    pub id: i64,
    #[cfg_attr(feature = "openapi", schema(example = "Priya S."))]
    pub name: String,
}

/// A demo class between a parent and a tutor.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Booking {
    pub id: i64,
    pub status: Status,
    /// Whose answer it waits for (requested and proposed only).
    pub awaiting: Option<Side>,
    /// Null while proposed.
    #[serde(serialize_with = "hometutor_core::utc::serialize_option")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<chrono::DateTime<chrono::Utc>>))]
    pub starts_at: Option<NaiveDateTime>,
    #[serde(serialize_with = "hometutor_core::utc::serialize_option")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<chrono::DateTime<chrono::Utc>>))]
    pub ends_at: Option<NaiveDateTime>,
    /// One to three while proposed, soonest first; else empty.
    pub proposals: Vec<BookingTime>,
    pub tutor: BookingTutor,
    pub parent: BookingParent,
    pub request_id: Option<i64>,
    /// The request's subject, in the reader's language when it is the vocabulary's.
    pub subject: Option<String>,
    /// The vocabulary id `subject` was labelled by (the server relabels it).
    #[serde(skip)]
    pub subject_id: Option<String>,
    /// A locality name ('Lajpat Nagar, South Delhi'), never the home.
    pub place: Option<String>,
    /// The parent's message when booking.
    pub note: Option<String>,
    pub decline_reason: Option<String>,
    pub cancelled_by: Option<Side>,
    pub cancel_note: Option<String>,
    /// Cancelled less than 3 hours before the start.
    pub late_cancellation: bool,
    /// The note sent with the latest new time.
    pub reschedule_note: Option<String>,
    pub no_show_reported_by: Option<Side>,
    /// What each side said after the start: whether it took place, whether they continue.
    pub outcome: BookingOutcome,
    /// The tutor's late cancellations so far (of all their bookings).
    pub tutor_late_cancellations: i64,
    /// The parent's late cancellations so far.
    pub parent_late_cancellations: i64,
    #[serde(serialize_with = "hometutor_core::utc::serialize")]
    #[cfg_attr(feature = "openapi", schema(value_type = chrono::DateTime<chrono::Utc>))]
    pub created_at: NaiveDateTime,
}

impl Booking {
    /// When it ends, or its last proposal does: what separates upcoming from past.
    pub fn last_end(&self) -> Option<NaiveDateTime> {
        self.ends_at.or_else(|| self.proposals.iter().map(|p| p.ends_at).max())
    }

    /// When it starts, or its first proposal does: what upcoming ones are sorted by.
    pub fn first_start(&self) -> Option<NaiveDateTime> {
        self.starts_at.or_else(|| self.proposals.iter().map(|p| p.starts_at).min())
    }

    /// Upcoming at `now`: not declined or cancelled, and not ended.
    pub fn upcoming(&self, now: NaiveDateTime) -> bool {
        self.status.open() && self.last_end().is_some_and(|end| end > now)
    }
}

/// The caller's bookings in numbers, for the navigation's badge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = BookingCount))]
#[serde(rename_all = "camelCase")]
pub struct BookingCount {
    pub upcoming: i64,
    /// Upcoming ones waiting for the caller's answer.
    pub awaiting_me: i64,
}

/// One side's word after a demo started.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct OutcomeAnswer {
    /// Whether the demo took place (a no-show report is `false`).
    pub happened: bool,
    /// Whether they will continue with lessons; null when it did not take place or they did not say.
    #[serde(rename = "continue")]
    pub continues: Option<bool>,
    pub note: Option<String>,
    #[serde(serialize_with = "hometutor_core::utc::serialize")]
    #[cfg_attr(feature = "openapi", schema(value_type = chrono::DateTime<chrono::Utc>))]
    pub answered_at: NaiveDateTime,
    /// Until when this side may correct it (48 hours after it was first given).
    #[serde(serialize_with = "hometutor_core::utc::serialize")]
    #[cfg_attr(feature = "openapi", schema(value_type = chrono::DateTime<chrono::Utc>))]
    pub correctable_until: NaiveDateTime,
}

/// Both sides' words after a demo, and what followed.
#[derive(Debug, Clone, PartialEq, Default, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct BookingOutcome {
    pub parent: Option<OutcomeAnswer>,
    pub tutor: Option<OutcomeAnswer>,
    /// A side said it took place and neither said it did not (what opens reviews).
    pub took_place: bool,
    /// The request the tutor was assigned to because the parent continued after this demo.
    pub assigned_request_id: Option<i64>,
}
