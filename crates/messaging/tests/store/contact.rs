//! Who may write to whom first: the relationships of the marketplace, replies, and no harvesting.

use hometutor_messaging::MessagingError;

use crate::support::{about, market, text};

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
