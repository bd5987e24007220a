//! What other crates read of requests, instead of naming the table: chat's first contact,
//! recommendations and invitations ask here, and apply tuition's rule ([`crate::open`]).

use std::collections::HashMap;

use diesel::prelude::*;
use hometutor_core::UserId;
use hometutor_db::id_list::one_of;
use hometutor_db::schema::tuition_requests as tr;
use hometutor_db::DbConnection;
use hometutor_geo::Point;

use crate::open::Openness;

/// Whose a request is and whether it is open to tutors.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RequestFacts {
    pub parent: UserId,
    pub openness: Openness,
}

/// The facts of the requests named (those that do not exist are absent), read in one query:
/// chat's first contact reads them for a batch of messages.
pub fn request_facts(c: &mut DbConnection, ids: &[i64]) -> QueryResult<HashMap<i64, RequestFacts>> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(i64, i64, Openness)> =
        tr::table.filter(one_of(c, tr::id, ids)).select((tr::id, tr::parent_id, Openness::as_select())).load(c)?;
    Ok(rows.into_iter().map(|(id, parent, openness)| (id, RequestFacts { parent: UserId(parent), openness })).collect())
}

/// What a request asks for, as its parent wrote it: what recommendations match tutors with.
#[derive(Debug, Clone, PartialEq)]
pub struct RequestNeeds {
    /// Exact: only its parent's recommendations read it.
    pub point: Point,
    pub subject: String,
    pub class_level: String,
    /// Vocabulary ids (`other` for the parent's own words); `None` before the start-up fill-in.
    pub subject_id: Option<String>,
    pub class_id: Option<String>,
    pub board: Option<String>,
    pub mode: String,
    pub openness: Openness,
}

type NeedsRow = (f64, f64, String, String, Option<String>, Option<String>, Option<String>, String, Openness);

/// The needs of one of the parent's own requests; anyone else's, or none, is `None`.
pub fn own_request_needs(c: &mut DbConnection, parent: UserId, id: i64) -> QueryResult<Option<RequestNeeds>> {
    let row: Option<NeedsRow> = tr::table
        .filter(tr::id.eq(id).and(tr::parent_id.eq(parent.0)))
        .select((
            tr::lat,
            tr::lng,
            tr::subject,
            tr::class_level,
            tr::subject_id,
            tr::class_id,
            tr::board,
            tr::mode,
            Openness::as_select(),
        ))
        .first(c)
        .optional()?;
    Ok(row.map(|(lat, lng, subject, class_level, subject_id, class_id, board, mode, openness)| RequestNeeds {
        point: Point { lat, lng },
        subject,
        class_level,
        subject_id,
        class_id,
        board,
        mode,
        openness,
    }))
}

/// One of a parent's own requests as a demo class booked for it names it: its subject (as
/// written, with its vocabulary id) and the locality of its published point ('Lajpat Nagar,
/// South Delhi'), never the home.
#[derive(Debug, Clone, PartialEq)]
pub struct RequestLabel {
    pub subject: String,
    pub subject_id: Option<String>,
    pub place_name: Option<String>,
}

type LabelRow = (String, Option<String>, Option<f64>, Option<f64>);

/// The parent and label of request `id` when `tutor` is its assigned tutor (lessons are planned
/// for it); anyone else's, or none, is `None`.
pub fn assigned_request(c: &mut DbConnection, tutor: UserId, id: i64) -> QueryResult<Option<(UserId, RequestLabel)>> {
    let row: Option<(i64, String, Option<String>)> = tr::table
        .filter(tr::id.eq(id).and(tr::assigned_tutor_id.eq(Some(tutor.0))))
        .select((tr::parent_id, tr::subject, tr::subject_id))
        .first(c)
        .optional()?;
    Ok(row.map(|(parent, subject, subject_id)| {
        (UserId(parent), RequestLabel { subject, subject_id, place_name: None })
    }))
}

/// The label of one of `parent`'s own requests; anyone else's, or none, is `None`.
pub fn own_request_label(c: &mut DbConnection, parent: UserId, id: i64) -> QueryResult<Option<RequestLabel>> {
    let row: Option<LabelRow> = tr::table
        .filter(tr::id.eq(id).and(tr::parent_id.eq(parent.0)))
        .select((tr::subject, tr::subject_id, tr::approx_lat, tr::approx_lng))
        .first(c)
        .optional()?;
    Ok(row.map(|(subject, subject_id, lat, lng)| RequestLabel {
        subject,
        subject_id,
        // The point tutors are shown (`location`), named as nearby search names it.
        place_name: lat.zip(lng).and_then(|(lat, lng)| hometutor_places::Places::global().describe(lat, lng)),
    }))
}
