//! Storing and reading one message at a time: numbering, resends, limits, read marks, blocks, catching
//! up after a reconnection, and the socket's single-use tickets.

use diesel::prelude::*;
use hometutor_core::UserId;
use hometutor_db::now;
use hometutor_messaging::{MessagingError, TicketHolder};
use hometutor_testkit::TestDatabase;

use crate::support::{fixture, text, user};

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
    assert_eq!(mine[0].partner.email.as_deref(), Some("ravi@example.com"));
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
        Some(TicketHolder { user: asha, session: Some("jti-1".into()), language: hometutor_core::Language::En })
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
