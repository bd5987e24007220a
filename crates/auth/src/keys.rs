//! The keys of the auth service, each derived from the site's secret (`JWT_SECRET`)
//! under a label of its own, so that no two purposes share a key: a session token's
//! signature says nothing about an e-mailed code's hash, nor either about the
//! location offsets (whose key the server derives the same way). While
//! `JWT_SECRET_PREVIOUS` is set, keys derived from it still verify tokens and codes
//! made before the rotation; nothing new is made with them.

use sha2::{Digest, Sha256};

/// `SHA-256(label ‖ 0x00 ‖ secret)`: the key for one purpose.
pub fn derive_key(secret: &[u8], label: &str) -> [u8; 32] {
    Sha256::new().chain_update(label.as_bytes()).chain_update([0u8]).chain_update(secret).finalize().into()
}

/// What one secret gives.
pub(crate) struct KeySet {
    /// Signs session tokens (HS256).
    pub token: [u8; 32],
    /// Names `token` in each token's `kid` header: the first 8 bytes of its SHA-256,
    /// in hex. Says which secret signed a token, and nothing about the key.
    pub kid: String,
    /// Keys the stored hashes of e-mailed codes and links.
    pub codes: [u8; 32],
}

impl KeySet {
    fn derive(secret: &[u8]) -> Self {
        let token = derive_key(secret, "hometutor/session-token");
        let kid = hex::encode(&Sha256::digest(token)[..8]);
        Self { token, kid, codes: derive_key(secret, "hometutor/email-code") }
    }
}

pub(crate) struct Keys {
    pub current: KeySet,
    pub previous: Option<KeySet>,
}

impl Keys {
    pub fn new(current: &[u8], previous: Option<&[u8]>) -> Self {
        Self { current: KeySet::derive(current), previous: previous.map(KeySet::derive) }
    }

    /// The signing key a token's `kid` names, if it is one this process accepts.
    pub fn token_key(&self, kid: &str) -> Option<&[u8; 32]> {
        self.sets().find(|set| set.kid == kid).map(|set| &set.token)
    }

    /// Every key a stored code hash may have been made with, current first.
    pub fn code_keys(&self) -> impl Iterator<Item = &[u8; 32]> {
        self.sets().map(|set| &set.codes)
    }

    fn sets(&self) -> impl Iterator<Item = &KeySet> {
        std::iter::once(&self.current).chain(self.previous.as_ref())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_purpose_and_each_secret_has_its_own_key() {
        let a = Keys::new(b"first secret, long enough for the rule........", None);
        let b = Keys::new(b"second secret, long enough for the rule.......", None);
        assert_ne!(a.current.token, a.current.codes);
        assert_ne!(a.current.token, b.current.token);
        assert_ne!(a.current.kid, b.current.kid);
        assert_eq!(a.current.kid.len(), 16);
    }
}
