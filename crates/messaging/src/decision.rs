//! Whether one message is stored: the single decision that `send` (one message)
//! and `send_many` (a batch) both take, so the two paths cannot drift apart.
//! The rules, in the order they apply:
//! 1. the text is trimmed, not empty, at most [`MAX_MESSAGE_CHARS`] characters and
//!    free of control characters ([`checked_text`], before any database work);
//! 2. a resend — the sender's `clientId` again — is answered with the message
//!    already stored, whether an earlier call or this batch stored it;
//! 3. the recipient exists and is active, a named request exists, and the
//!    first-contact rule allows the pair (contact.rs owns that rule);
//! 4. a recipient who blocked the sender does not receive the message;
//! 5. a tutor's first message to a parent needs a first contact left today (cap.rs; the
//!    writes only: [`Known::load_for_write`]);
//! 6. anything else is stored.
//!
//! What the rules need to know is read up front by [`Known::load`], in a few
//! statements whatever the number of messages, so deciding a batch costs no more
//! queries than deciding one message.

use std::collections::{HashMap, HashSet};

use chrono::NaiveDateTime;
use diesel::prelude::*;
use hometutor_core::UserId;
use hometutor_db::schema::messages as m;
use hometutor_db::DbConnection;

use crate::cap::Cap;
use crate::contact::{Attempt, Facts};
use crate::model::{Message, SendInput};
use crate::rows::{client_id_of, message_columns, message_of, pair, MessageRow};
use crate::{MessagingError, MAX_MESSAGE_CHARS};

/// Rule 1: the text as it is stored (trimmed), or why it is refused.
pub(crate) fn checked_text(raw: &str) -> Result<&str, MessagingError> {
    let text = raw.trim();
    if text.is_empty() {
        return Err(MessagingError::Empty);
    }
    if text.chars().count() > MAX_MESSAGE_CHARS {
        return Err(MessagingError::TooLong);
    }
    if hometutor_core::multi_line("text", "Message", text).is_err() {
        return Err(MessagingError::ControlCharacters);
    }
    Ok(text)
}

/// What becomes of one message.
pub(crate) enum Decision {
    /// Refused for its own reasons; nothing is written for it.
    Refuse(MessagingError),
    /// A resend of a message stored by an earlier call: answer that message.
    AlreadyStored(Message),
    /// A resend of the message decided at this position earlier in the same call.
    SameAs(usize),
    /// Store it.
    Store,
}

/// Everything the rules need about a set of messages, read in a few statements.
pub(crate) struct Known {
    facts: Facts,
    /// Messages already stored under one of these (sender, clientId) keys.
    earlier: HashMap<(i64, String), Message>,
    /// (blocker, blocked) pairs among the recipients' blocks.
    blocked: HashSet<(i64, i64)>,
    /// The daily cap of first contacts, when the call writes.
    cap: Option<Cap>,
}

impl Known {
    /// Reads the people, requests and conversation history (contact.rs), earlier
    /// resends and blocks that `messages` touch.
    pub fn load(c: &mut DbConnection, messages: &[(UserId, &SendInput)], at: NaiveDateTime) -> QueryResult<Self> {
        let attempts: Vec<Attempt> = messages.iter().map(|(from, input)| attempt(*from, input)).collect();
        let facts = Facts::load(c, &attempts, at)?;
        let earlier = earlier_messages(c, messages, &facts)?;
        let blocked = blocked_pairs(c, messages)?;
        Ok(Self { facts, earlier, blocked, cap: None })
    }

    /// As [`Known::load`], and the first-contact cap of the tutors who may write a first message
    /// (locking their rows until the transaction ends): what a call that stores reads.
    pub fn load_for_write(
        c: &mut DbConnection,
        messages: &[(UserId, &SendInput)],
        at: NaiveDateTime,
    ) -> QueryResult<Self> {
        let mut known = Self::load(c, messages, at)?;
        let attempts: Vec<Attempt> = messages.iter().map(|(from, input)| attempt(*from, input)).collect();
        known.cap = Some(Cap::load(c, &known.facts, &attempts, at)?);
        Ok(known)
    }

    /// The sender's name as read with the facts ("" for an account that is gone).
    pub fn name_of(&self, user: UserId) -> String {
        self.facts.people.get(&user.0).map(|p| p.name.clone()).unwrap_or_default()
    }
}

/// Decides the messages of one call in order, remembering which `clientId`s this
/// call stores so that a resend within the call is answered with the first copy.
pub(crate) struct Decider<'k> {
    known: &'k Known,
    /// (sender, clientId) → position of the message this call stores under it.
    stored_here: HashMap<(i64, String), usize>,
    position: usize,
    /// Tutor → first contacts left, as this call uses them.
    left: HashMap<i64, i64>,
    /// Conversations (pairs) a first message of this call starts: the next ones there are not first.
    started: HashSet<(i64, i64)>,
    /// The counted first messages this call stores: (tutor, parent, request), to record.
    pub firsts: Vec<(UserId, UserId, Option<i64>)>,
}

impl<'k> Decider<'k> {
    pub fn new(known: &'k Known) -> Self {
        let left = known.cap.as_ref().map(|cap| cap.left.clone()).unwrap_or_default();
        Self { known, stored_here: HashMap::new(), position: 0, left, started: HashSet::new(), firsts: Vec::new() }
    }

    /// Rules 2 to 5 for the next message of the call (its text passed rule 1).
    pub fn decide(&mut self, from: UserId, input: &SendInput) -> Decision {
        let position = self.position;
        self.position += 1;
        let client_id = client_id_of(input);
        if let Some(id) = client_id {
            let key = (from.0, id.to_string());
            if let Some(message) = self.known.earlier.get(&key) {
                return Decision::AlreadyStored(message.clone());
            }
            if let Some(&first) = self.stored_here.get(&key) {
                return Decision::SameAs(first);
            }
        }
        if let Err(refused) = self.known.facts.check(&attempt(from, input)) {
            return Decision::Refuse(refused);
        }
        if self.known.blocked.contains(&(input.to.0, from.0)) {
            return Decision::Refuse(MessagingError::Blocked);
        }
        if let Err(refused) = self.count_first_contact(from, input) {
            return Decision::Refuse(refused);
        }
        if let Some(id) = client_id {
            self.stored_here.insert((from.0, id.to_string()), position);
        }
        Decision::Store
    }
}

impl Decider<'_> {
    /// Rule 5: a counted first message uses one of the tutor's first contacts left today.
    fn count_first_contact(&mut self, from: UserId, input: &SendInput) -> Result<(), MessagingError> {
        let Some(cap) = &self.known.cap else { return Ok(()) };
        let key = pair(from, input.to);
        if self.started.contains(&key) || !self.known.facts.first_message(&attempt(from, input)) {
            return Ok(());
        }
        if cap.counted.contains(&(from.0, input.to.0)) {
            let left = self.left.entry(from.0).or_default();
            if *left <= 0 {
                return Err(MessagingError::FirstContactLimit);
            }
            *left -= 1;
            self.firsts.push((from, input.to, input.request_id));
        }
        self.started.insert(key);
        Ok(())
    }
}

fn attempt(from: UserId, input: &SendInput) -> Attempt {
    Attempt { from, to: input.to, request: input.request_id }
}

/// Messages already stored under a (sender, clientId) of these messages: resends.
fn earlier_messages(
    c: &mut DbConnection,
    messages: &[(UserId, &SendInput)],
    facts: &Facts,
) -> QueryResult<HashMap<(i64, String), Message>> {
    let keys: Vec<(i64, &str)> =
        messages.iter().filter_map(|(from, input)| Some((from.0, client_id_of(input)?))).collect();
    if keys.is_empty() {
        return Ok(HashMap::new());
    }
    // One OR term per key: each is a lookup on the (sender_id, client_id) unique index.
    let mut query = m::table.into_boxed();
    for (from, id) in &keys {
        query = query.or_filter(m::sender_id.eq(*from).and(m::client_id.eq(*id)));
    }
    let rows: Vec<MessageRow> = query.select(message_columns()).load(c)?;
    Ok(rows
        .into_iter()
        .filter_map(|row| {
            let key = (row.2, row.5.clone()?);
            let from_name = facts.people.get(&row.2).map(|p| p.name.clone()).unwrap_or_default();
            Some((key, message_of(row, from_name)))
        })
        .collect())
}

/// (blocker, blocked) pairs among these messages' recipients that may matter.
fn blocked_pairs(c: &mut DbConnection, messages: &[(UserId, &SendInput)]) -> QueryResult<HashSet<(i64, i64)>> {
    let mut recipients: Vec<i64> = messages.iter().map(|(_, input)| input.to.0).collect();
    recipients.sort_unstable();
    recipients.dedup();
    if recipients.is_empty() {
        return Ok(HashSet::new());
    }
    hometutor_moderation::blocks::pairs_of(c, &recipients)
}
