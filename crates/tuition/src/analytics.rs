//! Counts of tutors' interest for the admins' reports (crates/admin).

use diesel::dsl::count_star;
use diesel::prelude::*;
use hometutor_db::schema::tuition_interests as ti;
use hometutor_db::DbConnection;

/// How many requests each tutor said they are interested in: (tutor, count), for every tutor
/// with at least one, in no particular order.
pub fn interests_per_tutor(c: &mut DbConnection) -> QueryResult<Vec<(i64, i64)>> {
    ti::table.group_by(ti::tutor_id).select((ti::tutor_id, count_star())).load(c)
}
