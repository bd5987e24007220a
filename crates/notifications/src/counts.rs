//! How many notifications of a kind users were sent lately: what a per-user daily cap
//! (the tutors' 20 new-request alerts a day) counts before sending another.

use std::collections::HashMap;

use chrono::NaiveDateTime;
use diesel::prelude::*;
use hometutor_db::schema::notifications as n;
use hometutor_db::DbConnection;

use crate::Kind;

/// For each of `users` that has any, the number of `kind` notifications created after `since`.
pub fn sent_since(
    conn: &mut DbConnection,
    users: &[i64],
    kind: Kind,
    since: NaiveDateTime,
) -> QueryResult<HashMap<i64, i64>> {
    let mut counts = HashMap::new();
    // In slices, to stay under SQLite's limit on bound parameters.
    for chunk in users.chunks(5_000) {
        let rows: Vec<(i64, i64)> = n::table
            .filter(n::user_id.eq_any(chunk).and(n::kind.eq(kind.as_str())).and(n::created_at.gt(since)))
            .group_by(n::user_id)
            .select((n::user_id, diesel::dsl::count_star()))
            .load(conn)?;
        counts.extend(rows);
    }
    Ok(counts)
}
