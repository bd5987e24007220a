//! One-time codes and link tokens: random, stored only as a keyed hash,
//! single use, expiring, bound to one purpose, dead after five wrong tries.

use chrono::{Duration, NaiveDateTime};
use diesel::prelude::*;
use hmac::{Hmac, Mac};
use hometutor_db::schema::{code_requests, email_codes};
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
/// Code e-mails to one address: the numbers are the limiter's table's, the count is kept
/// here, in `code_requests` (see [`Bucket::CodeEmailsPerAddress`] for why).
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

/// Logs a request for a code e-mail and says whether it is within the limit.
/// Requests for unknown addresses count too, so the answer reveals nothing.
pub(crate) fn allow_request(conn: &mut DbConnection, email: &str) -> QueryResult<Result<(), u64>> {
    let at = now();
    let rule = PER_ADDRESS.rule();
    let window = Duration::seconds(rule.window.as_secs() as i64);
    let since = at - window;
    let recent: Vec<NaiveDateTime> = code_requests::table
        .filter(code_requests::email.eq(email).and(code_requests::created_at.gt(since)))
        .order(code_requests::created_at.asc())
        .select(code_requests::created_at)
        .load(conn)?;
    if recent.len() >= rule.limit as usize {
        let oldest = recent.first().copied().unwrap_or(at);
        let retry = (oldest + window - at).num_seconds().max(1) as u64;
        return Ok(Err(retry));
    }
    diesel::insert_into(code_requests::table)
        .values((code_requests::email.eq(email), code_requests::created_at.eq(at)))
        .execute(conn)?;
    Ok(Ok(()))
}
