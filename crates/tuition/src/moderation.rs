//! What admins do to requests: list them all (exact points included), flag one (which hides
//! it from tutors, see [`crate::open`]) or clear its flag, and assign a tutor. Each runs on the
//! caller's connection, so the admin crate keeps its audit record and its notice to the parent
//! in the same transaction.

use std::collections::HashMap;

use chrono::NaiveDateTime;
use diesel::prelude::*;
use hometutor_core::UserId;
use hometutor_db::schema::{tuition_interests as ti, tuition_requests as tr};
use hometutor_db::{now, DbConnection};

/// A request as an admin sees it.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable)]
#[diesel(table_name = tr)]
pub struct ModeratedRequest {
    pub id: i64,
    pub subject: String,
    pub class_level: String,
    pub preferred_time: String,
    /// Vocabulary ids beside the words stored (`other`: the parent's own words); null only
    /// briefly after an upgrade. The server labels a chosen term in the reader's language by them.
    pub subject_id: Option<String>,
    pub class_id: Option<String>,
    /// Exact, as the parent chose it.
    pub lat: f64,
    pub lng: f64,
    #[diesel(column_name = parent_id)]
    pub parent: i64,
    pub flagged: bool,
    pub flag_reason: Option<String>,
    #[diesel(column_name = assigned_tutor_id)]
    pub assigned_tutor: Option<i64>,
    pub created_at: NaiveDateTime,
}

/// A flag's change, as the admin crate tells the parent about it.
#[derive(Debug, Clone, PartialEq)]
pub struct FlagChange {
    pub parent: UserId,
    pub subject: String,
    /// The subject's vocabulary id as stored (`other`: the subject is the parent's own words).
    pub subject_id: Option<String>,
    /// Flagged already, with the same reason: nothing new to tell.
    pub unchanged: bool,
}

/// Every request, newest first, with how many tutors said they are interested in each.
pub fn all_requests(c: &mut DbConnection) -> QueryResult<Vec<(ModeratedRequest, i64)>> {
    let rows: Vec<ModeratedRequest> = tr::table.order(tr::id.desc()).select(ModeratedRequest::as_select()).load(c)?;
    let counts: HashMap<i64, i64> = ti::table
        .group_by(ti::request_id)
        .select((ti::request_id, diesel::dsl::count_star()))
        .load::<(i64, i64)>(c)?
        .into_iter()
        .collect();
    Ok(rows
        .into_iter()
        .map(|r| {
            let count = counts.get(&r.id).copied().unwrap_or(0);
            (r, count)
        })
        .collect())
}

/// Parent, subject, subject id, flagged, flag reason.
type FlagRow = (i64, String, Option<String>, bool, Option<String>);

/// Flags the request with a reason (`None`: none given) or clears the flag and its reason;
/// `None` when there is no such request.
pub fn flag(c: &mut DbConnection, id: i64, flagged: bool, reason: Option<&str>) -> QueryResult<Option<FlagChange>> {
    let before: Option<FlagRow> = tr::table
        .find(id)
        .select((tr::parent_id, tr::subject, tr::subject_id, tr::flagged, tr::flag_reason))
        .first(c)
        .optional()?;
    let Some((parent, subject, subject_id, was_flagged, old_reason)) = before else {
        return Ok(None);
    };
    let reason = reason.filter(|_| flagged);
    diesel::update(tr::table.find(id))
        .set((tr::flagged.eq(flagged), tr::flag_reason.eq(reason), tr::updated_at.eq(now())))
        .execute(c)?;
    let unchanged = was_flagged && flagged && old_reason.as_deref() == reason;
    Ok(Some(FlagChange { parent: UserId(parent), subject, subject_id, unchanged }))
}

/// Assigns a tutor to the request (`None` clears it); `false` when there is no such request.
/// The caller checks that the tutor is one.
pub fn assign(c: &mut DbConnection, id: i64, tutor: Option<UserId>) -> QueryResult<bool> {
    let changed = diesel::update(tr::table.find(id))
        .set((tr::assigned_tutor_id.eq(tutor.map(|t| t.0)), tr::updated_at.eq(now())))
        .execute(c)?;
    Ok(changed > 0)
}

/// One request as an admin sees it (a report's context); `None` when there is no such request.
pub fn one(c: &mut DbConnection, id: i64) -> QueryResult<Option<ModeratedRequest>> {
    tr::table.find(id).select(ModeratedRequest::as_select()).first(c).optional()
}
