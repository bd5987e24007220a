//! Every tuition request, for moderation: flag (hidden from tutors' nearby
//! results) or unflag with a reason, and assign a tutor. The requests are tuition's
//! ([`hometutor_tuition::moderation`]); the audit record and the parent's notice are this crate's.

use chrono::NaiveDateTime;
use hometutor_accounts as accounts;
use hometutor_core::{Role, UserId};
use hometutor_notifications::{Arg, Kind, Message, Notice};
use hometutor_tuition::moderation;

use crate::error::text;
use crate::{audit, Actor, AdminError, AdminService};

// A request as the admin's list of every request answers with it.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = AdminRequestDto))]
#[serde(rename_all = "camelCase")]
pub struct AdminRequest {
    pub id: i64,
    pub subject: String,
    pub class_level: String,
    pub preferred_time: String,
    /// Vocabulary ids (`other`: the text says what, in the parent's own words); null only briefly
    /// after an upgrade. The server answers a chosen term's text in the admin's language by them.
    pub subject_id: Option<String>,
    pub class_id: Option<String>,
    /// [longitude, latitude], exact.
    // As the parent chose it: admins see it all.
    pub location: [f64; 2],
    pub parent_id: i64,
    pub parent_name: String,
    pub parent_email: String,
    pub flagged: bool,
    pub flag_reason: Option<String>,
    pub assigned_tutor: Option<i64>,
    pub interested_count: i64,
    #[serde(serialize_with = "hometutor_core::utc::serialize")]
    pub created_at: NaiveDateTime,
}

/// What a parent is told when an admin flags one of their requests.
fn flagged_notice(parent: UserId, request: i64, subject: (Option<&str>, &str), reason: Option<&str>) -> Notice {
    let body = match reason {
        Some(reason) => Message::new("notice-flagged-body-reason").arg("reason", reason),
        None => Message::new("notice-flagged-body"),
    };
    Notice {
        user: parent,
        kind: Kind::RequestFlagged,
        title: Message::new("notice-flagged-title").arg("subject", Arg::subject(subject.0, subject.1)),
        body,
        link: Some("/dashboard".into()),
        data: serde_json::json!({ "requestId": request, "reason": reason }),
        dedupe_key: None,
    }
}

/// A flag's reason holds at most this many characters.
pub const MAX_FLAG_REASON_CHARS: usize = 500;

impl AdminService {
    /// All requests, newest first.
    #[tracing::instrument(skip_all)]
    pub fn requests(&self) -> Result<Vec<AdminRequest>, AdminError> {
        self.db.read(|c| {
            let rows = moderation::all_requests(c)?;
            let mut parent_ids: Vec<i64> = rows.iter().map(|(r, _)| r.parent).collect();
            parent_ids.sort_unstable();
            parent_ids.dedup();
            let parents = accounts::people(c, &parent_ids)?;
            // A request is its parent's (deleting an account deletes its requests), so every parent is found.
            Ok(rows
                .into_iter()
                .filter_map(|(r, interested_count)| {
                    let parent = parents.get(&UserId(r.parent))?;
                    Some(AdminRequest {
                        interested_count,
                        id: r.id,
                        subject: r.subject,
                        class_level: r.class_level,
                        preferred_time: r.preferred_time,
                        subject_id: r.subject_id,
                        class_id: r.class_id,
                        location: [r.lng, r.lat],
                        parent_id: r.parent,
                        parent_name: parent.fullname.clone(),
                        parent_email: parent.email.clone(),
                        flagged: r.flagged,
                        flag_reason: r.flag_reason,
                        assigned_tutor: r.assigned_tutor,
                        created_at: r.created_at,
                    })
                })
                .collect())
        })
    }

    /// Flags a request (with a reason) or clears the flag (and the reason). Flagging
    /// tells the parent, with the reason, in the same transaction; flagging again with
    /// the same reason tells them nothing new, and clearing the flag tells nothing.
    #[tracing::instrument(skip_all, fields(id = id))]
    pub fn flag_request(&self, actor: &Actor, id: i64, flagged: bool, reason: &str) -> Result<(), AdminError> {
        let reason = text("flagReason", reason, false, MAX_FLAG_REASON_CHARS)?;
        let stored = (flagged && !reason.is_empty()).then_some(reason.clone());
        let told = self.db.write(|c| {
            let Some(change) = moderation::flag(c, id, flagged, stored.as_deref())? else {
                return Err(AdminError::NotFound("Request"));
            };
            let action = if flagged { "request.flag" } else { "request.unflag" };
            audit::record(c, actor, action, format!("request {id}"), reason)?;
            if !flagged || change.unchanged {
                return Ok(None);
            }
            Ok(self.notifier.notify(
                c,
                &flagged_notice(change.parent, id, (change.subject_id.as_deref(), &change.subject), stored.as_deref()),
            )?)
        })?;
        self.notifier.announce(told.as_slice());
        Ok(())
    }

    /// Assigns a tutor to the request; `None` clears the assignment.
    #[tracing::instrument(skip_all, fields(id = id))]
    pub fn assign_tutor(&self, actor: &Actor, id: i64, tutor: Option<i64>) -> Result<(), AdminError> {
        self.db.write(|c| {
            if let Some(tutor) = tutor {
                assignable(c, UserId(tutor))?;
            }
            if !moderation::assign(c, id, tutor.map(UserId))? {
                return Err(AdminError::NotFound("Request"));
            }
            let details = tutor.map(|t| format!("tutor {t}")).unwrap_or_else(|| "unassigned".into());
            audit::record(c, actor, "request.assign", format!("request {id}"), details)?;
            Ok(())
        })
    }
}

/// Only a tutor who can take the work is assigned: an active account (not suspended) with a
/// subscription active today.
fn assignable(c: &mut hometutor_db::DbConnection, tutor: UserId) -> Result<(), AdminError> {
    let person = accounts::people(c, &[tutor.0])?.remove(&tutor);
    let Some(person) = person.filter(|p| p.role == Role::Tutor) else {
        return Err(AdminError::NotFound("Tutor"));
    };
    if !person.active {
        return Err(AdminError::Refused(Message::new("error-assign-tutor-suspended")));
    }
    if !person.subscription.at(hometutor_db::now()).active {
        return Err(AdminError::Refused(Message::new("error-assign-tutor-unsubscribed")));
    }
    Ok(())
}
