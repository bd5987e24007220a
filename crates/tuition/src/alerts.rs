//! New-request alerts: when a parent posts a request (or moves one, or changes what it
//! is for), every tutor whose teaching area covers it and who teaches its subject, class,
//! board and mode (by vocabulary id, [`crate::area::TutorArea::teaches`]) is told, in the
//! transaction that writes the request.
//!
//! Rules:
//! - Only a request open to tutors alerts ([`crate::open`]: never a flagged or closed one, nor
//!   one without its approximate point). The distance is from the area's centre to that approximate point,
//!   as the nearby search shows it; the alert never names the parent nor carries a point.
//! - Tutors: role tutor, account active, not the parent themself, subscribed or not. An
//!   unsubscribed tutor gets the same alert (subject, class, time, distance: what the
//!   request is for, nothing of who or where) with an invitation to subscribe; seeing the
//!   request on the map and reaching the parent still needs the subscription.
//! - Once per request and tutor, across processes: the notification's dedupe key
//!   `new_request:{id}` is unique per user. An edit that moves a request (or changes its
//!   subject or class) runs the match again: tutors already alerted are not alerted again,
//!   tutors it now reaches are.
//! - At most [`MAX_ALERTS_PER_DAY`] per tutor in any 24 hours; the rest are skipped (the
//!   nearby search still lists them). So that two requests posted at once cannot both
//!   pass the cap, alerting transactions take one lock in turn (PostgreSQL: a
//!   transaction-level advisory lock; SQLite: its writes already go one at a time).

use std::collections::HashMap;

use diesel::prelude::*;
use hometutor_accounts as accounts;
use hometutor_core::{Role, UserId};
use hometutor_db::schema::tuition_requests as tr;
use hometutor_db::{now, DbConnection};
use hometutor_geo::{distance_km, Point};
use hometutor_notifications::{sent_since, Arg, Kind, Message, Notice, Notification, Notifier};
use serde_json::json;

use crate::area::Wanted;
use crate::coverage;
use crate::model::stored_choice;
use crate::open::Openness;
use crate::service::shown_distance;
use hometutor_vocabulary::Facet;

/// New-request alerts one tutor is sent in any 24 hours, at most.
pub const MAX_ALERTS_PER_DAY: i64 = 20;

/// Any fixed number: the key of the advisory lock alerting transactions take on PostgreSQL.
const ALERT_LOCK_KEY: i64 = 0x6874_616c_6572_7473; // "htalerts"

/// What the alerts need of a request.
#[derive(Queryable, Selectable)]
#[diesel(table_name = tr)]
struct RequestRow {
    parent_id: i64,
    subject: String,
    class_level: String,
    preferred_time: String,
    subject_id: Option<String>,
    class_id: Option<String>,
    board: Option<String>,
    mode: String,
    approx_lat: Option<f64>,
    approx_lng: Option<f64>,
    #[diesel(embed)]
    openness: Openness,
}

/// Alerts the tutors the request `id` newly reaches; call in the transaction that wrote
/// it. Returns the notifications stored, for [`Notifier::announce`] once committed.
pub(crate) fn new_request(c: &mut DbConnection, notifier: &Notifier, id: i64) -> QueryResult<Vec<Notification>> {
    let row: Option<RequestRow> = tr::table.find(id).select(RequestRow::as_select()).first(c).optional()?;
    let Some(RequestRow {
        parent_id: parent,
        subject,
        class_level,
        preferred_time,
        subject_id,
        class_id,
        board,
        mode,
        approx_lat: Some(lat),
        approx_lng: Some(lng),
        openness,
    }) = row
    else {
        return Ok(Vec::new());
    };
    if !openness.open_to_tutors() {
        return Ok(Vec::new());
    }
    let point = Point { lat, lng };
    let subject_choice = stored_choice(Facet::Subject, subject_id.as_deref(), &subject);
    let class_choice = stored_choice(Facet::Class, class_id.as_deref(), &class_level);
    let wanted =
        Wanted { subject: subject_choice.as_ref(), class: class_choice.as_ref(), board: board.as_deref(), mode: &mode };
    // Tutors the parent blocked are not told of the parent's requests.
    let blocked = hometutor_moderation::blocks::pairs_of(c, &[parent])?;
    let areas: Vec<_> = coverage::covering(c, point)?
        .into_iter()
        .filter(|a| a.tutor.0 != parent && a.teaches(&wanted) && !blocked.contains(&(parent, a.tutor.0)))
        .collect();
    if areas.is_empty() {
        return Ok(Vec::new());
    }
    if let DbConnection::Pg(pg) = c {
        diesel::sql_query(format!("SELECT pg_advisory_xact_lock({ALERT_LOCK_KEY})")).execute(pg)?;
    }
    let ids: Vec<i64> = areas.iter().map(|a| a.tutor.0).collect();
    let mut people = HashMap::new();
    // In slices, to stay under SQLite's limit on bound parameters.
    for chunk in ids.chunks(5_000) {
        people.extend(accounts::people(c, chunk)?);
    }
    let at = now();
    let sent = sent_since(c, &ids, Kind::NewRequest, at - chrono::Duration::hours(24))?;
    let mut created = Vec::new();
    for area in areas {
        let Some(tutor) = people.get(&area.tutor).filter(|p| p.role == Role::Tutor && p.active) else { continue };
        if sent.get(&area.tutor.0).copied().unwrap_or(0) >= MAX_ALERTS_PER_DAY {
            continue;
        }
        let subscribed = tutor.subscription.at(at).active;
        let distance = shown_distance(distance_km(area.center, point));
        let about = About {
            request: id,
            subject: &subject,
            subject_id: subject_choice.as_ref().map(|c| c.id()),
            class_level: &class_level,
            class_id: class_choice.as_ref().map(|c| c.id()),
            labelled_by: (subject_id.as_deref(), class_id.as_deref()),
            board: board.as_deref(),
            mode: &mode,
            preferred_time: &preferred_time,
        };
        created.extend(notifier.notify(c, &notice(area.tutor, &about, distance, subscribed))?);
    }
    Ok(created)
}

/// What an alert says of the request: what it is for, as words and as vocabulary ids.
#[derive(Clone, Copy)]
struct About<'a> {
    request: i64,
    subject: &'a str,
    /// A vocabulary id, or `other` (free text); `None` when the stored words map to nothing.
    subject_id: Option<&'a str>,
    class_level: &'a str,
    class_id: Option<&'a str>,
    /// The subject's and class's ids as stored, which the words are labelled by in the tutor's
    /// language (never the words themselves: a parent's own 'Mathematics' stays as typed).
    labelled_by: (Option<&'a str>, Option<&'a str>),
    board: Option<&'a str>,
    mode: &'a str,
    preferred_time: &'a str,
}

/// The alert itself: what the request is for and how far, nothing of who or where. Its
/// data carries the vocabulary ids too, so that a client can filter or label by id.
fn notice(tutor: UserId, about: &About<'_>, distance_km: f64, subscribed: bool) -> Notice {
    let About { request: id, subject, subject_id, class_level, class_id, labelled_by, board, mode, preferred_time } =
        *about;
    let distance = format!("{distance_km:.1}");
    let body = if subscribed { "notice-new-request-body" } else { "notice-new-request-body-unsubscribed" };
    Notice {
        user: tutor,
        kind: Kind::NewRequest,
        title: Message::new("notice-new-request-title")
            .arg("subject", Arg::subject(labelled_by.0, subject))
            .arg("distanceKm", distance.as_str()),
        body: Message::new(body)
            .arg("subject", Arg::subject(labelled_by.0, subject))
            .arg("classLevel", Arg::class(labelled_by.1, class_level))
            .arg("preferredTime", preferred_time)
            .arg("distanceKm", distance.as_str()),
        link: Some(format!("/nearby?request={id}")),
        data: json!({
            "requestId": id,
            "subject": subject,
            "subjectId": subject_id,
            "classLevel": class_level,
            "classId": class_id,
            "board": board,
            "mode": mode,
            "distanceKm": distance_km,
        }),
        dedupe_key: Some(format!("new_request:{id}")),
    }
}
