//! One-time codes and link tokens: random, stored only as a keyed hash,
//! single use, expiring, bound to one purpose, dead after five wrong tries.

use chrono::{Duration, NaiveDateTime};
use diesel::prelude::*;
use hmac::{Hmac, Mac};
use hometutor_db::schema::email_codes;
use hometutor_db::{now, DbConnection};
use hometutor_limits::Bucket;
use rand::rngs::OsRng;
use rand::{Rng, RngCore};
use sha2::Sha256;
use subtle::ConstantTimeEq;

use crate::keys::Keys;

pub(crate) const MAX_WRONG_TRIES: i32 = 5;
pub(crate) const OTP_TTL_MINUTES: i64 = 10;
pub(crate) const LINK_TTL_HOURS: i64 = 24;
/// Code e-mails to one address: counted in the transaction that queues the e-mail
/// (see [`Bucket::CodeEmailsPerAddress`] for why).
const PER_ADDRESS: Bucket = Bucket::CodeEmailsPerAddress;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Purpose {
    VerifyEmail,
    VerifyLink,
    ResetPassword,
}

impl Purpose {
    fn as_str(self) -> &'static str {
        match self {
            Purpose::VerifyEmail => "verify_email",
            Purpose::VerifyLink => "verify_link",
            Purpose::ResetPassword => "reset_password",
        }
    }
}

pub(crate) fn random_otp() -> String {
    format!("{:06}", OsRng.gen_range(0..1_000_000u32))
}

pub(crate) fn random_link_token() -> String {
    let mut bytes = [0u8; 32];
    OsRng.fill_bytes(&mut bytes);
    hex::encode(bytes)
}

/// HMAC over purpose, address and code: a leaked table reveals no code, and a
/// hash cannot be replayed for another purpose or address.
fn keyed_hash(key: &[u8], purpose: Purpose, email: &str, code: &str) -> String {
    let mut mac = match Hmac::<Sha256>::new_from_slice(key) {
        Ok(mac) => mac,
        Err(_) => return String::new(),
    };
    mac.update(purpose.as_str().as_bytes());
    mac.update(b"\0");
    mac.update(email.as_bytes());
    mac.update(b"\0");
    mac.update(code.as_bytes());
    hex::encode(mac.finalize().into_bytes())
}

#[derive(Insertable)]
#[diesel(table_name = email_codes)]
struct NewCode<'a> {
    email: &'a str,
    purpose: &'a str,
    code_hash: &'a str,
    expires_at: NaiveDateTime,
    created_at: NaiveDateTime,
}

/// Stores a new code for (email, purpose), retiring every earlier one.
pub(crate) fn store(
    conn: &mut DbConnection,
    key: &[u8],
    purpose: Purpose,
    email: &str,
    code: &str,
    ttl: Duration,
) -> QueryResult<()> {
    let at = now();
    retire(conn, purpose, email)?;
    diesel::insert_into(email_codes::table)
        .values(NewCode {
            email,
            purpose: purpose.as_str(),
            code_hash: &keyed_hash(key, purpose, email, code),
            expires_at: at + ttl,
            created_at: at,
        })
        .execute(conn)
        .map(|_| ())
}

pub(crate) fn retire(conn: &mut DbConnection, purpose: Purpose, email: &str) -> QueryResult<()> {
    diesel::update(
        email_codes::table.filter(
            email_codes::email
                .eq(email)
                .and(email_codes::purpose.eq(purpose.as_str()))
                .and(email_codes::consumed.eq(false)),
        ),
    )
    .set(email_codes::consumed.eq(true))
    .execute(conn)
    .map(|_| ())
}

/// Checks `code` against the live code for (email, purpose). A match consumes it;
/// a miss counts a wrong try. Returns whether it matched; the caller commits either way.
pub(crate) fn check(
    conn: &mut DbConnection,
    keys: &Keys,
    purpose: Purpose,
    email: &str,
    code: &str,
) -> QueryResult<bool> {
    let live: Option<(i64, String, i32, NaiveDateTime)> = email_codes::table
        .filter(
            email_codes::email
                .eq(email)
                .and(email_codes::purpose.eq(purpose.as_str()))
                .and(email_codes::consumed.eq(false)),
        )
        .order(email_codes::id.desc())
        .select((email_codes::id, email_codes::code_hash, email_codes::attempts, email_codes::expires_at))
        .first(conn)
        .optional()?;
    let Some((id, stored_hash, attempts, expires_at)) = live else {
        return Ok(false);
    };
    if attempts >= MAX_WRONG_TRIES || expires_at <= now() {
        return Ok(false);
    }
    // Under the previous key too: a code mailed just before a secret rotation still works.
    let matches =
        |key: &[u8; 32]| bool::from(keyed_hash(key, purpose, email, code).as_bytes().ct_eq(stored_hash.as_bytes()));
    if keys.code_keys().any(matches) {
        diesel::update(email_codes::table.find(id)).set(email_codes::consumed.eq(true)).execute(conn)?;
        Ok(true)
    } else {
        diesel::update(email_codes::table.find(id)).set(email_codes::attempts.eq(attempts + 1)).execute(conn)?;
        Ok(false)
    }
}

/// Whether `code` was ever issued for (email, purpose), live, used or replaced since: a link
/// followed a second time is still recognised as the one its address was sent.
pub(crate) fn was_issued(
    conn: &mut DbConnection,
    keys: &Keys,
    purpose: Purpose,
    email: &str,
    code: &str,
) -> QueryResult<bool> {
    let stored: Vec<String> = email_codes::table
        .filter(email_codes::email.eq(email).and(email_codes::purpose.eq(purpose.as_str())))
        .select(email_codes::code_hash)
        .load(conn)?;
    Ok(keys.code_keys().any(|key: &[u8; 32]| {
        let hash = keyed_hash(key, purpose, email, code);
        stored.iter().any(|s| bool::from(hash.as_bytes().ct_eq(s.as_bytes())))
    }))
}

/// Counts a request for a code e-mail to `email` and says whether it is within the limit;
/// `Err` is the seconds to wait. One atomic statement on the caller's transaction (see
/// [`Bucket::CodeEmailsPerAddress`]): concurrent requests for one address queue on its
/// counter, so exactly the limit pass, and the count commits with the e-mail it allows.
/// Requests for unknown addresses count too, so the answer reveals nothing.
pub(crate) fn allow_request(conn: &mut DbConnection, email: &str) -> QueryResult<Result<(), u64>> {
    Ok(hometutor_limits::take_in_transaction(conn, PER_ADDRESS, email)?.map_err(|wait| wait.secs()))
}
