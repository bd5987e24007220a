//! Stored bookings as one of their two sides reads them: names, photo, proposals and each
//! side's late cancellations, read for a whole list at once.

use std::collections::{HashMap, HashSet};

use diesel::QueryResult;
use hometutor_core::UserId;
use hometutor_db::DbConnection;

use super::model::{Booking, BookingParent, BookingTime, BookingTutor, Side};
use super::outcome_store;
use super::store::{self, Row};

/// `rows` as `viewer` reads them, in the same order.
pub fn read(c: &mut DbConnection, viewer: UserId, rows: Vec<Row>) -> QueryResult<Vec<Booking>> {
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let tutors: Vec<i64> = distinct(rows.iter().map(|r| r.tutor_id));
    let parents: Vec<i64> = distinct(rows.iter().map(|r| r.parent_id));
    let mut proposals = store::proposals(c, &ids)?;
    let mut outcomes = outcome_store::outcomes(c, &ids)?;
    let tutor_late = store::late_cancellations(c, &tutors, Side::Tutor)?;
    let parent_late = store::late_cancellations(c, &parents, Side::Parent)?;
    let tutor_names = hometutor_accounts::names(c, &tutors)?;
    let mut photos = HashMap::new();
    for t in &tutors {
        photos.insert(*t, hometutor_profiles::photo_of(c, UserId(*t))?);
    }
    let mut parent_names = HashMap::new();
    for p in &parents {
        let name = hometutor_messaging::shown_name(c, viewer, UserId(*p))?.unwrap_or_default();
        parent_names.insert(*p, name);
    }
    Ok(rows
        .into_iter()
        .map(|r| {
            let status = r.status();
            Booking {
                id: r.id,
                status,
                awaiting: r.awaiting.as_deref().and_then(Side::parse),
                starts_at: r.starts_at,
                ends_at: r.ends_at,
                proposals: proposals.remove(&r.id).unwrap_or_default().into_iter().map(BookingTime::from).collect(),
                tutor: BookingTutor {
                    id: r.tutor_id,
                    name: tutor_names.get(&UserId(r.tutor_id)).cloned().unwrap_or_default(),
                    photo_url: None,
                    photo: photos.get(&r.tutor_id).cloned().flatten(),
                },
                parent: BookingParent {
                    id: r.parent_id,
                    name: parent_names.get(&r.parent_id).cloned().unwrap_or_default(),
                },
                request_id: r.request_id,
                subject: r.subject,
                subject_id: r.subject_id,
                place: r.place,
                note: r.note,
                decline_reason: r.decline_reason,
                cancelled_by: r.cancelled_by.as_deref().and_then(Side::parse),
                cancel_note: r.cancel_note,
                late_cancellation: r.late_cancellation,
                reschedule_note: r.reschedule_note,
                no_show_reported_by: r.no_show_by.as_deref().and_then(Side::parse),
                outcome: outcomes.remove(&r.id).unwrap_or_default(),
                tutor_late_cancellations: tutor_late.get(&r.tutor_id).copied().unwrap_or(0),
                parent_late_cancellations: parent_late.get(&r.parent_id).copied().unwrap_or(0),
                created_at: r.created_at,
            }
        })
        .collect())
}

/// One booking as `viewer` reads it.
pub fn one(c: &mut DbConnection, viewer: UserId, row: Row) -> QueryResult<Booking> {
    let mut list = read(c, viewer, vec![row])?;
    list.pop().ok_or(diesel::result::Error::NotFound)
}

fn distinct(ids: impl Iterator<Item = i64>) -> Vec<i64> {
    let set: HashSet<i64> = ids.collect();
    let mut list: Vec<i64> = set.into_iter().collect();
    list.sort_unstable();
    list
}
