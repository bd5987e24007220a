//! The `lesson_plans` and `lessons` tables: this module's queries are the only ones.

use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;
use hometutor_core::UserId;
use hometutor_db::id_list::one_of;
use hometutor_db::schema::{lesson_plans as lp, lessons as l};
use hometutor_db::DbConnection;

use super::model::{confirms_at, status_at, Facts, Lesson, LessonStatus};
use crate::free::Interval;
use crate::ist::{self, Weekday};

#[derive(Debug, Clone, PartialEq, Queryable, Selectable)]
#[diesel(table_name = lp)]
pub struct PlanRow {
    pub id: i64,
    pub tutor_id: i64,
    pub parent_id: i64,
    pub request_id: Option<i64>,
    pub booking_id: Option<i64>,
    pub subject: Option<String>,
    pub subject_id: Option<String>,
    pub weekdays: String,
    pub start_minute: i32,
    pub minutes: i32,
    pub first_day: NaiveDate,
    pub last_day: NaiveDate,
    pub fee_per_lesson: i64,
}

impl PlanRow {
    /// Whether `user` is its tutor or its parent.
    pub fn party(&self, user: UserId) -> bool {
        user.0 == self.tutor_id || user.0 == self.parent_id
    }

    pub fn weekdays(&self) -> Vec<Weekday> {
        self.weekdays.split(',').filter_map(|n| n.trim().parse().ok()).filter_map(Weekday::from_number).collect()
    }
}

#[derive(Insertable)]
#[diesel(table_name = lp)]
pub struct NewPlan {
    pub tutor_id: i64,
    pub parent_id: i64,
    pub request_id: Option<i64>,
    pub booking_id: Option<i64>,
    pub subject: Option<String>,
    pub subject_id: Option<String>,
    pub weekdays: String,
    pub start_minute: i32,
    pub minutes: i32,
    pub first_day: NaiveDate,
    pub last_day: NaiveDate,
    pub fee_per_lesson: i64,
    pub created_at: NaiveDateTime,
}

#[derive(Debug, Clone, PartialEq, Queryable, Selectable)]
#[diesel(table_name = l)]
pub struct LessonRow {
    pub id: i64,
    pub plan_id: i64,
    pub tutor_id: i64,
    pub parent_id: i64,
    pub starts_at: NaiveDateTime,
    pub ends_at: NaiveDateTime,
    pub cancelled_at: Option<NaiveDateTime>,
    pub cancel_note: Option<String>,
    pub parent_answer: Option<String>,
    pub dispute_note: Option<String>,
    pub topic: Option<String>,
    pub homework: Option<String>,
}

impl LessonRow {
    pub fn status(&self, now: NaiveDateTime) -> (LessonStatus, bool) {
        let cancelled = self.cancelled_at.is_some();
        let facts = Facts { ends_at: self.ends_at, cancelled, answer: self.parent_answer.as_deref() };
        status_at(facts, now)
    }

    /// The lesson as read at `now`.
    pub fn view(self, now: NaiveDateTime) -> Lesson {
        let (status, auto_confirmed) = self.status(now);
        Lesson {
            id: self.id,
            plan_id: self.plan_id,
            starts_at: self.starts_at,
            ends_at: self.ends_at,
            date: ist::today(self.starts_at),
            status,
            auto_confirmed,
            confirms_at: (status == LessonStatus::Held).then(|| confirms_at(self.ends_at)),
            cancel_note: self.cancel_note,
            dispute_note: self.dispute_note,
            topic: self.topic,
            homework: self.homework,
        }
    }
}

/// Inserts a plan and its lessons; returns the plan's id.
pub fn insert(c: &mut DbConnection, plan: &NewPlan, lessons: &[Interval]) -> QueryResult<i64> {
    let id: i64 = match c {
        DbConnection::Sqlite(c) => diesel::insert_into(lp::table).values(plan).returning(lp::id).get_result(c)?,
        DbConnection::Pg(c) => diesel::insert_into(lp::table).values(plan).returning(lp::id).get_result(c)?,
    };
    for lesson in lessons {
        diesel::insert_into(l::table)
            .values((
                l::plan_id.eq(id),
                l::tutor_id.eq(plan.tutor_id),
                l::parent_id.eq(plan.parent_id),
                l::starts_at.eq(lesson.start),
                l::ends_at.eq(lesson.end),
            ))
            .execute(c)?;
    }
    Ok(id)
}

pub fn plan(c: &mut DbConnection, id: i64) -> QueryResult<Option<PlanRow>> {
    lp::table.find(id).select(PlanRow::as_select()).first(c).optional()
}

/// Every plan `user` is the tutor or the parent of, newest first.
pub fn plans_of(c: &mut DbConnection, user: UserId) -> QueryResult<Vec<PlanRow>> {
    lp::table
        .filter(lp::tutor_id.eq(user.0).or(lp::parent_id.eq(user.0)))
        .order(lp::id.desc())
        .select(PlanRow::as_select())
        .load(c)
}

/// The plans between `tutor` and `parent`.
pub fn plans_between(c: &mut DbConnection, tutor: UserId, parent: UserId) -> QueryResult<Vec<PlanRow>> {
    lp::table
        .filter(lp::tutor_id.eq(tutor.0).and(lp::parent_id.eq(parent.0)))
        .order(lp::id)
        .select(PlanRow::as_select())
        .load(c)
}

/// The lessons of `plans`, soonest first; only those starting in `[from, to)` when given.
pub fn lessons_of(
    c: &mut DbConnection,
    plans: &[i64],
    range: Option<(NaiveDateTime, NaiveDateTime)>,
) -> QueryResult<Vec<LessonRow>> {
    if plans.is_empty() {
        return Ok(Vec::new());
    }
    let select = LessonRow::as_select();
    match range {
        Some((from, to)) => l::table
            .filter(one_of(c, l::plan_id, plans))
            .filter(l::starts_at.ge(from).and(l::starts_at.lt(to)))
            .order((l::starts_at, l::id))
            .select(select)
            .load(c),
        None => l::table.filter(one_of(c, l::plan_id, plans)).order((l::starts_at, l::id)).select(select).load(c),
    }
}

pub fn lesson(c: &mut DbConnection, id: i64) -> QueryResult<Option<LessonRow>> {
    l::table.find(id).select(LessonRow::as_select()).first(c).optional()
}

/// The times `tutor`'s lessons hold (not cancelled, ending after `from`), soonest first.
pub fn busy(c: &mut DbConnection, tutor: UserId, from: NaiveDateTime) -> QueryResult<Vec<Interval>> {
    let rows: Vec<(NaiveDateTime, NaiveDateTime)> = l::table
        .filter(l::tutor_id.eq(tutor.0).and(l::ends_at.gt(from)).and(l::cancelled_at.is_null()))
        .order(l::starts_at)
        .select((l::starts_at, l::ends_at))
        .load(c)?;
    Ok(rows.into_iter().map(|(start, end)| Interval { start, end }).collect())
}

/// The parent's word on lesson `id`.
pub fn answer(c: &mut DbConnection, id: i64, word: &str, note: Option<String>, at: NaiveDateTime) -> QueryResult<()> {
    diesel::update(l::table.find(id))
        .set((l::parent_answer.eq(word), l::dispute_note.eq(note), l::answered_at.eq(at)))
        .execute(c)?;
    Ok(())
}

pub fn cancel(c: &mut DbConnection, id: i64, note: String, at: NaiveDateTime) -> QueryResult<()> {
    diesel::update(l::table.find(id)).set((l::cancelled_at.eq(at), l::cancel_note.eq(note))).execute(c)?;
    Ok(())
}

pub fn write_diary(
    c: &mut DbConnection,
    id: i64,
    topic: Option<String>,
    homework: Option<String>,
    at: NaiveDateTime,
) -> QueryResult<()> {
    diesel::update(l::table.find(id))
        .set((l::topic.eq(topic), l::homework.eq(homework), l::diary_at.eq(at)))
        .execute(c)?;
    Ok(())
}
