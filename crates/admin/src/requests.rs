//! Every tuition request, for moderation: flag (hidden from tutors' nearby
//! results) or unflag with a reason, and assign a tutor.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use hometutor_core::Role;
use hometutor_db::now;
use hometutor_db::schema::{tuition_interests as ti, tuition_requests as tr, users};

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

type Row =
    (i64, String, String, String, f64, f64, i64, String, String, bool, Option<String>, Option<i64>, NaiveDateTime);

/// A flag's reason holds at most this many characters.
pub const MAX_FLAG_REASON_CHARS: usize = 500;

impl AdminService {
    /// All requests, newest first.
    pub fn requests(&self) -> Result<Vec<AdminRequest>, AdminError> {
        self.db.read(|c| {
            let rows: Vec<Row> = tr::table
                .inner_join(users::table.on(users::id.eq(tr::parent_id)))
                .order(tr::id.desc())
                .select((
                    tr::id,
                    tr::subject,
                    tr::class_level,
                    tr::preferred_time,
                    tr::lat,
                    tr::lng,
                    tr::parent_id,
                    users::fullname,
                    users::email,
                    tr::flagged,
                    tr::flag_reason,
                    tr::assigned_tutor_id,
                    tr::created_at,
                ))
                .load(c)?;
            let counts: Vec<(i64, i64)> =
                ti::table.group_by(ti::request_id).select((ti::request_id, diesel::dsl::count_star())).load(c)?;
            let counts: std::collections::HashMap<i64, i64> = counts.into_iter().collect();
            Ok(rows
                .into_iter()
                .map(|r| AdminRequest {
                    interested_count: counts.get(&r.0).copied().unwrap_or(0),
                    id: r.0,
                    subject: r.1,
                    class_level: r.2,
                    preferred_time: r.3,
                    lat: r.4,
                    lng: r.5,
                    parent_id: r.6,
                    parent_name: r.7,
                    parent_email: r.8,
                    flagged: r.9,
                    flag_reason: r.10,
                    assigned_tutor_id: r.11,
                    created_at: r.12,
                })
                .collect())
        })
    }

    /// Flags a request (with a reason) or clears the flag (and the reason).
    pub fn flag_request(&self, actor: &Actor, id: i64, flagged: bool, reason: &str) -> Result<(), AdminError> {
        let reason = text("flagReason", reason, false, MAX_FLAG_REASON_CHARS)?;
        let stored = (flagged && !reason.is_empty()).then_some(reason.clone());
        self.db.write(|c| {
            let changed = diesel::update(tr::table.find(id))
                .set((tr::flagged.eq(flagged), tr::flag_reason.eq(stored), tr::updated_at.eq(now())))
                .execute(c)?;
            if changed == 0 {
                return Err(AdminError::NotFound("Request"));
            }
            let action = if flagged { "request.flag" } else { "request.unflag" };
            audit::record(c, actor, action, format!("request {id}"), reason)?;
            Ok(())
        })
    }

    /// Assigns a tutor to the request; `None` clears the assignment.
    pub fn assign_tutor(&self, actor: &Actor, id: i64, tutor: Option<i64>) -> Result<(), AdminError> {
        self.db.write(|c| {
            if let Some(tutor) = tutor {
                let role: Option<String> = users::table.find(tutor).select(users::role).first(c).optional()?;
                if role.as_deref() != Some(Role::Tutor.as_str()) {
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
