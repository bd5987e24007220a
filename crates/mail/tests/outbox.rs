//! The outbox against a real SMTP server on loopback.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

use std::time::Duration;

use diesel::prelude::*;
use hometutor_db::schema::outbox_emails::dsl as o;
use hometutor_mail::{
    enqueue, enqueue_with_headers, parse_mailbox, ExtraHeader, MailKind, MailSignal, MailTransport, MailWorker,
    OutgoingEmail,
};
use hometutor_testkit::{SmtpSink, TestDatabase};

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

    // The back-off ends at `next`: the process's clock is moved there instead of waited out.
    hometutor_db::clock::advance((next - hometutor_db::now()).to_std().unwrap_or_default());
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

/// A server that accepts connections and never says a word (like an implicit-TLS
/// port reached with `smtp://`). Holds every connection until dropped.
async fn silent_server() -> (u16, tokio::task::JoinHandle<()>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("listen");
    let port = listener.local_addr().expect("addr").port();
    let task = tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((stream, _)) = listener.accept().await {
            held.push(stream);
        }
    });
    (port, task)
}

/// A server that answers like a real one until RCPT TO, then refuses
/// `refused@…` for good (550) and `busy@…` for now (451).
async fn refusing_server() -> u16 {
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("listen");
    let port = listener.local_addr().expect("addr").port();
    tokio::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            tokio::spawn(async move {
                let (read, mut write) = stream.into_split();
                let mut lines = BufReader::new(read).lines();
                write.write_all(b"220 strict ESMTP\r\n").await?;
                while let Some(line) = lines.next_line().await? {
                    let upper = line.to_ascii_uppercase();
                    let reply: &[u8] = if upper.starts_with("EHLO") {
                        b"250 strict\r\n"
                    } else if upper.starts_with("RCPT TO:<REFUSED@") {
                        b"550 5.1.1 No such user here\r\n"
                    } else if upper.starts_with("RCPT TO:<BUSY@") {
                        b"451 4.3.0 Try again later\r\n"
                    } else if upper.starts_with("QUIT") {
                        write.write_all(b"221 Bye\r\n").await?;
                        break;
                    } else {
                        b"250 OK\r\n"
                    };
                    write.write_all(reply).await?;
                }
                Ok::<_, std::io::Error>(())
            });
        }
    });
    port
}

/// Makes every pending e-mail due now: stands in for waiting out the back-off.
fn due_now(db: &hometutor_db::Db) {
    db.write(|c| {
        diesel::update(o::outbox_emails.filter(o::sent_at.is_null()))
            .set(o::next_attempt_at.eq(hometutor_db::now()))
            .execute(c)
            .map_err(hometutor_db::DbError::from)
    })
    .expect("due now");
}

type Attempt = (String, i32, Option<String>, Option<chrono::NaiveDateTime>, chrono::NaiveDateTime);

fn attempts(db: &hometutor_db::Db) -> Vec<Attempt> {
    db.read(|c| {
        o::outbox_emails
            .order(o::id)
            .select((o::recipient, o::attempts, o::last_error, o::failed_at, o::next_attempt_at))
            .load(c)
            .map_err(hometutor_db::DbError::from)
    })
    .expect("rows")
}

#[tokio::test]
async fn a_server_that_never_answers_does_not_hold_up_the_outbox() {
    let database = TestDatabase::in_memory();
    let db = database.db();
    let (port, silent) = silent_server().await;
    db.write(|c| enqueue(c, &mail("stuck@example.com")).map_err(hometutor_db::DbError::from)).expect("enqueue");
    let deadline = Duration::from_secs(1);
    let w = worker(&db, &format!("smtp://127.0.0.1:{port}")).with_send_deadline(deadline);

    let started = std::time::Instant::now();
    assert_eq!(w.deliver_due().await.expect("attempt"), 1);
    assert!(started.elapsed() < deadline * 3, "the send gave up after its deadline: {:?}", started.elapsed());
    let row = &attempts(&db)[0];
    assert_eq!(row.1, 1);
    assert!(row.2.as_deref().is_some_and(|e| e.contains("no answer within")), "{:?}", row.2);
    assert!(row.3.is_none(), "a timeout is not a refusal: it is retried");

    // The mail server is fixed: the stuck e-mail and a new one both go out.
    silent.abort();
    let _ = silent.await;
    let sink = SmtpSink::start_on(port).await.expect("a working server on the same port");
    db.write(|c| enqueue(c, &notice("later@example.com")).map_err(hometutor_db::DbError::from)).expect("enqueue");
    due_now(&db);
    assert_eq!(w.deliver_due().await.expect("deliver"), 2);
    assert!(sink.wait_for("stuck@example.com", "123456", Duration::from_secs(5)).await.is_some());
    assert!(sink.wait_for("later@example.com", "password was changed", Duration::from_secs(5)).await.is_some());
}

#[tokio::test]
async fn claims_of_a_crashed_sender_come_free_within_30_seconds() {
    let database = TestDatabase::in_memory();
    let db = database.db();
    let (port, _silent) = silent_server().await;
    db.write(|c| enqueue(c, &mail("a@example.com")).map_err(hometutor_db::DbError::from)).expect("enqueue");
    let crashing = worker(&db, &format!("smtp://127.0.0.1:{port}"));
    // The sender dies mid-send, after its claim was committed: the future is dropped.
    assert!(tokio::time::timeout(Duration::from_millis(500), crashing.deliver_due()).await.is_err());
    let restart = hometutor_db::now();
    let row = &attempts(&db)[0];
    assert_eq!(row.1, 0, "the attempt was never recorded");
    let lease = row.4 - restart;
    assert!(
        lease > chrono::Duration::zero() && lease <= chrono::Duration::seconds(30),
        "the claim comes free within 30 s of the restart, not {lease}"
    );
    let sink = SmtpSink::start().await.expect("sink");
    let restarted = worker(&db, &sink.url());
    assert_eq!(restarted.deliver_due().await.expect("deliver"), 0, "a live claim is respected");
}

#[tokio::test]
async fn a_refused_email_is_retried_a_few_times_then_marked_undelivered_and_a_busy_one_backs_off() {
    let database = TestDatabase::in_memory();
    let db = database.db();
    let port = refusing_server().await;
    db.write(|c| {
        enqueue(c, &notice("refused@example.com"))?;
        enqueue(c, &notice("busy@example.com")).map_err(hometutor_db::DbError::from)
    })
    .expect("enqueue");
    let w = worker(&db, &format!("smtp://127.0.0.1:{port}"));
    for attempt in 1..=hometutor_mail::MAX_REFUSED_ATTEMPTS {
        assert_eq!(w.deliver_due().await.expect("attempt"), 2, "attempt {attempt}");
        due_now(&db);
    }
    let rows = attempts(&db);
    let (_, refused_attempts, refused_error, refused_failed, _) = &rows[0];
    assert_eq!(*refused_attempts, hometutor_mail::MAX_REFUSED_ATTEMPTS);
    assert!(refused_failed.is_some(), "given up after {refused_attempts} refusals");
    assert!(refused_error.as_deref().is_some_and(|e| e.contains("550")), "{refused_error:?}");
    let (_, busy_attempts, busy_error, busy_failed, _) = &rows[1];
    assert_eq!((*busy_attempts, busy_failed), (hometutor_mail::MAX_REFUSED_ATTEMPTS, &None), "451 is not final");
    assert!(busy_error.as_deref().is_some_and(|e| e.contains("451")));

    assert_eq!(w.deliver_due().await.expect("attempt"), 1, "only the busy one is tried again");
    let busy = &attempts(&db)[1];
    assert!(busy.4 > hometutor_db::now() + chrono::Duration::seconds(10), "and it backs off: next at {}", busy.4);

    let listed = db.read(|c| hometutor_mail::undelivered(c, 50).map_err(hometutor_db::DbError::from)).expect("list");
    assert_eq!(listed.len(), 1);
    assert_eq!((listed[0].recipient.as_str(), listed[0].attempts), ("refused@example.com", 3));
    assert!(listed[0].last_error.as_deref().is_some_and(|e| e.contains("No such user")));
}

#[tokio::test]
async fn allowed_extra_headers_are_set_on_the_delivered_message_and_line_breaks_cannot_add_others() {
    let database = TestDatabase::in_memory();
    let db = database.db();
    let sink = SmtpSink::start().await.expect("sink");
    let headers = [
        (
            ExtraHeader::ListUnsubscribe,
            "<https://tutor.example/api/notifications/unsubscribe?token=u1.abc>".to_string(),
        ),
        (ExtraHeader::ListUnsubscribePost, "List-Unsubscribe=One-Click\r\nBcc: thief@example.com".to_string()),
    ];
    db.write(|c| enqueue_with_headers(c, &notice("h@example.com"), &headers).map_err(hometutor_db::DbError::from))
        .expect("enqueue");
    assert_eq!(worker(&db, &sink.url()).deliver_due().await.expect("deliver"), 1);
    let received = sink.wait_for("h@example.com", "password was changed", Duration::from_secs(5)).await.expect("sent");
    assert!(
        received.data.contains("List-Unsubscribe: <https://tutor.example/api/notifications/unsubscribe?token=u1.abc>"),
        "{}",
        received.data
    );
    assert!(received.data.contains("List-Unsubscribe-Post: List-Unsubscribe=One-ClickBcc: thief@example.com"));
    assert!(!received.data.lines().any(|l| l.starts_with("Bcc:")), "no header of its own: {}", received.data);
    assert_eq!(sink.count_to("thief@example.com"), 0);
}

#[tokio::test]
async fn codes_go_out_before_account_notices_before_alerts_whatever_the_order_they_were_queued() {
    let database = TestDatabase::in_memory();
    let db = database.db();
    let sink = SmtpSink::start().await.expect("sink");
    let alert = |i: usize| OutgoingEmail {
        to: format!("tutor{i}@example.com"),
        subject: "New request".into(),
        body: "A new request near you.".into(),
        kind: MailKind::Notice,
    };
    db.write(|c| {
        for i in 0..45 {
            enqueue(c, &alert(i)).map_err(hometutor_db::DbError::from)?;
        }
        enqueue(c, &notice("changed@example.com"))?;
        enqueue(c, &mail("code@example.com")).map_err(hometutor_db::DbError::from)
    })
    .expect("enqueue");
    let worker = worker(&db, &sink.url());
    // One batch (20): the code and the notice, then the oldest alerts.
    assert_eq!(worker.deliver_due().await.expect("deliver"), 20);
    let first: Vec<String> = sink.mails().iter().flat_map(|m| m.to.clone()).collect();
    assert!(first.contains(&"code@example.com".to_string()), "{first:?}");
    assert!(first.contains(&"changed@example.com".to_string()), "{first:?}");
    let alerts: Vec<&String> = first.iter().filter(|t| t.starts_with("tutor")).collect();
    assert_eq!(alerts.len(), 18);
    assert!((0..18).all(|i| alerts.contains(&&format!("tutor{i}@example.com"))), "oldest alerts first: {alerts:?}");
    let pending: i64 = db
        .read(|c| {
            o::outbox_emails.filter(o::sent_at.is_null()).count().get_result(c).map_err(hometutor_db::DbError::from)
        })
        .expect("count");
    assert_eq!(pending, 27);
}
