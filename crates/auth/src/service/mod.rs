//! The accounts service ([`AuthService`]): one file per group of use cases, each adding its
//! methods to the one service.

mod operator;
mod passwords;
mod profile;
mod registration;
mod session;
mod setup;

pub use operator::NewAccount;
pub use profile::{ProfileChanges, MAX_NAME_CHARS};
pub use registration::{LinkOutcome, RegisterInput, MAX_LINK_TOKEN_BYTES};
pub use session::{LoginInput, Session};
pub use setup::{AuthConfig, AuthService};
