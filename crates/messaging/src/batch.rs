//! Group commit's fast path: a whole batch of messages stored with a handful of
//! statements — one lookup each for the people and requests involved, earlier
//! resends and blocks, one upsert moving every conversation's counter on (and
//! returning it) and one insert for all the rows — instead of several statements
//! per message (one more when a first contact needs the conversation's history,
//! see contact.rs). The batch is one transaction; each message is decided by the
//! same rules as a single send (decision.rs) before anything is written, so a
//! refused one needs no savepoint.

use std::collections::{BTreeMap, HashMap, HashSet};

use diesel::prelude::*;
use diesel::upsert::excluded;
use hometutor_core::UserId;
use hometutor_db::schema::{conversations as cv, messages as m};
use hometutor_db::{now, DbConnection};

use crate::decision::{Decider, Decision, Known};
use crate::model::{Message, SendInput, Sent};
use crate::rows::{client_id_of, pair};
use crate::MessagingError;

/// Rows per INSERT statement (eight bound values each).
const ROWS_PER_INSERT: usize = 500;

type Answer = Result<Sent, MessagingError>;

/// Stores the `accepted` messages of `batch` (position, trimmed text) inside the
/// caller's transaction and answers each, in the order of `accepted`. Any
/// database error fails the whole call; the caller then stores one by one.
pub(crate) fn store_all(
    c: &mut DbConnection,
    batch: &[(UserId, SendInput)],
    accepted: &[(usize, &str)],
) -> Result<Vec<Answer>, MessagingError> {
    let at = now();
    let messages: Vec<(UserId, &SendInput)> = accepted.iter().map(|&(i, _)| (batch[i].0, &batch[i].1)).collect();
    let known = Known::load_for_write(c, &messages, at)?;
    let mut decider = Decider::new(&known);
    let decisions: Vec<Decision> = messages.iter().map(|(from, input)| decider.decide(*from, input)).collect();
    crate::cap::record_first_messages(c, &decider.firsts, at)?;
    let to_store: Vec<(usize, &str)> = accepted
        .iter()
        .zip(&decisions)
        .filter(|(_, decision)| matches!(decision, Decision::Store))
        .map(|(&accepted, _)| accepted)
        .collect();

    // The conversation and sequence number of each message to store, in order.
    let pairs: Vec<(i64, i64)> = to_store.iter().map(|&(i, _)| pair(batch[i].0, batch[i].1.to)).collect();
    let senders: Vec<i64> = to_store.iter().map(|&(i, _)| batch[i].0 .0).collect();
    let (in_conversation, seqs) = number(c, &pairs, &senders, at)?;
    let mut rows = Vec::with_capacity(to_store.len());
    let mut stored: Vec<Message> = Vec::with_capacity(to_store.len());
    for ((&(i, text), &conversation), seq) in to_store.iter().zip(&in_conversation).zip(seqs) {
        let (from, input) = &batch[i];
        let client_id = client_id_of(input).map(str::to_string);
        rows.push((
            m::conversation_id.eq(conversation),
            m::seq.eq(seq),
            m::sender_id.eq(from.0),
            m::recipient_id.eq(input.to.0),
            m::request_id.eq(input.request_id),
            m::client_id.eq(client_id.clone()),
            m::body.eq(text.to_string()),
            m::created_at.eq(at),
        ));
        stored.push(Message {
            id: 0,
            seq,
            from: *from,
            from_name: known.name_of(*from),
            to: input.to,
            text: text.to_string(),
            request_id: input.request_id,
            client_id,
            created_at: at,
        });
    }
    let ids = insert_rows(c, &rows)?;
    let mut stored = stored.into_iter().zip(in_conversation);
    let mut answers: Vec<Answer> = Vec::with_capacity(decisions.len());
    for decision in decisions {
        let answer = match decision {
            Decision::Refuse(refused) => Err(refused),
            Decision::AlreadyStored(message) => Ok(Sent { message, new: false }),
            Decision::Store => {
                let (mut message, conversation) = stored.next().ok_or(diesel::result::Error::NotFound)?;
                message.id = *ids.get(&(conversation, message.seq)).ok_or(diesel::result::Error::NotFound)?;
                Ok(Sent { message, new: true })
            }
            // `first` was stored (only stored messages are resent's first copies).
            Decision::SameAs(first) => match &answers[first] {
                Ok(sent) => Ok(Sent { message: sent.message.clone(), new: false }),
                Err(_) => return Err(diesel::result::Error::NotFound.into()),
            },
        };
        answers.push(answer);
    }
    Ok(answers)
}

/// The conversation and the sequence number of each message, given each one's
/// pair, in one statement: the pairs' conversations are written (created when new)
/// with their counters moved on by the number of messages each gets, and the
/// statement returns each counter's new value; the batch's messages take the
/// numbers just below it, in order.
///
/// Several server processes on PostgreSQL may number the same conversation at
/// once: the upsert moves the counter under the row's lock, so each batch gets
/// numbers of its own, never a stale count.
fn number(
    c: &mut DbConnection,
    pairs: &[(i64, i64)],
    senders: &[i64],
    at: chrono::NaiveDateTime,
) -> QueryResult<(Vec<i64>, Vec<i64>)> {
    if pairs.is_empty() {
        return Ok((Vec::new(), Vec::new()));
    }
    // Messages per conversation, in (user_a, user_b) order, so two processes' batches lock rows in the same order.
    let mut counts: BTreeMap<(i64, i64), i64> = BTreeMap::new();
    for p in pairs {
        *counts.entry(*p).or_default() += 1;
    }
    // Which side of each conversation writes in this batch.
    let mut writers: HashSet<((i64, i64), i64)> = HashSet::new();
    for (p, sender) in pairs.iter().zip(senders) {
        writers.insert((*p, *sender));
    }
    let counters: Vec<_> = counts
        .iter()
        .map(|(p, count)| {
            (
                cv::user_a.eq(p.0),
                cv::user_b.eq(p.1),
                // A new conversation's counter is its first batch's count; an existing one's moves on by it.
                cv::last_seq.eq(*count),
                cv::last_message_at.eq(Some(at)),
                cv::created_at.eq(at),
                cv::a_wrote.eq(writers.contains(&(*p, p.0))),
                cv::b_wrote.eq(writers.contains(&(*p, p.1))),
            )
        })
        .collect();
    let returned: Vec<(i64, i64, i64, i64)> = match c {
        DbConnection::Sqlite(c) => diesel::insert_into(cv::table)
            .values(&counters)
            .on_conflict((cv::user_a, cv::user_b))
            .do_update()
            .set((
                cv::last_seq.eq(cv::last_seq + excluded(cv::last_seq)),
                cv::last_message_at.eq(excluded(cv::last_message_at)),
                cv::a_wrote.eq(cv::a_wrote.or(excluded(cv::a_wrote))),
                cv::b_wrote.eq(cv::b_wrote.or(excluded(cv::b_wrote))),
            ))
            .returning((cv::user_a, cv::user_b, cv::id, cv::last_seq))
            .get_results(c)?,
        DbConnection::Pg(c) => diesel::insert_into(cv::table)
            .values(&counters)
            .on_conflict((cv::user_a, cv::user_b))
            .do_update()
            .set((
                cv::last_seq.eq(cv::last_seq + excluded(cv::last_seq)),
                cv::last_message_at.eq(excluded(cv::last_message_at)),
                cv::a_wrote.eq(cv::a_wrote.or(excluded(cv::a_wrote))),
                cv::b_wrote.eq(cv::b_wrote.or(excluded(cv::b_wrote))),
            ))
            .returning((cv::user_a, cv::user_b, cv::id, cv::last_seq))
            .get_results(c)?,
    };
    // Each conversation's id and the last number its earlier messages took.
    let mut numbered: HashMap<(i64, i64), (i64, i64)> =
        returned.into_iter().filter_map(|(a, b, id, last)| Some(((a, b), (id, last - counts.get(&(a, b))?)))).collect();
    let mut conversations = Vec::with_capacity(pairs.len());
    let mut seqs = Vec::with_capacity(pairs.len());
    for p in pairs {
        let (id, seq) = numbered.get_mut(p).ok_or(diesel::result::Error::NotFound)?;
        *seq += 1;
        conversations.push(*id);
        seqs.push(*seq);
    }
    Ok((conversations, seqs))
}

type Row = (
    diesel::dsl::Eq<m::conversation_id, i64>,
    diesel::dsl::Eq<m::seq, i64>,
    diesel::dsl::Eq<m::sender_id, i64>,
    diesel::dsl::Eq<m::recipient_id, i64>,
    diesel::dsl::Eq<m::request_id, Option<i64>>,
    diesel::dsl::Eq<m::client_id, Option<String>>,
    diesel::dsl::Eq<m::body, String>,
    diesel::dsl::Eq<m::created_at, chrono::NaiveDateTime>,
);

/// Inserts the rows, a few hundred per statement; returns each one's id by (conversation, seq).
fn insert_rows(c: &mut DbConnection, rows: &[Row]) -> QueryResult<HashMap<(i64, i64), i64>> {
    let mut ids = HashMap::with_capacity(rows.len());
    for chunk in rows.chunks(ROWS_PER_INSERT) {
        let returned: Vec<(i64, i64, i64)> = match c {
            DbConnection::Sqlite(c) => diesel::insert_into(m::table)
                .values(chunk)
                .returning((m::conversation_id, m::seq, m::id))
                .get_results(c)?,
            DbConnection::Pg(c) => diesel::insert_into(m::table)
                .values(chunk)
                .returning((m::conversation_id, m::seq, m::id))
                .get_results(c)?,
        };
        ids.extend(returned.into_iter().map(|(conversation, seq, id)| ((conversation, seq), id)));
    }
    Ok(ids)
}
