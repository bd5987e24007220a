//! The closed sets of values admin requests take, as enums: the document lists
//! their values (the web app gets them as unions), and a value outside the set
//! is refused while the request is read, with the sentence the server has always
//! given for it, named in `fields` (`input::Json`) or in the query error.

use hometutor_admin::BulkAction;
use hometutor_core::Role;
use serde::Deserialize;
use utoipa::ToSchema;

/// The value among `choices` spelled exactly `value`, or `refusal`.
fn choose<T: Copy>(value: &str, choices: &[(&str, T)], refusal: &'static str) -> Result<T, &'static str> {
    choices.iter().find(|(name, _)| *name == value).map(|(_, choice)| *choice).ok_or(refusal)
}

/// The role an admin gives an account.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(try_from = "String")]
#[schema(rename_all = "lowercase")]
pub enum UserRole {
    Parent,
    Tutor,
    Admin,
}

impl TryFrom<String> for UserRole {
    type Error = &'static str;

    fn try_from(value: String) -> Result<Self, Self::Error> {
        let choices = [("parent", Self::Parent), ("tutor", Self::Tutor), ("admin", Self::Admin)];
        choose(&value, &choices, "Role must be parent, tutor or admin.")
    }
}

impl From<UserRole> for Role {
    fn from(role: UserRole) -> Self {
        match role {
            UserRole::Parent => Role::Parent,
            UserRole::Tutor => Role::Tutor,
            UserRole::Admin => Role::Admin,
        }
    }
}

/// Which roles the user list shows; `all` (or leaving it out) shows every role.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(try_from = "String")]
#[schema(rename_all = "lowercase")]
pub enum UserRoleFilter {
    All,
    Parent,
    Tutor,
    Admin,
}

impl TryFrom<String> for UserRoleFilter {
    type Error = &'static str;

    fn try_from(value: String) -> Result<Self, Self::Error> {
        let choices = [("all", Self::All), ("parent", Self::Parent), ("tutor", Self::Tutor), ("admin", Self::Admin)];
        choose(&value, &choices, "role must be parent, tutor or admin.")
    }
}

impl UserRoleFilter {
    /// The one role to show, or `None` for all of them.
    pub fn role(self) -> Option<Role> {
        match self {
            Self::All => None,
            Self::Parent => Some(Role::Parent),
            Self::Tutor => Some(Role::Tutor),
            Self::Admin => Some(Role::Admin),
        }
    }
}

/// Which accounts the user list shows: active ones (`true`), deactivated ones
/// (`false`), or both (`all`, or leaving it out).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(try_from = "String")]
#[schema(rename_all = "lowercase")]
pub enum UserActiveFilter {
    All,
    True,
    False,
}

impl TryFrom<String> for UserActiveFilter {
    type Error = &'static str;

    fn try_from(value: String) -> Result<Self, Self::Error> {
        let choices = [("all", Self::All), ("true", Self::True), ("false", Self::False)];
        choose(&value, &choices, "active must be true or false.")
    }
}

impl UserActiveFilter {
    /// The one state to show, or `None` for both.
    pub fn active(self) -> Option<bool> {
        match self {
            Self::All => None,
            Self::True => Some(true),
            Self::False => Some(false),
        }
    }
}

/// What a bulk action does to every selected account.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(try_from = "String")]
#[schema(rename_all = "lowercase")]
pub enum BulkUserAction {
    Activate,
    Deactivate,
    Delete,
}

impl TryFrom<String> for BulkUserAction {
    type Error = &'static str;

    fn try_from(value: String) -> Result<Self, Self::Error> {
        let choices = [("activate", Self::Activate), ("deactivate", Self::Deactivate), ("delete", Self::Delete)];
        choose(&value, &choices, "action must be activate, deactivate or delete.")
    }
}

impl From<BulkUserAction> for BulkAction {
    fn from(action: BulkUserAction) -> Self {
        match action {
            BulkUserAction::Activate => BulkAction::Activate,
            BulkUserAction::Deactivate => BulkAction::Deactivate,
            BulkUserAction::Delete => BulkAction::Delete,
        }
    }
}

#[cfg(test)]
mod tests {
    use serde::de::DeserializeOwned;
    use serde_json::Value;
    use utoipa::PartialSchema;

    use super::*;

    /// Every value the document lists is read as such, and nothing else is.
    fn the_document_lists_exactly_what_is_read<T: PartialSchema + DeserializeOwned + std::fmt::Debug>(refusal: &str) {
        let schema = serde_json::to_value(T::schema()).unwrap_or_default();
        let listed: Vec<Value> = schema["enum"].as_array().cloned().unwrap_or_default();
        assert!(!listed.is_empty(), "{schema}");
        for value in &listed {
            assert!(serde_json::from_value::<T>(value.clone()).is_ok(), "{value} is listed but refused");
        }
        for unlisted in ["", "Admin", " tutor", "superuser", "1"] {
            if listed.iter().all(|v| v != unlisted) {
                let refused = serde_json::from_value::<T>(Value::from(unlisted)).err().map(|e| e.to_string());
                assert_eq!(refused.as_deref(), Some(refusal), "{unlisted:?}");
            }
        }
    }

    #[test]
    fn request_enums_document_exactly_the_values_they_take() {
        the_document_lists_exactly_what_is_read::<UserRole>("Role must be parent, tutor or admin.");
        the_document_lists_exactly_what_is_read::<UserRoleFilter>("role must be parent, tutor or admin.");
        the_document_lists_exactly_what_is_read::<UserActiveFilter>("active must be true or false.");
        the_document_lists_exactly_what_is_read::<BulkUserAction>("action must be activate, deactivate or delete.");
    }
}
