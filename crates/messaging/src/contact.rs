//! Who may write to whom. First contact follows the product's relationships, so an
//! account cannot message (and so learn the name and e-mail of) any user id it
//! likes; a reply is always free:
//! - anyone may write to themself (the features demo);
//! - anyone may write where the other side has written to them before;
//! - an admin may write to anyone;
//! - a parent may write to any tutor;
//! - a subscribed tutor may write to a parent about one of that parent's requests that is
//!   open to tutors (tuition's rule, [`hometutor_tuition::open`]: what nearby search shows
//!   them): the message carries its `requestId`. A request flagged or closed since then
//!   starts no conversation; a reply is still free.
//!
//! Everything else is refused with [`MessagingError::ContactNotAllowed`].

use std::collections::{HashMap, HashSet};

use chrono::NaiveDateTime;
use diesel::prelude::*;
use hometutor_accounts as accounts;
use hometutor_core::{Role, UserId};
use hometutor_db::schema::conversations as cv;
use hometutor_db::DbConnection;
use hometutor_tuition::{request_facts, RequestFacts};

use crate::rows::pair;
use crate::MessagingError;

/// One message to decide on: sender, recipient, the request it is about.
#[derive(Clone, Copy)]
pub(crate) struct Attempt {
    pub from: UserId,
    pub to: UserId,
    pub request: Option<i64>,
}

pub(crate) struct Person {
    pub active: bool,
    pub name: String,
    role: Role,
    subscribed: bool,
}

/// What the rule needs to know about a batch of attempts, read in a few queries.
pub(crate) struct Facts {
    pub people: HashMap<i64, Person>,
    requests: HashMap<i64, RequestFacts>,
    /// (sender, recipient) pairs where the recipient has written to the sender before.
    replies: HashSet<(i64, i64)>,
    /// Conversations (by their pair) where anyone has written: a message there is no first contact.
    talked: HashSet<(i64, i64)>,
}

impl Facts {
    /// Reads everyone named, the requests named and, only for the attempts the
    /// roles alone do not allow, whether the other side has written before.
    pub fn load(c: &mut DbConnection, attempts: &[Attempt], at: NaiveDateTime) -> QueryResult<Self> {
        let mut ids: Vec<i64> = attempts.iter().flat_map(|a| [a.from.0, a.to.0]).collect();
        ids.sort_unstable();
        ids.dedup();
        let people: HashMap<i64, Person> = accounts::people(c, &ids)?
            .into_values()
            .map(|p| {
                let subscribed = p.subscription.at(at).active;
                (p.id.0, Person { active: p.active, name: p.fullname, role: p.role, subscribed })
            })
            .collect();

        let mut named: Vec<i64> = attempts.iter().filter_map(|a| a.request).collect();
        named.sort_unstable();
        named.dedup();
        let requests = request_facts(c, &named)?;

        let mut facts = Facts { people, requests, replies: HashSet::new(), talked: HashSet::new() };
        // A tutor writing to a parent needs the history too: a first message counts against the
        // daily cap of first contacts (cap.rs), a later one does not.
        let mut unsure: Vec<(i64, i64)> = attempts
            .iter()
            .filter(|a| !facts.first_contact_allowed(a) || facts.tutor_to_parent(a))
            .map(|a| pair(a.from, a.to))
            .collect();
        if !unsure.is_empty() {
            unsure.sort_unstable();
            unsure.dedup();
            // One OR term per pair: each is a lookup on the (user_a, user_b) unique index.
            let mut query = cv::table.into_boxed();
            for (a, b) in &unsure {
                query = query.or_filter(cv::user_a.eq(*a).and(cv::user_b.eq(*b)));
            }
            for (a, b, a_wrote, b_wrote) in
                query.select((cv::user_a, cv::user_b, cv::a_wrote, cv::b_wrote)).load::<(i64, i64, bool, bool)>(c)?
            {
                if a_wrote || b_wrote {
                    facts.talked.insert((a, b));
                }
                if a_wrote {
                    facts.replies.insert((b, a));
                }
                if b_wrote {
                    facts.replies.insert((a, b));
                }
            }
        }
        Ok(facts)
    }

    /// Whether the attempt may be stored: the recipient exists and is active, the
    /// request it names exists, and the contact rule allows it.
    pub fn check(&self, attempt: &Attempt) -> Result<(), MessagingError> {
        if !self.people.get(&attempt.to.0).is_some_and(|p| p.active) {
            return Err(MessagingError::NoSuchUser);
        }
        if attempt.request.is_some_and(|r| !self.requests.contains_key(&r)) {
            return Err(MessagingError::NoSuchRequest);
        }
        if self.first_contact_allowed(attempt) || self.replies.contains(&(attempt.from.0, attempt.to.0)) {
            Ok(())
        } else {
            Err(MessagingError::ContactNotAllowed)
        }
    }

    /// A subscribed tutor's message to a parent with whom nobody has written yet: a first
    /// contact, which counts against the daily cap (cap.rs).
    pub fn first_message(&self, attempt: &Attempt) -> bool {
        self.tutor_to_parent(attempt) && !self.talked.contains(&pair(attempt.from, attempt.to))
    }

    fn tutor_to_parent(&self, attempt: &Attempt) -> bool {
        let role = |id: UserId| self.people.get(&id.0).map(|p| p.role);
        attempt.from != attempt.to && role(attempt.from) == Some(Role::Tutor) && role(attempt.to) == Some(Role::Parent)
    }

    /// The rule without the conversation's history: self, admin, parent → tutor,
    /// subscribed tutor → parent through one of the parent's requests open to tutors.
    fn first_contact_allowed(&self, attempt: &Attempt) -> bool {
        if attempt.from == attempt.to {
            return true;
        }
        let (Some(from), Some(to)) = (self.people.get(&attempt.from.0), self.people.get(&attempt.to.0)) else {
            return false;
        };
        match (from.role, to.role) {
            (Role::Admin, _) => true,
            (Role::Parent, Role::Tutor) => true,
            (Role::Tutor, Role::Parent) => {
                from.subscribed
                    && attempt
                        .request
                        .and_then(|r| self.requests.get(&r))
                        .is_some_and(|r| r.parent == attempt.to && r.openness.open_to_tutors())
            }
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

    use hometutor_core::{Role, UserId};
    use hometutor_testkit::{insert_user, subscribe, TestDatabase};
    use hometutor_tuition::location::LocationKey;
    use hometutor_tuition::{CloseOutcome, RequestInput, TuitionService};

    use crate::{MessageStore, MessagingError, SendInput};

    /// A parent with one open request, a subscribed tutor, and both services.
    struct Market {
        _database: TestDatabase,
        parent: UserId,
        tutor: UserId,
        request: i64,
        tuition: TuitionService,
        store: MessageStore,
    }

    fn market() -> Market {
        let database = TestDatabase::in_memory();
        let db = database.db();
        let parent = UserId(insert_user(&db, "Priya Sharma", "priya@example.com", "parent"));
        let tutor = UserId(insert_user(&db, "Ravi Kumar", "ravi@example.com", "tutor"));
        subscribe(&db, tutor.0, 30);
        let tuition = TuitionService::new(db.clone(), LocationKey::new([7; 32]));
        let input = RequestInput {
            subject: "Maths".into(),
            class_level: "Class 10".into(),
            preferred_time: "Evenings".into(),
            location: Some([77.209, 28.6139]),
            ..Default::default()
        };
        let request = tuition.create(parent, Role::Parent, input).expect("posted").id;
        Market { store: MessageStore::new(db), _database: database, parent, tutor, request, tuition }
    }

    fn text(to: UserId, text: &str, request: Option<i64>) -> SendInput {
        SendInput { to, text: text.into(), request_id: request, client_id: None }
    }

    #[test]
    fn a_tutors_first_message_about_a_closed_request_is_refused_until_it_is_reopened() {
        let m = market();
        m.tuition.close(m.parent, m.request, CloseOutcome::NotNeeded, None).expect("closed");

        let first = text(m.parent, "I can teach Maths", Some(m.request));
        let refused = m.store.send(m.tutor, first.clone());
        assert!(matches!(refused, Err(MessagingError::ContactNotAllowed)), "{refused:?}");
        let batch = m.store.send_many(&[(m.tutor, first.clone())]);
        assert!(matches!(batch[0], Err(MessagingError::ContactNotAllowed)), "the batch path: {:?}", batch[0]);
        assert_eq!(
            refused.err().map(|e| e.to_string()).as_deref(),
            Some("You can message this person once they contact you or through one of their tuition requests.")
        );
        assert!(m.store.conversations(m.tutor).expect("listed").is_empty(), "nothing was stored");

        m.tuition.reopen(m.parent, m.request).expect("reopened");
        assert_eq!(m.store.send(m.tutor, first).expect("sent once open").message.seq, 1);
    }

    #[test]
    fn a_reply_about_a_closed_request_is_still_free() {
        let m = market();
        m.store.send(m.tutor, text(m.parent, "I can teach Maths", Some(m.request))).expect("first contact while open");
        m.tuition.close(m.parent, m.request, CloseOutcome::NotNeeded, None).expect("closed");
        m.store.send(m.parent, text(m.tutor, "Thanks, we found someone", None)).expect("the parent answers");
        let again = m.store.send(m.tutor, text(m.parent, "Call me if it changes", Some(m.request)));
        assert!(again.is_ok(), "the parent has written to them: {again:?}");
    }
}
