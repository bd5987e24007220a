//! The outbox against a real SMTP server on loopback.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

use std::time::Duration;

use diesel::prelude::*;
use hometutor_db::schema::outbox_emails::dsl as o;
use hometutor_db::testing::TestDatabase;
use hometutor_mail::{enqueue, parse_mailbox, MailSignal, MailTransport, MailWorker, OutgoingEmail};
use hometutor_testkit::SmtpSink;

fn mail(to: &str) -> OutgoingEmail {
    OutgoingEmail {
        to: to.into(), subject: "Hello".into(), body: "Namaste, प्रिया — your code: 123456".into()
    }
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
