//! A tutor's first message to a parent counts against the same daily cap as an interest
//! (tuition's rule and count, [`hometutor_tuition::first_contacts`]). Read for the writes only:
//! the tutors who may write a first message in this call are locked first (their user rows, in
//! id order), so two calls — on one process or several — cannot both pass the cap; then what
//! each has left today is counted.

use std::collections::{HashMap, HashSet};

use chrono::NaiveDateTime;
use diesel::prelude::*;
use hometutor_accounts as accounts;
use hometutor_core::UserId;
use hometutor_db::DbConnection;
use hometutor_tuition::first_contacts;

use crate::contact::{Attempt, Facts};

/// What the tutors of one call may still do today.
pub(crate) struct Cap {
    /// Tutor → first contacts left today.
    pub left: HashMap<i64, i64>,
    /// (tutor, parent) pairs whose first message is counted (not already met through an interest).
    pub counted: HashSet<(i64, i64)>,
}

impl Cap {
    /// Locks and counts for every tutor of `attempts` whose message would be a first contact.
    pub fn load(c: &mut DbConnection, facts: &Facts, attempts: &[Attempt], at: NaiveDateTime) -> QueryResult<Self> {
        let firsts: Vec<&Attempt> = attempts.iter().filter(|a| facts.first_message(a)).collect();
        let mut tutors: Vec<i64> = firsts.iter().map(|a| a.from.0).collect();
        tutors.sort_unstable();
        tutors.dedup();
        let mut left = HashMap::new();
        for tutor in &tutors {
            accounts::lock(c, UserId(*tutor))?;
            left.insert(*tutor, first_contacts::left_today(c, UserId(*tutor), at)?);
        }
        let mut counted = HashSet::new();
        for a in firsts {
            if counted.contains(&(a.from.0, a.to.0)) {
                continue;
            }
            if first_contacts::message_counts(c, a.from, a.to)? {
                counted.insert((a.from.0, a.to.0));
            }
        }
        Ok(Self { left, counted })
    }
}

/// Puts the counted first messages of a call on record (tuition's count of first contacts).
pub(crate) fn record_first_messages(
    c: &mut DbConnection,
    firsts: &[(UserId, UserId, Option<i64>)],
    at: NaiveDateTime,
) -> QueryResult<()> {
    for (tutor, parent, request) in firsts {
        first_contacts::record_first_message(c, *tutor, *parent, *request, at)?;
    }
    Ok(())
}
