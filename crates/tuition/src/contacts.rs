//! Who met whom through a request, and on whose terms: a tutor who said they are interested in
//! one of a parent's requests learns the parent's phone and e-mail, until the parent stops
//! sharing them with that tutor (one switch per parent and tutor, whatever the request; the
//! parent may share again). Every view a tutor reads the parent's contacts or full name from —
//! nearby requests, an interest's answer, the conversation list, a message's sender — asks
//! [`shared_by`] here, so stopping takes effect everywhere at once.
//!
//! Profiles' "in touch" mark asks [`tutor_interested`]; the server hands it to `ProfileService`,
//! since this crate depends on profiles (for ratings) and not the other way round.

use std::collections::HashSet;

use diesel::prelude::*;
use hometutor_core::{Role, UserId};
use hometutor_db::id_list::one_of;
use hometutor_db::schema::{contact_withholds as cw, tuition_interests as ti, tuition_requests as tr};
use hometutor_db::{now, DbConnection};

use crate::{TuitionError, TuitionService};

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

/// Of `parents`, those who share their contacts with `tutor`: the tutor is interested in one of
/// their requests and the parent has not stopped sharing with them. One or two queries.
pub fn shared_by(c: &mut DbConnection, tutor: UserId, parents: &[i64]) -> QueryResult<HashSet<i64>> {
    if parents.is_empty() {
        return Ok(HashSet::new());
    }
    let met: HashSet<i64> = ti::table
        .inner_join(tr::table)
        .filter(ti::tutor_id.eq(tutor.0).and(one_of(c, tr::parent_id, parents)))
        .select(tr::parent_id)
        .distinct()
        .load::<i64>(c)?
        .into_iter()
        .collect();
    if met.is_empty() {
        return Ok(met);
    }
    let met_ids: Vec<i64> = met.iter().copied().collect();
    let withheld: HashSet<i64> = cw::table
        .filter(cw::tutor_id.eq(tutor.0).and(one_of(c, cw::parent_id, &met_ids)))
        .select(cw::parent_id)
        .load::<i64>(c)?
        .into_iter()
        .collect();
    Ok(met.difference(&withheld).copied().collect())
}

/// The tutors among `tutors` with whom `parent` stopped sharing.
pub fn withheld_from(c: &mut DbConnection, parent: UserId, tutors: &[i64]) -> QueryResult<HashSet<i64>> {
    if tutors.is_empty() {
        return Ok(HashSet::new());
    }
    Ok(cw::table
        .filter(cw::parent_id.eq(parent.0).and(one_of(c, cw::tutor_id, tutors)))
        .select(cw::tutor_id)
        .load::<i64>(c)?
        .into_iter()
        .collect())
}

impl TuitionService {
    /// The parent stops (`shared = false`) or starts again sharing their phone and e-mail with
    /// a tutor who is interested in request `id`. Only the request's parent may; a tutor who is
    /// not interested in it is not found. Sharing again is refused while either blocks the
    /// other (a block is a "no" to contact, whoever said it); stopping is always allowed.
    /// Saying the same twice changes nothing.
    #[tracing::instrument(skip_all, fields(parent = parent.0, id = id, tutor = tutor.0))]
    pub fn set_sharing(
        &self,
        parent: UserId,
        role: Role,
        id: i64,
        tutor: UserId,
        shared: bool,
    ) -> Result<(), TuitionError> {
        if role != Role::Parent {
            return Err(TuitionError::NotAParent);
        }
        self.db.write(|c| -> Result<(), TuitionError> {
            let interested: i64 = ti::table
                .inner_join(tr::table)
                .filter(ti::request_id.eq(id).and(ti::tutor_id.eq(tutor.0)).and(tr::parent_id.eq(parent.0)))
                .count()
                .get_result(c)?;
            if interested == 0 {
                return Err(TuitionError::NotFound);
            }
            if shared && hometutor_moderation::blocks::either_blocks(c, parent, tutor)? {
                return Err(TuitionError::SharingBlocked);
            }
            let pair = cw::table.filter(cw::parent_id.eq(parent.0).and(cw::tutor_id.eq(tutor.0)));
            let withheld: i64 = pair.count().get_result(c)?;
            match (shared, withheld > 0) {
                (true, true) => {
                    diesel::delete(pair).execute(c)?;
                }
                (false, false) => {
                    // In a savepoint: two clicks at once on PostgreSQL, the other one stopped it already.
                    let inserted = c.transaction(|c| {
                        diesel::insert_into(cw::table)
                            .values((cw::parent_id.eq(parent.0), cw::tutor_id.eq(tutor.0), cw::created_at.eq(now())))
                            .execute(c)
                    });
                    match inserted {
                        Err(diesel::result::Error::DatabaseError(
                            diesel::result::DatabaseErrorKind::UniqueViolation,
                            _,
                        )) => {}
                        other => {
                            other?;
                        }
                    }
                }
                _ => {}
            }
            Ok(())
        })
    }
}
