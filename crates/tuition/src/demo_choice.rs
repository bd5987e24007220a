//! A parent continues with a tutor after a demo class (crates/scheduling's booking outcomes):
//! the tutor becomes the request's assigned tutor and the request closes ('found a tutor',
//! naming them), the same close as [`crate::TuitionService::close`] makes, so it leaves the
//! nearby search and takes no new interest. Every other interested tutor is told kindly, in
//! their own language; the chosen tutor is told by the booking's side. Runs in the caller's
//! transaction, so the choice and the notices are written together or not at all.

use diesel::prelude::*;
use hometutor_core::UserId;
use hometutor_db::schema::{tuition_interests as ti, tuition_requests as tr};
use hometutor_db::{now, DbConnection};
use hometutor_notifications::{Arg, Kind, Message, Notice, Notification, Notifier};

use crate::model::CloseOutcome;

/// What a choice did: the request's subject and class (stored id and words), for the chosen
/// tutor's notice, and the other tutors' stored notices, to announce once committed.
#[derive(Debug, Clone)]
pub struct Chosen {
    pub subject: (Option<String>, String),
    pub class: (Option<String>, String),
    pub told: Vec<Notification>,
}

/// Assigns `tutor` to `parent`'s open request `request` and closes it. `None` (nothing written)
/// when the request is not this parent's, or is already closed: a request is chosen for once,
/// and of two choices racing (two demos of one request) the second finds it closed, since the
/// update itself requires it open.
pub fn choose_after_demo(
    c: &mut DbConnection,
    notifier: &Notifier,
    parent: UserId,
    request: i64,
    tutor: UserId,
) -> QueryResult<Option<Chosen>> {
    let found: Option<(Option<String>, String, Option<String>, String)> = tr::table
        .filter(tr::id.eq(request).and(tr::parent_id.eq(parent.0)).and(tr::closed_at.is_null()))
        .select((tr::subject_id, tr::subject, tr::class_id, tr::class_level))
        .first(c)
        .optional()?;
    let Some((subject_id, subject, class_id, class_level)) = found else { return Ok(None) };
    let at = now();
    let changed = diesel::update(tr::table.filter(tr::id.eq(request).and(tr::closed_at.is_null())))
        .set((
            tr::assigned_tutor_id.eq(Some(tutor.0)),
            tr::closed_at.eq(Some(at)),
            tr::close_outcome.eq(Some(CloseOutcome::FoundTutor.as_str())),
            tr::closed_tutor_id.eq(Some(tutor.0)),
            tr::updated_at.eq(at),
        ))
        .execute(c)?;
    if changed == 0 {
        return Ok(None);
    }
    let others: Vec<i64> = ti::table
        .filter(ti::request_id.eq(request).and(ti::tutor_id.ne(tutor.0)))
        .order(ti::created_at.asc())
        .select(ti::tutor_id)
        .load(c)?;
    let mut told = Vec::with_capacity(others.len());
    for other in others {
        let notice = Notice {
            user: UserId(other),
            kind: Kind::RequestClosed,
            title: Message::new("notice-chosen-other-title")
                .arg("classLevel", Arg::class(class_id.as_deref(), &class_level))
                .arg("subject", Arg::subject(subject_id.as_deref(), &subject)),
            body: Message::new("notice-chosen-other-body"),
            link: Some("/nearby".into()),
            data: serde_json::json!({ "requestId": request, "outcome": CloseOutcome::FoundTutor.as_str() }),
            // Once per request and tutor, whatever else happens to the request.
            dedupe_key: Some(format!("request_chosen_other:{request}:{other}")),
        };
        told.extend(notifier.notify(c, &notice)?);
    }
    Ok(Some(Chosen { subject: (subject_id, subject), class: (class_id, class_level), told }))
}
