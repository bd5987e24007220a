//! Value types shared by every domain: ids, roles and the input types that
//! validate on construction, so a service never sees an unchecked e-mail or phone.

use serde::{Deserialize, Serialize};

mod subscription;
pub mod utc;
mod validation;
/// The catalogue message a domain's error or field sentence comes from (domains name their
/// texts through core, which their errors already use, rather than each depending on the i18n crate).
pub use hometutor_i18n::{Arg, Language, Message};
pub use subscription::{Subscription, SubscriptionStatus};
pub use validation::{
    label, multi_line, noun, required, single_line, too_long, Email, FieldError, Otp, Password, Phone,
};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct UserId(pub i64);

impl std::fmt::Display for UserId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// What an account is: `parent`, `tutor` or `admin` (the same words on the wire and in the database).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Parent,
    Tutor,
    Admin,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Parent => "parent",
            Role::Tutor => "tutor",
            Role::Admin => "admin",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "parent" => Some(Role::Parent),
            "tutor" => Some(Role::Tutor),
            "admin" => Some(Role::Admin),
            _ => None,
        }
    }
}

impl std::fmt::Display for Role {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
