//! A tutor's interest: the contacts it reveals, its daily limit, and what deleting a request takes with it.

use super::*;

#[test]
fn contacts_come_only_with_interest_and_only_to_that_tutor() {
    let f = fixture();
    let second_tutor = user(&f.db, "second@example.com", "tutor", Some(now() + chrono::Duration::days(30)));
    let id = f.post("Maths", "10", DELHI);
    let before = &f.tuition.nearby(f.tutor, Role::Tutor, &near_delhi(10.0)).expect("nearby")[0];
    assert_eq!((before.interested, &before.contact), (false, &None));
    assert_eq!((before.parent.id, before.parent.first_name.as_str()), (f.parent, "Name"));

    let contact = f.tuition.express_interest(f.tutor, Role::Tutor, id).expect("interest").expect("shared");
    assert_eq!(
        (contact.id, contact.fullname.as_str(), contact.email.as_str(), contact.phone.as_str()),
        (f.parent, "Name of parent@example.com", "parent@example.com", "9876543210")
    );
    let after = &f.tuition.nearby(f.tutor, Role::Tutor, &near_delhi(10.0)).expect("nearby")[0];
    assert_eq!((after.interested, after.contact.as_ref()), (true, Some(&contact)), "seen again afterwards");
    let other = &f.tuition.nearby(second_tutor, Role::Tutor, &near_delhi(10.0)).expect("second tutor")[0];
    assert_eq!((other.interested, &other.contact), (false, &None), "another tutor never sees them");

    // Neither a parent nor a tutor without a subscription gets them.
    assert!(matches!(f.tuition.express_interest(f.other_parent, Role::Parent, id), Err(TuitionError::NotATutor)));
    assert!(matches!(
        f.tuition.express_interest(f.unsubscribed_tutor, Role::Tutor, id),
        Err(TuitionError::SubscriptionRequired)
    ));
    // A parent cannot pass for a tutor by forging the role: the subscription is read from the database.
    assert!(matches!(
        f.tuition.express_interest(f.other_parent, Role::Tutor, id),
        Err(TuitionError::SubscriptionRequired)
    ));
}

#[test]
fn interest_is_idempotent_and_the_parent_sees_the_tutors_contact() {
    let f = fixture();
    let id = f.post("Maths", "10", DELHI);
    let first = f.tuition.express_interest(f.tutor, Role::Tutor, id).expect("first");
    let second = f.tuition.express_interest(f.tutor, Role::Tutor, id).expect("second");
    assert_eq!(first, second);
    let mine = f.tuition.mine(f.parent).expect("mine");
    assert_eq!(mine[0].interested_tutors.len(), 1);
    let t = &mine[0].interested_tutors[0];
    assert_eq!(
        (t.tutor, t.fullname.as_str(), t.email.as_str(), t.phone.as_str()),
        (f.tutor, "Name of tutor@example.com", "tutor@example.com", "9876543210")
    );
    assert!(f.tuition.nearby(f.tutor, Role::Tutor, &near_delhi(10.0)).expect("nearby")[0].interested);
    assert!(matches!(f.tuition.express_interest(f.tutor, Role::Tutor, id + 100), Err(TuitionError::NotFound)));
}

#[test]
fn at_most_thirty_interests_a_day_and_a_repeat_is_not_counted() {
    let f = fixture();
    let ids: Vec<i64> = (0..32).map(|i| f.post(&format!("Subject {i}"), "10", east_of_delhi(i as f64 * 0.1))).collect();
    for id in &ids[..30] {
        f.tuition.express_interest(f.tutor, Role::Tutor, *id).expect("within the limit");
    }
    let err = f.tuition.express_interest(f.tutor, Role::Tutor, ids[30]).expect_err("over the limit");
    assert!(matches!(err, TuitionError::InterestLimit));
    assert_eq!(err.to_string(), "You have reached today's limit of interests. Try again tomorrow.");
    // Marked ones still answer their contacts, and do not count again.
    assert_eq!(
        f.tuition.express_interest(f.tutor, Role::Tutor, ids[3]).expect("repeat").map(|c| c.email).as_deref(),
        Some("parent@example.com")
    );
    // Nothing was recorded for the refused one: no contacts on it in the results either.
    let results = f.tuition.nearby(f.tutor, Role::Tutor, &near_delhi(10.0)).expect("nearby");
    let refused = results.iter().find(|r| r.id == ids[30]).expect("listed");
    assert_eq!((refused.interested, &refused.contact), (false, &None));
    assert_eq!(results.iter().filter(|r| r.contact.is_some()).count(), MAX_INTERESTS_PER_DAY as usize);

    // Interests older than 24 hours no longer count.
    f.db.write(|c| {
        diesel::update(tuition_interests::table.filter(tuition_interests::request_id.eq(ids[0])))
            .set(tuition_interests::created_at.eq(now() - chrono::Duration::hours(25)))
            .execute(c)
            .map_err(hometutor_db::DbError::from)
    })
    .expect("age one");
    f.tuition.express_interest(f.tutor, Role::Tutor, ids[30]).expect("a slot freed");
    assert!(matches!(f.tuition.express_interest(f.tutor, Role::Tutor, ids[31]), Err(TuitionError::InterestLimit)));
    // Another tutor's limit is their own.
    let second_tutor = user(&f.db, "second@example.com", "tutor", Some(now() + chrono::Duration::days(30)));
    f.tuition.express_interest(second_tutor, Role::Tutor, ids[31]).expect("another tutor");
}

#[test]
fn deleting_a_request_removes_its_interests() {
    let f = fixture();
    let id = f.post("Maths", "10", DELHI);
    f.tuition.express_interest(f.tutor, Role::Tutor, id).expect("interest");
    f.tuition.delete(f.parent, id).expect("delete");
    let left: i64 =
        f.db.read(|c| tuition_interests::table.count().get_result(c).map_err(hometutor_db::DbError::from))
            .expect("count");
    assert_eq!(left, 0);
}
