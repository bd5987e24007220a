use hometutor_auth::AuthError;
use hometutor_core::FieldError;
use hometutor_db::DbError;
use hometutor_media::MediaError;

#[derive(Debug, thiserror::Error)]
pub enum AdminError {
    #[error("{0} not found.")]
    NotFound(&'static str),
    #[error("{}", .0.first().map(|e| e.message.as_str()).unwrap_or("Invalid input."))]
    Validation(Vec<FieldError>),
    /// A rule protecting the site: an admin cannot remove themself or the last admin.
    #[error("{0}")]
    Refused(String),
    #[error("Only parents can submit a testimonial.")]
    NotAParent,
    #[error(transparent)]
    Auth(#[from] AuthError),
    #[error(transparent)]
    Media(#[from] MediaError),
    #[error(transparent)]
    Db(#[from] DbError),
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
        return Err(FieldError::new(field, format!("{} is required.", label(field))));
    }
    // Counted as sent, spaces around included, so the documented `maxLength` is the whole rule.
    if raw.chars().count() > max {
        return Err(FieldError::new(field, format!("{} must be at most {max} characters.", label(field))));
    }
    Ok(value.to_string())
}

fn label(field: &str) -> String {
    let mut chars = field.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}
