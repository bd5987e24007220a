//! Every rule of sending, played once through `send` and once through `send_many`: the same answers.

use diesel::prelude::*;
use hometutor_core::UserId;
use hometutor_messaging::{MessagingError, SendInput};

use crate::support::{about, market, text, Market};

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
