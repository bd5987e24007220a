//! Requests, teaching areas, alerts and the nearby search speaking in vocabulary ids,
//! each on a private database (SQLite, or PostgreSQL with TEST_DATABASE_URL).

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

use std::collections::BTreeSet;

use diesel::prelude::*;
use hometutor_core::{Role, UserId};
use hometutor_db::schema::{tutor_areas, tutor_search_index, users};
use hometutor_db::{now, Db, DbError};
use hometutor_geo::Point;
use hometutor_notifications::recent;
use hometutor_testkit::TestDatabase;
use hometutor_tuition::location::LocationKey;
use hometutor_tuition::{AreaInput, NearbyQuery, RequestInput, TuitionError, TuitionService};

const DELHI: [f64; 2] = [77.209, 28.6139];

fn user(db: &Db, email: &str, role: &str) -> UserId {
    let expires = (role == "tutor").then(|| now() + chrono::Duration::days(365));
    let id: i64 = db
        .write(|c| {
            diesel::insert_into(users::table)
                .values((
                    users::fullname.eq(format!("Name of {email}")),
                    users::email.eq(email),
                    users::phone.eq("9876543210"),
                    users::password_hash.eq("x"),
                    users::role.eq(role),
                    users::email_verified.eq(true),
                    users::subscription_active.eq(expires.is_some()),
                    users::subscription_expires.eq(expires),
                    users::created_at.eq(now()),
                    users::updated_at.eq(now()),
                ))
                .returning(users::id)
                .get_result(c)
                .map_err(DbError::from)
        })
        .expect("user");
    UserId(id)
}

struct Fixture {
    _database: TestDatabase,
    db: Db,
    tuition: TuitionService,
    parent: UserId,
    tutor: UserId,
}

fn fixture() -> Fixture {
    let database = TestDatabase::in_memory();
    let db = database.db();
    Fixture {
        parent: user(&db, "parent@example.com", "parent"),
        tutor: user(&db, "tutor@example.com", "tutor"),
        tuition: TuitionService::new(db.clone(), LocationKey::new([7; 32])),
        db,
        _database: database,
    }
}

fn input(subject: &str, class_level: &str) -> RequestInput {
    RequestInput {
        subject: subject.into(),
        class_level: class_level.into(),
        preferred_time: "Evenings".into(),
        location: Some(DELHI),
        ..Default::default()
    }
}

fn with_ids(subject_id: &str, class_id: &str, board: Option<&str>, mode: Option<&str>) -> RequestInput {
    RequestInput {
        subject_id: Some(subject_id.into()),
        class_id: Some(class_id.into()),
        board: board.map(Into::into),
        mode: mode.map(Into::into),
        ..input("", "")
    }
}

fn fields(result: Result<impl std::fmt::Debug, TuitionError>) -> Vec<String> {
    match result {
        Err(TuitionError::Validation(errors)) => errors.into_iter().map(|e| e.field.to_string()).collect(),
        other => panic!("expected field errors, got {other:?}"),
    }
}

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

impl Fixture {
    fn post(&self, input: RequestInput) -> i64 {
        self.tuition.create(self.parent, Role::Parent, input).expect("create").id
    }

    fn alerted(&self, tutor: UserId) -> BTreeSet<i64> {
        self.db
            .read(|c| recent(c, tutor.0, 1000).map_err(DbError::from))
            .expect("notifications")
            .iter()
            .map(|n| serde_json::from_str::<serde_json::Value>(&n.data).unwrap()["requestId"].as_i64().unwrap())
            .collect()
    }

    fn found(&self, query: &NearbyQuery) -> BTreeSet<i64> {
        self.tuition.nearby(self.tutor, Role::Tutor, query).expect("nearby").iter().map(|r| r.id).collect()
    }

    fn area_subjects(&self, tutor: UserId) -> BTreeSet<String> {
        self.db
            .read(|c| {
                tutor_search_index::table
                    .filter(tutor_search_index::tutor_id.eq(tutor.0))
                    .filter(tutor_search_index::subject_id.ne(hometutor_tuition::search_index::ANY_SUBJECT))
                    .select(tutor_search_index::subject_id)
                    .load::<String>(c)
                    .map_err(DbError::from)
            })
            .expect("subjects")
            .into_iter()
            .collect()
    }
}

fn near(radius: f64) -> NearbyQuery {
    NearbyQuery::around(Point { lat: DELHI[1], lng: DELHI[0] }, radius)
}

// ---------------------------------------------------------------- requests

#[test]
fn a_request_stores_ids_with_the_label_or_the_parents_words() {
    let f = fixture();
    let by_id = f.tuition.create(f.parent, Role::Parent, with_ids("maths", "class-10", Some("cbse"), Some("online")));
    let by_id = by_id.expect("ids alone");
    assert_eq!((by_id.subject.as_str(), by_id.class_level.as_str()), ("Mathematics", "Class 10"), "labels stored");
    assert_eq!((by_id.subject_id.as_deref(), by_id.class_id.as_deref()), (Some("maths"), Some("class-10")));
    assert_eq!((by_id.board.as_deref(), by_id.mode.as_str()), (Some("cbse"), "online"));

    let by_text = f.tuition.create(f.parent, Role::Parent, input(" maths ", "class 10th")).expect("text");
    assert_eq!((by_text.subject.as_str(), by_text.class_level.as_str()), ("maths", "class 10th"), "the words kept");
    assert_eq!((by_text.subject_id.as_deref(), by_text.class_id.as_deref()), (Some("maths"), Some("class-10")));
    assert_eq!((by_text.board, by_text.mode.as_str()), (None, "home"), "no board said; home by default");

    let other = f.tuition.create(f.parent, Role::Parent, input("Vedic maths", "Adult learners")).expect("other");
    assert_eq!((other.subject_id.as_deref(), other.class_id.as_deref()), (Some("other"), Some("other")));
    assert_eq!(other.subject, "Vedic maths");
    let other_by_id = RequestInput { subject: "Vedic maths".into(), ..with_ids("other", "class-5", None, None) };
    let other_by_id = f.tuition.create(f.parent, Role::Parent, other_by_id).expect("other with words");
    assert_eq!((other_by_id.subject_id.as_deref(), other_by_id.subject.as_str()), (Some("other"), "Vedic maths"));

    // An update changes them too; mine() reads them back.
    let updated = f.tuition.update(f.parent, by_text.id, with_ids("physics", "class-11", Some("icse"), None));
    let updated = updated.expect("update");
    assert_eq!((updated.subject_id.as_deref(), updated.subject.as_str()), (Some("physics"), "Physics"));
    assert_eq!((updated.board.as_deref(), updated.mode.as_str()), (Some("icse"), "home"));
    let mine = f.tuition.mine(f.parent).expect("mine");
    assert_eq!(mine.iter().find(|r| r.id == updated.id).unwrap(), &updated);
}

#[test]
fn unknown_ids_and_missing_text_are_field_errors() {
    let f = fixture();
    let create = |input: RequestInput| f.tuition.create(f.parent, Role::Parent, input);
    assert_eq!(
        fields(create(with_ids("astrology", "class-13", Some("nasa"), Some("telepathy")))),
        ["subjectId", "classId", "board", "mode"]
    );
    assert_eq!(fields(create(with_ids("other", "other", None, None))), ["subject", "classLevel"], "other needs words");
    assert_eq!(fields(create(input("", ""))), ["subject", "classLevel"]);
    let long = "x".repeat(101);
    assert_eq!(fields(create(RequestInput { subject: long, ..with_ids("other", "class-1", None, None) })), ["subject"]);
    assert_eq!(
        fields(create(RequestInput { subject: "Ma\nths".into(), ..with_ids("maths", "class-1", None, None) })),
        ["subject"]
    );
}

// ---------------------------------------------------------------- teaching areas

#[test]
fn an_area_stores_ids_other_words_boards_modes_and_its_subject_rows() {
    let f = fixture();
    let input = AreaInput {
        location: Some(DELHI),
        radius_km: Some(10.0),
        subjects: strings(&["maths", "Physics", "MATHEMATICS", "Vedic maths", "other:Abacus", "vedic  MATHS"]),
        classes: strings(&["class-10", "12th", "Adults"]),
        boards: strings(&["cbse", "ICSE"]),
        modes: strings(&["online"]),
    };
    let saved = f.tuition.save_area(f.tutor, Role::Tutor, &input).expect("save");
    let entries = |list: &[hometutor_vocabulary::Choice]| list.iter().map(|c| c.list_entry()).collect::<Vec<_>>();
    assert_eq!(entries(&saved.subjects), ["maths", "physics", "other:Vedic maths", "other:Abacus"]);
    assert_eq!(entries(&saved.classes), ["class-10", "class-12", "other:Adults"]);
    assert_eq!(saved.boards.iter().map(|t| t.id).collect::<Vec<_>>(), ["cbse", "icse"]);
    assert_eq!(saved.modes.iter().map(|t| t.id).collect::<Vec<_>>(), ["online"]);
    assert_eq!(f.tuition.area(f.tutor, Role::Tutor).expect("read"), Some(saved));
    assert_eq!(f.area_subjects(f.tutor), BTreeSet::from(["maths".to_string(), "physics".to_string()]));
    let (mapped, raw): (bool, String) =
        f.db.read(|c| {
            tutor_areas::table
                .find(f.tutor.0)
                .select((tutor_areas::vocabulary_mapped, tutor_areas::subjects))
                .first(c)
                .map_err(DbError::from)
        })
        .unwrap();
    assert!(mapped);
    assert_eq!(raw, r#"["maths","physics","other:Vedic maths","other:Abacus"]"#);

    // Saving again rewrites the subject rows.
    let again = AreaInput { subjects: strings(&["chemistry"]), boards: vec![], modes: vec![], ..input.clone() };
    f.tuition.save_area(f.tutor, Role::Tutor, &again).expect("again");
    assert_eq!(f.area_subjects(f.tutor), BTreeSet::from(["chemistry".to_string()]));

    let bad = AreaInput { boards: strings(&["nasa"]), modes: strings(&["carrier pigeon"]), ..input };
    assert_eq!(fields(f.tuition.save_area(f.tutor, Role::Tutor, &bad)), ["boards", "modes"]);
}

// ---------------------------------------------------------------- alerts

#[test]
fn alerts_match_by_id_class_1_never_class_10_and_boards_and_modes() {
    let f = fixture();
    let save = |email: &str, subjects: &[&str], classes: &[&str], boards: &[&str], modes: &[&str]| {
        let t = user(&f.db, email, "tutor");
        let area = AreaInput {
            location: Some(DELHI),
            radius_km: Some(10.0),
            subjects: strings(subjects),
            classes: strings(classes),
            boards: strings(boards),
            modes: strings(modes),
        };
        f.tuition.save_area(t, Role::Tutor, &area).expect("save");
        t
    };
    let class_1 = save("one@example.com", &[], &["Class 1"], &[], &[]);
    let maths = save("maths@example.com", &["Maths"], &[], &[], &[]);
    let cbse = save("cbse@example.com", &[], &[], &["cbse"], &[]);
    let online = save("online@example.com", &[], &[], &[], &["online"]);
    let vedic = save("vedic@example.com", &["Vedic Maths"], &[], &[], &[]);

    let class_10 = f.post(input("Mathematics", "Class 10"));
    let first = f.post(with_ids("science", "class-1", Some("icse"), Some("online")));
    let no_board = f.post(input("Hindi", "1st"));
    let cbse_home = f.post(with_ids("english", "class-7", Some("cbse"), None));
    let vedic_request = f.post(input("vedic maths", "Class 3"));

    assert_eq!(f.alerted(class_1), BTreeSet::from([first, no_board]), "'Class 1' never matches 'Class 10'");
    assert_eq!(f.alerted(maths), BTreeSet::from([class_10]), "'Maths' meets 'Mathematics'; not 'vedic maths'");
    assert_eq!(f.alerted(cbse), BTreeSet::from([class_10, no_board, cbse_home, vedic_request]), "no board said: any");
    assert_eq!(f.alerted(online), BTreeSet::from([first]));
    assert_eq!(f.alerted(vedic), BTreeSet::from([vedic_request]), "other words match other words");
}

// ---------------------------------------------------------------- nearby filters

#[test]
fn nearby_filters_match_by_id_and_old_text_resolves() {
    let f = fixture();
    let class_1 = f.post(with_ids("maths", "class-1", Some("cbse"), None));
    let class_10 = f.post(input("Maths", "Class 10"));
    let online = f.post(with_ids("physics", "class-10", Some("icse"), Some("online")));
    let vedic = f.post(input("Vedic maths", "Adults"));
    let q = |edit: &dyn Fn(&mut NearbyQuery)| {
        let mut query = near(10.0);
        edit(&mut query);
        f.found(&query)
    };
    assert_eq!(q(&|_| {}), BTreeSet::from([class_1, class_10, online, vedic]));
    assert_eq!(q(&|q| q.class_level = Some("Class 1".into())), BTreeSet::from([class_1]), "never Class 10");
    assert_eq!(q(&|q| q.class_level = Some("10th".into())), BTreeSet::from([class_10, online]));
    assert_eq!(q(&|q| q.class_id = Some("class-10".into())), BTreeSet::from([class_10, online]));
    assert_eq!(q(&|q| q.subject = Some("mathematics".into())), BTreeSet::from([class_1, class_10]));
    assert_eq!(q(&|q| q.subject_id = Some("maths".into())), BTreeSet::from([class_1, class_10]));
    assert_eq!(q(&|q| q.subject = Some("vedic".into())), BTreeSet::from([vedic]), "other text by its words");
    assert_eq!(q(&|q| q.board = Some("cbse".into())), BTreeSet::from([class_1, class_10, vedic]), "or none said");
    assert_eq!(q(&|q| q.mode = Some("online".into())), BTreeSet::from([online]));
    assert_eq!(q(&|q| q.mode = Some("home".into())), BTreeSet::from([class_1, class_10, vedic]));

    let found = f.tuition.nearby(f.tutor, Role::Tutor, &near(10.0)).expect("nearby");
    let row = found.iter().find(|r| r.id == online).unwrap();
    assert_eq!((row.subject_id.as_deref(), row.class_id.as_deref()), (Some("physics"), Some("class-10")));
    assert_eq!((row.board.as_deref(), row.mode.as_str()), (Some("icse"), "online"));

    let bad = NearbyQuery { subject_id: Some("astrology".into()), board: Some("nasa".into()), ..near(10.0) };
    assert_eq!(fields(f.tuition.nearby(f.tutor, Role::Tutor, &bad)), ["subjectId", "board"]);
}

#[test]
fn hindi_and_hinglish_words_post_and_find_requests_by_the_same_ids() {
    let f = fixture();
    let ganit = f.post(input("गणित", "कक्षा ८"));
    let science = f.post(input("vigyan", "10vi"));
    let english = f.post(input("angrezi", "class 8th"));
    let stored = f.tuition.nearby(f.tutor, Role::Tutor, &near(10.0)).expect("nearby");
    let row = stored.iter().find(|r| r.id == ganit).unwrap();
    assert_eq!((row.subject_id.as_deref(), row.class_id.as_deref()), (Some("maths"), Some("class-8")));
    assert_eq!((row.subject.as_str(), row.class_level.as_str()), ("गणित", "कक्षा ८"), "the parent's words kept");
    let q = |subject: Option<&str>, class: Option<&str>| {
        f.found(&NearbyQuery { subject: subject.map(Into::into), class_level: class.map(Into::into), ..near(10.0) })
    };
    assert_eq!(q(Some("Mathematics"), None), BTreeSet::from([ganit]));
    assert_eq!(q(Some("ganit"), None), BTreeSet::from([ganit]));
    assert_eq!(q(Some("विज्ञान"), None), BTreeSet::from([science]));
    assert_eq!(q(Some("अंग्रेज़ी"), None), BTreeSet::from([english]));
    assert_eq!(q(None, Some("8vi")), BTreeSet::from([ganit, english]));
    assert_eq!(q(None, Some("आठवीं कक्षा")), BTreeSet::from([ganit, english]));
    assert_eq!(q(None, Some("दसवीं")), BTreeSet::from([science]), "never class 1");
}
