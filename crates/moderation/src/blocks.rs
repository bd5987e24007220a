//! Who refuses whom. A block is one-way: the blocker no longer hears from the blocked person
//! (messages, typing, interest) and is no longer shown to them (requests, profile).

use std::collections::HashSet;

use chrono::NaiveDateTime;
use diesel::prelude::*;
use hometutor_core::UserId;
use hometutor_db::id_list::one_of;
use hometutor_db::schema::blocks;
use hometutor_db::{now, DbConnection};

/// Records that `blocker` blocks `blocked`; blocking again changes nothing.
pub fn block(c: &mut DbConnection, blocker: UserId, blocked: UserId) -> QueryResult<()> {
    if !is_blocked(c, blocker, blocked)? {
        diesel::insert_into(blocks::table)
            .values((blocks::blocker_id.eq(blocker.0), blocks::blocked_id.eq(blocked.0), blocks::created_at.eq(now())))
            .execute(c)?;
    }
    Ok(())
}

/// Lifts `blocker`'s block of `blocked`, if there is one (nobody else's).
pub fn unblock(c: &mut DbConnection, blocker: UserId, blocked: UserId) -> QueryResult<()> {
    diesel::delete(blocks::table.filter(blocks::blocker_id.eq(blocker.0).and(blocks::blocked_id.eq(blocked.0))))
        .execute(c)?;
    Ok(())
}

/// Whether `blocker` blocks `blocked`.
pub fn is_blocked(c: &mut DbConnection, blocker: UserId, blocked: UserId) -> QueryResult<bool> {
    let found: i64 = blocks::table
        .filter(blocks::blocker_id.eq(blocker.0).and(blocks::blocked_id.eq(blocked.0)))
        .count()
        .get_result(c)?;
    Ok(found > 0)
}

/// Everyone who blocks `user`: whose requests and profile `user` is not shown.
pub fn blockers_of(c: &mut DbConnection, user: UserId) -> QueryResult<HashSet<i64>> {
    let ids: Vec<i64> = blocks::table.filter(blocks::blocked_id.eq(user.0)).select(blocks::blocker_id).load(c)?;
    Ok(ids.into_iter().collect())
}

/// The people `blocker` blocks, most recent first, with when.
pub fn blocked_by(c: &mut DbConnection, blocker: UserId) -> QueryResult<Vec<(UserId, NaiveDateTime)>> {
    let rows: Vec<(i64, NaiveDateTime)> = blocks::table
        .filter(blocks::blocker_id.eq(blocker.0))
        .order(blocks::created_at.desc())
        .select((blocks::blocked_id, blocks::created_at))
        .load(c)?;
    Ok(rows.into_iter().map(|(id, at)| (UserId(id), at)).collect())
}

/// Every (blocker, blocked) pair whose blocker is one of `blockers` (a person blocks few others,
/// so this is a short list).
pub fn pairs_of(c: &mut DbConnection, blockers: &[i64]) -> QueryResult<HashSet<(i64, i64)>> {
    if blockers.is_empty() {
        return Ok(HashSet::new());
    }
    let pairs: Vec<(i64, i64)> = blocks::table
        .filter(one_of(c, blocks::blocker_id, blockers))
        .select((blocks::blocker_id, blocks::blocked_id))
        .load(c)?;
    Ok(pairs.into_iter().collect())
}

/// Whether either of the two blocks the other.
pub fn either_blocks(c: &mut DbConnection, a: UserId, b: UserId) -> QueryResult<bool> {
    Ok(is_blocked(c, a, b)? || is_blocked(c, b, a)?)
}

// A person someone blocks, as their list of blocked people shows them (`GET /api/chat/blocks`
// answers with it).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = BlockedPersonDto))]
#[serde(rename_all = "camelCase")]
pub struct BlockedPerson {
    #[cfg_attr(feature = "openapi", schema(value_type = i64))]
    pub id: UserId,
    pub fullname: String,
    #[serde(serialize_with = "hometutor_core::utc::serialize")]
    pub blocked_at: NaiveDateTime,
}

/// The people `blocker` blocks, most recent first, with their names (the settings' list to unblock from).
pub fn list(db: &hometutor_db::Db, blocker: UserId) -> Result<Vec<BlockedPerson>, hometutor_db::DbError> {
    db.read(|c| {
        let blocked = blocked_by(c, blocker)?;
        let ids: Vec<i64> = blocked.iter().map(|(id, _)| id.0).collect();
        let names = hometutor_accounts::names(c, &ids)?;
        Ok::<_, hometutor_db::DbError>(
            blocked
                .into_iter()
                .map(|(id, blocked_at)| BlockedPerson {
                    fullname: names.get(&id).cloned().unwrap_or_default(),
                    id,
                    blocked_at,
                })
                .collect(),
        )
    })
}
