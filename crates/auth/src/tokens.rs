use chrono::Utc;
use hometutor_core::{Role, UserId};
use jsonwebtoken::{decode, decode_header, encode, Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};

use crate::keys::{KeySet, Keys};
use crate::AuthError;

/// Who issues session tokens and who they are for: a token signed with the same
/// key for another purpose (or another deployment sharing it) is not a session.
pub const ISSUER: &str = "hometutor";
pub const AUDIENCE: &str = "hometutor-api";

/// What a session token carries. The role is informational only: every request
/// reads the role and active flag from the database.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Claims {
    pub sub: String,
    pub iss: String,
    pub aud: String,
    #[serde(rename = "userId")]
    pub user_id: i64,
    pub role: String,
    pub email: String,
    pub jti: String,
    pub iat: i64,
    pub exp: i64,
    /// The account's token version when issued; a password reset bumps it.
    pub ver: i64,
}

/// A token whose signature and expiry were checked, its account not yet
/// ([`crate::AuthService::confirm`] reads it). Only `verify` makes one.
#[derive(Debug)]
pub struct VerifiedToken(pub(crate) Claims);

/// The caller of a request, as checked against the database.
#[derive(Debug, Clone)]
pub struct AuthUser {
    pub id: UserId,
    pub role: Role,
    pub email: String,
    pub jti: String,
    pub expires_at: i64,
    /// The language they read HomeTutor in (the server's messages to them are in it).
    pub language: hometutor_i18n::Language,
}

/// Signs with the current key, named in the `kid` header.
pub(crate) fn issue(keys: &KeySet, claims: &Claims) -> Result<String, AuthError> {
    let header = Header { kid: Some(keys.kid.clone()), ..Header::new(Algorithm::HS256) };
    encode(&header, claims, &EncodingKey::from_secret(&keys.token))
        .map_err(|e| AuthError::Internal(format!("token signing: {e}")))
}

/// Verifies signature, expiry, issuer and audience; only HS256 is accepted, so
/// `alg: none` and algorithm-confusion tokens fail here. The key is the one the
/// `kid` header names, current or previous; a token without one is not ours.
pub(crate) fn verify(keys: &Keys, token: &str) -> Result<Claims, AuthError> {
    let kid = decode_header(token).ok().and_then(|h| h.kid).ok_or(AuthError::Unauthenticated)?;
    let secret = keys.token_key(&kid).ok_or(AuthError::Unauthenticated)?;
    let mut validation = Validation::new(Algorithm::HS256);
    validation.leeway = 0;
    validation.set_required_spec_claims(&["exp", "sub", "iss", "aud"]);
    validation.set_issuer(&[ISSUER]);
    validation.set_audience(&[AUDIENCE]);
    decode::<Claims>(token, &DecodingKey::from_secret(secret), &validation)
        .map(|data| data.claims)
        .map_err(|_| AuthError::Unauthenticated)
}

pub(crate) fn new_claims(id: UserId, role: Role, email: &str, ver: i64, ttl: chrono::Duration) -> Claims {
    let now = Utc::now();
    Claims {
        sub: id.0.to_string(),
        iss: ISSUER.to_string(),
        aud: AUDIENCE.to_string(),
        user_id: id.0,
        role: role.as_str().to_string(),
        email: email.to_string(),
        jti: uuid::Uuid::new_v4().to_string(),
        iat: now.timestamp(),
        exp: (now + ttl).timestamp(),
        ver,
    }
}
