//! Message storage rules on a private database (SQLite, or PostgreSQL with TEST_DATABASE_URL).

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

use diesel::prelude::*;
use hometutor_core::UserId;
use hometutor_db::{now, Db};
use hometutor_messaging::{MessageStore, MessagingError, SendInput, TicketHolder};
use hometutor_testkit::{insert_request, insert_user, subscribe, TestDatabase};

struct Fixture {
    _database: TestDatabase,
    store: MessageStore,
    asha: UserId,
    ravi: UserId,
    meena: UserId,
}

fn user(db: &Db, name: &str) -> UserId {
    person(db, name, "parent")
}

fn person(db: &Db, name: &str, role: &str) -> UserId {
    let email = format!("{}@example.com", name.to_lowercase());
    UserId(insert_user(db, name, &email, role))
}

/// Three admins: admins may write to anyone, so these tests are about storage
/// alone; who may write to whom has tests of its own below.
fn fixture() -> Fixture {
    let database = TestDatabase::in_memory();
    let db = database.db();
    Fixture {
        asha: person(&db, "Asha", "admin"),
        ravi: person(&db, "Ravi", "admin"),
        meena: person(&db, "Meena", "admin"),
        store: MessageStore::new(db),
        _database: database,
    }
}

fn text(to: UserId, text: &str) -> SendInput {
    SendInput { to, text: text.into(), request_id: None, client_id: None }
}

#[test]
fn messages_are_numbered_in_order_per_conversation() {
    let f = fixture();
    let one = f.store.send(f.asha, text(f.ravi, "Namaste")).expect("1").message;
    let two = f.store.send(f.ravi, text(f.asha, "Hello!")).expect("2").message;
    let other = f.store.send(f.asha, text(f.meena, "Hi Meena")).expect("3").message;
    assert_eq!((one.seq, two.seq, other.seq), (1, 2, 1));
    assert_eq!((one.from_name.as_str(), two.from_name.as_str()), ("Asha", "Ravi"));
    let history = f.store.history(f.ravi, f.asha, None, 50).expect("history");
    assert_eq!(history.iter().map(|m| m.text.as_str()).collect::<Vec<_>>(), vec!["Hello!", "Namaste"], "newest first");
}

#[test]
fn a_resend_with_the_same_client_id_is_stored_once() {
    let f = fixture();
    let mut input = text(f.ravi, "Are you free on Monday?");
    input.client_id = Some("c-1".into());
    let first = f.store.send(f.asha, input.clone()).expect("first");
    let again = f.store.send(f.asha, input).expect("again");
    assert!(first.new && !again.new);
    assert_eq!(first.message, again.message);
    assert_eq!(f.store.history(f.asha, f.ravi, None, 50).expect("history").len(), 1);
}

#[test]
fn empty_and_overlong_messages_are_refused() {
    let f = fixture();
    assert!(matches!(f.store.send(f.asha, text(f.ravi, "   ")), Err(MessagingError::Empty)));
    assert_eq!(MessagingError::Empty.to_string(), "Message cannot be empty");
    assert!(matches!(f.store.send(f.asha, text(f.ravi, &"x".repeat(2001))), Err(MessagingError::TooLong)));
    assert!(f.store.send(f.asha, text(f.ravi, &"x".repeat(2000))).is_ok());
    assert!(matches!(f.store.send(f.asha, text(UserId(9999), "hi")), Err(MessagingError::NoSuchUser)));
}

#[test]
fn unread_counts_follow_read_marks() {
    let f = fixture();
    for i in 0..3 {
        f.store.send(f.ravi, text(f.asha, &format!("message {i}"))).expect("send");
    }
    f.store.send(f.asha, text(f.ravi, "reply")).expect("reply");
    let mine = f.store.conversations(f.asha).expect("conversations");
    assert_eq!((mine.len(), mine[0].unread, mine[0].last_text.as_str()), (1, 3, "reply"));
    assert_eq!(mine[0].partner.email, "ravi@example.com");
    assert_eq!(f.store.conversations(f.ravi).expect("theirs")[0].unread, 1);
    f.store.mark_read(f.asha, f.ravi).expect("read");
    assert_eq!(f.store.conversations(f.asha).expect("conversations")[0].unread, 0);
    assert_eq!(f.store.conversations(f.ravi).expect("theirs")[0].unread, 1, "one side's read mark is its own");
}

#[test]
fn a_blocked_user_cannot_send() {
    let f = fixture();
    f.store.block(f.asha, f.ravi).expect("block");
    f.store.block(f.asha, f.ravi).expect("blocking twice is harmless");
    assert!(f.store.has_blocked(f.asha, f.ravi).unwrap());
    assert!(!f.store.has_blocked(f.ravi, f.asha).unwrap(), "a block goes one way");
    assert!(!f.store.has_blocked(f.meena, f.ravi).unwrap(), "and is Asha's alone");
    assert!(matches!(f.store.send(f.ravi, text(f.asha, "hello?")), Err(MessagingError::Blocked)));
    assert!(f.store.send(f.meena, text(f.asha, "hi Asha")).is_ok(), "others still reach her");
    assert!(f.store.send(f.asha, text(f.ravi, "I can still write")).is_ok());
    f.store.unblock(f.asha, f.ravi).expect("unblock");
    assert!(!f.store.has_blocked(f.asha, f.ravi).unwrap());
    assert!(f.store.send(f.ravi, text(f.asha, "thanks")).is_ok());
}

#[test]
fn nobody_blocks_themself_or_a_user_who_does_not_exist() {
    let f = fixture();
    assert!(matches!(f.store.block(f.asha, f.asha), Err(MessagingError::SelfBlock)));
    assert!(matches!(f.store.block(f.asha, UserId(9999)), Err(MessagingError::NoSuchUser)));
    assert!(!f.store.has_blocked(f.asha, f.asha).unwrap());
}

#[test]
fn a_reconnecting_client_gets_exactly_what_it_missed() {
    let f = fixture();
    for i in 1..=5 {
        f.store.send(f.asha, text(f.ravi, &format!("m{i}"))).expect("send");
    }
    let missed = f.store.since(f.ravi, f.asha, 2).expect("since");
    assert_eq!(missed.iter().map(|m| m.seq).collect::<Vec<_>>(), vec![3, 4, 5]);
    let page = f.store.history(f.ravi, f.asha, Some(4), 2).expect("page");
    assert_eq!(page.iter().map(|m| m.seq).collect::<Vec<_>>(), vec![3, 2], "cursor paging, newest first");
}

#[test]
fn nobody_reads_a_conversation_they_are_not_in() {
    let f = fixture();
    let mut about = text(f.ravi, "About your maths request");
    about.request_id = None;
    f.store.send(f.asha, about).expect("send");
    assert!(f.store.history(f.meena, f.ravi, None, 50).expect("history").is_empty());
    assert!(f.store.conversations(f.meena).expect("conversations").is_empty());
}

#[test]
fn a_ticket_opens_once_and_expires() {
    use hometutor_db::schema::chat_tickets;
    use hometutor_messaging::Tickets;
    let database = TestDatabase::in_memory();
    let db = database.db();
    let asha = user(&db, "Asha");
    let tickets = Tickets::new(db.clone());
    let ticket = tickets.issue(asha, "jti-1").expect("issue");
    assert_eq!(
        tickets.redeem(&ticket).expect("redeem"),
        Some(TicketHolder { user: asha, session: Some("jti-1".into()) })
    );
    assert_eq!(tickets.redeem(&ticket).expect("again"), None, "single use");
    let old = tickets.issue(asha, "jti-1").expect("issue");
    db.write(|c| {
        diesel::update(chat_tickets::table)
            .set(chat_tickets::expires_at.eq(now() - chrono::Duration::seconds(1)))
            .execute(c)
            .map_err(hometutor_db::DbError::from)
    })
    .expect("expire");
    assert_eq!(tickets.redeem(&old).expect("expired"), None);
    assert_eq!(tickets.redeem("not-a-ticket").expect("garbage"), None);
}

#[test]
fn a_batch_stores_each_message_on_its_own_merits() {
    let f = fixture();
    f.store.block(f.meena, f.asha).expect("block");
    let with_id = |to, body: &str, id: &str| SendInput { client_id: Some(id.into()), ..text(to, body) };
    let batch = vec![
        (f.asha, with_id(f.ravi, "one", "c1")),
        (f.asha, text(f.meena, "refused: Meena blocked Asha")),
        (f.asha, text(f.ravi, "  ")),
        (f.asha, with_id(f.ravi, "one again", "c1")),
        (f.ravi, text(f.asha, "two")),
        (f.asha, text(UserId(999_999), "nobody")),
    ];
    let answers = f.store.send_many(&batch);
    assert_eq!(answers.len(), batch.len());
    let first = answers[0].as_ref().expect("stored").clone();
    assert!(first.new && first.message.seq == 1);
    assert!(matches!(answers[1], Err(MessagingError::Blocked)));
    assert!(matches!(answers[2], Err(MessagingError::Empty)));
    let again = answers[3].as_ref().expect("dedupe");
    assert!(!again.new && again.message.id == first.message.id, "a resend in the same batch is the same message");
    assert_eq!(answers[4].as_ref().expect("stored").message.seq, 2, "numbering continues across the batch");
    assert!(matches!(answers[5], Err(MessagingError::NoSuchUser)));
    let history = f.store.history(f.ravi, f.asha, None, 50).expect("history");
    assert_eq!(history.iter().map(|m| m.text.as_str()).collect::<Vec<_>>(), ["two", "one"]);
    assert!(f.store.history(f.meena, f.asha, None, 50).expect("none").is_empty());
}

#[test]
fn a_batch_numbers_each_conversation_and_answers_resends_of_earlier_batches() {
    let f = fixture();
    let with_id = |to, body: &str, id: &str| SendInput { client_id: Some(id.into()), ..text(to, body) };
    let first = f.store.send_many(&[(f.asha, with_id(f.ravi, "earlier", "e1"))]);
    let earlier = first[0].as_ref().expect("stored").message.clone();
    let batch = vec![
        (f.asha, with_id(f.ravi, "a1", "b1")),
        (f.meena, with_id(f.ravi, "m1", "b1")),
        (f.asha, with_id(f.ravi, "earlier, resent", "e1")),
        (f.ravi, text(f.meena, "m2")),
        (f.asha, with_id(f.ravi, "a2", "b2")),
    ];
    let answers: Vec<_> = f.store.send_many(&batch).into_iter().map(|a| a.expect("stored")).collect();
    assert_eq!(
        answers.iter().map(|a| (a.message.seq, a.new)).collect::<Vec<_>>(),
        [(2, true), (1, true), (1, false), (2, true), (3, true)],
        "each conversation numbers on from its last message; the resend is the earlier message"
    );
    assert_eq!(answers[2].message, earlier);
    assert_eq!(answers[1].message.from_name, "Meena");
    let history = f.store.history(f.ravi, f.asha, None, 50).expect("history");
    assert_eq!(
        history.iter().map(|m| (m.id, m.text.as_str())).collect::<Vec<_>>(),
        [(answers[4].message.id, "a2"), (answers[0].message.id, "a1"), (earlier.id, "earlier"),]
    );
}

#[test]
fn a_message_from_an_account_that_is_gone_is_refused_and_the_rest_stored() {
    let f = fixture();
    // A sender that no longer exists (an account deleted while its message waited for the batch).
    let batch = vec![
        (f.asha, text(f.ravi, "one")),
        (UserId(424_242), text(f.ravi, "from an account that is gone")),
        (f.ravi, text(f.asha, "two")),
    ];
    let answers = f.store.send_many(&batch);
    assert_eq!(answers[0].as_ref().expect("stored").message.seq, 1);
    assert!(matches!(answers[1], Err(MessagingError::ContactNotAllowed)), "{:?}", answers[1]);
    assert_eq!(answers[2].as_ref().expect("stored").message.seq, 2, "the refused row left no gap");
    let history = f.store.history(f.ravi, f.asha, None, 50).expect("history");
    assert_eq!(history.iter().map(|m| m.text.as_str()).collect::<Vec<_>>(), ["two", "one"]);
}

#[test]
fn a_message_about_a_request_that_does_not_exist_is_refused_clearly() {
    let f = fixture();
    let about = |id| SendInput { request_id: Some(id), ..text(f.ravi, "about a request") };
    let answers = f.store.send_many(&[(f.asha, about(424_242)), (f.asha, text(f.ravi, "plain"))]);
    assert!(matches!(answers[0], Err(MessagingError::NoSuchRequest)), "{:?}", answers[0]);
    assert_eq!(answers[1].as_ref().expect("stored").message.seq, 1);
    assert!(matches!(f.store.send(f.asha, about(424_242)), Err(MessagingError::NoSuchRequest)));
}

/// A parent, two tutors (one subscribed), another parent and an admin, with one open
/// and one flagged request of the parent's.
struct Market {
    _database: TestDatabase,
    db: Db,
    store: MessageStore,
    parent: UserId,
    other_parent: UserId,
    tutor: UserId,
    unpaid_tutor: UserId,
    admin: UserId,
    request: i64,
    flagged_request: i64,
    others_request: i64,
}

fn market() -> Market {
    let database = TestDatabase::in_memory();
    let db = database.db();
    let parent = person(&db, "Priya", "parent");
    let other_parent = person(&db, "Kabir", "parent");
    let tutor = person(&db, "Arjun", "tutor");
    let unpaid_tutor = person(&db, "Vikram", "tutor");
    let admin = person(&db, "Admin", "admin");
    let request = |owner: UserId, flagged: bool| insert_request(&db, owner.0, flagged);
    let (open, flagged, others) = (request(parent, false), request(parent, true), request(other_parent, false));
    subscribe(&db, tutor.0, 30);
    Market {
        store: MessageStore::new(db.clone()),
        db,
        _database: database,
        parent,
        other_parent,
        tutor,
        unpaid_tutor,
        admin,
        request: open,
        flagged_request: flagged,
        others_request: others,
    }
}

fn about(to: UserId, request: i64) -> SendInput {
    SendInput { request_id: Some(request), ..text(to, "I can teach Maths") }
}

fn refused(answer: &Result<hometutor_messaging::Sent, MessagingError>) -> bool {
    matches!(answer, Err(MessagingError::ContactNotAllowed))
}

#[test]
fn first_contact_follows_the_products_relationships() {
    let m = market();
    // Refused, on the single path and in a batch alike.
    let refused_attempts = vec![
        (m.tutor, text(m.parent, "no request named")),
        (m.tutor, about(m.parent, m.flagged_request)),
        (m.tutor, about(m.parent, m.others_request)),
        (m.unpaid_tutor, about(m.parent, m.request)),
        (m.tutor, text(m.unpaid_tutor, "tutor to tutor")),
        (m.parent, text(m.other_parent, "parent to parent")),
        (m.parent, text(m.admin, "parent to admin")),
        (m.tutor, text(m.admin, "tutor to admin")),
    ];
    for (from, input) in &refused_attempts {
        assert!(refused(&m.store.send(*from, input.clone())), "{} → {}: {}", from, input.to, input.text);
    }
    assert!(m.store.send_many(&refused_attempts).iter().all(refused), "the batch path applies the same rule");
    assert_eq!(
        MessagingError::ContactNotAllowed.to_string(),
        "You can message this person once they contact you or through one of their tuition requests."
    );

    // Allowed.
    for (from, input) in [
        (m.parent, text(m.tutor, "parent to tutor")),
        (m.parent, text(m.unpaid_tutor, "parent to any tutor")),
        (m.tutor, about(m.other_parent, m.others_request)),
        (m.admin, text(m.other_parent, "admin to anyone")),
        (m.unpaid_tutor, text(m.unpaid_tutor, "myself")),
    ] {
        assert!(m.store.send(from, input.clone()).is_ok(), "{} → {}: {}", from, input.to, input.text);
    }
    for conversation in m.store.conversations(m.tutor).expect("conversations") {
        assert_ne!(conversation.partner.id, m.admin, "nothing reached the admin");
    }
}

#[test]
fn a_reply_is_always_free() {
    let m = market();
    // The unsubscribed tutor may answer the parent who wrote first, with or without a request.
    assert!(refused(&m.store.send(m.unpaid_tutor, text(m.parent, "hello?"))));
    m.store.send(m.parent, text(m.unpaid_tutor, "Can you teach Class 8?")).expect("parent writes first");
    assert!(m.store.send(m.unpaid_tutor, text(m.parent, "Yes, gladly")).is_ok());
    let batch = m.store.send_many(&[(m.unpaid_tutor, text(m.parent, "And on Sundays"))]);
    assert!(batch[0].is_ok(), "{:?}", batch[0]);
    // Another parent and a user the admin wrote to may answer too.
    m.store.send(m.admin, text(m.other_parent, "Welcome")).expect("admin");
    assert!(m.store.send(m.other_parent, text(m.admin, "Thanks")).is_ok());
    // Having written yourself does not open the other direction for a third person.
    assert!(refused(&m.store.send(m.unpaid_tutor, text(m.other_parent, "hi"))));
}

#[test]
fn an_account_cannot_harvest_names_and_emails_by_writing_to_every_id() {
    let m = market();
    let everyone = [m.parent, m.other_parent, m.tutor, m.admin];
    let attempts: Vec<_> = everyone.iter().map(|to| (m.unpaid_tutor, text(*to, "hi"))).collect();
    for (from, input) in &attempts {
        let _ = m.store.send(*from, input.clone());
    }
    let _ = m.store.send_many(&attempts);
    assert!(m.store.conversations(m.unpaid_tutor).expect("conversations").is_empty(), "no partner's e-mail revealed");
}

/// One rule of decision.rs: what happens first, the messages of one call, and
/// what becomes of the last of them.
struct Rule {
    name: &'static str,
    before: fn(&Market),
    messages: fn(&Market) -> Vec<(UserId, SendInput)>,
    outcome: &'static str,
    /// Messages the call adds to the conversation.
    rows: usize,
}

fn nothing(_: &Market) {}

fn with_client_id(input: SendInput, id: &str) -> SendInput {
    SendInput { client_id: Some(id.into()), ..input }
}

fn outcome(answer: &Result<hometutor_messaging::Sent, MessagingError>) -> &'static str {
    match answer {
        Ok(sent) if sent.new => "stored",
        Ok(_) => "resend",
        Err(MessagingError::Empty) => "empty",
        Err(MessagingError::TooLong) => "too long",
        Err(MessagingError::ControlCharacters) => "control characters",
        Err(MessagingError::NoSuchUser) => "no such user",
        Err(MessagingError::NoSuchRequest) => "no such request",
        Err(MessagingError::ContactNotAllowed) => "contact not allowed",
        Err(MessagingError::Blocked) => "blocked",
        Err(other) => panic!("unexpected answer: {other}"),
    }
}

fn rules() -> Vec<Rule> {
    vec![
        Rule {
            name: "an empty text",
            before: nothing,
            messages: |m| vec![(m.parent, text(m.tutor, "   "))],
            outcome: "empty",
            rows: 0,
        },
        Rule {
            name: "2001 characters",
            before: nothing,
            messages: |m| vec![(m.parent, text(m.tutor, &"x".repeat(2001)))],
            outcome: "too long",
            rows: 0,
        },
        Rule {
            name: "2000 characters",
            before: nothing,
            messages: |m| vec![(m.parent, text(m.tutor, &"x".repeat(2000)))],
            outcome: "stored",
            rows: 1,
        },
        Rule {
            name: "a control character",
            before: nothing,
            messages: |m| vec![(m.parent, text(m.tutor, "ring\u{7}ring"))],
            outcome: "control characters",
            rows: 0,
        },
        Rule {
            name: "a resend within the call",
            before: nothing,
            messages: |m| {
                let once = with_client_id(text(m.tutor, "once"), "c-1");
                vec![(m.parent, once.clone()), (m.parent, once)]
            },
            outcome: "resend",
            rows: 1,
        },
        Rule {
            name: "a resend of an earlier call, even after a block",
            before: |m| {
                m.store.send(m.parent, with_client_id(text(m.tutor, "once"), "c-1")).expect("first copy");
                m.store.block(m.tutor, m.parent).expect("block");
            },
            messages: |m| vec![(m.parent, with_client_id(text(m.tutor, "once"), "c-1"))],
            outcome: "resend",
            rows: 0,
        },
        Rule {
            name: "a recipient who does not exist",
            before: nothing,
            messages: |m| vec![(m.admin, text(UserId(999_999), "hello?"))],
            outcome: "no such user",
            rows: 0,
        },
        Rule {
            name: "a recipient whose account is deactivated",
            before: |m| {
                let tutor = m.tutor.0;
                m.db.write(|c| {
                    diesel::update(hometutor_db::schema::users::table.find(tutor))
                        .set(hometutor_db::schema::users::active.eq(false))
                        .execute(c)
                        .map_err(hometutor_db::DbError::from)
                })
                .expect("deactivate");
            },
            messages: |m| vec![(m.parent, text(m.tutor, "hello?"))],
            outcome: "no such user",
            rows: 0,
        },
        Rule {
            name: "a request that does not exist",
            before: nothing,
            messages: |m| vec![(m.tutor, about(m.parent, 424_242))],
            outcome: "no such request",
            rows: 0,
        },
        Rule {
            name: "a sender whose account is gone",
            before: nothing,
            messages: |m| vec![(UserId(424_242), text(m.tutor, "hello"))],
            outcome: "contact not allowed",
            rows: 0,
        },
        Rule {
            name: "tutor to parent without a request",
            before: nothing,
            messages: |m| vec![(m.tutor, text(m.parent, "hello"))],
            outcome: "contact not allowed",
            rows: 0,
        },
        Rule {
            name: "tutor to parent about a flagged request",
            before: nothing,
            messages: |m| vec![(m.tutor, about(m.parent, m.flagged_request))],
            outcome: "contact not allowed",
            rows: 0,
        },
        Rule {
            name: "tutor to parent about another parent's request",
            before: nothing,
            messages: |m| vec![(m.tutor, about(m.parent, m.others_request))],
            outcome: "contact not allowed",
            rows: 0,
        },
        Rule {
            name: "unsubscribed tutor to parent about the parent's open request",
            before: nothing,
            messages: |m| vec![(m.unpaid_tutor, about(m.parent, m.request))],
            outcome: "contact not allowed",
            rows: 0,
        },
        Rule {
            name: "parent to parent",
            before: nothing,
            messages: |m| vec![(m.parent, text(m.other_parent, "hello"))],
            outcome: "contact not allowed",
            rows: 0,
        },
        Rule {
            name: "subscribed tutor to parent about the parent's open request",
            before: nothing,
            messages: |m| vec![(m.tutor, about(m.parent, m.request))],
            outcome: "stored",
            rows: 1,
        },
        Rule {
            name: "parent to tutor",
            before: nothing,
            messages: |m| vec![(m.parent, text(m.unpaid_tutor, "hello"))],
            outcome: "stored",
            rows: 1,
        },
        Rule {
            name: "admin to anyone",
            before: nothing,
            messages: |m| vec![(m.admin, text(m.other_parent, "welcome"))],
            outcome: "stored",
            rows: 1,
        },
        Rule {
            name: "to oneself",
            before: nothing,
            messages: |m| vec![(m.other_parent, text(m.other_parent, "a note"))],
            outcome: "stored",
            rows: 1,
        },
        Rule {
            name: "a reply",
            before: |m| {
                m.store.send(m.parent, text(m.unpaid_tutor, "Class 8?")).expect("parent writes first");
            },
            messages: |m| vec![(m.unpaid_tutor, text(m.parent, "Yes"))],
            outcome: "stored",
            rows: 1,
        },
        Rule {
            name: "a sender the recipient blocked",
            before: |m| m.store.block(m.tutor, m.parent).expect("block"),
            messages: |m| vec![(m.parent, text(m.tutor, "hello?"))],
            outcome: "blocked",
            rows: 0,
        },
        Rule {
            name: "a blocked sender the contact rule refuses anyway",
            before: |m| m.store.block(m.parent, m.unpaid_tutor).expect("block"),
            messages: |m| vec![(m.unpaid_tutor, text(m.parent, "hello?"))],
            outcome: "contact not allowed",
            rows: 0,
        },
    ]
}

#[test]
fn every_rule_decides_alike_on_send_and_send_many() {
    for rule in rules() {
        for path in ["send", "send_many"] {
            let m = market();
            (rule.before)(&m);
            let messages = (rule.messages)(&m);
            let (from, to) = {
                let (from, input) = messages.last().expect("a message");
                (*from, input.to)
            };
            let stored_before = m.store.history(from, to, None, 100).expect("history").len();
            let answer = match path {
                // One call each, in order: every message is sent, the last one answers.
                "send" => messages.into_iter().map(|(from, input)| m.store.send(from, input)).collect::<Vec<_>>().pop(),
                _ => m.store.send_many(&messages).pop(),
            }
            .expect("an answer");
            assert_eq!(outcome(&answer), rule.outcome, "{} through {path}: {answer:?}", rule.name);
            let stored_after = m.store.history(from, to, None, 100).expect("history").len();
            assert_eq!(stored_after - stored_before, rule.rows, "{} through {path}: rows written", rule.name);
        }
    }
}

/// Two server processes (here: two pools on one database) storing batches into the same
/// conversations at once: every message gets a number of its own, with no gaps, and each
/// conversation's counter ends at its count.
#[test]
fn batches_from_two_processes_number_the_same_conversations_without_collisions() {
    let database = TestDatabase::file();
    let db = database.db();
    let (asha, ravi, meena) =
        (person(&db, "Asha", "admin"), person(&db, "Ravi", "admin"), person(&db, "Meena", "admin"));
    const BATCHES: usize = 40;
    const PER_BATCH: usize = 6;
    let barrier = std::sync::Barrier::new(2);
    std::thread::scope(|scope| {
        for process in 0..2 {
            let (barrier, url) = (&barrier, database.url.clone());
            scope.spawn(move || {
                let store = MessageStore::new(Db::connect(&url).expect("a second pool"));
                barrier.wait();
                for batch in 0..BATCHES {
                    let messages: Vec<(UserId, SendInput)> = (0..PER_BATCH)
                        .map(|n| {
                            let (from, to) = if n % 2 == 0 { (asha, ravi) } else { (meena, ravi) };
                            let id = format!("p{process}-b{batch}-m{n}");
                            (from, SendInput { client_id: Some(id), ..text(to, "hello") })
                        })
                        .collect();
                    for answer in store.send_many(&messages) {
                        assert!(answer.expect("stored").new);
                    }
                }
            });
        }
    });
    use hometutor_db::schema::{conversations as cv, messages as m};
    let per_conversation = (2 * BATCHES * PER_BATCH / 2) as i64;
    db.read(|c| -> Result<(), hometutor_db::DbError> {
        for (a, b) in [(asha.0.min(ravi.0), asha.0.max(ravi.0)), (meena.0.min(ravi.0), meena.0.max(ravi.0))] {
            let (id, last): (i64, i64) =
                cv::table.filter(cv::user_a.eq(a).and(cv::user_b.eq(b))).select((cv::id, cv::last_seq)).first(c)?;
            let seqs: Vec<i64> =
                m::table.filter(m::conversation_id.eq(id)).select(m::seq).order(m::seq.asc()).load(c)?;
            assert_eq!(seqs, (1..=per_conversation).collect::<Vec<_>>(), "each number once, none skipped");
            assert_eq!(last, per_conversation);
        }
        Ok(())
    })
    .expect("read back");
}
