//! WebSocket tickets: random, stored only as a hash, single use, 60 seconds.

use chrono::Duration;
use diesel::prelude::*;
use hometutor_core::UserId;
use hometutor_db::schema::chat_tickets as t;
use hometutor_db::{now, Db};
use rand::RngCore;
use sha2::{Digest, Sha256};

use crate::MessagingError;

pub const TICKET_SECONDS: i64 = 60;

fn hash(ticket: &str) -> String {
    hex::encode(Sha256::digest(ticket.as_bytes()))
}

#[derive(Clone)]
pub struct Tickets {
    db: Db,
}

impl Tickets {
    pub fn new(db: Db) -> Self {
        Self { db }
    }

    /// A new ticket for `user`.
    pub fn issue(&self, user: UserId) -> Result<String, MessagingError> {
        Ok(self.issue_many(&[user])?.remove(0))
    }

    /// One ticket per user, in one transaction (the chat load generator opens thousands of sockets).
    pub fn issue_many(&self, users: &[UserId]) -> Result<Vec<String>, MessagingError> {
        let tickets: Vec<String> = users
            .iter()
            .map(|_| {
                let mut bytes = [0u8; 32];
                rand::rngs::OsRng.fill_bytes(&mut bytes);
                hex::encode(bytes)
            })
            .collect();
        self.db.write(|c| -> Result<_, MessagingError> {
            let at = now();
            diesel::delete(t::table.filter(t::expires_at.lt(at))).execute(c)?;
            for (ticket, user) in tickets.iter().zip(users) {
                diesel::insert_into(t::table)
                    .values((
                        t::ticket_hash.eq(hash(ticket)),
                        t::user_id.eq(user.0),
                        t::expires_at.eq(at + Duration::seconds(TICKET_SECONDS)),
                    ))
                    .execute(c)?;
            }
            Ok(())
        })?;
        Ok(tickets)
    }

    /// The ticket's user, once: the ticket is gone afterwards, and an expired one yields nothing.
    pub fn redeem(&self, ticket: &str) -> Result<Option<UserId>, MessagingError> {
        if ticket.len() != 64 {
            return Ok(None);
        }
        self.db.write(|c| -> Result<_, MessagingError> {
            let found: Option<(i64, chrono::NaiveDateTime)> =
                t::table.find(hash(ticket)).select((t::user_id, t::expires_at)).first(c).optional()?;
            diesel::delete(t::table.find(hash(ticket))).execute(c)?;
            Ok(found.filter(|(_, expires)| *expires > now()).map(|(user, _)| UserId(user)))
        })
    }
}
