use std::collections::HashMap;

use chrono::NaiveDateTime;
use diesel::prelude::*;
use hometutor_accounts as accounts;
use hometutor_core::UserId;
use hometutor_db::schema::{conversations as cv, messages as m};
use hometutor_db::{now, Db, DbConnection, DbError};
use hometutor_moderation as moderation;

use crate::decision::{checked_text, Decider, Decision, Known};
use crate::model::{Conversation, Message, Partner, SendInput, Sent};
use crate::rows::{client_id_of, message_columns, pair, with_names, MessageRow};
use crate::{MessagingError, MAX_PAGE};

#[derive(Clone)]
pub struct MessageStore {
    db: Db,
}

impl MessageStore {
    pub fn new(db: Db) -> Self {
        Self { db }
    }

    /// Stores a message (once per `client_id`) and returns it with its sequence number.
    #[tracing::instrument(skip_all, fields(from = from.0))]
    pub fn send(&self, from: UserId, input: SendInput) -> Result<Sent, MessagingError> {
        let text = checked_text(&input.text)?;
        self.db.write(|c| store_one(c, from, &input, text))
    }

    /// Stores many messages in one transaction (group commit): one disk sync for
    /// the lot instead of one per message. A refused message (empty, blocked,
    /// unknown recipient) leaves the others stored. The answers come back in the
    /// order of `batch`; none is stored until all are.
    #[tracing::instrument(skip_all)]
    pub fn send_many(&self, batch: &[(UserId, SendInput)]) -> Vec<Result<Sent, MessagingError>> {
        let mut answers: Vec<Option<Result<Sent, MessagingError>>> = Vec::with_capacity(batch.len());
        let mut accepted: Vec<(usize, &str)> = Vec::with_capacity(batch.len());
        for (i, (_, input)) in batch.iter().enumerate() {
            match checked_text(&input.text) {
                Ok(text) => {
                    accepted.push((i, text));
                    answers.push(None);
                }
                Err(e) => answers.push(Some(Err(e))),
            }
        }
        // The whole batch in a few statements; should the database refuse it (say,
        // another process stored the same resend a moment ago), one message at a time.
        let stored = self
            .db
            .write(|c| crate::batch::store_all(c, batch, &accepted))
            .or_else(|_| self.db.write(|c| store_one_by_one(c, batch, &accepted)));
        match stored {
            Ok(stored) => {
                for ((i, _), answer) in accepted.iter().zip(stored) {
                    answers[*i] = Some(answer);
                }
            }
            Err(e) => {
                // Nothing of this batch was stored; each sender hears why (a full disk, a lost database).
                let cause = match &e {
                    MessagingError::Db(db) => db.share(),
                    other => DbError::Shared { failure: hometutor_db::Failure::Other, message: other.to_string() },
                };
                for (i, _) in &accepted {
                    answers[*i] = Some(Err(MessagingError::Db(cause.share())));
                }
            }
        }
        answers
            .into_iter()
            .map(|a| {
                a.unwrap_or_else(|| {
                    Err(MessagingError::Db(DbError::Shared {
                        failure: hometutor_db::Failure::Other,
                        message: "message not processed".into(),
                    }))
                })
            })
            .collect()
    }

    /// The conversation with `partner`, newest page first: messages before `before_seq` (or the latest).
    #[tracing::instrument(skip_all, fields(me = me.0, partner = partner.0, limit = limit))]
    pub fn history(
        &self,
        me: UserId,
        partner: UserId,
        before_seq: Option<i64>,
        limit: i64,
    ) -> Result<Vec<Message>, MessagingError> {
        let (a, b) = pair(me, partner);
        self.db.read(|c| -> Result<_, MessagingError> {
            let Some(conversation) = find_conversation(c, a, b)? else { return Ok(Vec::new()) };
            let rows: Vec<MessageRow> = m::table
                .filter(m::conversation_id.eq(conversation).and(m::seq.lt(before_seq.unwrap_or(i64::MAX))))
                .order(m::seq.desc())
                .limit(limit.clamp(1, MAX_PAGE))
                .select(message_columns())
                .load(c)?;
            Ok(with_names(c, rows)?)
        })
    }

    /// What came after `after_seq` in the conversation with `partner`, oldest first: a reconnecting client's catch-up.
    #[tracing::instrument(skip_all, fields(me = me.0, partner = partner.0, after_seq = after_seq))]
    pub fn since(&self, me: UserId, partner: UserId, after_seq: i64) -> Result<Vec<Message>, MessagingError> {
        let (a, b) = pair(me, partner);
        self.db.read(|c| -> Result<_, MessagingError> {
            let Some(conversation) = find_conversation(c, a, b)? else { return Ok(Vec::new()) };
            let rows: Vec<MessageRow> = m::table
                .filter(m::conversation_id.eq(conversation).and(m::seq.gt(after_seq)))
                .order(m::seq.asc())
                .limit(MAX_PAGE * 10)
                .select(message_columns())
                .load(c)?;
            Ok(with_names(c, rows)?)
        })
    }

    /// Messages about one tuition request that the caller sent or received, newest first.
    #[tracing::instrument(skip_all, fields(me = me.0, tuition_request = request_id, limit = limit))]
    pub fn about_request(
        &self,
        me: UserId,
        request_id: i64,
        before_id: Option<i64>,
        limit: i64,
    ) -> Result<Vec<Message>, MessagingError> {
        self.db.read(|c| -> Result<_, MessagingError> {
            let rows: Vec<MessageRow> = m::table
                .filter(m::request_id.eq(request_id))
                .filter(m::sender_id.eq(me.0).or(m::recipient_id.eq(me.0)))
                .filter(m::id.lt(before_id.unwrap_or(i64::MAX)))
                .order(m::id.desc())
                .limit(limit.clamp(1, MAX_PAGE))
                .select(message_columns())
                .load(c)?;
            Ok(with_names(c, rows)?)
        })
    }

    /// Every conversation of the caller, the most recent first, with its unread count.
    #[tracing::instrument(skip_all, fields(me = me.0))]
    pub fn conversations(&self, me: UserId) -> Result<Vec<Conversation>, MessagingError> {
        self.db.read(|c| -> Result<_, MessagingError> {
            let rows: Vec<(i64, i64, i64, i64, i64, i64)> = cv::table
                .filter(cv::user_a.eq(me.0).or(cv::user_b.eq(me.0)))
                .filter(cv::last_seq.gt(0))
                .order(cv::last_message_at.desc())
                .select((cv::id, cv::user_a, cv::user_b, cv::last_seq, cv::a_read_seq, cv::b_read_seq))
                .load(c)?;
            // Three queries whatever the number of conversations: partners, last messages, unread counts.
            let ids: Vec<i64> = rows.iter().map(|r| r.0).collect();
            let partner_ids: Vec<i64> = rows.iter().map(|r| if r.1 == me.0 { r.2 } else { r.1 }).collect();
            // A parent's name and e-mail as this viewer may see them (shown.rs).
            let mut partners = crate::shown::partners_for(c, me, &partner_ids)?;
            let last: HashMap<i64, (String, NaiveDateTime)> = m::table
                .inner_join(cv::table)
                .filter(cv::id.eq_any(&ids).and(m::seq.eq(cv::last_seq)))
                .select((m::conversation_id, m::body, m::created_at))
                .load::<(i64, String, NaiveDateTime)>(c)?
                .into_iter()
                .map(|(id, text, at)| (id, (text, at)))
                .collect();
            let unread: HashMap<i64, i64> = m::table
                .inner_join(cv::table)
                .filter(cv::id.eq_any(&ids).and(m::recipient_id.eq(me.0)).and(m::sender_id.ne(me.0)))
                .filter(
                    (cv::user_a.eq(me.0).and(m::seq.gt(cv::a_read_seq)))
                        .or(cv::user_b.eq(me.0).and(m::seq.gt(cv::b_read_seq))),
                )
                .group_by(m::conversation_id)
                .select((m::conversation_id, diesel::dsl::count_star()))
                .load::<(i64, i64)>(c)?
                .into_iter()
                .collect();
            Ok(rows
                .into_iter()
                .zip(partner_ids)
                .filter_map(|((id, _, _, last_seq, _, _), partner)| {
                    let crate::shown::Shown { name, email } = partners.remove(&partner)?;
                    let (last_text, last_at) = last.get(&id)?.clone();
                    Some(Conversation {
                        partner: Partner { id: UserId(partner), name, email },
                        last_text,
                        last_at,
                        last_seq,
                        unread: unread.get(&id).copied().unwrap_or(0),
                    })
                })
                .collect())
        })
    }

    /// Marks everything from `partner` as read.
    #[tracing::instrument(skip_all, fields(me = me.0, partner = partner.0))]
    pub fn mark_read(&self, me: UserId, partner: UserId) -> Result<(), MessagingError> {
        let (a, b) = pair(me, partner);
        self.db.write(|c| -> Result<_, MessagingError> {
            if let Some(conversation) = find_conversation(c, a, b)? {
                let last: i64 = cv::table.find(conversation).select(cv::last_seq).first(c)?;
                mark_read_to(c, conversation, me, partner, last)?;
            }
            Ok(())
        })
    }

    /// Whether `from` may write to `to` now without naming a request: the same rules
    /// and blocks a first message meets (decision.rs), so a profile's Message button
    /// shows exactly when sending would work. Never to oneself: a profile offers no
    /// conversation with its own reader.
    #[tracing::instrument(skip_all, fields(from = from.0, to = to.0))]
    pub fn can_message(&self, from: UserId, to: UserId) -> Result<bool, MessagingError> {
        if from == to {
            return Ok(false);
        }
        let input = SendInput { to, text: String::new(), request_id: None, client_id: None };
        self.db.read(|c| -> Result<_, MessagingError> {
            let known = Known::load(c, &[(from, &input)], now())?;
            Ok(matches!(Decider::new(&known).decide(from, &input), Decision::Store))
        })
    }

    /// From now on `blocked`'s messages (and typing) to `me` are refused.
    #[tracing::instrument(skip_all, fields(me = me.0, blocked = blocked.0))]
    pub fn block(&self, me: UserId, blocked: UserId) -> Result<(), MessagingError> {
        if me == blocked {
            return Err(MessagingError::SelfBlock);
        }
        self.db.write(|c| -> Result<_, MessagingError> {
            if !accounts::exists(c, blocked)? {
                return Err(MessagingError::NoSuchUser);
            }
            moderation::blocks::block(c, me, blocked)?;
            Ok(())
        })
    }

    /// Whether `blocker` refuses `sender`'s messages.
    #[tracing::instrument(skip_all, fields(blocker = blocker.0, sender = sender.0))]
    pub fn has_blocked(&self, blocker: UserId, sender: UserId) -> Result<bool, MessagingError> {
        self.db.read(|c| -> Result<_, MessagingError> { Ok(moderation::blocks::is_blocked(c, blocker, sender)?) })
    }

    pub fn unblock(&self, me: UserId, blocked: UserId) -> Result<(), MessagingError> {
        self.db.write(|c| -> Result<_, MessagingError> { Ok(moderation::blocks::unblock(c, me, blocked)?) })
    }
}

/// Stores each accepted message in its own savepoint, so one the database
/// refuses does not undo the others.
fn store_one_by_one(
    c: &mut DbConnection,
    batch: &[(UserId, SendInput)],
    accepted: &[(usize, &str)],
) -> Result<Vec<Result<Sent, MessagingError>>, MessagingError> {
    Ok(accepted.iter().map(|&(i, text)| c.transaction(|c| store_one(c, batch[i].0, &batch[i].1, text))).collect())
}

/// Stores one message inside the caller's transaction, if decision.rs says so; a
/// resend (same sender and `clientId`) answers the stored message instead.
fn store_one(c: &mut DbConnection, from: UserId, input: &SendInput, text: &str) -> Result<Sent, MessagingError> {
    let at = now();
    // The same rules as a batch (decision.rs), decided on facts read for this message alone.
    let known = Known::load_for_write(c, &[(from, input)], at)?;
    let mut decider = Decider::new(&known);
    match decider.decide(from, input) {
        Decision::Store => {}
        Decision::Refuse(refused) => return Err(refused),
        Decision::AlreadyStored(message) => return Ok(Sent { message, new: false }),
        // The first decision of a call has no earlier copy within it.
        Decision::SameAs(_) => return Err(diesel::result::Error::NotFound.into()),
    }
    let client_id = client_id_of(input);
    let conversation = conversation_id(c, from, input.to, at)?;
    // Inside the write transaction: the bump and the insert are one step.
    let (a, _) = pair(from, input.to);
    let seq: i64 = diesel::update(cv::table.find(conversation))
        .set((
            cv::last_seq.eq(cv::last_seq + 1),
            cv::last_message_at.eq(Some(at)),
            cv::a_wrote.eq(cv::a_wrote.or::<bool, diesel::sql_types::Bool>(from.0 == a)),
            cv::b_wrote.eq(cv::b_wrote.or::<bool, diesel::sql_types::Bool>(from.0 != a || from == input.to)),
        ))
        .returning(cv::last_seq)
        .get_result(c)?;
    let id: i64 = diesel::insert_into(m::table)
        .values((
            m::conversation_id.eq(conversation),
            m::seq.eq(seq),
            m::sender_id.eq(from.0),
            m::recipient_id.eq(input.to.0),
            m::request_id.eq(input.request_id),
            m::client_id.eq(client_id),
            m::body.eq(text),
            m::created_at.eq(at),
        ))
        .returning(m::id)
        .get_result(c)?;
    crate::cap::record_first_messages(c, &decider.firsts, at)?;
    let row = (id, seq, from.0, input.to.0, input.request_id, client_id.map(str::to_string), text.to_string(), at);
    Ok(Sent { message: with_names(c, vec![row])?.remove(0), new: true })
}

fn find_conversation(c: &mut DbConnection, a: i64, b: i64) -> QueryResult<Option<i64>> {
    cv::table.filter(cv::user_a.eq(a).and(cv::user_b.eq(b))).select(cv::id).first(c).optional()
}

fn conversation_id(c: &mut DbConnection, from: UserId, to: UserId, at: NaiveDateTime) -> QueryResult<i64> {
    let (a, b) = pair(from, to);
    if let Some(id) = find_conversation(c, a, b)? {
        return Ok(id);
    }
    diesel::insert_into(cv::table)
        .values((cv::user_a.eq(a), cv::user_b.eq(b), cv::created_at.eq(at)))
        .returning(cv::id)
        .get_result(c)
}

/// Raises `me`'s read mark in the conversation to `seq` (never lowers it).
fn mark_read_to(c: &mut DbConnection, conversation: i64, me: UserId, partner: UserId, seq: i64) -> QueryResult<()> {
    let (a, _) = pair(me, partner);
    if me.0 == a {
        diesel::update(cv::table.find(conversation).filter(cv::a_read_seq.lt(seq)))
            .set(cv::a_read_seq.eq(seq))
            .execute(c)?;
    }
    if me.0 != a || me == partner {
        diesel::update(cv::table.find(conversation).filter(cv::b_read_seq.lt(seq)))
            .set(cv::b_read_seq.eq(seq))
            .execute(c)?;
    }
    Ok(())
}
