//! The catalogue messages of [`MediaError`]s, which people read in their own language.

use hometutor_core::Message;

use crate::MediaError;

impl MediaError {
    /// The catalogue message of this error (its Display is the English, for logs); `None` for
    /// failures a person is not shown as they are (storage and database).
    pub fn text(&self) -> Option<Message> {
        Some(match self {
            MediaError::Io(_) | MediaError::Unavailable(_) | MediaError::Db(_) => return None,
            MediaError::TooLarge { name, limit_mb } => {
                Message::new("error-file-too-large").arg("name", name).arg("limitMb", *limit_mb)
            }
            MediaError::NotAllowed(name) => Message::new("error-file-not-allowed").arg("name", name),
            MediaError::Mismatch(name) => Message::new("error-file-mismatch").arg("name", name),
            MediaError::Damaged(name) => Message::new("error-file-damaged").arg("name", name),
            MediaError::ImageTooLarge { name, max_side } => {
                Message::new("error-image-too-large").arg("name", name).arg("maxSide", *max_side)
            }
            MediaError::QuotaFull { limit_mb } => Message::new("error-upload-quota").arg("limitMb", *limit_mb),
            MediaError::TooManyUploads { count, .. } => Message::new("error-too-many-uploads").arg("count", *count),
            MediaError::NotFound => Message::new("error-file-not-found"),
            MediaError::NotYours => Message::new("error-file-not-yours"),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hometutor_core::Language;

    /// The catalogue's English is the Display, word for word.
    #[test]
    fn every_message_renders_as_its_display_in_english() {
        use MediaError as E;
        let name = || "notes {$x} 2.pdf".to_string();
        for e in [
            E::TooLarge { name: name(), limit_mb: 5 },
            E::NotAllowed(name()),
            E::Mismatch(name()),
            E::Damaged(name()),
            E::ImageTooLarge { name: name(), max_side: 8000 },
            E::QuotaFull { limit_mb: 200 },
            E::TooManyUploads { count: 100, retry_after_secs: 60 },
            E::NotFound,
            E::NotYours,
        ] {
            assert_eq!(e.text().map(|t| t.render(Language::En)), Some(e.to_string()));
        }
    }
}
