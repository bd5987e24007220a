//! The `bookings` and `booking_proposals` tables: this module's queries are the only ones.

use std::collections::HashMap;

use chrono::NaiveDateTime;
use diesel::prelude::*;
use hometutor_core::UserId;
use hometutor_db::id_list::one_of;
use hometutor_db::schema::{booking_proposals as bp, bookings as b};
use hometutor_db::DbConnection;

use super::{Side, Status};
use crate::free::Interval;

/// A stored booking as read.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable)]
#[diesel(table_name = b)]
pub struct Row {
    pub id: i64,
    pub tutor_id: i64,
    pub parent_id: i64,
    pub request_id: Option<i64>,
    pub status: String,
    pub awaiting: Option<String>,
    pub starts_at: Option<NaiveDateTime>,
    pub ends_at: Option<NaiveDateTime>,
    pub subject: Option<String>,
    pub subject_id: Option<String>,
    pub place: Option<String>,
    pub note: Option<String>,
    pub decline_reason: Option<String>,
    pub cancelled_by: Option<String>,
    pub cancel_note: Option<String>,
    pub late_cancellation: bool,
    pub reschedule_note: Option<String>,
    pub no_show_by: Option<String>,
    pub created_at: NaiveDateTime,
    /// The calendar event's SEQUENCE (`calendar`).
    pub calendar_sequence: i32,
}

impl Row {
    pub fn status(&self) -> Status {
        Status::parse(&self.status).unwrap_or(Status::Cancelled)
    }

    /// The side `user` is on, if either.
    pub fn side_of(&self, user: UserId) -> Option<Side> {
        if user.0 == self.parent_id {
            Some(Side::Parent)
        } else if user.0 == self.tutor_id {
            Some(Side::Tutor)
        } else {
            None
        }
    }

    pub fn time(&self) -> Option<Interval> {
        Some(Interval { start: self.starts_at?, end: self.ends_at? })
    }
}

/// A new booking's columns.
#[derive(Insertable)]
#[diesel(table_name = b)]
pub struct NewRow<'a> {
    pub tutor_id: i64,
    pub parent_id: i64,
    pub request_id: Option<i64>,
    pub status: &'a str,
    pub awaiting: Option<&'a str>,
    pub starts_at: Option<NaiveDateTime>,
    pub ends_at: Option<NaiveDateTime>,
    pub subject: Option<String>,
    pub subject_id: Option<String>,
    pub place: Option<String>,
    pub note: Option<String>,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

/// Inserts a booking and its proposals; returns its id.
pub fn insert(c: &mut DbConnection, row: &NewRow<'_>, proposals: &[Interval]) -> QueryResult<i64> {
    let id: i64 = match c {
        DbConnection::Sqlite(c) => diesel::insert_into(b::table).values(row).returning(b::id).get_result(c)?,
        DbConnection::Pg(c) => diesel::insert_into(b::table).values(row).returning(b::id).get_result(c)?,
    };
    for p in proposals {
        diesel::insert_into(bp::table)
            .values((bp::booking_id.eq(id), bp::starts_at.eq(p.start), bp::ends_at.eq(p.end)))
            .execute(c)?;
    }
    Ok(id)
}

pub fn find(c: &mut DbConnection, id: i64) -> QueryResult<Option<Row>> {
    b::table.find(id).select(Row::as_select()).first(c).optional()
}

/// Every booking `user` is the parent (or the tutor) of, newest first.
pub fn of(c: &mut DbConnection, user: UserId, side: Side) -> QueryResult<Vec<Row>> {
    let select = Row::as_select();
    match side {
        Side::Parent => b::table.filter(b::parent_id.eq(user.0)).order(b::id.desc()).select(select).load(c),
        Side::Tutor => b::table.filter(b::tutor_id.eq(user.0)).order(b::id.desc()).select(select).load(c),
    }
}

/// The ids of the bookings between `parent` and `tutor`.
pub fn between(c: &mut DbConnection, parent: UserId, tutor: UserId) -> QueryResult<Vec<i64>> {
    b::table.filter(b::parent_id.eq(parent.0).and(b::tutor_id.eq(tutor.0))).select(b::id).load(c)
}

/// The tutor's times taken by bookings that hold them (requested or confirmed) and end after
/// `from`, but booking `except`'s own.
pub fn busy(
    c: &mut DbConnection,
    tutor: UserId,
    from: NaiveDateTime,
    except: Option<i64>,
) -> QueryResult<Vec<Interval>> {
    let holding = [Status::Requested.as_str(), Status::Confirmed.as_str()];
    let rows: Vec<(Option<NaiveDateTime>, Option<NaiveDateTime>)> = b::table
        .filter(b::tutor_id.eq(tutor.0).and(b::ends_at.gt(from)).and(b::status.eq_any(holding)))
        .filter(b::id.ne(except.unwrap_or(0)))
        .select((b::starts_at, b::ends_at))
        .load(c)?;
    let mut busy: Vec<Interval> = rows.into_iter().filter_map(|(s, e)| Some(Interval { start: s?, end: e? })).collect();
    busy.sort();
    Ok(busy)
}

/// The proposals of each of `ids`, by booking, soonest first.
pub fn proposals(c: &mut DbConnection, ids: &[i64]) -> QueryResult<HashMap<i64, Vec<Interval>>> {
    let mut by_booking: HashMap<i64, Vec<Interval>> = HashMap::new();
    if ids.is_empty() {
        return Ok(by_booking);
    }
    let rows: Vec<(i64, NaiveDateTime, NaiveDateTime)> = bp::table
        .filter(one_of(c, bp::booking_id, ids))
        .order((bp::booking_id, bp::starts_at))
        .select((bp::booking_id, bp::starts_at, bp::ends_at))
        .load(c)?;
    for (id, start, end) in rows {
        by_booking.entry(id).or_default().push(Interval { start, end });
    }
    Ok(by_booking)
}

/// Late cancellations made by each of `users` on their `side` of bookings.
pub fn late_cancellations(c: &mut DbConnection, users: &[i64], side: Side) -> QueryResult<HashMap<i64, i64>> {
    if users.is_empty() {
        return Ok(HashMap::new());
    }
    let late = b::late_cancellation.eq(true).and(b::cancelled_by.eq(side.as_str()));
    let rows: Vec<(i64, i64)> = match side {
        Side::Tutor => b::table
            .filter(late.and(one_of(c, b::tutor_id, users)))
            .group_by(b::tutor_id)
            .select((b::tutor_id, diesel::dsl::count_star()))
            .load(c)?,
        Side::Parent => b::table
            .filter(late.and(one_of(c, b::parent_id, users)))
            .group_by(b::parent_id)
            .select((b::parent_id, diesel::dsl::count_star()))
            .load(c)?,
    };
    Ok(rows.into_iter().collect())
}

/// A change to a booking: each `Some` column is set (`Some(None)` clears it).
#[derive(Default, AsChangeset)]
#[diesel(table_name = b)]
pub struct Change<'a> {
    pub status: Option<&'a str>,
    pub awaiting: Option<Option<&'a str>>,
    pub starts_at: Option<Option<NaiveDateTime>>,
    pub ends_at: Option<Option<NaiveDateTime>>,
    pub decline_reason: Option<Option<String>>,
    pub cancelled_by: Option<Option<&'a str>>,
    pub cancel_note: Option<Option<String>>,
    pub late_cancellation: Option<bool>,
    pub reschedule_note: Option<Option<String>>,
    pub no_show_by: Option<Option<&'a str>>,
    pub updated_at: Option<NaiveDateTime>,
}

/// Writes `change` to booking `id`; its proposals go once it has a time of its own.
pub fn update(c: &mut DbConnection, id: i64, change: &Change<'_>, drop_proposals: bool) -> QueryResult<()> {
    diesel::update(b::table.find(id)).set(change).execute(c)?;
    // Every change is a new version of the calendar event; a new time is reminded afresh.
    diesel::update(b::table.find(id)).set(b::calendar_sequence.eq(b::calendar_sequence + 1)).execute(c)?;
    if let Some(Some(start)) = change.starts_at {
        let at = change.updated_at.unwrap_or_else(hometutor_db::now);
        // Less than 24 hours ahead: its 24-hour reminder is done without being sent (no late
        // "tomorrow"; see `reminders`).
        let day_done = (start - chrono::Duration::hours(24) < at).then_some(at);
        diesel::update(b::table.find(id))
            .set((b::reminded_day_at.eq(day_done), b::reminded_hour_at.eq(None::<NaiveDateTime>)))
            .execute(c)?;
    }
    if drop_proposals {
        diesel::delete(bp::table.filter(bp::booking_id.eq(id))).execute(c)?;
    }
    Ok(())
}
