//! Whether a tutor and a parent have met through a request: the tutor said they are interested
//! in one of the parent's requests (and so learnt the parent's contacts). Profiles' review rule
//! asks this; the server hands it to `ProfileService`, since this crate depends on profiles (for
//! ratings) and not the other way round.

use diesel::prelude::*;
use hometutor_core::UserId;
use hometutor_db::schema::{tuition_interests as ti, tuition_requests as tr};
use hometutor_db::DbConnection;

/// Whether `tutor` said they are interested in any of `parent`'s requests, whatever has
/// become of the request since.
pub fn tutor_interested(c: &mut DbConnection, parent: UserId, tutor: UserId) -> QueryResult<bool> {
    let interested: i64 = ti::table
        .inner_join(tr::table)
        .filter(ti::tutor_id.eq(tutor.0).and(tr::parent_id.eq(parent.0)))
        .count()
        .get_result(c)?;
    Ok(interested > 0)
}
