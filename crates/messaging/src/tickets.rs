//! WebSocket tickets: random, stored only as a hash, single use, 60 seconds.

use chrono::Duration;
use diesel::prelude::*;
use hometutor_core::{Language, UserId};
use hometutor_db::schema::chat_tickets as t;
use hometutor_db::{now, Db};
use rand::RngCore;
use sha2::{Digest, Sha256};

use crate::MessagingError;

pub const TICKET_SECONDS: i64 = 60;

fn hash(ticket: &str) -> String {
    hex::encode(Sha256::digest(ticket.as_bytes()))
}

/// What a redeemed ticket opens a socket for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TicketHolder {
    pub user: UserId,
    /// The jti of the token the ticket was issued under: logging that token out closes the socket.
    pub session: Option<String>,
    /// The language the holder reads HomeTutor in, when the ticket was redeemed: the socket's
    /// refusals are written in it.
    pub language: Language,
}

#[derive(Clone)]
pub struct Tickets {
    db: Db,
}

impl Tickets {
    pub fn new(db: Db) -> Self {
        Self { db }
    }

    /// A new ticket for `user`, logged in with the token whose jti is `session`.
    #[tracing::instrument(skip_all, fields(user = user.0))]
    pub fn issue(&self, user: UserId, session: &str) -> Result<String, MessagingError> {
        Ok(self.store(&[user], Some(session))?.remove(0))
    }

    /// One ticket per user, in one transaction, bound to no session (the chat load
    /// generator opens thousands of sockets without logging in).
    #[tracing::instrument(skip_all)]
    pub fn issue_many(&self, users: &[UserId]) -> Result<Vec<String>, MessagingError> {
        self.store(users, None)
    }

    fn store(&self, users: &[UserId], session: Option<&str>) -> Result<Vec<String>, MessagingError> {
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
                        t::session_id.eq(session),
                    ))
                    .execute(c)?;
            }
            Ok(())
        })?;
        Ok(tickets)
    }

    /// The ticket's holder, once: the ticket is gone afterwards, and an expired one yields nothing.
    /// One `DELETE … RETURNING`: of any number of redemptions at once, on any processes, only
    /// the one whose delete removed the row gets the holder (a select then a delete would let
    /// every redemption that read before the first delete through).
    #[tracing::instrument(skip_all)]
    pub fn redeem(&self, ticket: &str) -> Result<Option<TicketHolder>, MessagingError> {
        if ticket.len() != 64 {
            return Ok(None);
        }
        self.db.write(|c| -> Result<_, MessagingError> {
            let redeemed: Option<(i64, chrono::NaiveDateTime, Option<String>)> =
                diesel::delete(t::table.find(hash(ticket)))
                    .returning((t::user_id, t::expires_at, t::session_id))
                    .get_result(c)
                    .optional()?;
            let Some((user, _, session)) = redeemed.filter(|(_, expires, _)| *expires > now()) else {
                return Ok(None);
            };
            let user = UserId(user);
            let language = hometutor_accounts::language_of(c, user)?.unwrap_or(Language::FALLBACK);
            Ok(Some(TicketHolder { user, session, language }))
        })
    }
}
