//! New-request alerts: who is told, once, within the daily cap, across processes.

use super::*;

#[test]
fn a_new_request_alerts_the_tutors_whose_area_and_subjects_match() {
    let f = fixture();
    let everything = f.tutor;
    let maths_10 = user(&f.db, "maths@example.com", "tutor", true);
    let physics = user(&f.db, "physics@example.com", "tutor", true);
    let class_5 = user(&f.db, "five@example.com", "tutor", true);
    let too_far = user(&f.db, "far@example.com", "tutor", true);
    let lapsed = user(&f.db, "lapsed@example.com", "tutor", false);
    let inactive = user(&f.db, "inactive@example.com", "tutor", true);
    let was_tutor = user(&f.db, "now-parent@example.com", "tutor", true);
    let save = |t: UserId, input: AreaInput| f.tuition.save_area(t, Role::Tutor, &input).expect("save");
    save(everything, area(DELHI, 10.0, &[], &[]));
    save(maths_10, area(east_of_delhi(2.0), 5.0, &["MATHS"], &["class 10", "Class 12"]));
    save(physics, area(DELHI, 10.0, &["Physics"], &[]));
    save(class_5, area(DELHI, 10.0, &[], &["Class 5"]));
    save(too_far, area(east_of_delhi(20.0), 12.0, &[], &[]));
    save(lapsed, area(DELHI, 25.0, &[], &[]));
    save(inactive, area(DELHI, 25.0, &[], &[]));
    save(was_tutor, area(DELHI, 25.0, &[], &[]));
    f.sql(|c| diesel::update(users::table.find(inactive.0)).set(users::active.eq(false)).execute(c));
    f.sql(|c| diesel::update(users::table.find(was_tutor.0)).set(users::role.eq("parent")).execute(c));

    let id = f.post("Maths", "Class 10", east_of_delhi(4.0));
    let mut told = f.announced.users();
    told.sort_unstable();
    let mut expected = vec![everything.0, maths_10.0, lapsed.0];
    expected.sort_unstable();
    assert_eq!(told, expected, "announced after commit, to the matching tutors alone");
    for t in [physics, class_5, too_far, inactive, was_tutor, f.parent] {
        assert!(f.alerts(t).is_empty(), "{t:?} must not be alerted");
    }

    let alert = &f.alerts(maths_10)[0];
    assert_eq!(alert.kind, "new_request");
    assert_eq!(alert.link.as_deref(), Some(format!("/nearby?request={id}").as_str()));
    let data: serde_json::Value = serde_json::from_str(&alert.data).unwrap();
    assert_eq!(data["requestId"], id);
    assert_eq!((data["subject"].as_str(), data["classLevel"].as_str()), (Some("Maths"), Some("Class 10")));
    let km = data["distanceKm"].as_f64().unwrap();
    assert!((km - 2.0).abs() <= 0.6, "from the area's centre to the approximate point: {km}");
    assert_eq!(alert.title, format!("New Mathematics request {km:.1} km from you"));
    assert!(alert.body.contains("Class 10") && alert.body.contains("Weekday evenings"), "{}", alert.body);
    assert!(!alert.body.contains("Subscribe"), "a subscriber is not asked to subscribe");
    let lapsed_alert = &f.alerts(lapsed)[0];
    assert!(lapsed_alert.body.contains("Subscribe to see it"), "{}", lapsed_alert.body);
    // Nothing of who or where: no name, phone or coordinates.
    let (lat, lng): (f64, f64) =
        f.db.read(|c| {
            tuition_requests::table
                .find(id)
                .select((tuition_requests::lat, tuition_requests::lng))
                .first(c)
                .map_err(DbError::from)
        })
        .unwrap();
    for n in [alert, lapsed_alert] {
        let all = format!("{} {} {} {:?}", n.title, n.body, n.data, n.link);
        for secret in ["Secret Name", "parent@example.com", "9876543210", &format!("{lat}"), &format!("{lng}")] {
            assert!(!all.contains(secret), "{secret} leaked in {all}");
        }
        let mut keys: Vec<String> = serde_json::from_str::<serde_json::Map<String, serde_json::Value>>(&n.data)
            .unwrap()
            .keys()
            .cloned()
            .collect();
        keys.sort();
        // What the request is for (words and vocabulary ids), how far, and which request: no more.
        let expected = ["board", "classId", "classLevel", "distanceKm", "mode", "requestId", "subject", "subjectId"];
        assert_eq!(keys, expected, "{keys:?}");
    }
}

#[test]
fn an_edit_alerts_only_tutors_it_newly_reaches_and_closed_or_flagged_requests_never_alert() {
    let f = fixture();
    let east = user(&f.db, "east@example.com", "tutor", true);
    f.tuition.save_area(f.tutor, Role::Tutor, &area(DELHI, 5.0, &[], &[])).expect("save");
    f.tuition.save_area(east, Role::Tutor, &area(east_of_delhi(10.0), 5.0, &[], &[])).expect("save");
    let id = f.post("Maths", "Class 10", east_of_delhi(1.0));
    assert_eq!((f.alerts(f.tutor).len(), f.alerts(east).len()), (1, 0));

    // An edit of the text alone tells nobody again.
    f.tuition.update(f.parent, id, request("Maths", "Class 10", east_of_delhi(1.0))).expect("same");
    // Moving it between the two areas: the east tutor is told, the first is not told twice.
    f.tuition.update(f.parent, id, request("Maths", "Class 10", east_of_delhi(6.5))).expect("move");
    f.tuition.update(f.parent, id, request("Maths", "Class 10", east_of_delhi(1.0))).expect("back");
    f.tuition.update(f.parent, id, request("Maths", "Class 10", east_of_delhi(6.5))).expect("again");
    assert_eq!((f.alerts(f.tutor).len(), f.alerts(east).len()), (1, 1));

    // A flagged request, and a closed one, are moved into a third tutor's area: silence.
    let third = user(&f.db, "third@example.com", "tutor", true);
    f.tuition.save_area(third, Role::Tutor, &area(east_of_delhi(30.0), 3.0, &[], &[])).expect("save");
    let closed = f.post("Maths", "Class 10", east_of_delhi(-20.0));
    f.sql(|c| diesel::update(tuition_requests::table.find(id)).set(tuition_requests::flagged.eq(true)).execute(c));
    f.sql(|c| {
        diesel::update(tuition_requests::table.find(closed)).set(tuition_requests::closed_at.eq(Some(now()))).execute(c)
    });
    f.tuition.update(f.parent, id, request("Maths", "Class 10", east_of_delhi(30.0))).expect("flagged moves");
    f.tuition.update(f.parent, closed, request("Maths", "Class 10", east_of_delhi(30.5))).expect("closed moves");
    assert!(f.alerts(third).is_empty());
}

#[test]
fn a_tutor_gets_at_most_twenty_alerts_in_any_24_hours() {
    let f = fixture();
    let other = user(&f.db, "other@example.com", "tutor", true);
    f.tuition.save_area(f.tutor, Role::Tutor, &area(DELHI, 10.0, &[], &[])).expect("save");
    let first: Vec<i64> = (0..MAX_ALERTS_PER_DAY).map(|_| f.post("Maths", "Class 10", DELHI)).collect();
    assert_eq!(f.alerted_requests(f.tutor), first);
    // The 21st is not alerted (the nearby search still lists it); a tutor under the cap is.
    f.tuition.save_area(other, Role::Tutor, &area(DELHI, 10.0, &[], &[])).expect("save");
    let over = f.post("Maths", "Class 10", DELHI);
    assert_eq!(f.alerts(f.tutor).len() as i64, MAX_ALERTS_PER_DAY);
    assert_eq!(f.alerted_requests(other), vec![over]);
    let announced_to_tutor = f.announced.users().iter().filter(|u| **u == f.tutor.0).count() as i64;
    assert_eq!(announced_to_tutor, MAX_ALERTS_PER_DAY);

    // A rolling window: once the first alerts are 24 hours old, alerts flow again.
    let day_ago = now() - chrono::Duration::hours(24) - chrono::Duration::minutes(1);
    f.sql(|c| {
        diesel::update(notifications::table.filter(notifications::user_id.eq(f.tutor.0)))
            .set(notifications::created_at.eq(day_ago))
            .execute(c)
    });
    let next = f.post("Maths", "Class 10", DELHI);
    assert!(f.alerted_requests(f.tutor).contains(&next));
}

/// Two server processes on one database, as the brief's "across processes": two
/// services (each with its own pool) write at the same moment.
#[test]
fn concurrent_writers_never_alert_twice_nor_past_the_cap() {
    let f = fixture_on(TestDatabase::file());
    let other = TuitionService::new(Db::connect(&f.database.url).expect("second pool"), LocationKey::new([7; 32]));
    let second_parent = user(&f.db, "second@example.com", "parent", false);
    f.tuition.save_area(f.tutor, Role::Tutor, &area(DELHI, 10.0, &[], &[])).expect("save");

    // The same request moved into a new tutor's area by two writers at once: one alert.
    let late = user(&f.db, "late@example.com", "tutor", true);
    f.tuition.save_area(late, Role::Tutor, &area(east_of_delhi(40.0), 5.0, &[], &[])).expect("save");
    let id = f.post("Maths", "Class 10", DELHI);
    for round in 0..5 {
        let there = east_of_delhi(40.0 + round as f64 * 0.1);
        let barrier = Arc::new(Barrier::new(2));
        std::thread::scope(|s| {
            for service in [&f.tuition, &other] {
                let barrier = barrier.clone();
                s.spawn(move || {
                    barrier.wait();
                    service.update(f.parent, id, request("Maths", "Class 10", there)).expect("move");
                });
            }
        });
        assert_eq!(f.alerted_requests(late), vec![id], "round {round}");
        f.tuition.update(f.parent, id, request("Maths", "Class 10", DELHI)).expect("back");
    }

    // Two parents post at once while the tutor has room for one more alert: exactly 20.
    for _ in 1..MAX_ALERTS_PER_DAY - 1 {
        f.post("Maths", "Class 10", DELHI);
    }
    assert_eq!(f.alerts(f.tutor).len() as i64, MAX_ALERTS_PER_DAY - 1);
    let barrier = Arc::new(Barrier::new(2));
    std::thread::scope(|s| {
        for (service, parent) in [(&f.tuition, f.parent), (&other, second_parent)] {
            let barrier = barrier.clone();
            s.spawn(move || {
                barrier.wait();
                for _ in 0..2 {
                    service.create(parent, Role::Parent, request("Maths", "Class 10", DELHI)).expect("create");
                }
            });
        }
    });
    assert_eq!(f.alerts(f.tutor).len() as i64, MAX_ALERTS_PER_DAY);
}
