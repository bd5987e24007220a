//! Availability on its own database (SQLite, or PostgreSQL with TEST_DATABASE_URL).

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

use chrono::Duration;
use hometutor_core::{Role, UserId};
use hometutor_scheduling::{ist, Availability, SchedulingError, SlotInput, TimeOffInput};
use hometutor_testkit::{insert_user, TestDatabase};

fn slot(day: &str, start: &str, end: &str) -> SlotInput {
    SlotInput { weekday: day.into(), start: start.into(), end: end.into() }
}

fn days_ahead(n: i64) -> String {
    (ist::today(hometutor_db::now()) + Duration::days(n)).to_string()
}

fn every_day(start: &str, end: &str) -> Vec<SlotInput> {
    ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].iter().map(|d| slot(d, start, end)).collect()
}

#[test]
fn a_tutor_keeps_a_week_and_a_refused_week_changes_nothing() {
    let database = TestDatabase::in_memory();
    let db = database.db();
    let ravi = UserId(insert_user(&db, "Ravi", "ravi@example.com", "tutor"));
    let service = Availability::new(db);
    let saved =
        service.set_week(ravi, Role::Tutor, &[slot("wed", "06:00", "08:00"), slot("mon", "17:00", "19:00")]).unwrap();
    assert_eq!(saved.time_zone, "Asia/Kolkata");
    let week: Vec<_> = saved.slots.iter().map(|s| (s.weekday.code(), s.start.as_str(), s.end.as_str())).collect();
    assert_eq!(week, [("mon", "17:00", "19:00"), ("wed", "06:00", "08:00")]);

    let refused = service.set_week(ravi, Role::Tutor, &[slot("tue", "10:00", "12:00"), slot("tue", "11:00", "13:00")]);
    assert!(matches!(refused, Err(SchedulingError::Validation(_))), "{refused:?}");
    assert_eq!(service.mine(ravi, Role::Tutor).unwrap().slots, saved.slots, "nothing half-written");

    assert!(service.set_week(ravi, Role::Tutor, &[]).unwrap().slots.is_empty(), "an empty week clears it");
}

#[test]
fn only_tutors_keep_availability() {
    let database = TestDatabase::in_memory();
    let db = database.db();
    let asha = UserId(insert_user(&db, "Asha", "asha@example.com", "parent"));
    let service = Availability::new(db);
    assert!(matches!(
        service.set_week(asha, Role::Parent, &[slot("mon", "17:00", "18:00")]),
        Err(SchedulingError::NotATutor)
    ));
    assert!(matches!(service.mine(asha, Role::Parent), Err(SchedulingError::NotATutor)));
    assert!(
        matches!(service.free_times(asha, None), Err(SchedulingError::TutorNotFound)),
        "a parent has no free times"
    );
}

#[test]
fn time_off_is_the_tutors_own_and_is_capped() {
    let database = TestDatabase::in_memory();
    let db = database.db();
    let ravi = UserId(insert_user(&db, "Ravi", "ravi@example.com", "tutor"));
    let meera = UserId(insert_user(&db, "Meera", "meera@example.com", "tutor"));
    let service = Availability::new(db);
    let input = TimeOffInput { start_date: days_ahead(3), end_date: days_ahead(5), note: Some("Diwali".into()) };
    let added = service.add_time_off(ravi, Role::Tutor, &input).unwrap();
    let id = added.exceptions[0].id;
    assert_eq!(added.exceptions[0].note.as_deref(), Some("Diwali"));

    let taken = service.remove_time_off(meera, Role::Tutor, id);
    assert!(matches!(taken, Err(SchedulingError::TimeOffNotFound)), "another tutor cannot remove it: {taken:?}");
    assert_eq!(service.mine(ravi, Role::Tutor).unwrap().exceptions.len(), 1);

    let past = TimeOffInput { start_date: days_ahead(-1), end_date: days_ahead(2), note: None };
    assert!(matches!(service.add_time_off(ravi, Role::Tutor, &past), Err(SchedulingError::Validation(_))));

    for n in 1..hometutor_scheduling::time_off::MAX_UPCOMING {
        let day = TimeOffInput { start_date: days_ahead(10 + n), end_date: days_ahead(10 + n), note: None };
        service.add_time_off(ravi, Role::Tutor, &day).unwrap();
    }
    let one_more = TimeOffInput { start_date: days_ahead(100), end_date: days_ahead(100), note: None };
    match service.add_time_off(ravi, Role::Tutor, &one_more) {
        Err(SchedulingError::Validation(e)) => {
            assert_eq!(e[0].message, "At most 30 periods of time off, please. Remove one first.")
        }
        other => panic!("over the cap: {other:?}"),
    }
    assert!(service.remove_time_off(ravi, Role::Tutor, id).unwrap().exceptions.iter().all(|t| t.id != id));
}

#[test]
fn free_times_are_the_weeks_occurrences_minus_time_off() {
    let database = TestDatabase::in_memory();
    let db = database.db();
    let ravi = UserId(insert_user(&db, "Ravi", "ravi@example.com", "tutor"));
    let service = Availability::new(db);
    service.set_week(ravi, Role::Tutor, &every_day("21:00", "22:00")).unwrap();
    let before = service.free_times(ravi, Some(1)).unwrap();
    let away = TimeOffInput { start_date: days_ahead(1), end_date: days_ahead(2), note: None };
    service.add_time_off(ravi, Role::Tutor, &away).unwrap();
    let after = service.free_times(ravi, Some(1)).unwrap();
    assert_eq!(after.weeks, 1);
    assert_eq!(before.free.len() - after.free.len(), 2, "two days away: {before:?} {after:?}");
    let today = ist::today(after.from);
    for f in &after.free {
        assert!(f.start >= after.from && f.start < f.end);
        let day = ist::today(f.start);
        assert!(day != today + Duration::days(1) && day != today + Duration::days(2), "{f:?} is time off");
        assert_eq!(f.end, ist::to_utc(day, 22 * 60), "ends 22:00 IST");
    }
    assert!(matches!(service.free_times(ravi, Some(0)), Err(SchedulingError::Validation(_))));
    assert!(matches!(service.free_times(ravi, Some(9)), Err(SchedulingError::Validation(_))));
}
