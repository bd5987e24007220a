//! What a submission must be before anything is stored: an ID of an accepted kind, an
//! Aadhaar only with the tutor's word that it is masked, the two required documents, and
//! no Aadhaar number typed in full into any text (twelve digits in a row, however spaced).

use hometutor_core::{multi_line, single_line, too_long, FieldError, Message};

use super::model::{IdKind, NewSubmission, Slot, VerificationError};

/// The qualification's description (e.g. "B.Sc. Mathematics, Delhi University").
pub const MAX_QUALIFICATION_CHARS: usize = 200;
/// A note to the reviewer.
pub const MAX_NOTE_CHARS: usize = 500;

/// Whether `text` holds twelve or more digits in a row once spaces, dots and hyphens between
/// them are ignored: the shape of an unmasked Aadhaar number (`1234 5678 9012`).
fn holds_full_aadhaar(text: &str) -> bool {
    let mut run = 0;
    for c in text.chars() {
        if c.is_ascii_digit() {
            run += 1;
            if run >= 12 {
                return true;
            }
        } else if !matches!(c, ' ' | '-' | '.' | '\u{a0}') {
            run = 0;
        }
    }
    false
}

/// Every text field of a submission, as `(field, value)`: none may hold a full Aadhaar number.
pub fn check_texts(fields: &[(&'static str, &str)]) -> Vec<FieldError> {
    fields
        .iter()
        .filter(|(_, value)| holds_full_aadhaar(value))
        .map(|(field, _)| FieldError::text(field, Message::new("verification-unmasked-number")))
        .collect()
}

/// The submission checked (texts trimmed), or every reason it is refused.
pub(super) fn validate(mut new: NewSubmission) -> Result<NewSubmission, VerificationError> {
    let mut errors = Vec::new();
    match new.id_kind {
        None => errors.push(FieldError::text("idKind", Message::new("verification-id-kind-required"))),
        Some(IdKind::Aadhaar) if !new.aadhaar_masked => {
            errors.push(FieldError::text("aadhaarMasked", Message::new("verification-aadhaar-masked-required")))
        }
        Some(_) => {}
    }
    match single_line("qualification", "qualification", &new.qualification) {
        Ok(q) if q.is_empty() => {
            errors.push(FieldError::text("qualification", Message::new("verification-qualification-required")))
        }
        Ok(_) if new.qualification.chars().count() > MAX_QUALIFICATION_CHARS => {
            errors.push(too_long("qualification", "qualification", MAX_QUALIFICATION_CHARS))
        }
        Ok(q) => new.qualification = q,
        Err(e) => errors.push(e),
    }
    if new.note.chars().count() > MAX_NOTE_CHARS {
        errors.push(too_long("note", "note", MAX_NOTE_CHARS));
    } else if let Err(e) = multi_line("note", "note", &new.note) {
        errors.push(e);
    }
    new.note = new.note.trim().to_string();
    errors.extend(check_texts(&[("qualification", &new.qualification), ("note", &new.note)]));
    for slot in [Slot::Id, Slot::Qualification] {
        if !new.documents.iter().any(|d| d.slot == slot) {
            errors.push(FieldError::text(slot.field(), Message::new("verification-document-required")));
        }
    }
    for slot in Slot::ALL {
        if new.documents.iter().filter(|d| d.slot == slot).count() > 1 {
            errors.push(FieldError::text(slot.field(), Message::new("verification-one-file")));
        }
    }
    if errors.is_empty() {
        Ok(new)
    } else {
        Err(VerificationError::Validation(errors))
    }
}

#[cfg(test)]
mod tests {
    use crate::verification::rules::holds_full_aadhaar;

    #[test]
    fn twelve_digits_in_a_row_however_spaced_are_an_aadhaar_number() {
        for full in ["123456789012", "1234 5678 9012", "1234-5678-9012", "id: 1234.5678.9012 ok"] {
            assert!(holds_full_aadhaar(full), "{full}");
        }
        // A masked Aadhaar, a degree's year and marks, a PAN, a phone number (ten digits).
        for fine in ["XXXX XXXX 9012", "B.Sc. 2019, 87%", "ABCDE1234F", "98765 43210", "12345 678901"] {
            assert!(!holds_full_aadhaar(fine), "{fine}");
        }
    }
}
