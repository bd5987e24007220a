use hometutor_i18n::{Language, Message};
use serde::Serialize;

/// A rejected input: which field, and the sentence to show the person (in English; the
/// catalogue message it came from, when it did, renders it in other languages).
#[derive(Debug, Clone, Serialize, thiserror::Error)]
#[error("{message}")]
pub struct FieldError {
    pub field: &'static str,
    pub message: String,
    #[serde(skip)]
    pub text: Option<Message>,
}

impl PartialEq for FieldError {
    fn eq(&self, other: &Self) -> bool {
        (self.field, &self.message) == (other.field, &other.message)
    }
}

impl Eq for FieldError {}

impl FieldError {
    /// A message of no catalogue: it reads the same in every language.
    pub fn new(field: &'static str, message: impl Into<String>) -> Self {
        Self { field, message: message.into(), text: None }
    }

    /// The catalogue's `text` (`message` is its English).
    pub fn text(field: &'static str, text: Message) -> Self {
        Self { field, message: text.render(Language::En), text: Some(text) }
    }

    /// The sentence in `language`.
    pub fn message_in(&self, language: Language) -> String {
        match &self.text {
            Some(text) if language != Language::En => text.render(language),
            _ => self.message.clone(),
        }
    }
}

/// A field's name as sentences say it: the catalogue's `field-<name>` or `label-<name>`
/// (the admin panel's and profiles' own spelling) whose English is `label`, else `label` as
/// given (the same in every language).
pub fn label(field: &str, label: &str) -> hometutor_i18n::Arg {
    let named = [format!("field-{field}"), format!("label-{field}")]
        .into_iter()
        .find(|id| hometutor_i18n::has(id) && hometutor_i18n::text(Language::En, id, &[]) == label);
    match named {
        Some(id) => hometutor_i18n::Arg::message(id),
        None => label.into(),
    }
}

/// A facet of the vocabulary (`subject`, `class`, `board`, `mode`) as sentences name it:
/// the catalogue's `noun-<name>`.
pub fn noun(noun: &str) -> hometutor_i18n::Arg {
    hometutor_i18n::Arg::message(format!("noun-{noun}"))
}

/// "`label` is required." (`label` named as [`label`] says).
pub fn required(field: &'static str, label_text: &str) -> FieldError {
    FieldError::text(field, Message::new("validation-required").arg("label", label(field, label_text)))
}

/// "`label` must be at most `max` characters." (`label` named as [`label`] says).
pub fn too_long(field: &'static str, label_text: &str, max: usize) -> FieldError {
    FieldError::text(field, Message::new("validation-too-long").arg("label", label(field, label_text)).arg("max", max))
}

/// Checks one line of text a person typed (a name, a subject, a title): no control
/// characters, which would break lines in e-mails and logs, and NUL, which
/// PostgreSQL refuses. Returns the text trimmed; length rules stay with each field.
pub fn single_line(field: &'static str, label: &str, raw: &str) -> Result<String, FieldError> {
    if raw.chars().any(char::is_control) {
        return Err(FieldError::text(
            field,
            Message::new("validation-one-line").arg("label", self::label(field, label)),
        ));
    }
    Ok(raw.trim().to_string())
}

/// Checks text of several lines (a message, a description): line breaks and tabs
/// are fine, other control characters (NUL included) are refused.
pub fn multi_line(field: &'static str, label: &str, raw: &str) -> Result<(), FieldError> {
    if raw.chars().any(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t')) {
        return Err(FieldError::text(
            field,
            Message::new("validation-no-control").arg("label", self::label(field, label)),
        ));
    }
    Ok(())
}

/// An e-mail address, trimmed and lowercased, so one person has one account.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Email(String);

impl Email {
    /// RFC 5321's limits, in bytes of the trimmed, lowercased address and of its local part.
    pub const MAX_BYTES: usize = 254;
    pub const MAX_LOCAL_BYTES: usize = 64;

    pub fn parse(raw: &str) -> Result<Self, FieldError> {
        let email = raw.trim().to_lowercase();
        if email.is_empty() {
            return Err(FieldError::text("email", Message::new("validation-email-required")));
        }
        let valid = email.len() <= Self::MAX_BYTES
            && !email.chars().any(|c| c.is_whitespace() || c.is_control())
            && match email.split_once('@') {
                Some((local, domain)) => {
                    !local.is_empty()
                        && local.len() <= Self::MAX_LOCAL_BYTES
                        && !domain.contains('@')
                        && domain.contains('.')
                        && !domain.starts_with('.')
                        && !domain.ends_with('.')
                        && !domain.contains("..")
                }
                None => false,
            };
        if valid {
            Ok(Self(email))
        } else {
            Err(FieldError::text("email", Message::new("validation-email-invalid")))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for Email {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// An Indian mobile number: exactly ten digits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Phone(String);

impl Phone {
    pub const DIGITS: usize = 10;

    pub fn parse(raw: &str) -> Result<Self, FieldError> {
        let phone = raw.trim();
        if phone.is_empty() {
            return Err(FieldError::text("phone", Message::new("validation-phone-required")));
        }
        if phone.len() == Self::DIGITS && phone.bytes().all(|b| b.is_ascii_digit()) {
            Ok(Self(phone.to_string()))
        } else {
            Err(FieldError::text("phone", Message::new("validation-phone-digits")))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A password of 8 characters to 72 bytes (bcrypt reads no further than 72 bytes;
/// the minimum counts characters, as the message says and the API document states).
pub struct Password(String);

impl Password {
    pub const MIN_CHARS: usize = 8;
    pub const MAX_BYTES: usize = 72;

    pub fn parse(raw: &str, field: &'static str) -> Result<Self, FieldError> {
        if raw.is_empty() {
            return Err(FieldError::text(field, Message::new("validation-password-required")));
        }
        if raw.chars().count() < Self::MIN_CHARS {
            return Err(FieldError::text(field, Message::new("validation-password-short")));
        }
        if raw.len() > Self::MAX_BYTES {
            return Err(FieldError::text(field, Message::new("validation-password-long")));
        }
        Ok(Self(raw.to_string()))
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for Password {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Password(***)")
    }
}

/// A one-time code: exactly six digits.
#[derive(Clone, PartialEq, Eq)]
pub struct Otp(String);

impl Otp {
    pub const DIGITS: usize = 6;

    pub fn parse(raw: &str) -> Result<Self, FieldError> {
        let otp = raw.trim();
        if otp.len() == Self::DIGITS && otp.bytes().all(|b| b.is_ascii_digit()) {
            Ok(Self(otp.to_string()))
        } else {
            Err(FieldError::text("otp", Message::new("validation-otp-digits")))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for Otp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Otp(***)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn email_is_trimmed_and_lowercased() {
        assert_eq!(Email::parse("  Asha.K@Example.COM ").map(|e| e.0), Ok("asha.k@example.com".into()));
    }

    #[test]
    fn malformed_emails_are_refused() {
        for bad in ["", "plain", "a@b", "a@@b.com", "@b.com", "a b@c.com", "a@.com", "a@b..com"] {
            assert!(Email::parse(bad).is_err(), "{bad:?} should be refused");
        }
    }

    #[test]
    fn phone_must_be_exactly_ten_digits() {
        assert!(Phone::parse("9876543210").is_ok());
        for bad in ["987654321", "98765432101", "98765x3210", "+919876543", "98765 4321"] {
            let err = Phone::parse(bad).err().map(|e| e.message);
            assert_eq!(err.as_deref(), Some("Phone number must be 10 digits."), "{bad:?}");
        }
    }

    #[test]
    fn password_is_8_characters_to_72_bytes() {
        assert!(Password::parse("1234567", "password").is_err());
        assert!(Password::parse("12345678", "password").is_ok());
        assert!(Password::parse(&"x".repeat(72), "password").is_ok());
        assert!(Password::parse(&"x".repeat(73), "password").is_err());
        // 25 three-byte characters are 75 bytes: too long even though only 25 characters.
        assert!(Password::parse(&"अ".repeat(25), "password").is_err());
        // The minimum counts characters, as the API document's minLength does: 7 three-byte
        // characters (21 bytes) are too short, 8 are enough.
        assert!(Password::parse(&"अ".repeat(7), "password").is_err());
        assert!(Password::parse(&"अ".repeat(8), "password").is_ok());
    }

    #[test]
    fn control_characters_are_refused_in_one_line_text() {
        assert_eq!(single_line("fullname", "Name", "  Asha Rao ").unwrap(), "Asha Rao");
        for bad in ["Asha\u{0}Rao", "Asha\nRao", "Asha\rRao", "Asha\tRao", "\u{1b}[31mAsha", "Asha\u{7f}"] {
            let e = single_line("fullname", "Name", bad).unwrap_err();
            assert_eq!(e.field, "fullname");
        }
        assert!(multi_line("text", "Message", "line one\nline two\tend").is_ok());
        assert!(multi_line("text", "Message", "nul\u{0}here").is_err());
    }

    #[test]
    fn otp_is_six_digits() {
        assert!(Otp::parse("012345").is_ok());
        for bad in ["12345", "1234567", "12a456", ""] {
            assert!(Otp::parse(bad).is_err(), "{bad:?}");
        }
    }
}
