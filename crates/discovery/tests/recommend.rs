//! Recommended tutors for a request and invitations, on a private database.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

mod common;

use chrono::Duration;
use common::*;
use diesel::prelude::*;
use hometutor_core::{Role, UserId};
use hometutor_db::schema::{conversations as cv, messages as ms, notifications};
use hometutor_db::{now, Db, DbError};
use hometutor_discovery::recommend::responsiveness;
use hometutor_discovery::{DiscoveryError, DiscoveryService, MAX_INVITES_PER_REQUEST};
use hometutor_tuition::location::LocationKey;
use hometutor_tuition::{moderation, CloseOutcome, TuitionService};

/// A conversation the parent started at `at`, the tutor answering `after` later (or never).
fn conversation(db: &Db, parent: i64, tutor: i64, at: chrono::NaiveDateTime, after: Option<Duration>) {
    db.write(|c| {
        let (a, b) = (parent.min(tutor), parent.max(tutor));
        let id: i64 = diesel::insert_into(cv::table)
            .values((cv::user_a.eq(a), cv::user_b.eq(b), cv::last_seq.eq(2), cv::created_at.eq(at)))
            .returning(cv::id)
            .get_result(c)?;
        let mut rows = vec![(1i64, parent, tutor, at)];
        if let Some(after) = after {
            rows.push((2, tutor, parent, at + after));
        }
        for (seq, from, to, when) in rows {
            diesel::insert_into(ms::table)
                .values((
                    ms::conversation_id.eq(id),
                    ms::seq.eq(seq),
                    ms::sender_id.eq(from),
                    ms::recipient_id.eq(to),
                    ms::body.eq("hello"),
                    ms::created_at.eq(when),
                ))
                .execute(c)?;
        }
        Ok::<_, DbError>(())
    })
    .expect("conversation");
}

#[test]
fn recommends_the_best_suited_tutors_with_reasons_to_the_owner_only() {
    let t = hometutor_testkit::TestDatabase::in_memory();
    let db = t.db();
    let parent = user(&db, "parent@example.com", Who::PARENT);
    let other_parent = user(&db, "other@example.com", Who::PARENT);
    let best = user(&db, "best@example.com", Who { approved: true, ..Who::TUTOR });
    let near_any = user(&db, "any@example.com", Who::TUTOR);
    let far = user(&db, "far@example.com", Who::TUTOR);
    let science = user(&db, "science@example.com", Who::TUTOR);
    let online_only = user(&db, "online@example.com", Who::TUTOR);
    let unpaid = user(&db, "unpaid@example.com", Who { subscribed_days: None, ..Who::TUTOR });
    seed(
        &db,
        &[
            area(best, east(2.0), 10.0, &["maths"], &["class-8"], &["cbse"], &[]),
            area(near_any, east(1.0), 10.0, &["all-subjects"], &[], &[], &[]),
            area(far, east(9.0), 10.0, &["maths"], &["class-8"], &["cbse"], &[]),
            area(science, east(1.0), 10.0, &["science"], &[], &[], &[]),
            area(online_only, east(1.0), 10.0, &["maths"], &[], &[], &["online"]),
            area(unpaid, east(1.0), 10.0, &["maths"], &[], &[], &[]),
        ],
    );
    for i in 0..12 {
        let p = user(&db, &format!("r{i}@example.com"), Who::PARENT);
        review(&db, best, p, if i < 7 { 5 } else { 4 }); // 4.6
    }
    conversation(&db, other_parent, best, now() - Duration::days(3), Some(Duration::hours(2)));
    let id = request(&db, parent, DELHI, "maths", "class-8", Some("cbse"), "home");
    let service = DiscoveryService::new(db.clone(), Announced::default().notifier());

    let got = service.recommendations(UserId(parent), Role::Parent, id).expect("recommendations");
    let order: Vec<i64> = got.tutors.iter().map(|r| r.card.id).collect();
    // 1 km away with half credit for fit (66.5) beats 9 km away with full fit (53.5).
    assert_eq!(order, vec![best, near_any, far], "science, online-only and unpaid tutors are not listed");
    let top = &got.tutors[0];
    // The distance is to the centre searches use, that of the tutor's 1 km cell.
    let away = |km: f64| {
        let shown = hometutor_geo::distance_km(DELHI, hometutor_tuition::area::shown_center(east(km)));
        format!("{:.1} km away", (shown * 10.0).round() / 10.0)
    };
    let (away_2, away_1, away_9) = (away(2.0), away(1.0), away(9.0));
    let english = |reasons: &[hometutor_core::Message]| -> Vec<String> {
        reasons.iter().map(|m| m.render(hometutor_core::Language::En)).collect()
    };
    assert_eq!(
        english(&top.reasons),
        vec![
            away_2.as_str(),
            "Teaches Mathematics for Class 8",
            "CBSE",
            "★ 4.6 from 12 reviews",
            "Verified",
            "Usually replies within a day",
        ]
    );
    assert!(top.score <= 100 && top.score > got.tutors[1].score);
    assert!(!top.invited);
    assert_eq!(english(&got.tutors[1].reasons), vec![away_1.as_str()]);
    assert_eq!(english(&got.tutors[2].reasons)[..3], [away_9.as_str(), "Teaches Mathematics for Class 8", "CBSE"]);
    // Determinism: the same answer again.
    assert_eq!(service.recommendations(UserId(parent), Role::Parent, id).unwrap(), got);

    // Another parent's request reads as missing; tutors and admins are refused.
    assert!(matches!(service.recommendations(UserId(other_parent), Role::Parent, id), Err(DiscoveryError::NotFound)));
    assert!(matches!(service.recommendations(UserId(best), Role::Tutor, id), Err(DiscoveryError::NotAParent)));
    assert!(matches!(service.recommendations(UserId(best), Role::Admin, id), Err(DiscoveryError::NotAParent)));
    assert!(matches!(service.recommendations(UserId(parent), Role::Parent, id + 999), Err(DiscoveryError::NotFound)));
}

#[test]
fn responsiveness_counts_answers_within_a_day_to_conversations_parents_started() {
    let t = hometutor_testkit::TestDatabase::in_memory();
    let db = t.db();
    let tutor = user(&db, "tutor@example.com", Who::TUTOR);
    let silent = user(&db, "silent@example.com", Who::TUTOR);
    let parents: Vec<i64> = (0..5).map(|i| user(&db, &format!("p{i}@example.com"), Who::PARENT)).collect();
    let at = now() - Duration::days(10);
    conversation(&db, parents[0], tutor, at, Some(Duration::hours(1)));
    conversation(&db, parents[1], tutor, at, Some(Duration::hours(30)));
    conversation(&db, parents[2], tutor, at, None);
    conversation(&db, parents[3], tutor, at, Some(Duration::hours(23)));
    // Too old to count.
    conversation(&db, parents[4], tutor, now() - Duration::days(100), None);
    let got =
        db.read(|c| responsiveness(c, &[tutor, silent], now() - Duration::days(90)).map_err(DbError::from)).unwrap();
    assert_eq!(got.get(&tutor), Some(&0.5));
    assert_eq!(got.get(&silent), None, "unknown, not zero");
}

#[test]
fn invitations_once_per_tutor_notified_capped_and_never_on_a_closed_or_flagged_request() {
    let t = hometutor_testkit::TestDatabase::in_memory();
    let db = t.db();
    let parent = user(&db, "parent@example.com", Who::PARENT);
    let other_parent = user(&db, "other@example.com", Who::PARENT);
    let tutors: Vec<i64> =
        (0..=MAX_INVITES_PER_REQUEST).map(|i| user(&db, &format!("t{i}@example.com"), Who::TUTOR)).collect();
    // Profiles complete enough to judge (a parent invites no other): the first tutor near the
    // request, the rest far away.
    let far: Vec<_> = tutors[1..].iter().map(|t| area(*t, east(200.0), 5.0, &["maths"], &[], &[], &[])).collect();
    seed(&db, &[vec![area(tutors[0], east(1.0), 5.0, &["maths"], &[], &[], &[])], far].concat());
    let id = request(&db, parent, DELHI, "maths", "class-8", None, "home");
    let announced = Announced::default();
    let service = DiscoveryService::new(db.clone(), announced.notifier());

    assert!(service.invite(UserId(parent), Role::Parent, id, tutors[0]).unwrap(), "first time");
    assert!(!service.invite(UserId(parent), Role::Parent, id, tutors[0]).unwrap(), "already invited");
    let told = announced.0.lock().unwrap().clone();
    assert_eq!(told.len(), 1);
    assert_eq!(told[0].user_id, tutors[0]);
    assert_eq!(told[0].kind, "tuition_invite");
    assert_eq!(told[0].link.as_deref(), Some(format!("/nearby?request={id}").as_str()));
    assert!(!told[0].title.contains("parent@example.com") && !told[0].body.contains("Name of"));
    let stored: i64 = db
        .read(|c| {
            notifications::table
                .filter(notifications::user_id.eq(tutors[0]))
                .count()
                .get_result(c)
                .map_err(DbError::from)
        })
        .unwrap();
    assert_eq!(stored, 1);

    // The recommendations say who is invited.
    let rec = service.recommendations(UserId(parent), Role::Parent, id).unwrap();
    assert!(rec.tutors[0].invited);

    // Not the parent's request, not a tutor, not a parent.
    assert!(matches!(service.invite(UserId(other_parent), Role::Parent, id, tutors[1]), Err(DiscoveryError::NotFound)));
    assert!(matches!(service.invite(UserId(parent), Role::Parent, id, other_parent), Err(DiscoveryError::NotFound)));
    assert!(matches!(service.invite(UserId(parent), Role::Parent, id, 999_999), Err(DiscoveryError::NotFound)));
    // A tutor whose subscription has run out could not open the request: not found either.
    let lapsed = user(&db, "lapsed@example.com", Who { subscribed_days: None, ..Who::TUTOR });
    assert!(matches!(service.invite(UserId(parent), Role::Parent, id, lapsed), Err(DiscoveryError::NotFound)));
    // Nor can a tutor whose profile is not complete enough to judge be invited (none recommends them).
    let bare = user(&db, "bare@example.com", Who::TUTOR);
    assert!(matches!(service.invite(UserId(parent), Role::Parent, id, bare), Err(DiscoveryError::NotFound)));
    assert!(matches!(service.invite(UserId(tutors[1]), Role::Tutor, id, tutors[2]), Err(DiscoveryError::NotAParent)));

    // At most 20 per request.
    for tutor in &tutors[1..MAX_INVITES_PER_REQUEST as usize] {
        assert!(service.invite(UserId(parent), Role::Parent, id, *tutor).unwrap());
    }
    let last = tutors[MAX_INVITES_PER_REQUEST as usize];
    assert!(matches!(service.invite(UserId(parent), Role::Parent, id, last), Err(DiscoveryError::TooManyInvites(20))));

    // A closed request takes no invitation, and neither does one an admin has flagged (hidden
    // from tutors), closed or not: tuition's rule of what is open to tutors.
    let tuition = TuitionService::new(db.clone(), LocationKey::new([3; 32]));
    let invite_again = || service.invite(UserId(parent), Role::Parent, id, tutors[0]);
    tuition.close(UserId(parent), id, CloseOutcome::NotNeeded, None).unwrap();
    assert!(matches!(invite_again(), Err(DiscoveryError::Closed)));
    let flag = |flagged: bool| {
        db.write(|c| moderation::flag(c, id, flagged, Some("A phone number in the subject")).map_err(DbError::from))
            .unwrap()
            .expect("the request")
    };
    flag(true);
    assert!(matches!(invite_again(), Err(DiscoveryError::Hidden)), "flagged and closed");
    tuition.reopen(UserId(parent), id).unwrap();
    let refused = invite_again();
    assert!(matches!(refused, Err(DiscoveryError::Hidden)), "flagged, open: {refused:?}");
    let told_before = announced.0.lock().unwrap().len();
    flag(false);
    assert!(!invite_again().unwrap(), "open again: invited already, as before");
    assert_eq!(announced.0.lock().unwrap().len(), told_before, "no tutor was told of a refused invitation");
}
