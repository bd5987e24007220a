//! Lessons after a demo: a tutor plans a recurring schedule with a family (IST weekdays, a start
//! and a length, a start and an end date at most a year apart, an agreed fee per lesson), for a
//! request they are assigned to or after a demo whose parent said they continue. The parent
//! confirms each held lesson or disputes it with a note; the tutor may cancel one before its
//! start and keeps the class diary (topic, homework) both read; a monthly statement counts the
//! lessons and the fee. No money moves through the site.
//!
//! Lessons are materialised: making a plan writes one `lessons` row per occurrence (at most 7 a
//! week for a year), so each lesson carries its own answer, cancellation and diary entry, and the
//! overlap checks (a new plan against the tutor's lessons and demo classes, a demo against the
//! lessons) are range queries. A lesson's state is *computed on read* ([`model::status_at`]): an
//! undisputed lesson counts as confirmed 48 hours after its end with nothing written, so every
//! process gives the same answer with no job or lease, and a dispute (a stored fact) always wins.
//! A parent's answer is checked against the same clock inside its transaction, so an answer after
//! the 48 hours is refused as the lesson has already confirmed itself.
//!
//! Every write is one transaction under the tutor's row lock (`hometutor_accounts::lock`), the
//! lock demo bookings take, so a plan and a demo racing for one time cannot both win.

mod actions;
mod error;
pub mod model;
pub mod rules;
pub(crate) mod store;

use std::collections::HashMap;

use hometutor_core::{Role, UserId};
use hometutor_db::{now, Db, DbConnection};

pub use error::LessonError;
pub use model::{Diary, DiaryEntry, Lesson, LessonPlan, LessonStatus, PlanPerson, Statement, AUTO_CONFIRM_HOURS};
pub use rules::PlanInput;

use crate::ist;
use store::{LessonRow, PlanRow};

/// Plans lessons and reads them.
#[derive(Clone)]
pub struct Lessons {
    db: Db,
}

impl Lessons {
    pub fn new(db: Db) -> Self {
        Self { db }
    }

    /// The calling tutor plans lessons (see the module). A refused plan changes nothing.
    #[tracing::instrument(skip_all)]
    pub fn create(&self, me: UserId, role: Role, input: &PlanInput) -> Result<LessonPlan, LessonError> {
        if role != Role::Tutor {
            return Err(LessonError::TutorOnly);
        }
        if input.request_id.is_some() == input.booking_id.is_some() {
            return Err(LessonError::field("requestId", hometutor_core::Message::new("validation-lesson-source")));
        }
        let at = now();
        let checked = rules::check(input, at)?;
        self.db.write(|c| {
            let source = match (input.request_id, input.booking_id) {
                (Some(request), _) => hometutor_tuition::facts::assigned_request(c, me, request)?
                    .map(|(parent, label)| (parent, Some(label.subject), label.subject_id, Some(request))),
                (None, Some(booking)) => crate::bookings::continued_with(c, me, booking)?,
                (None, None) => None,
            };
            let field = if input.request_id.is_some() { "requestId" } else { "bookingId" };
            let (parent, subject, subject_id, request_id) = source
                .ok_or_else(|| LessonError::field(field, hometutor_core::Message::new("validation-lesson-request")))?;
            let person = hometutor_accounts::people(c, &[parent.0])?.remove(&parent);
            if !person.is_some_and(|p| p.active) || hometutor_moderation::blocks::either_blocks(c, parent, me)? {
                return Err(LessonError::Unavailable);
            }
            // A plan and a demo (or two plans) racing for one time: the second waits here.
            hometutor_accounts::lock(c, me)?;
            let mut busy = store::busy(c, me, at)?;
            busy.extend(crate::bookings::held_times(c, me, at)?);
            let overlaps = |l: &&crate::free::Interval| busy.iter().any(|b| b.start < l.end && l.start < b.end);
            if let Some(clash) = checked.lessons.iter().find(overlaps) {
                return Err(LessonError::Overlap(ist::today(clash.start).to_string()));
            }
            let weekdays: Vec<String> = checked.weekdays.iter().map(|d| d.number().to_string()).collect();
            let plan = store::NewPlan {
                tutor_id: me.0,
                parent_id: parent.0,
                request_id,
                booking_id: input.booking_id,
                subject,
                subject_id,
                weekdays: weekdays.join(","),
                start_minute: checked.start_minute,
                minutes: checked.minutes,
                first_day: checked.first_day,
                last_day: checked.last_day,
                fee_per_lesson: checked.fee,
                created_at: at,
            };
            let id = store::insert(c, &plan, &checked.lessons)?;
            read_plan(c, me, id, true)
        })
    }

    /// The caller's plans, as tutor or parent, newest first (without their lessons).
    #[tracing::instrument(skip_all)]
    pub fn list(&self, me: UserId) -> Result<Vec<LessonPlan>, LessonError> {
        self.db.read(|c| {
            let rows = store::plans_of(c, me)?;
            let mut names = Names::default();
            rows.into_iter().map(|r| Ok(view_plan(c, me, r, Vec::new(), &mut names)?)).collect()
        })
    }

    /// One plan with every lesson: its tutor and parent only (anyone else: not found).
    #[tracing::instrument(skip_all)]
    pub fn get(&self, me: UserId, id: i64) -> Result<LessonPlan, LessonError> {
        self.db.read(|c| read_plan(c, me, id, true))
    }

    /// The plan's month `month` (`YYYY-MM`, IST) in numbers: its two sides only.
    #[tracing::instrument(skip_all)]
    pub fn statement(&self, me: UserId, id: i64, month: &str) -> Result<Statement, LessonError> {
        let (first, next) = rules::month(month)?;
        let at = now();
        self.db.read(|c| {
            let plan = party_plan(c, me, id)?;
            let rows = store::lessons_of(c, &[plan.id], Some((ist::to_utc(first, 0), ist::to_utc(next, 0))))?;
            let lessons: Vec<Lesson> = rows.into_iter().map(|r| r.view(at)).collect();
            let count = |s: LessonStatus| lessons.iter().filter(|l| l.status == s).count() as i64;
            let (confirmed, disputed, awaiting) =
                (count(LessonStatus::Confirmed), count(LessonStatus::Disputed), count(LessonStatus::Held));
            let view = view_plan(c, me, plan, Vec::new(), &mut Names::default())?;
            Ok(Statement {
                plan_id: view.id,
                tutor: view.tutor,
                parent: view.parent,
                subject: view.subject,
                subject_id: view.subject_id,
                month: first.format("%Y-%m").to_string(),
                held: confirmed + disputed + awaiting,
                confirmed,
                awaiting,
                disputed,
                cancelled: count(LessonStatus::Cancelled),
                scheduled: count(LessonStatus::Scheduled),
                fee_per_lesson: view.fee_per_lesson,
                total: confirmed * view.fee_per_lesson,
                lessons,
            })
        })
    }

    /// The class diary between the caller and `with` (their tutor, or the family they teach):
    /// every lesson of their plans that was not cancelled and has started or has an entry.
    #[tracing::instrument(skip_all)]
    pub fn diary(&self, me: UserId, with: i64) -> Result<Diary, LessonError> {
        let at = now();
        self.db.read(|c| {
            let mut plans = store::plans_between(c, me, UserId(with))?;
            plans.extend(store::plans_between(c, UserId(with), me)?);
            let Some(first) = plans.first().cloned() else { return Err(LessonError::PlanNotFound) };
            let labels: HashMap<i64, (Option<String>, Option<String>)> =
                plans.iter().map(|p| (p.id, (p.subject.clone(), p.subject_id.clone()))).collect();
            let ids: Vec<i64> = plans.iter().map(|p| p.id).collect();
            let mut entries: Vec<DiaryEntry> = store::lessons_of(c, &ids, None)?
                .into_iter()
                .filter(|l| l.cancelled_at.is_none())
                .filter(|l| l.starts_at <= at || l.topic.is_some() || l.homework.is_some())
                .map(|l| {
                    let (subject, subject_id) = labels.get(&l.plan_id).cloned().unwrap_or_default();
                    DiaryEntry {
                        lesson_id: l.id,
                        plan_id: l.plan_id,
                        subject,
                        subject_id,
                        date: ist::today(l.starts_at),
                        starts_at: l.starts_at,
                        topic: l.topic,
                        homework: l.homework,
                    }
                })
                .collect();
            entries.sort_by_key(|e| std::cmp::Reverse((e.starts_at, e.lesson_id)));
            let view = view_plan(c, me, first, Vec::new(), &mut Names::default())?;
            Ok(Diary { tutor: view.tutor, parent: view.parent, entries })
        })
    }
}

/// Plan `id` when `me` is one of its sides; anyone else: not found.
fn party_plan(c: &mut DbConnection, me: UserId, id: i64) -> Result<PlanRow, LessonError> {
    store::plan(c, id)?.filter(|p| p.party(me)).ok_or(LessonError::PlanNotFound)
}

fn read_plan(c: &mut DbConnection, me: UserId, id: i64, with_lessons: bool) -> Result<LessonPlan, LessonError> {
    let plan = party_plan(c, me, id)?;
    let lessons = if with_lessons { store::lessons_of(c, &[plan.id], None)? } else { Vec::new() };
    Ok(view_plan(c, me, plan, lessons, &mut Names::default())?)
}

/// Names already looked up while reading a list.
#[derive(Default)]
struct Names(HashMap<(i64, bool), String>);

fn view_plan(
    c: &mut DbConnection,
    me: UserId,
    p: PlanRow,
    lessons: Vec<LessonRow>,
    names: &mut Names,
) -> diesel::QueryResult<LessonPlan> {
    let at = now();
    let tutor = match names.0.get(&(p.tutor_id, true)) {
        Some(n) => n.clone(),
        None => hometutor_accounts::names(c, &[p.tutor_id])?.remove(&UserId(p.tutor_id)).unwrap_or_default(),
    };
    names.0.insert((p.tutor_id, true), tutor.clone());
    let parent = match names.0.get(&(p.parent_id, false)) {
        Some(n) => n.clone(),
        None => hometutor_messaging::shown_name(c, me, UserId(p.parent_id))?.unwrap_or_default(),
    };
    names.0.insert((p.parent_id, false), parent.clone());
    Ok(LessonPlan {
        id: p.id,
        weekdays: p.weekdays(),
        tutor: PlanPerson { id: p.tutor_id, name: tutor },
        parent: PlanPerson { id: p.parent_id, name: parent },
        request_id: p.request_id,
        booking_id: p.booking_id,
        subject: p.subject,
        subject_id: p.subject_id,
        time_zone: ist::TIME_ZONE,
        start: ist::clock(p.start_minute),
        minutes: p.minutes,
        start_date: p.first_day,
        end_date: p.last_day,
        fee_per_lesson: p.fee_per_lesson,
        lessons: lessons.into_iter().map(|l| l.view(at)).collect(),
    })
}
