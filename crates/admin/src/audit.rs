//! The audit log: who did what, to what, when. Written inside the transaction
//! of the change it records, so a change and its entry land (or fail) together.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use hometutor_db::schema::audit_log as al;
use hometutor_db::{now, DbConnection};

use crate::{Actor, AdminError, AdminService};

// Also what the admin's audit log answers with.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = AuditEntryDto))]
#[serde(rename_all = "camelCase")]
#[diesel(table_name = al)]
pub struct AuditEntry {
    pub id: i64,
    pub admin_id: i64,
    pub admin_email: String,
    pub action: String,
    pub target: String,
    pub details: String,
    #[serde(serialize_with = "hometutor_core::utc::serialize")]
    pub created_at: NaiveDateTime,
    /// The client address the action came from (empty for entries older than this field).
    pub client_address: String,
}

pub(crate) fn record(
    conn: &mut DbConnection,
    actor: &Actor,
    action: &str,
    target: impl Into<String>,
    details: impl Into<String>,
) -> QueryResult<()> {
    diesel::insert_into(al::table)
        .values((
            al::admin_id.eq(actor.id.0),
            al::admin_email.eq(&actor.email),
            al::action.eq(action),
            al::target.eq(target.into()),
            al::details.eq(details.into()),
            al::created_at.eq(now()),
            al::client_address.eq(&actor.address),
        ))
        .execute(conn)
        .map(|_| ())
}

impl AdminService {
    /// The newest entries first, `limit` at most.
    #[tracing::instrument(skip_all, fields(limit = limit))]
    pub fn audit_log(&self, limit: i64) -> Result<Vec<AuditEntry>, AdminError> {
        self.db.read(|c| {
            al::table
                .order(al::id.desc())
                .limit(limit.clamp(1, 500))
                .select(AuditEntry::as_select())
                .load(c)
                .map_err(AdminError::from)
        })
    }
}
