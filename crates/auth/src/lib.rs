//! Accounts: registration with e-mail verification, login, tokens, profile
//! and password reset. Plain blocking Rust: call it from a blocking thread.

mod codes;
mod emails;
mod error;
mod password;
mod service;
mod throttle;
mod tokens;
mod user;

pub use error::AuthError;
pub use password::PasswordHasher;
pub use service::{AuthConfig, AuthService, LoginInput, NewAccount, ProfileChanges, RegisterInput, Session};
pub use service::{MAX_LINK_TOKEN_BYTES, MAX_NAME_CHARS};
pub use throttle::{Throttle, ThrottleLimits};
pub use tokens::{AuthUser, Claims};
pub use user::User;
