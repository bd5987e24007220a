//! Every tuition request, for moderation: flag (hidden from tutors' nearby
//! results) or unflag with a reason, and assign a tutor.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use hometutor_accounts as accounts;
use hometutor_core::{Role, UserId};
use hometutor_db::now;
use hometutor_db::schema::{tuition_interests as ti, tuition_requests as tr};
use hometutor_notifications::{Kind, Notice};

use crate::error::text;
use crate::{audit, Actor, AdminError, AdminService};

#[derive(Debug, Clone, PartialEq)]
pub struct AdminRequest {
    pub id: i64,
    pub subject: String,
    pub class_level: String,
    pub preferred_time: String,
    /// Exact, as the parent chose it: admins see it all.
    pub lat: f64,
    pub lng: f64,
    pub parent_id: i64,
    pub parent_name: String,
    pub parent_email: String,
    pub flagged: bool,
    pub flag_reason: Option<String>,
    pub assigned_tutor_id: Option<i64>,
    pub interested_count: i64,
    pub created_at: NaiveDateTime,
}

/// What a parent is told when an admin flags one of their requests.
fn flagged_notice(parent: UserId, request: i64, subject: &str, reason: Option<&str>) -> Notice {
    let body = match reason {
        Some(reason) => format!("An admin hid it from tutors. Reason: {reason}"),
        None => "An admin hid it from tutors. Edit it or contact support to have it shown again.".into(),
    };
    Notice {
        user: parent,
        kind: Kind::RequestFlagged,
        title: format!("Your {subject} request was flagged"),
        body,
        link: Some("/dashboard".into()),
        data: serde_json::json!({ "requestId": request, "reason": reason }),
        dedupe_key: None,
    }
}

type Row = (i64, String, String, String, f64, f64, i64, bool, Option<String>, Option<i64>, NaiveDateTime);

/// A flag's reason holds at most this many characters.
pub const MAX_FLAG_REASON_CHARS: usize = 500;

impl AdminService {
    /// All requests, newest first.
    #[tracing::instrument(skip_all)]
    pub fn requests(&self) -> Result<Vec<AdminRequest>, AdminError> {
        self.db.read(|c| {
            let rows: Vec<Row> = tr::table
                .order(tr::id.desc())
                .select((
                    tr::id,
                    tr::subject,
                    tr::class_level,
                    tr::preferred_time,
                    tr::lat,
                    tr::lng,
                    tr::parent_id,
                    tr::flagged,
                    tr::flag_reason,
                    tr::assigned_tutor_id,
                    tr::created_at,
                ))
                .load(c)?;
            let mut parent_ids: Vec<i64> = rows.iter().map(|r| r.6).collect();
            parent_ids.sort_unstable();
            parent_ids.dedup();
            let parents = accounts::people(c, &parent_ids)?;
            let counts: Vec<(i64, i64)> =
                ti::table.group_by(ti::request_id).select((ti::request_id, diesel::dsl::count_star())).load(c)?;
            let counts: std::collections::HashMap<i64, i64> = counts.into_iter().collect();
            // A request is its parent's (deleting an account deletes its requests), so every parent is found.
            Ok(rows
                .into_iter()
                .filter_map(|r| {
                    let parent = parents.get(&UserId(r.6))?;
                    Some(AdminRequest {
                        interested_count: counts.get(&r.0).copied().unwrap_or(0),
                        id: r.0,
                        subject: r.1,
                        class_level: r.2,
                        preferred_time: r.3,
                        lat: r.4,
                        lng: r.5,
                        parent_id: r.6,
                        parent_name: parent.fullname.clone(),
                        parent_email: parent.email.clone(),
                        flagged: r.7,
                        flag_reason: r.8,
                        assigned_tutor_id: r.9,
                        created_at: r.10,
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
            let before: Option<(i64, String, bool, Option<String>)> = tr::table
                .find(id)
                .select((tr::parent_id, tr::subject, tr::flagged, tr::flag_reason))
                .first(c)
                .optional()?;
            let Some((parent, subject, was_flagged, old_reason)) = before else {
                return Err(AdminError::NotFound("Request"));
            };
            diesel::update(tr::table.find(id))
                .set((tr::flagged.eq(flagged), tr::flag_reason.eq(&stored), tr::updated_at.eq(now())))
                .execute(c)?;
            let action = if flagged { "request.flag" } else { "request.unflag" };
            audit::record(c, actor, action, format!("request {id}"), reason)?;
            if !flagged || (was_flagged && old_reason == stored) {
                return Ok(None);
            }
            Ok(self.notifier.notify(c, &flagged_notice(UserId(parent), id, &subject, stored.as_deref()))?)
        })?;
        self.notifier.announce(told.as_slice());
        Ok(())
    }

    /// Assigns a tutor to the request; `None` clears the assignment.
    #[tracing::instrument(skip_all, fields(id = id))]
    pub fn assign_tutor(&self, actor: &Actor, id: i64, tutor: Option<i64>) -> Result<(), AdminError> {
        self.db.write(|c| {
            if let Some(tutor) = tutor {
                if accounts::role_of(c, UserId(tutor))? != Some(Role::Tutor) {
                    return Err(AdminError::NotFound("Tutor"));
                }
            }
            let changed = diesel::update(tr::table.find(id))
                .set((tr::assigned_tutor_id.eq(tutor), tr::updated_at.eq(now())))
                .execute(c)?;
            if changed == 0 {
                return Err(AdminError::NotFound("Request"));
            }
            let details = tutor.map(|t| format!("tutor {t}")).unwrap_or_else(|| "unassigned".into());
            audit::record(c, actor, "request.assign", format!("request {id}"), details)?;
            Ok(())
        })
    }
}
