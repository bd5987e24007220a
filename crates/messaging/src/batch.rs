//! Group commit's fast path: a whole batch of messages stored with a handful of
//! statements — one lookup each for the people and requests involved, earlier
//! resends, blocks and conversations, one upsert moving every conversation's
//! counter on and one insert for all the rows — instead of several statements
//! per message (one more when a first contact needs the conversation's history,
//! see contact.rs). The batch is one transaction; each message is decided by the
//! same rules as a single send (decision.rs) before anything is written, so a
//! refused one needs no savepoint.

use std::collections::{HashMap, HashSet};

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
    let known = Known::load(c, &messages, at)?;
    let mut decider = Decider::new(&known);
    let decisions: Vec<Decision> = messages.iter().map(|(from, input)| decider.decide(*from, input)).collect();
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
/// pair: the pairs' conversations are read in one query, then written back
/// (created when new) with their counters moved on, in one statement.
///
/// Several server processes on PostgreSQL may number the same conversation at
/// once: the one that read a stale counter then inserts a (conversation, seq)
/// that exists, the unique index refuses it and that batch is stored again one
/// message at a time, which bumps the counter under a row lock.
fn number(
    c: &mut DbConnection,
    pairs: &[(i64, i64)],
    senders: &[i64],
    at: chrono::NaiveDateTime,
) -> QueryResult<(Vec<i64>, Vec<i64>)> {
    if pairs.is_empty() {
        return Ok((Vec::new(), Vec::new()));
    }
    let mut distinct = pairs.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    // One OR term per pair: each is a lookup on the (user_a, user_b) unique index.
    let mut query = cv::table.into_boxed();
    for (a, b) in &distinct {
        query = query.or_filter(cv::user_a.eq(*a).and(cv::user_b.eq(*b)));
    }
    let mut last: HashMap<(i64, i64), i64> = query
        .select((cv::user_a, cv::user_b, cv::last_seq))
        .load::<(i64, i64, i64)>(c)?
        .into_iter()
        .map(|(a, b, seq)| ((a, b), seq))
        .collect();
    let seqs: Vec<i64> = pairs
        .iter()
        .map(|p| {
            let seq = last.entry(*p).or_default();
            *seq += 1;
            *seq
        })
        .collect();
    // Which side of each conversation writes in this batch.
    let mut writers: HashSet<((i64, i64), i64)> = HashSet::new();
    for (p, sender) in pairs.iter().zip(senders) {
        writers.insert((*p, *sender));
    }
    // In (user_a, user_b) order, so two processes' batches lock rows in the same order.
    let counters: Vec<_> = distinct
        .iter()
        .map(|p| {
            (
                cv::user_a.eq(p.0),
                cv::user_b.eq(p.1),
                cv::last_seq.eq(last[p]),
                cv::last_message_at.eq(Some(at)),
                cv::created_at.eq(at),
                cv::a_wrote.eq(writers.contains(&(*p, p.0))),
                cv::b_wrote.eq(writers.contains(&(*p, p.1))),
            )
        })
        .collect();
    let ids: HashMap<(i64, i64), i64> = match c {
        DbConnection::Sqlite(c) => diesel::insert_into(cv::table)
            .values(&counters)
            .on_conflict((cv::user_a, cv::user_b))
            .do_update()
            .set((
                cv::last_seq.eq(excluded(cv::last_seq)),
                cv::last_message_at.eq(excluded(cv::last_message_at)),
                cv::a_wrote.eq(cv::a_wrote.or(excluded(cv::a_wrote))),
                cv::b_wrote.eq(cv::b_wrote.or(excluded(cv::b_wrote))),
            ))
            .returning((cv::user_a, cv::user_b, cv::id))
            .get_results::<(i64, i64, i64)>(c)?,
        DbConnection::Pg(c) => diesel::insert_into(cv::table)
            .values(&counters)
            .on_conflict((cv::user_a, cv::user_b))
            .do_update()
            .set((
                cv::last_seq.eq(excluded(cv::last_seq)),
                cv::last_message_at.eq(excluded(cv::last_message_at)),
                cv::a_wrote.eq(cv::a_wrote.or(excluded(cv::a_wrote))),
                cv::b_wrote.eq(cv::b_wrote.or(excluded(cv::b_wrote))),
            ))
            .returning((cv::user_a, cv::user_b, cv::id))
            .get_results::<(i64, i64, i64)>(c)?,
    }
    .into_iter()
    .map(|(a, b, id)| ((a, b), id))
    .collect();
    let conversations = pairs.iter().map(|p| ids.get(p).copied().ok_or(diesel::result::Error::NotFound));
    Ok((conversations.collect::<QueryResult<_>>()?, seqs))
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
