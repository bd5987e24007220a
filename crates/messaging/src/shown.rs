//! What a person is shown of their chat partners in the conversation list. A parent's full name
//! and e-mail go only to a tutor the parent shares their contacts with (the tutor said they are
//! interested in one of the parent's requests and the parent has not stopped sharing:
//! tuition's rule, [`hometutor_tuition::contacts::shared_by`]); any other tutor sees the
//! parent's first name and initial ("Priya S.") and no e-mail, so writing to parents through
//! their requests harvests no addresses. Admins see everyone; everyone else sees tutors and
//! admins as today.

use std::collections::HashMap;

use diesel::prelude::*;
use hometutor_accounts as accounts;
use hometutor_core::{Role, UserId};
use hometutor_db::DbConnection;

/// A partner as the viewer may see them.
pub(crate) struct Shown {
    pub name: String,
    pub email: Option<String>,
}

/// "Priya S." for "Priya Sharma"; a one-word name as it is.
pub fn short_name(fullname: &str) -> String {
    let mut words = fullname.split_whitespace();
    let first = words.next().unwrap_or_default();
    match words.last().and_then(|w| w.chars().next()) {
        Some(initial) => format!("{first} {initial}."),
        None => first.to_string(),
    }
}

/// Each of `partners` as `viewer` may see them (partners whose account is gone are left out).
pub(crate) fn partners_for(c: &mut DbConnection, viewer: UserId, partners: &[i64]) -> QueryResult<HashMap<i64, Shown>> {
    let mut ids: Vec<i64> = partners.to_vec();
    ids.push(viewer.0);
    ids.sort_unstable();
    ids.dedup();
    let mut people = accounts::people(c, &ids)?;
    let viewer_role = people.get(&viewer).map(|p| p.role);
    let parents: Vec<i64> =
        people.values().filter(|p| p.role == Role::Parent && p.id != viewer).map(|p| p.id.0).collect();
    let sharing = match viewer_role {
        Some(Role::Admin) | Some(Role::Parent) => parents.iter().copied().collect(),
        _ => hometutor_tuition::contacts::shared_by(c, viewer, &parents)?,
    };
    Ok(partners
        .iter()
        .filter_map(|id| {
            let p = people.remove(&UserId(*id))?;
            let full = p.role != Role::Parent || p.id == viewer || sharing.contains(id);
            let shown = if full {
                Shown { name: p.fullname, email: Some(p.email) }
            } else {
                Shown { name: short_name(&p.fullname), email: None }
            };
            Some((*id, shown))
        })
        .collect())
}

/// The name `viewer` is shown for `person`, as the conversation list shows it (elsewhere a
/// person meets a partner, e.g. a demo class booked between them, it reads the same).
pub fn shown_name(c: &mut DbConnection, viewer: UserId, person: UserId) -> QueryResult<Option<String>> {
    Ok(partners_for(c, viewer, &[person.0])?.remove(&person.0).map(|s| s.name))
}

#[cfg(test)]
mod tests {
    use super::short_name;

    #[test]
    fn a_short_name_is_the_first_name_and_the_last_names_initial() {
        assert_eq!(short_name("Priya Sharma"), "Priya S.");
        assert_eq!(short_name("  Asha  Rani Kumar "), "Asha K.");
        assert_eq!(short_name("Ravi"), "Ravi");
        assert_eq!(short_name("प्रिया शर्मा"), "प्रिया श.");
    }
}
