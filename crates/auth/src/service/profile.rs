//! A user's own profile: reading it, and the only fields they may change.

use hometutor_accounts::{self as accounts, Changes, User};
use hometutor_core::{single_line, FieldError, Phone, UserId};
use hometutor_i18n::{Language, Message};

use super::setup::AuthService;
use crate::AuthError;

/// The only profile fields a user may change about themself.
#[derive(Debug, Clone, Default)]
pub struct ProfileChanges {
    pub fullname: Option<String>,
    pub phone: Option<String>,
}

/// The longest full name, in characters as sent (before trimming).
pub const MAX_NAME_CHARS: usize = 100;

pub(super) fn parse_fullname(raw: &str) -> Result<String, FieldError> {
    let name = single_line("fullname", "Full name", raw)?;
    if name.is_empty() {
        Err(FieldError::text("fullname", Message::new("validation-fullname-required")))
    } else if raw.chars().count() > MAX_NAME_CHARS {
        // Counted before trimming, so the limit is the one the API document states for what is sent.
        Err(FieldError::text("fullname", Message::new("validation-fullname-long").arg("max", MAX_NAME_CHARS)))
    } else {
        Ok(name)
    }
}

/// One of the codes the server speaks, exactly (`en`, `hi`).
pub(super) fn parse_language(raw: &str) -> Result<Language, FieldError> {
    Language::parse(raw).ok_or_else(|| {
        let codes: Vec<&str> = Language::ALL.iter().map(|l| l.code()).collect();
        FieldError::text("language", Message::new("validation-language").arg("codes", codes.join(", ")))
    })
}

impl AuthService {
    #[tracing::instrument(skip_all, fields(id = id.0))]
    pub fn profile(&self, id: UserId) -> Result<User, AuthError> {
        self.db().read(|conn| accounts::find(conn, id)?.ok_or(AuthError::NotFound))
    }

    /// Changes the caller's name and phone; nothing else is reachable this way.
    pub fn update_profile(&self, id: UserId, changes: ProfileChanges) -> Result<User, AuthError> {
        self.update_account(id, changes, None)
    }

    /// Changes the caller's name, phone and language (a code of [`Language::ALL`]) at once,
    /// or none of them when any is invalid.
    #[tracing::instrument(skip_all, fields(id = id.0))]
    pub fn update_account(
        &self,
        id: UserId,
        changes: ProfileChanges,
        language: Option<&str>,
    ) -> Result<User, AuthError> {
        let mut errors = Vec::new();
        let fullname =
            changes.fullname.as_deref().map(parse_fullname).transpose().map_err(|e| errors.push(e)).ok().flatten();
        let phone = changes.phone.as_deref().map(Phone::parse).transpose().map_err(|e| errors.push(e)).ok().flatten();
        let language = language.map(parse_language).transpose().map_err(|e| errors.push(e)).ok().flatten();
        if !errors.is_empty() {
            return Err(AuthError::Validation(errors));
        }
        self.db().write(|conn| {
            if fullname.is_some() || phone.is_some() || language.is_some() {
                let changes = Changes {
                    fullname: fullname.as_deref(),
                    phone: phone.as_ref().map(Phone::as_str),
                    language,
                    ..Changes::default()
                };
                accounts::update(conn, id, &changes)?;
            }
            accounts::find(conn, id)?.ok_or(AuthError::NotFound)
        })
    }
}
