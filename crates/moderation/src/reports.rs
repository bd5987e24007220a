//! Reports: what a person reported (a profile, a request, a message, an interested tutor), why,
//! and what an admin decided. One report per reporter per target: a repeat is refused
//! ([`ReportError::AlreadyReported`]), so one angry person cannot count as many.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use hometutor_core::UserId;
use hometutor_db::schema::reports as r;
use hometutor_db::{now, DbConnection};

/// Longest free text kept with a report.
pub const MAX_DETAILS_CHARS: usize = 1000;

macro_rules! wire_enum {
    ($(#[$meta:meta])* $name:ident { $($variant:ident = $text:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
        pub enum $name { $(#[serde(rename = $text)] $variant),+ }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            pub fn as_str(self) -> &'static str {
                match self { $($name::$variant => $text),+ }
            }

            pub fn parse(text: &str) -> Option<Self> {
                match text { $($text => Some($name::$variant),)+ _ => None }
            }
        }
    };
}

// What is reported, as `POST /api/reports` takes it: a profile (`targetId` is the user's), a
// request, a message of the reporter's own conversation, or a tutor interested in the reporter's
// request (`targetId` the tutor's, `requestId` the request's).
wire_enum!(
    /// What is reported.
    #[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
    // The variants' serde names reach utoipa through the macro as groups it does not read.
    #[cfg_attr(feature = "openapi", schema(as = ReportTarget, rename_all = "snake_case"))]
    TargetKind { Profile = "profile", Request = "request", Message = "message", Interest = "interest" }
);

// Why, from the list a reporter picks from.
wire_enum!(
    /// Why, from the list.
    #[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
    #[cfg_attr(feature = "openapi", schema(as = ReportReason, rename_all = "snake_case"))]
    Reason {
        MoneyUpfront = "money_upfront",
        Spam = "spam",
        Harassment = "harassment",
        FakeProfile = "fake_profile",
        Unsafe = "unsafe",
        Other = "other",
    }
);

wire_enum!(
    /// What an admin decided.
    Outcome { Dismissed = "dismissed", Warned = "warned", Removed = "removed", Suspended = "suspended", Banned = "banned" }
);

#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    #[error("You have already reported this.")]
    AlreadyReported,
    #[error(transparent)]
    Query(#[from] DieselError),
}

/// A report as it is filed.
#[derive(Debug, Clone)]
pub struct NewReport {
    pub reporter: UserId,
    pub kind: TargetKind,
    pub target_id: i64,
    /// The account it is about.
    pub reported: UserId,
    /// The request an interested tutor was reported from.
    pub request_id: Option<i64>,
    pub reason: Reason,
    pub details: String,
}

// A report as it is stored, and as the admins' report queue answers with it.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = ReportDto))]
#[serde(rename_all = "camelCase")]
pub struct Report {
    pub id: i64,
    #[serde(rename = "reporterId")]
    #[cfg_attr(feature = "openapi", schema(value_type = i64))]
    pub reporter: UserId,
    /// profile, request, message or interest.
    #[serde(rename = "target")]
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub kind: TargetKind,
    pub target_id: i64,
    #[serde(rename = "reportedId")]
    #[cfg_attr(feature = "openapi", schema(value_type = i64))]
    pub reported: UserId,
    pub request_id: Option<i64>,
    /// money_upfront, spam, harassment, fake_profile, unsafe or other.
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub reason: Reason,
    pub details: String,
    /// dismissed, warned, removed, suspended or banned; null while open.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
    pub outcome: Option<Outcome>,
    #[serde(serialize_with = "hometutor_core::utc::serialize")]
    pub created_at: NaiveDateTime,
    #[serde(serialize_with = "hometutor_core::utc::serialize_option")]
    pub decided_at: Option<NaiveDateTime>,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = r)]
struct Row {
    id: i64,
    reporter_id: i64,
    target_kind: String,
    target_id: i64,
    reported_id: i64,
    request_id: Option<i64>,
    reason: String,
    details: String,
    outcome: Option<String>,
    created_at: NaiveDateTime,
    decided_at: Option<NaiveDateTime>,
}

impl Row {
    fn into_report(self) -> Report {
        Report {
            id: self.id,
            reporter: UserId(self.reporter_id),
            // Only this module writes these columns, from the same enums.
            kind: TargetKind::parse(&self.target_kind).unwrap_or(TargetKind::Profile),
            target_id: self.target_id,
            reported: UserId(self.reported_id),
            request_id: self.request_id,
            reason: Reason::parse(&self.reason).unwrap_or(Reason::Other),
            details: self.details,
            outcome: self.outcome.as_deref().and_then(Outcome::parse),
            created_at: self.created_at,
            decided_at: self.decided_at,
        }
    }
}

fn reports(rows: Vec<Row>) -> Vec<Report> {
    rows.into_iter().map(Row::into_report).collect()
}

/// Files a report; the unique (reporter, kind, target) index refuses a repeat, even a concurrent one.
pub fn file(c: &mut DbConnection, new: &NewReport) -> Result<i64, ReportError> {
    let details: String = new.details.trim().chars().take(MAX_DETAILS_CHARS).collect();
    let inserted = diesel::insert_into(r::table)
        .values((
            r::reporter_id.eq(new.reporter.0),
            r::target_kind.eq(new.kind.as_str()),
            r::target_id.eq(new.target_id),
            r::reported_id.eq(new.reported.0),
            r::request_id.eq(new.request_id),
            r::reason.eq(new.reason.as_str()),
            r::details.eq(details),
            r::created_at.eq(now()),
        ))
        .returning(r::id)
        .get_result(c);
    match inserted {
        Err(DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => Err(ReportError::AlreadyReported),
        other => Ok(other?),
    }
}

pub fn find(c: &mut DbConnection, id: i64) -> QueryResult<Option<Report>> {
    Ok(r::table.find(id).select(Row::as_select()).first(c).optional()?.map(Row::into_report))
}

/// Open reports, oldest first.
pub fn open(c: &mut DbConnection, limit: i64) -> QueryResult<Vec<Report>> {
    let rows = r::table
        .filter(r::decided_at.is_null())
        .order((r::created_at.asc(), r::id.asc()))
        .limit(limit)
        .select(Row::as_select())
        .load(c)?;
    Ok(reports(rows))
}

/// Every report about `reported`, newest first (an admin's view of an account's history).
pub fn about(c: &mut DbConnection, reported: UserId) -> QueryResult<Vec<Report>> {
    let rows = r::table
        .filter(r::reported_id.eq(reported.0))
        .order((r::created_at.desc(), r::id.desc()))
        .select(Row::as_select())
        .load(c)?;
    Ok(reports(rows))
}

/// How many reports are open, and when the oldest was filed.
pub fn open_summary(c: &mut DbConnection) -> QueryResult<(i64, Option<NaiveDateTime>)> {
    let (count, oldest) = r::table
        .filter(r::decided_at.is_null())
        .select((diesel::dsl::count_star(), diesel::dsl::min(r::created_at)))
        .first::<(i64, Option<NaiveDateTime>)>(c)?;
    Ok((count, oldest))
}

/// Decides the report and every other open report on the same target with one outcome; answers
/// the reports decided now (their reporters are told), empty when the report was decided already.
pub fn decide(c: &mut DbConnection, id: i64, outcome: Outcome, admin: UserId) -> QueryResult<Vec<Report>> {
    let Some(report) = find(c, id)? else {
        return Ok(Vec::new());
    };
    if report.decided_at.is_some() {
        return Ok(Vec::new());
    }
    let same_target = r::target_kind.eq(report.kind.as_str()).and(r::target_id.eq(report.target_id));
    let ids: Vec<i64> = diesel::update(r::table.filter(same_target).filter(r::decided_at.is_null()))
        .set((r::outcome.eq(outcome.as_str()), r::decided_by.eq(admin.0), r::decided_at.eq(now())))
        .returning(r::id)
        .get_results(c)?;
    let rows = r::table.filter(r::id.eq_any(&ids)).order(r::id.asc()).select(Row::as_select()).load(c)?;
    Ok(reports(rows))
}
