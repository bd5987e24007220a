//! The `booking_outcomes` and `booking_assignments` tables: this module's queries are the only ones.

use std::collections::HashMap;

use chrono::{Duration, NaiveDateTime};
use diesel::prelude::*;
use hometutor_db::id_list::one_of;
use hometutor_db::schema::{booking_assignments as ba, booking_outcomes as bo};
use hometutor_db::DbConnection;

use super::model::{BookingOutcome, OutcomeAnswer, Side};

/// A side may correct its answer for this long after first giving it.
pub const CORRECTABLE_HOURS: i64 = 48;

/// A stored answer.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable)]
#[diesel(table_name = bo)]
pub struct AnswerRow {
    pub booking_id: i64,
    pub side: String,
    pub happened: bool,
    pub continues: Option<bool>,
    pub note: Option<String>,
    pub answered_at: NaiveDateTime,
}

impl AnswerRow {
    pub fn correctable_until(&self) -> NaiveDateTime {
        self.answered_at + Duration::hours(CORRECTABLE_HOURS)
    }

    fn answer(self) -> OutcomeAnswer {
        OutcomeAnswer {
            correctable_until: self.correctable_until(),
            happened: self.happened,
            continues: self.continues,
            note: self.note,
            answered_at: self.answered_at,
        }
    }
}

/// `side`'s answer on booking `id`, if given.
pub fn answer_of(c: &mut DbConnection, id: i64, side: Side) -> QueryResult<Option<AnswerRow>> {
    bo::table
        .filter(bo::booking_id.eq(id).and(bo::side.eq(side.as_str())))
        .select(AnswerRow::as_select())
        .first(c)
        .optional()
}

/// Writes `side`'s answer: the first one, or a correction (which keeps the first's time).
pub fn save(
    c: &mut DbConnection,
    id: i64,
    side: Side,
    happened: bool,
    continues: Option<bool>,
    note: Option<String>,
    at: NaiveDateTime,
) -> QueryResult<()> {
    let mine = bo::booking_id.eq(id).and(bo::side.eq(side.as_str()));
    let changed = diesel::update(bo::table.filter(mine))
        .set((bo::happened.eq(happened), bo::continues.eq(continues), bo::note.eq(&note), bo::updated_at.eq(at)))
        .execute(c)?;
    if changed == 0 {
        diesel::insert_into(bo::table)
            .values((
                bo::booking_id.eq(id),
                bo::side.eq(side.as_str()),
                bo::happened.eq(happened),
                bo::continues.eq(continues),
                bo::note.eq(note),
                bo::answered_at.eq(at),
                bo::updated_at.eq(at),
            ))
            .execute(c)?;
    }
    Ok(())
}

/// The request booking `id`'s tutor was assigned to through it, if any (`Some(None)`: assigned,
/// and the request has since been deleted).
pub fn assignment(c: &mut DbConnection, id: i64) -> QueryResult<Option<Option<i64>>> {
    ba::table.find(id).select(ba::request_id).first(c).optional()
}

pub fn assign(c: &mut DbConnection, id: i64, request: i64, at: NaiveDateTime) -> QueryResult<()> {
    diesel::insert_into(ba::table)
        .values((ba::booking_id.eq(id), ba::request_id.eq(Some(request)), ba::created_at.eq(at)))
        .execute(c)?;
    Ok(())
}

/// The outcomes of each of `ids`, by booking.
pub fn outcomes(c: &mut DbConnection, ids: &[i64]) -> QueryResult<HashMap<i64, BookingOutcome>> {
    let mut by_booking: HashMap<i64, BookingOutcome> = HashMap::new();
    if ids.is_empty() {
        return Ok(by_booking);
    }
    let rows: Vec<AnswerRow> = bo::table.filter(one_of(c, bo::booking_id, ids)).select(AnswerRow::as_select()).load(c)?;
    for row in rows {
        let outcome = by_booking.entry(row.booking_id).or_default();
        match Side::parse(&row.side) {
            Some(Side::Parent) => outcome.parent = Some(row.answer()),
            Some(Side::Tutor) => outcome.tutor = Some(row.answer()),
            None => {}
        }
    }
    let assigned: Vec<(i64, Option<i64>)> =
        ba::table.filter(one_of(c, ba::booking_id, ids)).select((ba::booking_id, ba::request_id)).load(c)?;
    for (id, request) in assigned {
        by_booking.entry(id).or_default().assigned_request_id = request;
    }
    for outcome in by_booking.values_mut() {
        let said = [&outcome.parent, &outcome.tutor].map(|a| a.as_ref().map(|a| a.happened));
        outcome.took_place = said.contains(&Some(true)) && !said.contains(&Some(false));
    }
    Ok(by_booking)
}
