//! One-click unsubscribe links (RFC 8058). A token names one account and one kind and
//! is signed with HMAC-SHA256 under a key of its own (the server derives it from
//! `JWT_SECRET` under the label [`KEY_LABEL`]), so it does one thing only: turn that
//! kind's e-mails off for that account. It opens no session and reads nothing.
//! Tokens do not expire: an old e-mail's link must still work, and the worst a leaked
//! one can do is stop some e-mails its owner can turn back on. A key rotation keeps the
//! previous key's tokens working while `JWT_SECRET_PREVIOUS` is set.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use hmac::{Hmac, Mac};
use hometutor_core::UserId;
use sha2::Sha256;

use crate::Kind;

/// The label the server derives the signing key under (never the token key itself).
pub const KEY_LABEL: &str = "hometutor/unsubscribe-v1";
const VERSION: &str = "u1";

/// Signs and checks unsubscribe tokens.
#[derive(Clone)]
pub struct UnsubscribeKeys {
    current: [u8; 32],
    previous: Option<[u8; 32]>,
}

impl UnsubscribeKeys {
    pub fn new(current: [u8; 32], previous: Option<[u8; 32]>) -> Self {
        Self { current, previous }
    }

    /// A key no one else knows: tokens die with the process (crate tests, `Notifier::default`).
    pub fn random() -> Self {
        Self { current: rand::random(), previous: None }
    }

    /// `u1.{user}.{kind}.{signature}`: URL-safe as it is.
    pub fn token(&self, user: UserId, kind: Kind) -> String {
        format!("{VERSION}.{}.{}.{}", user.0, kind.as_str(), URL_SAFE_NO_PAD.encode(sign(&self.current, user, kind)))
    }

    /// The account and kind a token was signed for; `None` for anything not signed by us.
    pub fn verify(&self, token: &str) -> Option<(UserId, Kind)> {
        let mut parts = token.split('.');
        let (version, user, kind, signature) = (parts.next()?, parts.next()?, parts.next()?, parts.next()?);
        if version != VERSION || parts.next().is_some() {
            return None;
        }
        // Canonical numbers only: `+12` or `012` would be a second spelling of the same token.
        let user: i64 = user.parse().ok().filter(|id: &i64| *id > 0 && id.to_string() == user)?;
        let kind = Kind::parse(kind)?;
        let signature = URL_SAFE_NO_PAD.decode(signature).ok()?;
        let keys = std::iter::once(&self.current).chain(self.previous.as_ref());
        for key in keys {
            if mac(key, UserId(user), kind).verify_slice(&signature).is_ok() {
                return Some((UserId(user), kind));
            }
        }
        None
    }
}

fn mac(key: &[u8; 32], user: UserId, kind: Kind) -> Hmac<Sha256> {
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(key).unwrap_or_else(|_| unreachable!("HMAC takes any key"));
    mac.update(format!("unsubscribe\0{}\0{}", user.0, kind.as_str()).as_bytes());
    mac
}

fn sign(key: &[u8; 32], user: UserId, kind: Kind) -> Vec<u8> {
    mac(key, user, kind).finalize().into_bytes().to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_opens_only_what_it_was_signed_for() {
        let keys = UnsubscribeKeys::new([7; 32], None);
        let token = keys.token(UserId(42), Kind::NewRequest);
        assert_eq!(keys.verify(&token), Some((UserId(42), Kind::NewRequest)));

        let other_kind = token.replace("new_request", "unread_message");
        let other_user = token.replace(".42.", ".43.");
        let padded_user = token.replace(".42.", ".042.");
        let mut flipped = token.clone();
        let last = flipped.pop().map(|c| if c == 'A' { 'B' } else { 'A' }).unwrap_or('A');
        flipped.push(last);
        for bad in [other_kind, other_user, padded_user, flipped, String::new(), "u1.42.new_request".into()] {
            assert_eq!(keys.verify(&bad), None, "{bad}");
        }
        assert_eq!(UnsubscribeKeys::new([8; 32], None).verify(&token), None, "another site's key");
        assert_eq!(UnsubscribeKeys::new([8; 32], Some([7; 32])).verify(&token), Some((UserId(42), Kind::NewRequest)));
    }
}
