//! What is open to tutors: hidden until its point is filled in, never while flagged or closed.

use super::*;

#[test]
fn requests_stored_before_approximate_points_are_hidden_until_filled_in() {
    let f = fixture();
    let home = Point { lat: DELHI[1], lng: DELHI[0] };
    // A row as the previous release wrote it: no approximate point.
    let old: i64 =
        f.db.write(|c| {
            diesel::insert_into(tuition_requests::table)
                .values((
                    tuition_requests::parent_id.eq(f.parent.0),
                    tuition_requests::subject.eq("Old Maths"),
                    tuition_requests::class_level.eq("10"),
                    tuition_requests::preferred_time.eq("Any"),
                    tuition_requests::lat.eq(home.lat),
                    tuition_requests::lng.eq(home.lng),
                    tuition_requests::created_at.eq(now()),
                    tuition_requests::updated_at.eq(now()),
                ))
                .returning(tuition_requests::id)
                .get_result(c)
                .map_err(hometutor_db::DbError::from)
        })
        .expect("old row");
    assert!(f.tuition.nearby(f.tutor, Role::Tutor, &near_delhi(25.0)).expect("nearby").is_empty());
    assert!(matches!(f.tuition.express_interest(f.tutor, Role::Tutor, old), Err(TuitionError::NotFound)));
    assert_eq!(f.tuition.mine(f.parent).expect("mine")[0].approximate_location, None);

    assert_eq!(f.tuition.backfill_approximate_points().expect("fill"), 1);
    assert_eq!(f.tuition.backfill_approximate_points().expect("again"), 0, "idempotent");
    let found = f.tuition.nearby(f.tutor, Role::Tutor, &near_delhi(10.0)).expect("nearby");
    assert_eq!(found.iter().map(|r| r.id).collect::<Vec<_>>(), vec![old]);
    assert_eq!(found[0].approximate_location, home_cell(home).center(), "its home cell's centre");
    // The same point a new request from this parent at this place gets.
    let fresh = f.tuition.create(f.parent, Role::Parent, request("New", "10", DELHI)).expect("create");
    assert_eq!(fresh.approximate_location, Some(found[0].approximate_location));
}

#[test]
fn flagged_requests_are_not_shown_to_tutors() {
    let f = fixture();
    let id = f.post("Maths", "10", DELHI);
    f.db.write(|c| {
        diesel::update(tuition_requests::table.find(id))
            .set(tuition_requests::flagged.eq(true))
            .execute(c)
            .map_err(hometutor_db::DbError::from)
    })
    .expect("flag");
    assert!(f.tuition.nearby(f.tutor, Role::Tutor, &near_delhi(10.0)).expect("nearby").is_empty());
    assert!(matches!(f.tuition.express_interest(f.tutor, Role::Tutor, id), Err(TuitionError::NotFound)));
}

/// One rule, asked everywhere: an open, a closed and a flagged request of one parent, and what
/// each reader of the rule answers about them.
#[test]
fn nearby_its_count_interest_and_the_facts_read_agree_on_what_is_open() {
    use hometutor_tuition::{request_facts, CloseOutcome, CountQuery};
    let f = fixture();
    let open = f.post("Maths", "Class 10", DELHI);
    let closed = f.post("Physics", "Class 10", east_of_delhi(1.0));
    let flagged = f.post("Chemistry", "Class 10", east_of_delhi(2.0));
    f.tuition.close(f.parent, closed, CloseOutcome::NotNeeded, None).expect("close");
    f.db.write(|c| {
        diesel::update(tuition_requests::table.find(flagged))
            .set(tuition_requests::flagged.eq(true))
            .execute(c)
            .map_err(hometutor_db::DbError::from)
    })
    .expect("flag");

    let listed: Vec<i64> =
        f.tuition.nearby(f.tutor, Role::Tutor, &near_delhi(10.0)).expect("nearby").iter().map(|r| r.id).collect();
    assert_eq!(listed, vec![open]);
    let center = Some(Point { lat: DELHI[1], lng: DELHI[0] });
    let counted = f.tuition.nearby_count(f.tutor, Role::Tutor, CountQuery { center, radius_km: Some(10.0) });
    assert_eq!(counted.expect("count").count, 1);
    assert!(f.tuition.express_interest(f.tutor, Role::Tutor, open).is_ok());
    assert!(matches!(f.tuition.express_interest(f.tutor, Role::Tutor, closed), Err(TuitionError::Closed)));
    assert!(matches!(f.tuition.express_interest(f.tutor, Role::Tutor, flagged), Err(TuitionError::NotFound)));

    let facts = f.db.read(|c| request_facts(c, &[open, closed, flagged, 424_242]).map_err(hometutor_db::DbError::from));
    let facts = facts.expect("facts");
    let open_to_tutors = |id: i64| facts.get(&id).map(|r| (r.parent, r.openness.open_to_tutors()));
    assert_eq!(open_to_tutors(open), Some((f.parent, true)));
    assert_eq!(open_to_tutors(closed), Some((f.parent, false)));
    assert_eq!(open_to_tutors(flagged), Some((f.parent, false)));
    assert_eq!(facts.len(), 3, "a request that does not exist has no facts");
}
