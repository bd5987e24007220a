use hometutor_auth::AuthError;
use hometutor_core::{too_long, FieldError, Language, Message};
use hometutor_db::DbError;
use hometutor_media::MediaError;

#[derive(Debug, thiserror::Error)]
pub enum AdminError {
    #[error("{0} not found.")]
    NotFound(&'static str),
    #[error("{}", .0.first().map(|e| e.message.as_str()).unwrap_or("Invalid input."))]
    Validation(Vec<FieldError>),
    /// A rule protecting the site: an admin cannot remove themself or the last admin.
    #[error("{}", .0.render(Language::En))]
    Refused(Message),
    #[error("Only parents can submit a testimonial.")]
    NotAParent,
    #[error(transparent)]
    Auth(#[from] AuthError),
    #[error(transparent)]
    Media(#[from] MediaError),
    #[error(transparent)]
    Db(#[from] DbError),
}

impl AdminError {
    /// The catalogue message of this error (its Display is the English, for logs); `None` for
    /// validation errors (their fields carry theirs), database failures, and the errors of
    /// accounts and uploads (which carry their own).
    pub fn text(&self) -> Option<Message> {
        Some(match self {
            AdminError::Validation(_) | AdminError::Auth(_) | AdminError::Media(_) | AdminError::Db(_) => return None,
            AdminError::NotFound(what) => Message::new(match *what {
                "User" => "error-user-not-found",
                "Tutor" => "error-tutor-not-found",
                "Message" => "error-message-not-found",
                "Report" => "error-report-not-found",
                "Request" => "error-request-not-found",
                "Asset" => "error-asset-not-found",
                "Testimonial" => "error-testimonial-not-found",
                _ => return None,
            }),
            AdminError::Refused(text) => text.clone(),
            AdminError::NotAParent => Message::new("error-testimonial-parents-only"),
        })
    }
}

impl From<diesel::result::Error> for AdminError {
    fn from(e: diesel::result::Error) -> Self {
        AdminError::Db(DbError::Query(e))
    }
}

impl From<FieldError> for AdminError {
    fn from(e: FieldError) -> Self {
        AdminError::Validation(vec![e])
    }
}

/// Trims `raw` and checks it is present (when `required`) and at most `max` characters.
pub(crate) fn text(field: &'static str, raw: &str, required: bool, max: usize) -> Result<String, FieldError> {
    let value = raw.trim();
    if required && value.is_empty() {
        return Err(hometutor_core::required(field, &capitalized(field)));
    }
    // Counted as sent, spaces around included, so the documented `maxLength` is the whole rule.
    if raw.chars().count() > max {
        return Err(too_long(field, &capitalized(field), max));
    }
    Ok(value.to_string())
}

fn capitalized(field: &str) -> String {
    let mut chars = field.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The catalogue's English is the Display, word for word; every field's name has its Hindi.
    #[test]
    fn every_message_renders_as_its_display_in_english() {
        use AdminError as E;
        let refused = |verb: &str| Message::new("error-admin-refused-self").arg("verb", verb);
        for e in [
            E::NotFound("User"),
            E::NotFound("Tutor"),
            E::NotFound("Request"),
            E::NotFound("Asset"),
            E::NotFound("Testimonial"),
            E::Refused(refused("delete")),
            E::Refused(Message::new("error-admin-refused-last").arg("verb", "demote or deactivate")),
            E::NotAParent,
        ] {
            assert_eq!(e.text().map(|t| t.render(Language::En)), Some(e.to_string()));
        }
        assert_eq!(E::Refused(refused("delete")).to_string(), "You cannot delete your own account.");
        for field in ["description", "flagReason", "name", "subject", "message", "siteTitle", "homeText", "text"] {
            let named = hometutor_core::label(field, &capitalized(field));
            assert!(matches!(named, hometutor_core::Arg::Message { .. }), "{field}");
        }
    }
}
