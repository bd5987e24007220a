//! The outbox against a real SMTP server on loopback.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

use std::time::Duration;

use diesel::prelude::*;
use hometutor_db::schema::outbox_emails::dsl as o;
use hometutor_db::testing::TestDatabase;
use hometutor_mail::{enqueue, parse_mailbox, MailKind, MailSignal, MailTransport, MailWorker, OutgoingEmail};
use hometutor_testkit::SmtpSink;

fn mail(to: &str) -> OutgoingEmail {
    OutgoingEmail {
        to: to.into(),
        subject: "Hello".into(),
        body: "Namaste, प्रिया — your code: 123456".into(),
        kind: MailKind::VerificationCode,
    }
}

fn notice(to: &str) -> OutgoingEmail {
    OutgoingEmail {
        to: to.into(),
        subject: "Your HomeTutor password was changed".into(),
        body: "Hello, your password was changed.".into(),
        kind: MailKind::PasswordChanged,
    }
}

type Row = (String, String, String, String, Option<chrono::NaiveDateTime>);

fn rows(db: &hometutor_db::Db) -> Vec<Row> {
    db.read(|c| {
        o::outbox_emails
            .order(o::id)
            .select((o::recipient, o::kind, o::subject, o::body, o::sent_at))
            .load(c)
            .map_err(hometutor_db::DbError::from)
    })
    .expect("rows")
}

fn worker(db: &hometutor_db::Db, url: &str) -> MailWorker {
    let transport = MailTransport::from_url(Some(url)).expect("transport");
    MailWorker::new(
        db.clone(),
        transport,
        parse_mailbox("HomeTutor <no-reply@localhost>").expect("from"),
        MailSignal::default(),
    )
}

#[tokio::test]
async fn queued_mail_is_delivered_once_and_marked_sent() {
    let database = TestDatabase::in_memory();
    let db = database.db();
    let sink = SmtpSink::start().await.expect("sink");
    db.write(|c| enqueue(c, &mail("a@example.com")).map_err(hometutor_db::DbError::from)).expect("enqueue");
    let worker = worker(&db, &sink.url());
    assert_eq!(worker.deliver_due().await.expect("deliver"), 1);
    assert_eq!(worker.deliver_due().await.expect("deliver"), 0, "nothing is sent twice");
    let received =
        sink.wait_for("a@example.com", "your code: 123456", Duration::from_secs(5)).await.expect("delivered");
    assert!(received.data.contains("प्रिया"), "non-ASCII text survives");
    let sent: Option<chrono::NaiveDateTime> =
        db.read(|c| o::outbox_emails.select(o::sent_at).first(c).map_err(hometutor_db::DbError::from)).expect("row");
    assert!(sent.is_some());
}

#[tokio::test]
async fn a_failed_send_is_kept_and_retried_later() {
    let database = TestDatabase::in_memory();
    let db = database.db();
    let port = std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("port").port();
    db.write(|c| enqueue(c, &mail("a@example.com")).map_err(hometutor_db::DbError::from)).expect("enqueue");
    let down = worker(&db, &format!("smtp://127.0.0.1:{port}"));
    assert_eq!(down.deliver_due().await.expect("attempt"), 1);
    let (attempts, error, next): (i32, Option<String>, chrono::NaiveDateTime) = db
        .read(|c| {
            o::outbox_emails
                .select((o::attempts, o::last_error, o::next_attempt_at))
                .first(c)
                .map_err(hometutor_db::DbError::from)
        })
        .expect("row");
    assert_eq!(attempts, 1);
    assert!(error.is_some());
    assert!(next > hometutor_db::now(), "the retry waits for its back-off");
    assert_eq!(down.deliver_due().await.expect("not due"), 0);

    tokio::time::sleep(Duration::from_millis(2100)).await;
    let sink = SmtpSink::start_on(port).await.expect("sink comes up");
    assert_eq!(down.deliver_due().await.expect("retry"), 1);
    assert!(sink.wait_for("a@example.com", "123456", Duration::from_secs(5)).await.is_some());
}

#[tokio::test]
async fn a_sent_code_is_erased_from_the_outbox_and_a_notice_is_kept() {
    let database = TestDatabase::in_memory();
    let db = database.db();
    let sink = SmtpSink::start().await.expect("sink");
    db.write(|c| {
        enqueue(c, &mail("a@example.com"))?;
        enqueue(c, &notice("a@example.com")).map_err(hometutor_db::DbError::from)
    })
    .expect("enqueue");
    let pending = rows(&db);
    assert!(pending[0].3.contains("123456"), "kept until delivered");
    assert_eq!(worker(&db, &sink.url()).deliver_due().await.expect("deliver"), 2);
    assert!(sink.wait_for("a@example.com", "your code: 123456", Duration::from_secs(5)).await.is_some());
    let sent = rows(&db);
    let (to, kind, subject, body, sent_at) = &sent[0];
    assert_eq!(
        (to.as_str(), kind.as_str(), subject.as_str(), body.as_str()),
        ("a@example.com", "verification_code", "Hello", "")
    );
    assert!(sent_at.is_some(), "recipient, kind and times stay");
    assert_eq!(sent[1].3, "Hello, your password was changed.", "nothing secret: kept as sent");
    assert!(sent.iter().all(|r| !r.3.contains("123456")));
}

#[tokio::test]
async fn old_sent_mail_and_undelivered_expired_codes_are_purged() {
    let database = TestDatabase::in_memory();
    let db = database.db();
    db.write(|c| {
        for to in ["old@example.com", "recent@example.com", "stale-code@example.com", "pending@example.com"] {
            enqueue(c, &if to == "old@example.com" || to == "recent@example.com" { notice(to) } else { mail(to) })?;
        }
        let at = hometutor_db::now();
        diesel::update(o::outbox_emails.filter(o::recipient.eq("old@example.com")))
            .set(o::sent_at.eq(Some(at - chrono::Duration::days(31))))
            .execute(c)?;
        diesel::update(o::outbox_emails.filter(o::recipient.eq("recent@example.com")))
            .set(o::sent_at.eq(Some(at - chrono::Duration::days(29))))
            .execute(c)?;
        // A code that never got through (the mail server was down) for longer than the link lives.
        diesel::update(o::outbox_emails.filter(o::recipient.eq("stale-code@example.com")))
            .set(o::created_at.eq(at - chrono::Duration::hours(26)))
            .execute(c)
            .map_err(hometutor_db::DbError::from)
    })
    .expect("rows");
    let port = std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("port").port();
    let w = worker(&db, &format!("smtp://127.0.0.1:{port}"));
    assert_eq!(w.purge().await.expect("purge"), 2);
    let left: Vec<String> = rows(&db).into_iter().map(|r| r.0).collect();
    assert_eq!(left, ["recent@example.com", "pending@example.com"]);
    assert_eq!(w.purge().await.expect("purge"), 0);
}
