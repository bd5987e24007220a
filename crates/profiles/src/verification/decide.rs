//! An admin's decision on a submission in review: approve with the checks that passed, or
//! reject with a reason. Exactly one decision lands however many admins decide at once: the
//! update only takes a row still in review. The tutor is told in the app and by e-mail in
//! their language, in the same transaction.

use diesel::prelude::*;
use hometutor_core::{FieldError, Message, UserId};
use hometutor_db::schema::{users, verification_submissions as vs};
use hometutor_db::{now, DbConnection};
use hometutor_notifications::{Kind, Notice, Notification, Notifier};

use super::model::{Checks, RejectReason, Submission, VerificationError};
use super::store::by_id;

/// The notification kind decisions are told with.
pub const DECIDED_KIND: Kind = Kind::VerificationDecided;

/// A reason's text holds at most this many characters.
pub const MAX_REJECT_TEXT_CHARS: usize = 500;

#[derive(Debug, Clone)]
pub enum Decision {
    /// At least the ID must have passed: a badge says nothing about a person otherwise.
    Approve(Checks),
    Reject {
        reason: RejectReason,
        text: String,
    },
}

/// Decides submission `id` as admin `admin`; returns it decided and the notification to
/// announce once committed.
pub fn decide(
    c: &mut DbConnection,
    notifier: &Notifier,
    admin: UserId,
    id: i64,
    decision: &Decision,
) -> Result<(Submission, Option<Notification>), VerificationError> {
    let current = by_id(c, id)?.ok_or(VerificationError::NotFound)?;
    if current.status != "pending" {
        return Err(VerificationError::AlreadyDecided);
    }
    let at = now();
    let tutor = current.tutor_id;
    let pending = vs::id.eq(id).and(vs::status.eq("pending"));
    let notice = match decision {
        Decision::Approve(checks) => {
            if !checks.id {
                let message = Message::new("verification-approve-needs-id");
                return Err(VerificationError::Validation(vec![FieldError::text("checks", message)]));
            }
            // An earlier approval gives way to this one (one standing approval per tutor).
            diesel::update(vs::table.filter(vs::tutor_id.eq(tutor).and(vs::status.eq("approved")).and(vs::id.ne(id))))
                .set(vs::status.eq("superseded"))
                .execute(c)?;
            let won = diesel::update(vs::table.filter(pending))
                .set((
                    vs::status.eq("approved"),
                    vs::decided_at.eq(at),
                    vs::decided_by.eq(admin.0),
                    vs::id_checked.eq(checks.id),
                    vs::qualification_checked.eq(checks.qualification),
                    vs::police_checked.eq(checks.police),
                    vs::reject_reason.eq(None::<String>),
                    vs::reject_text.eq(None::<String>),
                ))
                .execute(c)?;
            if won == 0 {
                return Err(VerificationError::AlreadyDecided);
            }
            diesel::update(users::table.find(tutor)).set(users::approved.eq(true)).execute(c)?;
            Notice {
                user: UserId(tutor),
                kind: DECIDED_KIND,
                title: Message::new("verification-approved-title"),
                body: Message::new("verification-approved-body"),
                link: Some("/verification".into()),
                data: serde_json::json!({ "submissionId": id, "status": "approved" }),
                dedupe_key: None,
            }
        }
        Decision::Reject { reason, text } => {
            let text = text.trim();
            if text.chars().count() > MAX_REJECT_TEXT_CHARS {
                return Err(VerificationError::Validation(vec![hometutor_core::too_long(
                    "text",
                    "text",
                    MAX_REJECT_TEXT_CHARS,
                )]));
            }
            let won = diesel::update(vs::table.filter(pending))
                .set((
                    vs::status.eq("rejected"),
                    vs::decided_at.eq(at),
                    vs::decided_by.eq(admin.0),
                    vs::id_checked.eq(false),
                    vs::qualification_checked.eq(false),
                    vs::police_checked.eq(false),
                    vs::reject_reason.eq(reason.as_str()),
                    vs::reject_text.eq(text),
                ))
                .execute(c)?;
            if won == 0 {
                return Err(VerificationError::AlreadyDecided);
            }
            // Rejected after a name change: the approval it replaced no longer stands.
            let standing: i64 =
                vs::table.filter(vs::tutor_id.eq(tutor).and(vs::status.eq("approved"))).count().get_result(c)?;
            if standing == 0 {
                diesel::update(users::table.find(tutor)).set(users::approved.eq(false)).execute(c)?;
            }
            let reason_message = format!("verification-reason-{}", reason.as_str());
            let body = if text.is_empty() {
                Message::new("verification-rejected-body").arg("reason", hometutor_core::Arg::message(&reason_message))
            } else {
                Message::new("verification-rejected-body-text")
                    .arg("reason", hometutor_core::Arg::message(&reason_message))
                    .arg("text", text)
            };
            Notice {
                user: UserId(tutor),
                kind: DECIDED_KIND,
                title: Message::new("verification-rejected-title"),
                body,
                link: Some("/verification".into()),
                data: serde_json::json!({ "submissionId": id, "status": "rejected", "reason": reason.as_str() }),
                dedupe_key: None,
            }
        }
    };
    let told = notifier.notify(c, &notice)?;
    let decided = by_id(c, id)?.ok_or(VerificationError::NotFound)?;
    Ok((decided, told))
}
