//! A parent closes a request ('found a tutor', optionally naming which interested
//! tutor, or 'no longer needed') and may reopen it. A closed request leaves the
//! nearby search and its count (search.rs), takes no new interest and stops
//! alerts; its parent still sees it, marked closed. Every tutor who said they were
//! interested is told, in the same transaction as the close, and never anything of
//! the parent's own.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use hometutor_core::{FieldError, UserId};
use hometutor_db::schema::{tuition_interests as ti, tuition_requests as tr};
use hometutor_db::{now, DbConnection};
use hometutor_notifications::{Arg, Kind, Message, Notice, Notification};

use crate::model::{CloseOutcome, TuitionRequest};
use crate::requests::own;
use crate::{TuitionError, TuitionService};

impl TuitionService {
    /// Closes one of the parent's own requests (anyone else's answers 404, a closed one
    /// [`TuitionError::Closed`]). `tutor` goes only with [`CloseOutcome::FoundTutor`] and
    /// must be a tutor interested in this request.
    #[tracing::instrument(skip_all, fields(parent = parent.0, id = id))]
    pub fn close(
        &self,
        parent: UserId,
        id: i64,
        outcome: CloseOutcome,
        tutor: Option<UserId>,
    ) -> Result<TuitionRequest, TuitionError> {
        if tutor.is_some() && outcome != CloseOutcome::FoundTutor {
            return Err(FieldError::text("tutorId", Message::new("validation-tutor-when-found")).into());
        }
        let (request, told) = self.db.write(|c| {
            let (subject, closed_at) = owned(c, parent, id)?;
            if closed_at.is_some() {
                return Err(TuitionError::Closed);
            }
            let interested: Vec<i64> =
                ti::table.filter(ti::request_id.eq(id)).order(ti::created_at.asc()).select(ti::tutor_id).load(c)?;
            if let Some(tutor) = tutor {
                if !interested.contains(&tutor.0) {
                    return Err(FieldError::text("tutorId", Message::new("validation-tutor-interested")).into());
                }
            }
            let at = now();
            diesel::update(tr::table.find(id))
                .set((
                    tr::closed_at.eq(Some(at)),
                    tr::close_outcome.eq(Some(outcome.as_str())),
                    tr::closed_tutor_id.eq(tutor.map(|t| t.0)),
                    tr::updated_at.eq(at),
                ))
                .execute(c)?;
            let mut told: Vec<Notification> = Vec::with_capacity(interested.len());
            for interested_tutor in interested {
                let notice =
                    closed_notice(UserId(interested_tutor), id, (subject.0.as_deref(), &subject.1), outcome, tutor, at);
                told.extend(self.notifier.notify(c, &notice)?);
            }
            Ok((own(c, parent, id)?, told))
        })?;
        self.notifier.announce(&told);
        Ok(request)
    }

    /// Opens a closed request again: it is back in the nearby search and takes interest.
    /// An open one answers [`TuitionError::AlreadyOpen`]; anyone else's 404.
    #[tracing::instrument(skip_all, fields(parent = parent.0, id = id))]
    pub fn reopen(&self, parent: UserId, id: i64) -> Result<TuitionRequest, TuitionError> {
        self.db.write(|c| {
            let (_, closed_at) = owned(c, parent, id)?;
            if closed_at.is_none() {
                return Err(TuitionError::AlreadyOpen);
            }
            diesel::update(tr::table.find(id))
                .set((
                    tr::closed_at.eq(None::<NaiveDateTime>),
                    tr::close_outcome.eq(None::<String>),
                    tr::closed_tutor_id.eq(None::<i64>),
                    tr::updated_at.eq(now()),
                ))
                .execute(c)?;
            own(c, parent, id)
        })
    }
}

/// The request's subject (stored id and words) and when it was closed, if it is this parent's; else 404.
fn owned(
    c: &mut DbConnection,
    parent: UserId,
    id: i64,
) -> Result<(StoredSubject, Option<NaiveDateTime>), TuitionError> {
    let (subject_id, subject, closed_at) = tr::table
        .filter(tr::id.eq(id).and(tr::parent_id.eq(parent.0)))
        .select((tr::subject_id, tr::subject, tr::closed_at))
        .first(c)
        .optional()?
        .ok_or(TuitionError::NotFound)?;
    Ok(((subject_id, subject), closed_at))
}

/// A request's subject id (`other`: the parent's own words) and the words stored.
type StoredSubject = (Option<String>, String);

/// What an interested tutor is told: the subject and why, nothing of the parent's.
/// Keyed by the close's time, so closing again after a reopen tells them again.
fn closed_notice(
    to: UserId,
    request: i64,
    subject: (Option<&str>, &str),
    outcome: CloseOutcome,
    chosen: Option<UserId>,
    at: NaiveDateTime,
) -> Notice {
    let body = match outcome {
        CloseOutcome::FoundTutor if chosen == Some(to) => "notice-closed-body-chosen",
        CloseOutcome::FoundTutor => "notice-closed-body-found",
        CloseOutcome::NotNeeded => "notice-closed-body-not-needed",
    };
    Notice {
        user: to,
        kind: Kind::RequestClosed,
        title: Message::new("notice-closed-title").arg("subject", Arg::subject(subject.0, subject.1)),
        body: Message::new(body),
        link: Some("/nearby".into()),
        data: serde_json::json!({ "requestId": request, "outcome": outcome.as_str() }),
        dedupe_key: Some(format!("request_closed:{request}:{}", at.and_utc().timestamp_micros())),
    }
}
