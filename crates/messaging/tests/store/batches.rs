//! Batches as the chat writer stores them: each message on its own merits, numbered per conversation,
//! also when two processes write at once.

use diesel::prelude::*;
use hometutor_core::UserId;
use hometutor_db::Db;
use hometutor_messaging::{MessageStore, MessagingError, SendInput};
use hometutor_testkit::TestDatabase;

use crate::support::{fixture, person, text};

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
