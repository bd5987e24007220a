//! Admin rules on a private database (SQLite, or PostgreSQL with TEST_DATABASE_URL).

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

use chrono::NaiveDate;
use diesel::prelude::*;
use hometutor_admin::{
    Actor, AdminError, AdminService, BulkAction, NewTicket, NewUser, SettingsChanges, Theme, UserFilter, UserUpdate,
};
use hometutor_auth::{AuthConfig, AuthService, LoginInput, NewAccount};
use hometutor_core::{Role, UserId};
use hometutor_db::schema::{audit_log, payment_orders, users};
use hometutor_db::{now, Db};
use hometutor_mail::MailSignal;
use hometutor_media::MediaStore;
use hometutor_testkit::TestDatabase;
use serde_json::json;

const PASSWORD: &str = "correct horse battery";

struct Fixture {
    _database: TestDatabase,
    db: Db,
    auth: AuthService,
    admin: AdminService,
    me: Actor,
    _dir: TempDir,
}

struct TempDir(std::path::PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn fixture() -> Fixture {
    let database = TestDatabase::in_memory();
    let db = database.db();
    let config = AuthConfig {
        jwt_secret: b"admin-test-secret-admin-test-secret-0123".to_vec(),
        jwt_secret_previous: None,
        bcrypt_cost: 4,
        hash_max_wait: hometutor_auth::DEFAULT_HASH_MAX_WAIT,
        public_url: "http://localhost:8080".into(),
        token_ttl: chrono::Duration::days(7),
        limiter: hometutor_limits::Limiter::in_memory(),
    };
    let auth = AuthService::new(db.clone(), config, MailSignal::default()).unwrap();
    static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let dir = std::env::temp_dir().join(format!(
        "hometutor-admin-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    ));
    let media = MediaStore::new(db.clone(), dir.clone(), 5 * 1024 * 1024).unwrap();
    let admin = AdminService::new(db.clone(), auth.clone(), media);
    let me = account(&auth, "root@example.com", Role::Admin, "Root Admin");
    let me = Actor { id: me, email: "root@example.com".into(), address: "192.0.2.1".into() };
    Fixture { _database: database, db, auth, admin, me, _dir: TempDir(dir) }
}

fn account(auth: &AuthService, email: &str, role: Role, name: &str) -> UserId {
    auth.create_verified(NewAccount { fullname: name, email, phone: Some("9876543210"), password: PASSWORD, role })
        .unwrap()
        .id
}

fn login(auth: &AuthService, email: &str) -> Result<String, hometutor_auth::AuthError> {
    auth.login(LoginInput { email: email.into(), password: PASSWORD.into(), ip: "127.0.0.1".into() }).map(|s| s.token)
}

fn audit_actions(db: &Db) -> Vec<String> {
    db.read(|c| {
        audit_log::table
            .order(audit_log::id.asc())
            .select(audit_log::action)
            .load(c)
            .map_err(hometutor_db::DbError::from)
    })
    .unwrap()
}

#[test]
fn users_are_listed_with_filters_search_and_pages() {
    let f = fixture();
    for i in 0..25 {
        account(&f.auth, &format!("tutor{i:02}@example.com"), Role::Tutor, &format!("Tutor {i:02}"));
    }
    account(&f.auth, "meera@example.com", Role::Parent, "Meera SHARMA");
    let first = f.admin.users(&UserFilter { page: 1, limit: 20, ..Default::default() }).unwrap();
    assert_eq!((first.users.len(), first.total), (20, 27));
    let third = f.admin.users(&UserFilter { page: 2, limit: 20, ..Default::default() }).unwrap();
    assert_eq!(third.users.len(), 7);
    assert!(first.users.iter().all(|u| !third.users.iter().any(|t| t.id == u.id)), "pages do not overlap");

    let tutors =
        f.admin.users(&UserFilter { role: Some(Role::Tutor), page: 1, limit: 20, ..Default::default() }).unwrap();
    assert_eq!(tutors.total, 25);
    assert!(tutors.users.iter().all(|u| u.role == Role::Tutor));

    let found = f.admin.users(&UserFilter { search: Some("sharma".into()), page: 1, limit: 20, ..Default::default() });
    let found = found.unwrap();
    assert_eq!(found.total, 1, "search ignores case");
    assert_eq!(found.users[0].email, "meera@example.com");
    let by_mail =
        f.admin.users(&UserFilter { search: Some("TUTOR0".into()), page: 1, limit: 20, ..Default::default() });
    assert_eq!(by_mail.unwrap().total, 10);
    let wildcard = f.admin.users(&UserFilter { search: Some("%".into()), page: 1, limit: 20, ..Default::default() });
    assert_eq!(wildcard.unwrap().total, 0, "% is a character, not a wildcard");
}

#[test]
fn an_admin_cannot_remove_themself_or_the_last_admin() {
    let f = fixture();
    let own = f.me.id.0;
    let refused = |r: Result<_, AdminError>| matches!(r, Err(AdminError::Refused(_)));
    assert!(refused(f.admin.set_user_active(&f.me, own, false).map(|_| ())));
    assert!(refused(f.admin.delete_user(&f.me, own)));
    assert!(refused(
        f.admin.update_user(&f.me, own, &UserUpdate { role: Some(Role::Tutor), ..Default::default() }).map(|_| ())
    ));
    assert!(refused(f.admin.bulk(&f.me, &[own], BulkAction::Deactivate).map(|_| ())));

    // A second admin may be removed while the actor remains; the actor as the last one may not.
    let other = account(&f.auth, "second@example.com", Role::Admin, "Second Admin");
    f.admin.set_user_active(&f.me, other.0, false).unwrap();
    let second = Actor { id: other, email: "second@example.com".into(), address: "192.0.2.1".into() };
    f.admin.set_user_active(&f.me, other.0, true).unwrap();
    f.admin.set_user_active(&second, own, false).unwrap();
    let error = f
        .admin
        .delete_user(&Actor { id: UserId(own), email: f.me.email.clone(), address: "192.0.2.1".into() }, other.0);
    assert!(refused(error), "the only active admin left cannot be deleted");
    let still: i64 =
        f.db.read(|c| {
            users::table.filter(users::role.eq("admin")).count().get_result(c).map_err(hometutor_db::DbError::from)
        })
        .unwrap();
    assert_eq!(still, 2, "nothing was deleted");
}

#[test]
fn deactivation_ends_sessions_and_bulk_is_all_or_nothing() {
    let f = fixture();
    let parent = account(&f.auth, "parent@example.com", Role::Parent, "Parent");
    let tutor = account(&f.auth, "tutor@example.com", Role::Tutor, "Tutor");
    let token = login(&f.auth, "parent@example.com").unwrap();
    assert!(f.auth.authenticate(&token).is_ok());
    f.admin.set_user_active(&f.me, parent.0, false).unwrap();
    assert!(f.auth.authenticate(&token).is_err(), "a deactivated user's token stops working");
    f.admin.set_user_active(&f.me, parent.0, true).unwrap();
    assert!(f.auth.authenticate(&token).is_err(), "and stays dead after reactivation");

    // Bulk including the actor: refused, and nobody else changed either.
    let refused = f.admin.bulk(&f.me, &[parent.0, tutor.0, f.me.id.0], BulkAction::Deactivate);
    assert!(matches!(refused, Err(AdminError::Refused(_))));
    assert!(f.admin.user(parent.0).unwrap().active && f.admin.user(tutor.0).unwrap().active);
    assert!(
        matches!(f.admin.bulk(&f.me, &[], BulkAction::Delete), Err(AdminError::Validation(e)) if e[0].message == "Please select users first")
    );
    assert!(matches!(f.admin.bulk(&f.me, &[parent.0, 999_999], BulkAction::Delete), Err(AdminError::NotFound(_))));
    assert!(f.admin.user(parent.0).is_ok(), "an unknown id in the selection changes nothing");

    assert_eq!(f.admin.bulk(&f.me, &[parent.0, tutor.0], BulkAction::Deactivate).unwrap(), 2);
    assert!(!f.admin.user(tutor.0).unwrap().active);
    assert_eq!(f.admin.bulk(&f.me, &[parent.0, tutor.0], BulkAction::Delete).unwrap(), 2);
    assert!(matches!(f.admin.user(parent.0), Err(AdminError::NotFound(_))));
    let actions = audit_actions(&f.db);
    assert!(actions.contains(&"user.bulk_delete".to_string()) && actions.contains(&"user.deactivate".to_string()));
}

#[test]
fn created_users_can_log_in_and_reset_passwords_revoke_tokens() {
    let f = fixture();
    let new = NewUser {
        fullname: "New Admin".into(),
        email: "New.Admin@Example.com".into(),
        phone: String::new(),
        password: PASSWORD.into(),
        role: Role::Admin,
    };
    let created = f.admin.create_user(&f.me, &new).unwrap();
    assert_eq!((created.email.as_str(), created.role.as_str()), ("new.admin@example.com", "admin"));
    let token = login(&f.auth, "new.admin@example.com").unwrap();
    assert!(matches!(
        f.admin.create_user(&f.me, &new),
        Err(AdminError::Auth(hometutor_auth::AuthError::AlreadyExists))
    ));
    // A role that is none of the three cannot be expressed here: admin_api's
    // `a_value_outside_a_documented_enum_is_a_field_error` sends one over HTTP.

    f.admin.reset_user_password(&f.me, created.id.0, "another long password").unwrap();
    assert!(f.auth.authenticate(&token).is_err(), "old tokens die with the reset");
    assert!(login(&f.auth, "new.admin@example.com").is_err(), "the old password no longer works");
    assert!(matches!(f.admin.reset_user_password(&f.me, created.id.0, "short"), Err(AdminError::Auth(_))));

    let updated = f.admin.update_user(
        &f.me,
        created.id.0,
        &UserUpdate { fullname: Some("Renamed".into()), phone: Some("12".into()), ..Default::default() },
    );
    assert!(matches!(updated, Err(AdminError::Validation(_))), "phone must be 10 digits");
    assert_eq!(f.admin.user(created.id.0).unwrap().fullname, "New Admin", "nothing half-written");
}

#[test]
fn tutors_get_approval_featuring_and_badges_and_non_tutors_are_refused() {
    let f = fixture();
    let tutor = account(&f.auth, "tutor@example.com", Role::Tutor, "Tutor");
    let parent = account(&f.auth, "parent@example.com", Role::Parent, "Parent");
    assert!(f.admin.set_tutor_approved(&f.me, tutor.0, true).unwrap().approved);
    assert!(f.admin.set_tutor_featured(&f.me, tutor.0, true).unwrap().featured);
    let badges = vec![" Top Rated ".to_string(), "Top Rated".into(), "".into(), "Maths Expert".into()];
    let saved = f.admin.set_tutor_badges(&f.me, tutor.0, &badges).unwrap();
    assert_eq!(saved.badges, vec!["Top Rated", "Maths Expert"]);
    assert!(matches!(f.admin.set_tutor_approved(&f.me, parent.0, true), Err(AdminError::NotFound("Tutor"))));
    let too_many: Vec<String> = (0..11).map(|i| format!("b{i}")).collect();
    assert!(matches!(f.admin.set_tutor_badges(&f.me, tutor.0, &too_many), Err(AdminError::Validation(_))));
    // Counted as sent, as the documented maxItems counts: eleven are refused even when repeats
    // would leave fewer.
    let repeated = vec!["Top Rated".to_string(); 11];
    assert!(matches!(f.admin.set_tutor_badges(&f.me, tutor.0, &repeated), Err(AdminError::Validation(_))));
    assert_eq!(f.admin.set_tutor_badges(&f.me, tutor.0, &repeated[..10]).unwrap().badges, vec!["Top Rated"]);
}

#[test]
fn settings_and_content_are_validated_and_kept() {
    let f = fixture();
    let defaults = f.admin.settings().unwrap();
    assert_eq!(defaults.site_title, "HomeTutor");
    assert!(defaults.gpt5_mini_preview_enabled, "the preview flag defaults to on");
    assert!(!defaults.maintenance_mode);

    let new = SettingsChanges {
        site_title: Some("  Tutors of Delhi ".into()),
        theme: Some(Theme::Dark),
        maintenance_mode: Some(true),
        gpt5_mini_preview_enabled: Some(false),
        ..SettingsChanges::default()
    };
    let saved = f.admin.change_settings(&f.me, &new).unwrap();
    assert_eq!(
        (saved.site_title.as_str(), saved.theme, saved.maintenance_mode),
        ("Tutors of Delhi", Theme::Dark, true)
    );
    assert_eq!(f.admin.settings().unwrap(), saved);
    let empty = SettingsChanges { site_title: Some(" ".into()), ..SettingsChanges::default() };
    assert!(matches!(f.admin.change_settings(&f.me, &empty), Err(AdminError::Validation(_))));

    // The operator's own support contacts replace the defaults everywhere they are shown.
    assert_eq!(
        (defaults.support_email.as_str(), defaults.support_phone.as_str()),
        ("support@hometutor.in", "+91 98765 43210")
    );
    let contacts = SettingsChanges {
        support_email: Some(" Help@Tutors-Delhi.in ".into()),
        support_phone: Some(" +91 (11) 4050-6070 ".into()),
        ..SettingsChanges::default()
    };
    let with_contacts = f.admin.change_settings(&f.me, &contacts).unwrap();
    assert_eq!(
        (with_contacts.support_email.as_str(), with_contacts.support_phone.as_str()),
        ("help@tutors-delhi.in", "+91 (11) 4050-6070")
    );
    for (email, phone, field, message) in [
        ("", "+91 11 4050 6070", "supportEmail", "Support e-mail is required."),
        ("help@", "+91 11 4050 6070", "supportEmail", "Please enter a valid support e-mail address."),
        ("help@tutors.in", " ", "supportPhone", "Support phone is required."),
        ("help@tutors.in", "12345", "supportPhone", "Please enter a valid support phone number (7 to 15 digits)."),
        (
            "help@tutors.in",
            "call 9876543210",
            "supportPhone",
            "Please enter a valid support phone number (7 to 15 digits).",
        ),
        (
            "help@tutors.in",
            "98+76543210",
            "supportPhone",
            "Please enter a valid support phone number (7 to 15 digits).",
        ),
    ] {
        let bad = SettingsChanges {
            support_email: Some(email.into()),
            support_phone: Some(phone.into()),
            ..SettingsChanges::default()
        };
        match f.admin.change_settings(&f.me, &bad) {
            Err(AdminError::Validation(errors)) => {
                assert_eq!((errors[0].field, errors[0].message.as_str()), (field, message), "{email} / {phone}")
            }
            other => panic!("{email} / {phone} was not refused: {other:?}"),
        }
    }
    assert_eq!(f.admin.settings().unwrap(), with_contacts, "a refused save changes nothing");

    let faqs = json!(r#"[{"q": "Is it free for parents?", "a": "Yes."}]"#);
    let content = f.admin.save_content(&f.me, "Welcome", &["Admissions open".into()], &faqs, &json!([])).unwrap();
    assert_eq!(content.faqs[0]["a"], "Yes.");
    let broken = f.admin.save_content(&f.me, "Welcome", &[], &json!("[{\"q\": "), &json!([]));
    match broken {
        Err(AdminError::Validation(e)) => {
            assert_eq!(e[0].field, "faqs");
            assert!(e[0].message.starts_with("FAQs is not valid JSON"), "{}", e[0].message);
        }
        other => panic!("expected a validation error, got {other:?}"),
    }
    let object = f.admin.save_content(&f.me, "", &[], &json!([]), &json!({"text": "not a list"}));
    assert!(matches!(object, Err(AdminError::Validation(e)) if e[0].field == "announcements"));
    assert_eq!(f.admin.content().unwrap().faqs.len(), 1, "a refused save changes nothing");

    let announcement = f.admin.broadcast(&f.me, "Site maintenance tonight at 11 PM").unwrap();
    assert_eq!(announcement["text"], "Site maintenance tonight at 11 PM");
    assert_eq!(f.admin.content().unwrap().announcements[0]["text"], "Site maintenance tonight at 11 PM");
    assert!(matches!(f.admin.broadcast(&f.me, "  "), Err(AdminError::Validation(_))));
}

#[test]
fn testimonials_come_from_parents_and_show_once_approved() {
    let f = fixture();
    let parent = account(&f.auth, "parent@example.com", Role::Parent, "Kavya Rao");
    let tutor = account(&f.auth, "tutor@example.com", Role::Tutor, "Tutor");
    assert!(matches!(f.admin.submit_testimonial(tutor, Role::Tutor, "Great"), Err(AdminError::NotAParent)));
    assert!(matches!(f.admin.submit_testimonial(parent, Role::Parent, " "), Err(AdminError::Validation(_))));
    let mine = f.admin.submit_testimonial(parent, Role::Parent, "Found a maths tutor in two days.").unwrap();
    assert_eq!((mine.name.as_str(), mine.approved), ("Kavya Rao", false));
    assert!(f.admin.approved_testimonials(10).unwrap().is_empty(), "not shown before approval");
    f.admin.approve_testimonial(&f.me, mine.id, true).unwrap();
    assert_eq!(f.admin.approved_testimonials(10).unwrap()[0].text, "Found a maths tutor in two days.");
    f.admin.approve_testimonial(&f.me, mine.id, false).unwrap();
    assert!(f.admin.approved_testimonials(10).unwrap().is_empty());
    for _ in 0..2 {
        f.admin.submit_testimonial(parent, Role::Parent, "More").unwrap();
    }
    assert!(matches!(f.admin.submit_testimonial(parent, Role::Parent, "Spam"), Err(AdminError::Refused(_))));
}

#[test]
fn support_tickets_are_validated_and_listed_newest_first() {
    let f = fixture();
    let bad = f.admin.submit_ticket(&NewTicket { name: "".into(), email: "nope".into(), ..Default::default() });
    match bad {
        Err(AdminError::Validation(errors)) => {
            let fields: Vec<_> = errors.iter().map(|e| e.field).collect();
            assert_eq!(fields, ["name", "email", "subject", "message"]);
        }
        other => panic!("{other:?}"),
    }
    for subject in ["First", "Second"] {
        let ticket = NewTicket {
            name: "Asha".into(),
            email: "Asha@Example.com".into(),
            subject: subject.into(),
            message: "My payment shows pending.".into(),
        };
        f.admin.submit_ticket(&ticket).unwrap();
    }
    let list = f.admin.tickets(10).unwrap();
    assert_eq!(list.iter().map(|t| t.subject.as_str()).collect::<Vec<_>>(), ["Second", "First"]);
    assert_eq!(list[0].email, "asha@example.com");
}

fn order(db: &Db, user: UserId, status: &str, paid_at: Option<chrono::NaiveDateTime>, n: &mut i32) {
    *n += 1;
    let id = format!("ht_test_{n}");
    db.write(|c| {
        diesel::insert_into(payment_orders::table)
            .values((
                payment_orders::order_id.eq(id),
                payment_orders::user_id.eq(user.0),
                payment_orders::provider.eq("simulated"),
                payment_orders::amount_paise.eq(49_900i64),
                payment_orders::currency.eq("INR"),
                payment_orders::status.eq(status),
                payment_orders::created_at.eq(now()),
                payment_orders::updated_at.eq(now()),
                payment_orders::paid_at.eq(paid_at),
                payment_orders::expires_at.eq(now()),
            ))
            .execute(c)
            .map_err(hometutor_db::DbError::from)
    })
    .unwrap();
}

#[test]
fn revenue_counts_confirmed_payments_only_by_india_month() {
    let f = fixture();
    let tutor = account(&f.auth, "tutor@example.com", Role::Tutor, "Tutor");
    let at = |d: u32, m: u32, h: u32| NaiveDate::from_ymd_opt(2026, m, d).unwrap().and_hms_opt(h, 0, 0).unwrap();
    let mut n = 0;
    order(&f.db, tutor, "paid", Some(at(10, 11, 9)), &mut n); // this month
    order(&f.db, tutor, "paid", Some(at(31, 10, 20)), &mut n); // 1 Nov 01:30 IST: this month
    order(&f.db, tutor, "paid", Some(at(15, 10, 9)), &mut n); // last month
    order(&f.db, tutor, "paid", Some(at(15, 8, 9)), &mut n); // earlier
    order(&f.db, tutor, "created", None, &mut n);
    order(&f.db, tutor, "failed", None, &mut n);
    order(&f.db, tutor, "pending", Some(at(12, 11, 9)), &mut n); // never confirmed
    let revenue = f.admin.revenue_at(at(21, 11, 12)).unwrap();
    assert_eq!((revenue.total, revenue.this_month, revenue.last_month), (1996.0, 998.0, 499.0));

    // Deleting the paying account keeps its payments: they are financial records.
    f.admin.delete_user(&f.me, tutor.0).unwrap();
    let after = f.admin.revenue_at(at(21, 11, 12)).unwrap();
    assert_eq!((after.total, after.this_month, after.last_month), (1996.0, 998.0, 499.0));
    let owners: Vec<Option<i64>> = f
        .db
        .read(|c| payment_orders::table.select(payment_orders::user_id).load(c).map_err(hometutor_db::DbError::from))
        .unwrap();
    assert_eq!(owners, vec![None; 7], "every order kept, none pointing at the deleted account");
}

#[test]
fn user_stats_count_roles_and_states() {
    let f = fixture();
    for i in 0..3 {
        account(&f.auth, &format!("t{i}@example.com"), Role::Tutor, "T");
    }
    let parents: Vec<_> = (0..6).map(|i| account(&f.auth, &format!("p{i}@example.com"), Role::Parent, "P")).collect();
    f.admin.set_user_active(&f.me, parents[0].0, false).unwrap();
    let stats = f.admin.user_stats().unwrap();
    assert_eq!((stats.total_users, stats.tutors, stats.students), (10, 3, 6));
    assert_eq!((stats.active, stats.inactive), (9, 1));
    assert_eq!(stats.tutor_student_ratio, Some(0.5));
}

/// Each round, two admins change different settings at the same moment (a barrier
/// lets both threads go at once): both changes are kept, neither overwrites the
/// other with the settings it read before the other's change was saved.
#[test]
fn two_admins_changing_different_settings_at_once_both_keep_their_change() {
    let f = fixture();
    let other = account(&f.auth, "second@example.com", Role::Admin, "Second Admin");
    let other = Actor { id: other, email: "second@example.com".into(), address: "192.0.2.1".into() };
    for round in 0..20 {
        let title = format!("Tutors of Delhi {round}");
        let email = format!("help{round}@tutors-delhi.in");
        let changes = [
            (&f.me, SettingsChanges { site_title: Some(title.clone()), ..SettingsChanges::default() }),
            (&other, SettingsChanges { support_email: Some(email.clone()), ..SettingsChanges::default() }),
        ];
        let start = std::sync::Barrier::new(changes.len());
        std::thread::scope(|threads| {
            for (actor, change) in &changes {
                let (admin, start) = (&f.admin, &start);
                threads.spawn(move || {
                    start.wait();
                    admin.change_settings(actor, change).unwrap()
                });
            }
        });
        let stored = f.admin.settings().unwrap();
        assert_eq!((stored.site_title, stored.support_email), (title, email), "round {round}");
    }
}

#[test]
fn every_change_is_in_the_audit_log_with_its_admin() {
    let f = fixture();
    let tutor = account(&f.auth, "tutor@example.com", Role::Tutor, "Tutor");
    f.admin.set_tutor_featured(&f.me, tutor.0, true).unwrap();
    f.admin.change_settings(&f.me, &SettingsChanges::default()).unwrap();
    let log = f.admin.audit_log(10).unwrap();
    assert_eq!(log.iter().map(|e| e.action.as_str()).collect::<Vec<_>>(), ["settings.save", "tutor.feature"]);
    assert!(log.iter().all(|e| e.admin_email == "root@example.com" && e.admin_id == f.me.id.0));
    assert_eq!(log[1].target, format!("user {}", tutor.0));
    // A refused change writes no entry.
    let _ = f.admin.delete_user(&f.me, f.me.id.0);
    assert_eq!(f.admin.audit_log(10).unwrap().len(), 2);
}

#[test]
fn flagging_a_request_tells_its_parent_the_reason_and_unflagging_does_not() {
    let f = fixture();
    let parent = account(&f.auth, "asha@example.com", Role::Parent, "Asha Verma");
    let other = account(&f.auth, "neha@example.com", Role::Parent, "Neha Gupta");
    let request = hometutor_testkit::insert_request(&f.db, parent.0, false);
    let told = |user: UserId| {
        f.db.read(|c| hometutor_notifications::recent(c, user.0, 50).map_err(hometutor_db::DbError::from)).unwrap()
    };

    f.admin.flag_request(&f.me, request, true, "Phone number in the subject").unwrap();
    let notes = told(parent);
    assert_eq!(notes.len(), 1);
    assert_eq!(notes[0].kind, "request_flagged");
    assert_eq!(notes[0].title, "Your Maths request was flagged");
    assert!(notes[0].body.contains("Phone number in the subject"), "{}", notes[0].body);
    assert_eq!(notes[0].link.as_deref(), Some("/dashboard"));
    assert!(told(other).is_empty(), "only the request's parent is told");

    f.admin.flag_request(&f.me, request, true, "Phone number in the subject").unwrap();
    assert_eq!(told(parent).len(), 1, "the same flag again tells nothing new");
    f.admin.flag_request(&f.me, request, false, "").unwrap();
    assert_eq!(told(parent).len(), 1, "unflagging tells nothing");
    f.admin.flag_request(&f.me, request, true, "").unwrap();
    assert_eq!(told(parent).len(), 2, "flagged again later: told again");
    assert!(matches!(f.admin.flag_request(&f.me, request + 1000, true, "x"), Err(AdminError::NotFound(_))));
}
