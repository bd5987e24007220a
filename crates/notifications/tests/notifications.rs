//! The notifications crate against a real database (SQLite, or PostgreSQL with
//! `TEST_DATABASE_URL`): what a user is told, what is e-mailed, and who may see what.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

use std::sync::{Arc, Mutex};

use diesel::prelude::*;
use hometutor_core::UserId;
use hometutor_db::schema::outbox_emails as o;
use hometutor_db::{Db, DbError};
use hometutor_notifications::{
    send_digests_if_ours, send_due_digests, EmailChoice, Kind, Notice, Notification, NotificationError,
    NotificationService, Notifier, UnsubscribeKeys, DIGEST_AFTER,
};
use hometutor_testkit::{insert_user, TestDatabase};
use serde_json::json;

const SITE: &str = "https://tutors.example";

fn notifier() -> Notifier {
    Notifier::default().with_site(SITE, UnsubscribeKeys::new([3; 32], None))
}

fn notice(user: i64, kind: Kind, title: &str, key: Option<&str>) -> Notice {
    Notice {
        user: UserId(user),
        kind,
        title: title.into(),
        body: format!("About {title}.").into(),
        link: Some("/nearby?request=7".into()),
        data: json!({"requestId": 7}),
        dedupe_key: key.map(Into::into),
    }
}

fn notify(db: &Db, notifier: &Notifier, n: &Notice) -> Option<Notification> {
    db.write(|c| notifier.notify(c, n).map_err(DbError::from)).expect("notify")
}

#[derive(Debug, Queryable)]
struct Mail {
    recipient: String,
    subject: String,
    body: String,
    headers: Option<String>,
}

fn outbox(db: &Db) -> Vec<Mail> {
    db.read(|c| {
        o::table
            .order(o::id)
            .select((o::recipient, o::subject, o::body, o::headers))
            .load::<Mail>(c)
            .map_err(DbError::from)
    })
    .expect("outbox")
}

#[test]
fn a_notice_is_stored_once_per_dedupe_key_and_e_mailed_once_with_unsubscribe_headers() {
    let database = TestDatabase::in_memory();
    let db = database.db();
    let parent = insert_user(&db, "Priya Sharma", "priya@example.com", "parent");
    let announced = Arc::new(Mutex::new(Vec::new()));
    let sink = announced.clone();
    let notifier = Notifier::new(Arc::new(move |n: &Notification| sink.lock().unwrap().push(n.id)))
        .with_site(SITE, UnsubscribeKeys::new([3; 32], None));

    let first = notice(parent, Kind::TutorInterested, "Ravi is interested", Some("interest:7:9"));
    let created = notify(&db, &notifier, &first).expect("stored");
    assert_eq!(created.kind, "tutor_interested");
    assert_eq!(created.data_json(), json!({"requestId": 7}));
    assert!(notify(&db, &notifier, &first).is_none(), "the same key again is not stored");
    let other_key = notice(parent, Kind::TutorInterested, "Meera is interested", Some("interest:7:10"));
    assert!(notify(&db, &notifier, &other_key).is_some());

    assert!(announced.lock().unwrap().is_empty(), "nothing is pushed before announce");
    notifier.announce(std::slice::from_ref(&created));
    assert_eq!(*announced.lock().unwrap(), vec![created.id]);

    let mails = outbox(&db);
    assert_eq!(mails.len(), 2, "one e-mail per stored notice: {mails:?}");
    let mail = &mails[0];
    assert_eq!((mail.recipient.as_str(), mail.subject.as_str()), ("priya@example.com", "Ravi is interested"));
    assert!(mail.body.contains("Hello Priya Sharma"), "{}", mail.body);
    assert!(mail.body.contains("About Ravi is interested."));
    assert!(mail.body.contains(&format!("{SITE}/nearby?request=7")));
    let unsubscribe = notifier.unsubscribe_url(UserId(parent), Kind::TutorInterested);
    assert!(unsubscribe.starts_with(&format!("{SITE}/api/notifications/unsubscribe?token=")));
    // The body links the web app's page (words, not JSON); the header links the API (RFC 8058).
    let page = unsubscribe.replace("/api/notifications/unsubscribe?", "/unsubscribe?");
    assert!(mail.body.contains(&page), "{}", mail.body);
    let headers: serde_json::Value = serde_json::from_str(mail.headers.as_deref().expect("headers")).unwrap();
    assert_eq!(
        headers,
        json!({"List-Unsubscribe": format!("<{unsubscribe}>"), "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"})
    );
}

#[test]
fn preferences_decide_what_is_e_mailed_and_are_checked_against_the_role() {
    let database = TestDatabase::in_memory();
    let db = database.db();
    let tutor = insert_user(&db, "Ravi Verma", "ravi@example.com", "tutor");
    let parent = insert_user(&db, "Priya Sharma", "priya@example.com", "parent");
    let notifier = notifier();
    let service = NotificationService::new(db.clone(), notifier.clone());

    let defaults = service.preferences(UserId(tutor)).expect("preferences");
    let kinds: Vec<Kind> = defaults.iter().map(|p| p.kind).collect();
    assert_eq!(kinds, Kind::for_role(hometutor_core::Role::Tutor));
    assert!(defaults.iter().all(|p| p.email == EmailChoice::Immediate));
    let parent_kinds: Vec<Kind> = service.preferences(UserId(parent)).unwrap().iter().map(|p| p.kind).collect();
    assert_eq!(
        parent_kinds,
        vec![Kind::TutorInterested, Kind::Booking, Kind::RequestFlagged, Kind::UnreadMessage, Kind::Moderation]
    );

    let set = |user: i64, pairs: &[(&str, &str)]| {
        let pairs: Vec<(String, String)> = pairs.iter().map(|(k, e)| (k.to_string(), e.to_string())).collect();
        service.set_preferences(UserId(user), &pairs)
    };
    // Refused as a whole: nothing of a refused change is stored.
    for bad in [
        vec![("new_request", "digest"), ("unread_message", "digest")],
        vec![("tutor_interested", "off")],
        vec![("no_such_kind", "off")],
        vec![("new_request", "weekly")],
        vec![("new_request", "off"), ("new_request", "immediate")],
    ] {
        assert!(matches!(set(tutor, &bad), Err(NotificationError::Validation(_))), "{bad:?}");
    }
    assert!(matches!(set(parent, &[("new_request", "digest")]), Err(NotificationError::Validation(_))));
    assert_eq!(service.preferences(UserId(tutor)).unwrap(), defaults, "nothing was stored");

    let after = set(tutor, &[("new_request", "digest"), ("request_closed", "off")]).expect("stored");
    let choice = |k: Kind| after.iter().find(|p| p.kind == k).unwrap().email;
    assert_eq!(choice(Kind::NewRequest), EmailChoice::Digest);
    assert_eq!(choice(Kind::RequestClosed), EmailChoice::Off);
    assert_eq!(choice(Kind::UnreadMessage), EmailChoice::Immediate);

    notify(&db, &notifier, &notice(tutor, Kind::NewRequest, "Maths, class 8", Some("request:1"))).unwrap();
    notify(&db, &notifier, &notice(tutor, Kind::RequestClosed, "Closed", None)).unwrap();
    assert!(outbox(&db).is_empty(), "digest and off send nothing now");
    notify(&db, &notifier, &notice(tutor, Kind::UnreadMessage, "New message", None)).unwrap();
    let mails = outbox(&db);
    assert_eq!(mails.len(), 1);
    assert_eq!(mails[0].subject, "New message");
    assert_eq!(service.unread_count(UserId(tutor)).unwrap(), 3, "in the app every kind is shown");
}

#[test]
fn the_daily_digest_lists_at_most_twenty_requests_once_and_only_when_a_day_old() {
    let database = TestDatabase::in_memory();
    let db = database.db();
    let tutor = insert_user(&db, "Ravi Verma", "ravi@example.com", "tutor");
    let quiet = insert_user(&db, "Sunil Rao", "sunil@example.com", "tutor");
    let notifier = notifier();
    let service = NotificationService::new(db.clone(), notifier.clone());
    for user in [tutor, quiet] {
        service.set_preferences(UserId(user), &[("new_request".into(), "digest".into())]).unwrap();
    }
    for i in 1..=22 {
        notify(
            &db,
            &notifier,
            &notice(tutor, Kind::NewRequest, &format!("Request number {i:02}"), Some(&format!("r{i}"))),
        );
    }
    notify(&db, &notifier, &notice(quiet, Kind::NewRequest, "Physics", Some("r1")));
    // The quiet tutor turns e-mails off before the digest is due: the item stays in the app only.
    service.set_preferences(UserId(quiet), &[("new_request".into(), "off".into())]).unwrap();

    assert_eq!(send_due_digests(&db, &notifier).unwrap(), 0, "not a day old yet");
    assert!(outbox(&db).is_empty());
    hometutor_db::clock::advance(DIGEST_AFTER);
    assert_eq!(send_due_digests(&db, &notifier).unwrap(), 1);
    assert_eq!(send_due_digests(&db, &notifier).unwrap(), 0, "each item is sent once");

    let mails = outbox(&db);
    assert_eq!(mails.len(), 1, "{mails:?}");
    let digest = &mails[0];
    assert_eq!(digest.recipient, "ravi@example.com");
    assert_eq!(digest.subject, "22 new tuition requests in your area");
    assert!(digest.body.contains("Request number 22") && digest.body.contains("Request number 03"));
    assert!(!digest.body.contains("Request number 02"), "at most twenty listed, the newest");
    assert!(digest.body.contains("…and 2 more"));
    assert!(digest.body.find("number 22") < digest.body.find("number 21"), "newest first");
    assert!(digest.headers.as_deref().unwrap().contains("List-Unsubscribe"));
    let page = notifier.unsubscribe_url(UserId(tutor), Kind::NewRequest).replace("/api/notifications/", "/");
    assert!(digest.body.contains(&page), "{}", digest.body);
    assert_eq!(service.unread_count(UserId(tutor)).unwrap(), 22, "the digest marks nothing read");

    // Under the lease, one of several processes sends a pass.
    notify(&db, &notifier, &notice(tutor, Kind::NewRequest, "Chemistry", Some("r23")));
    hometutor_db::clock::advance(DIGEST_AFTER);
    assert_eq!(send_digests_if_ours(&db, &notifier).unwrap(), Some(1));
    assert_eq!(send_digests_if_ours(&db, &notifier).unwrap(), None, "the lease is held for the hour");
    assert_eq!(outbox(&db).len(), 2);
}

#[test]
fn an_unsubscribe_token_turns_off_only_its_own_kind_for_its_own_user() {
    let database = TestDatabase::in_memory();
    let db = database.db();
    let tutor = insert_user(&db, "Ravi Verma", "ravi@example.com", "tutor");
    let other = insert_user(&db, "Sunil Rao", "sunil@example.com", "tutor");
    let notifier = notifier();
    let service = NotificationService::new(db.clone(), notifier.clone());

    let url = notifier.unsubscribe_url(UserId(tutor), Kind::NewRequest);
    let token = url.split("token=").nth(1).unwrap().to_string();
    let choices = |user: i64| service.preferences(UserId(user)).unwrap();

    let forged = [
        token.replace("new_request", "unread_message"),
        token.replace(&format!(".{tutor}."), &format!(".{other}.")),
        format!("{token}x"),
        "u1.1.new_request.AAAA".to_string(),
        String::new(),
        Notifier::default().unsubscribe_url(UserId(tutor), Kind::NewRequest).split("token=").nth(1).unwrap().into(),
    ];
    for bad in &forged {
        assert!(matches!(service.unsubscribe(bad), Err(NotificationError::InvalidUnsubscribeLink)), "{bad}");
    }
    assert!(choices(tutor).iter().all(|p| p.email == EmailChoice::Immediate), "a forged token changes nothing");

    assert_eq!(service.unsubscribe(&token).unwrap(), Kind::NewRequest);
    assert_eq!(service.unsubscribe(&token).unwrap(), Kind::NewRequest, "idempotent");
    for p in choices(tutor) {
        let expected = if p.kind == Kind::NewRequest { EmailChoice::Off } else { EmailChoice::Immediate };
        assert_eq!(p.email, expected, "{:?}", p.kind);
    }
    assert!(choices(other).iter().all(|p| p.email == EmailChoice::Immediate), "nobody else's choices move");
    notify(&db, &notifier, &notice(tutor, Kind::NewRequest, "Maths", Some("r1")));
    assert!(outbox(&db).is_empty(), "off: no e-mail");
}

#[test]
fn the_list_pages_newest_first_and_read_marks_touch_only_the_callers_own() {
    let database = TestDatabase::in_memory();
    let db = database.db();
    let alice = insert_user(&db, "Alice", "alice@example.com", "parent");
    let bob = insert_user(&db, "Bob", "bob@example.com", "parent");
    let notifier = notifier();
    let service = NotificationService::new(db.clone(), notifier.clone());
    let mut ids = Vec::new();
    for i in 0..5 {
        ids.push(notify(&db, &notifier, &notice(alice, Kind::RequestFlagged, &format!("n{i}"), None)).unwrap().id);
    }
    let bobs = notify(&db, &notifier, &notice(bob, Kind::RequestFlagged, "bob's", None)).unwrap().id;

    let first = service.list(UserId(alice), None, Some(2)).unwrap();
    assert_eq!(first.items.iter().map(|n| n.id).collect::<Vec<_>>(), vec![ids[4], ids[3]]);
    let second = service.list(UserId(alice), first.next_cursor, Some(2)).unwrap();
    assert_eq!(second.items.iter().map(|n| n.id).collect::<Vec<_>>(), vec![ids[2], ids[1]]);
    let last = service.list(UserId(alice), second.next_cursor, Some(2)).unwrap();
    assert_eq!(last.items.iter().map(|n| n.id).collect::<Vec<_>>(), vec![ids[0]]);
    assert_eq!(last.next_cursor, None);
    assert_eq!(service.list(UserId(alice), None, None).unwrap().items.len(), 5);
    for bad in [0, 51, -1] {
        assert!(matches!(service.list(UserId(alice), None, Some(bad)), Err(NotificationError::Validation(_))));
    }

    // Alice names Bob's notification with one of hers: only hers is marked.
    assert_eq!(service.mark_read(UserId(alice), Some(&[ids[0], bobs])).unwrap(), 4);
    assert_eq!(service.unread_count(UserId(bob)).unwrap(), 1);
    assert_eq!(service.mark_read(UserId(bob), Some(&ids)).unwrap(), 1, "Bob cannot mark Alice's");
    assert_eq!(service.unread_count(UserId(alice)).unwrap(), 4);
    assert!(service.list(UserId(alice), None, None).unwrap().items.iter().all(|n| n.user_id == alice));
    assert_eq!(service.mark_read(UserId(alice), None).unwrap(), 0);
    assert_eq!(service.unread_count(UserId(bob)).unwrap(), 1, "all means all of the caller's");
    let too_many: Vec<i64> = (1..=101).collect();
    assert!(matches!(service.mark_read(UserId(alice), Some(&too_many)), Err(NotificationError::Validation(_))));
}
