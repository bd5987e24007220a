use chrono::NaiveDateTime;
use hometutor_core::{noun as noun_arg, required, single_line, too_long, FieldError, Message, UserId};
use hometutor_geo::Point;
use hometutor_vocabulary::{self as vocabulary, Choice, Facet, Term, OTHER};

use crate::MAX_FIELD_CHARS;

/// What a parent fills in; validated by [`RequestInput::validate`].
///
/// Subject and class: with a vocabulary id the text may be empty (the label is stored);
/// with `"other"` the text is required and stored; with no id the text is mapped onto
/// the vocabulary ([`Choice::from_input`]) and kept as the parent wrote it.
#[derive(Debug, Clone, Default)]
pub struct RequestInput {
    pub subject: String,
    pub class_level: String,
    pub preferred_time: String,
    /// `[longitude, latitude]`, as on the map; `None` when no point was picked.
    pub location: Option<[f64; 2]>,
    /// A subject id of the vocabulary, or `"other"`.
    pub subject_id: Option<String>,
    /// A class id of the vocabulary, or `"other"`.
    pub class_id: Option<String>,
    /// A board id; `None` (or empty) when the parent does not say.
    pub board: Option<String>,
    /// `home` or `online`; `None` means home.
    pub mode: Option<String>,
}

pub(crate) struct ValidRequest {
    /// The text stored beside the id: the label, or the parent's words.
    pub subject: String,
    pub subject_id: String,
    pub class_level: String,
    pub class_id: String,
    pub board: Option<&'static Term>,
    pub mode: &'static Term,
    pub preferred_time: String,
    pub point: Point,
}

/// The default teaching mode of a request.
pub const DEFAULT_MODE: &str = "home";

/// A subject or class from an optional id and the text beside it: `(id, text stored)`.
/// The text is checked like any one-line field (required unless a known id is given).
fn choice(
    facet: Facet,
    id_field: &'static str,
    field: &'static str,
    label: &str,
    id: Option<&str>,
    text: &str,
    errors: &mut Vec<FieldError>,
) -> Option<(String, String)> {
    let text = match single_line(field, label, text) {
        Ok(value) => value.to_string(),
        Err(e) => {
            errors.push(e);
            return None;
        }
    };
    if text.chars().count() > MAX_FIELD_CHARS {
        errors.push(too_long(field, label, MAX_FIELD_CHARS));
        return None;
    }
    let id = id.map(str::trim).filter(|id| !id.is_empty());
    match Choice::from_input(facet, id, &text) {
        Err(_) => {
            errors.push(FieldError::text(
                id_field,
                Message::new("validation-unknown-choice").arg("noun", noun_arg(&label.to_lowercase())),
            ));
            None
        }
        Ok(None) => {
            errors.push(required(field, label));
            None
        }
        // A chosen id stores its label; text alone keeps the parent's words beside the id it maps to.
        Ok(Some(Choice::Known(term))) if id.is_some() => Some((term.id.to_string(), term.label.to_string())),
        Ok(Some(c)) => Some((c.id().to_string(), text)),
    }
}

/// An optional board or a mode: an id of the vocabulary (its label or a synonym is accepted too).
fn term(
    facet: Facet,
    field: &'static str,
    noun: &str,
    value: Option<&str>,
    errors: &mut Vec<FieldError>,
) -> Option<&'static Term> {
    let value = value.map(str::trim).filter(|v| !v.is_empty())?;
    let found = vocabulary::find(facet, value).or_else(|| vocabulary::resolve(facet, value));
    if found.is_none() {
        errors.push(FieldError::text(field, Message::new("validation-unknown-term").arg("noun", noun_arg(noun))));
    }
    found
}

impl RequestInput {
    pub(crate) fn validate(&self) -> Result<ValidRequest, Vec<FieldError>> {
        let mut errors = Vec::new();
        let subject = choice(
            Facet::Subject,
            "subjectId",
            "subject",
            "Subject",
            self.subject_id.as_deref(),
            &self.subject,
            &mut errors,
        );
        let class = choice(
            Facet::Class,
            "classId",
            "classLevel",
            "Class",
            self.class_id.as_deref(),
            &self.class_level,
            &mut errors,
        );
        let board = term(Facet::Board, "board", "board", self.board.as_deref(), &mut errors);
        let mode = match self.mode.as_deref().map(str::trim).filter(|m| !m.is_empty()) {
            None => vocabulary::find(Facet::Mode, DEFAULT_MODE),
            Some(m) => term(Facet::Mode, "mode", "mode", Some(m), &mut errors),
        };
        let mut text = |field: &'static str, label: &str, value: &str| {
            let value = match single_line(field, label, value) {
                Ok(value) => value,
                Err(e) => {
                    errors.push(e);
                    return String::new();
                }
            };
            if value.is_empty() {
                errors.push(required(field, label));
            } else if value.chars().count() > MAX_FIELD_CHARS {
                errors.push(too_long(field, label, MAX_FIELD_CHARS));
            }
            value.to_string()
        };
        let preferred_time = text("preferredTime", "Preferred time", &self.preferred_time);
        let point = match self.location {
            None => {
                errors.push(FieldError::text("location", Message::new("validation-request-location")));
                None
            }
            Some([lng, lat]) => {
                let p = Point::new(lat, lng);
                if p.is_none() {
                    errors.push(FieldError::text("location", Message::new("validation-location-real")));
                }
                p
            }
        };
        match (point, subject, class, mode) {
            (Some(point), Some((subject_id, subject)), Some((class_id, class_level)), Some(mode))
                if errors.is_empty() =>
            {
                Ok(ValidRequest { subject, subject_id, class_level, class_id, board, mode, preferred_time, point })
            }
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
    /// Whether the parent shares their phone and e-mail with this tutor (they may stop).
    pub sharing: bool,
    /// Mean of the tutor's reviews to one decimal; `None` without reviews.
    pub rating: Option<f64>,
    pub review_count: i64,
}

/// Why a parent closed a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = CloseOutcomeDto))]
#[serde(rename_all = "snake_case")]
pub enum CloseOutcome {
    // The parent found a tutor (here or elsewhere).
    FoundTutor,
    // The parent no longer needs one.
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
    /// Vocabulary ids (or `other`); `None` only until the start-up fill-in ([`crate::backfill`]).
    pub subject_id: Option<String>,
    pub class_id: Option<String>,
    /// A board id; `None` when the parent did not say.
    pub board: Option<String>,
    /// `home` or `online`.
    pub mode: String,
    pub location: Point,
    /// The place the exact point lies in ('Lajpat Nagar, South Delhi'), if known.
    pub place_name: Option<String>,
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

/// A parent's contacts, revealed to a subscribed tutor who said they are interested.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = ParentContactDto))]
pub struct ParentContact {
    /// The parent's user id, to start a chat.
    #[cfg_attr(feature = "openapi", schema(value_type = i64))]
    pub id: UserId,
    pub fullname: String,
    pub email: String,
    pub phone: String,
}

/// Who posted a nearby request: enough to message them about it, no contacts.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = NearbyParentDto))]
#[serde(rename_all = "camelCase")]
pub struct NearbyParent {
    /// The parent's user id, to start a chat.
    #[cfg_attr(feature = "openapi", schema(value_type = i64))]
    pub id: UserId,
    pub first_name: String,
}

/// A request as a subscribed tutor sees it: an approximate location (the centre of the
/// 500 m cell of the site's grid the real one is in) and, only once the tutor has said they are interested, the contacts.
// Also what the API answers with: the doc comments here are the schema's descriptions.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = NearbyRequestDto))]
#[serde(rename_all = "camelCase")]
pub struct NearbyRequest {
    pub id: i64,
    pub subject: String,
    pub class_level: String,
    pub preferred_time: String,
    /// Vocabulary ids (`other`: the text says what).
    pub subject_id: Option<String>,
    pub class_id: Option<String>,
    /// A board id, or null when the parent did not say.
    pub board: Option<String>,
    /// `home` or `online`.
    pub mode: String,
    /// Where the approximate point is ('Lajpat Nagar, South Delhi'), if known.
    pub place_name: Option<String>,
    /// An approximate point, never the exact address.
    #[serde(rename = "location", serialize_with = "crate::geojson::serialize")]
    #[cfg_attr(feature = "openapi", schema(value_type = crate::geojson::GeoPoint))]
    pub approximate_location: Point,
    /// From the search centre to the approximate point, to 0.1 km; the radius filter compares this number.
    pub distance_km: f64,
    pub parent: NearbyParent,
    /// Whether the caller has already expressed interest.
    pub interested: bool,
    /// The parent's contacts: only on requests the caller is interested in, otherwise null.
    pub contact: Option<ParentContact>,
    #[serde(serialize_with = "hometutor_core::utc::serialize")]
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = DateTime))]
    pub created_at: NaiveDateTime,
}

#[derive(Debug, Clone)]
pub struct NearbyQuery {
    pub center: Point,
    pub radius_km: f64,
    /// Old text filters: resolved to a vocabulary id when they name a term ('Class 1' is
    /// class-1 and never class-10), otherwise a case-insensitive part of an 'other' text.
    pub class_level: Option<String>,
    pub subject: Option<String>,
    /// Id filters (an unknown id is a field error); they win over the text ones.
    pub subject_id: Option<String>,
    pub class_id: Option<String>,
    /// A board id: requests with that board or none said.
    pub board: Option<String>,
    /// A mode id.
    pub mode: Option<String>,
    /// Only requests for the tutor's own subjects and classes (those of their teaching area; an
    /// empty list there means any). Applied by the search, before the nearest are picked.
    pub mine: bool,
    pub sort: NearbySort,
}

/// The order of a nearby search's answer.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum NearbySort {
    /// Nearest first (ties: older first).
    #[default]
    Distance,
    /// Newest first: the newest requests within the radius.
    Newest,
}

impl NearbyQuery {
    /// Everything within `radius_km` of `center`, no filters.
    pub fn around(center: Point, radius_km: f64) -> Self {
        Self {
            center,
            radius_km,
            class_level: None,
            subject: None,
            subject_id: None,
            class_id: None,
            board: None,
            mode: None,
            mine: false,
            sort: NearbySort::Distance,
        }
    }
}

/// A request's subject or class as a [`Choice`], from its stored id and text (a row the
/// start-up fill-in has not reached yet is mapped from its text).
pub(crate) fn stored_choice(facet: Facet, id: Option<&str>, text: &str) -> Option<Choice> {
    match id {
        Some(OTHER) => Some(Choice::Other(text.trim().to_string())),
        Some(id) => vocabulary::find(facet, id).map(Choice::Known).or_else(|| Choice::from_text(facet, text)),
        None => Choice::from_text(facet, text),
    }
}
