//! What `hometutor seed-demo` writes past the product's rules: parents' reviews of tutors they
//! never met through the site, and verifications without documents. A demo site's first look
//! needs ratings and badges; no route reaches these functions.

use diesel::prelude::*;
use hometutor_core::UserId;
use hometutor_db::schema::{reviews as rv, users, verification_submissions as vs};
use hometutor_db::{now, DbConnection};

use crate::verification::Checks;

/// A parent's review of a tutor, kept as given (no "in touch" rule, no notification). A pair
/// that already has a review keeps it.
pub fn add_review(c: &mut DbConnection, tutor: UserId, parent: UserId, rating: i32, comment: &str) -> QueryResult<()> {
    let exists: i64 =
        rv::table.filter(rv::tutor_id.eq(tutor.0).and(rv::parent_id.eq(parent.0))).count().get_result(c)?;
    if exists > 0 {
        return Ok(());
    }
    let at = now();
    diesel::insert_into(rv::table)
        .values((
            rv::tutor_id.eq(tutor.0),
            rv::parent_id.eq(parent.0),
            rv::rating.eq(rating),
            rv::comment.eq(comment),
            rv::created_at.eq(at),
            rv::updated_at.eq(at),
        ))
        .execute(c)?;
    Ok(())
}

/// An approved verification with `checks` (the ID among them, as an admin's approval needs), as
/// if an admin had decided it: the tutor's badge and the `approved` flag search filters on.
pub fn add_approved_verification(
    c: &mut DbConnection,
    tutor: UserId,
    qualification: &str,
    checks: Checks,
) -> QueryResult<()> {
    let at = now();
    diesel::insert_into(vs::table)
        .values((
            vs::tutor_id.eq(tutor.0),
            vs::id_kind.eq("aadhaar"),
            vs::aadhaar_masked.eq(true),
            vs::qualification.eq(qualification),
            vs::note.eq(""),
            vs::status.eq("approved"),
            vs::submitted_at.eq(at),
            vs::queued_at.eq(at),
            vs::name_changed.eq(false),
            vs::decided_at.eq(Some(at)),
            vs::id_checked.eq(checks.id),
            vs::qualification_checked.eq(checks.qualification),
            vs::police_checked.eq(checks.police),
        ))
        .execute(c)?;
    diesel::update(users::table.find(tutor.0)).set(users::approved.eq(true)).execute(c)?;
    Ok(())
}
