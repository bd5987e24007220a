//! Accounts: registration with e-mail verification, login, tokens, profile
//! and password reset. Plain blocking Rust: call it from a blocking thread.

mod codes;
mod emails;
mod error;
mod keys;
mod limits;
mod password;
mod service;
mod tokens;

pub use error::AuthError;
/// An account as the auth service answers it; the `users` table belongs to the accounts crate.
pub use hometutor_accounts::User;
pub use keys::derive_key;
pub use password::{HasherConfig, PasswordHasher, DEFAULT_MAX_WAIT as DEFAULT_HASH_MAX_WAIT};
pub use service::{AuthConfig, AuthService, LoginInput, NewAccount, ProfileChanges, RegisterInput, Session};
pub use service::{LinkOutcome, MAX_LINK_TOKEN_BYTES, MAX_NAME_CHARS};
pub use tokens::{AuthUser, Claims, VerifiedToken};
