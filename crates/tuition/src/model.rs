use chrono::NaiveDateTime;
use hometutor_core::{single_line, FieldError, UserId};
use hometutor_geo::Point;

use crate::MAX_FIELD_CHARS;

/// What a parent fills in; validated by [`RequestInput::validate`].
#[derive(Debug, Clone)]
pub struct RequestInput {
    pub subject: String,
    pub class_level: String,
    pub preferred_time: String,
    /// `[longitude, latitude]`, as on the map; `None` when no point was picked.
    pub location: Option<[f64; 2]>,
}

pub(crate) struct ValidRequest {
    pub subject: String,
    pub class_level: String,
    pub preferred_time: String,
    pub point: Point,
}

impl RequestInput {
    pub(crate) fn validate(&self) -> Result<ValidRequest, Vec<FieldError>> {
        let mut errors = Vec::new();
        let mut text = |field: &'static str, label: &str, value: &str| {
            let value = match single_line(field, label, value) {
                Ok(value) => value,
                Err(e) => {
                    errors.push(e);
                    return String::new();
                }
            };
            if value.is_empty() {
                errors.push(FieldError::new(field, format!("{label} is required.")));
            } else if value.chars().count() > MAX_FIELD_CHARS {
                errors.push(FieldError::new(field, format!("{label} must be at most {MAX_FIELD_CHARS} characters.")));
            }
            value.to_string()
        };
        let subject = text("subject", "Subject", &self.subject);
        let class_level = text("classLevel", "Class", &self.class_level);
        let preferred_time = text("preferredTime", "Preferred time", &self.preferred_time);
        let point = match self.location {
            None => {
                errors.push(FieldError::new("location", "Please select location on the map."));
                None
            }
            Some([lng, lat]) => {
                let p = Point::new(lat, lng);
                if p.is_none() {
                    errors.push(FieldError::new(
                        "location",
                        "The location must be a real place: longitude -180 to 180, latitude -90 to 90.",
                    ));
                }
                p
            }
        };
        match point {
            Some(point) if errors.is_empty() => Ok(ValidRequest { subject, class_level, preferred_time, point }),
            _ => Err(errors),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct InterestedTutor {
    pub tutor: UserId,
    pub fullname: String,
    pub email: String,
    pub phone: String,
    /// Mean of the tutor's reviews to one decimal; `None` without reviews.
    pub rating: Option<f64>,
    pub review_count: i64,
}

/// Why a parent closed a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CloseOutcome {
    /// The parent found a tutor (here or elsewhere).
    FoundTutor,
    /// The parent no longer needs one.
    NotNeeded,
}

impl CloseOutcome {
    pub fn as_str(self) -> &'static str {
        match self {
            CloseOutcome::FoundTutor => "found_tutor",
            CloseOutcome::NotNeeded => "not_needed",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        match raw {
            "found_tutor" => Some(CloseOutcome::FoundTutor),
            "not_needed" => Some(CloseOutcome::NotNeeded),
            _ => None,
        }
    }
}

/// A request as its parent sees it: the exact location and who is interested.
#[derive(Debug, Clone, PartialEq)]
pub struct TuitionRequest {
    pub id: i64,
    pub subject: String,
    pub class_level: String,
    pub preferred_time: String,
    pub location: Point,
    /// What tutors see instead (`None` until an old request is filled in at start-up).
    pub approximate_location: Option<Point>,
    pub interested_tutors: Vec<InterestedTutor>,
    pub assigned_tutor: Option<UserId>,
    pub flagged: bool,
    pub flag_reason: Option<String>,
    /// When the parent closed it; `None` while it is open.
    pub closed_at: Option<NaiveDateTime>,
    pub close_outcome: Option<CloseOutcome>,
    /// The interested tutor the parent says they chose, if they named one.
    pub closed_tutor: Option<UserId>,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

/// A parent's contacts, revealed to a subscribed tutor who says they are interested.
#[derive(Debug, Clone, PartialEq)]
pub struct ParentContact {
    /// To start a chat with them.
    pub id: UserId,
    pub fullname: String,
    pub email: String,
    pub phone: String,
}

/// Who posted a nearby request, before any interest: enough to message them about it.
#[derive(Debug, Clone, PartialEq)]
pub struct NearbyParent {
    pub id: UserId,
    pub first_name: String,
}

/// A request as a subscribed tutor sees it: the approximate point and the distance to it.
#[derive(Debug, Clone, PartialEq)]
pub struct NearbyRequest {
    pub id: i64,
    pub subject: String,
    pub class_level: String,
    pub preferred_time: String,
    pub approximate_location: Point,
    /// From the search centre to the approximate point, rounded to 0.1 km.
    pub distance_km: f64,
    pub parent: NearbyParent,
    pub interested: bool,
    /// The parent's contacts, only on requests this tutor has said they are interested in.
    pub contact: Option<ParentContact>,
    pub created_at: NaiveDateTime,
}

#[derive(Debug, Clone)]
pub struct NearbyQuery {
    pub center: Point,
    pub radius_km: f64,
    /// Case-insensitive substring filters.
    pub class_level: Option<String>,
    pub subject: Option<String>,
}
