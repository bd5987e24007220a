//! Per-account upload limits, so that one account cannot fill the disk: bytes
//! kept (the sum of its files, as stored) and uploads per hour. Admins are exempt.
//! The hourly count comes from `upload_events`, one row per accepted upload kept
//! for an hour, so deleting a file does not give its upload back.

use chrono::{NaiveDateTime, TimeDelta};
use diesel::prelude::*;
use hometutor_core::{Role, UserId};
use hometutor_db::schema::{upload_events as ue, uploads as up};
use hometutor_db::DbConnection;

use crate::MediaError;

/// Bytes one account may keep stored.
pub const MAX_STORED_BYTES: u64 = 50 * 1024 * 1024;
/// Uploads one account may make in an hour.
pub const MAX_UPLOADS_PER_HOUR: u32 = 30;
const WINDOW: TimeDelta = TimeDelta::hours(1);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Quota {
    pub stored_bytes: u64,
    pub uploads_per_hour: u32,
}

impl Default for Quota {
    fn default() -> Self {
        Self { stored_bytes: MAX_STORED_BYTES, uploads_per_hour: MAX_UPLOADS_PER_HOUR }
    }
}

impl Quota {
    /// Whether `owner` may add a file of `adding` bytes at `at`, judged from what
    /// `c` sees. Inside the transaction that records the upload, call [`Quota::hold`] first.
    pub(crate) fn admits(
        &self,
        c: &mut DbConnection,
        owner: UserId,
        role: Role,
        adding: u64,
        at: NaiveDateTime,
    ) -> Result<(), MediaError> {
        if role == Role::Admin {
            return Ok(());
        }
        let recent: Vec<NaiveDateTime> = ue::table
            .filter(ue::owner_id.eq(owner.0))
            .filter(ue::created_at.gt(at - WINDOW))
            .select(ue::created_at)
            .order(ue::created_at.asc())
            .load(c)?;
        let limit = self.uploads_per_hour as usize;
        if recent.len() >= limit {
            // Another upload fits once all but `limit - 1` of these have left the window.
            let frees_at = recent.get(recent.len().saturating_sub(limit.max(1))).map_or(at, |t| *t) + WINDOW;
            let wait = (frees_at - at).num_milliseconds().max(0) as u64;
            return Err(MediaError::TooManyUploads {
                count: recent.len() as u32,
                // Never longer than the window: an upload recorded after `at` was read (uploads
                // racing this one) would otherwise ask for a second more than an hour.
                retry_after_secs: wait.div_ceil(1000).clamp(1, WINDOW.num_seconds() as u64),
            });
        }
        // Summed here, not in SQL: SUM of a BIGINT is NUMERIC on PostgreSQL, and an account has few files.
        let sizes: Vec<i64> = up::table.filter(up::owner_id.eq(owner.0)).select(up::size).load(c)?;
        let used: u64 = sizes.iter().map(|s| (*s).max(0) as u64).sum();
        if used.saturating_add(adding) > self.stored_bytes {
            return Err(MediaError::QuotaFull { limit_mb: self.stored_bytes.div_ceil(1024 * 1024) });
        }
        Ok(())
    }

    /// Inside a write transaction, before [`Quota::admits`]: makes concurrent uploads
    /// of one account take turns, so that two cannot both pass the check and both
    /// be recorded. PostgreSQL locks the account's row until commit (`NO KEY`: rows
    /// that merely reference the account are not held up). On SQLite the first
    /// statement, a write, takes the database's write lock before anything is read,
    /// which also holds when several processes share the file. Also forgets events
    /// that have left the window.
    pub(crate) fn hold(c: &mut DbConnection, owner: UserId, at: NaiveDateTime) -> Result<(), MediaError> {
        if let DbConnection::Pg(pg) = c {
            diesel::sql_query("SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE")
                .bind::<diesel::sql_types::BigInt, _>(owner.0)
                .execute(pg)?;
        }
        diesel::delete(ue::table.filter(ue::owner_id.eq(owner.0)).filter(ue::created_at.le(at - WINDOW))).execute(c)?;
        Ok(())
    }

    /// Counts an accepted upload towards the hourly limit.
    pub(crate) fn record(
        c: &mut DbConnection,
        owner: UserId,
        filename: &str,
        at: NaiveDateTime,
    ) -> Result<(), MediaError> {
        diesel::insert_into(ue::table)
            .values((ue::owner_id.eq(owner.0), ue::filename.eq(filename), ue::created_at.eq(at)))
            .execute(c)?;
        Ok(())
    }

    /// Takes back the count of an upload undone within its own request.
    pub(crate) fn unrecord(c: &mut DbConnection, filename: &str) -> Result<(), MediaError> {
        diesel::delete(ue::table.filter(ue::filename.eq(filename))).execute(c)?;
        Ok(())
    }
}
