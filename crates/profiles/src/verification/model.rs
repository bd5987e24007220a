//! The verification's types: what is submitted, decided and shown.

use chrono::NaiveDateTime;
use hometutor_core::Message;
use hometutor_db::DbError;

/// The kinds of government ID accepted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IdKind {
    Aadhaar,
    Pan,
    Passport,
    DrivingLicence,
    VoterId,
}

impl IdKind {
    pub const ALL: [IdKind; 5] =
        [IdKind::Aadhaar, IdKind::Pan, IdKind::Passport, IdKind::DrivingLicence, IdKind::VoterId];

    pub fn as_str(self) -> &'static str {
        match self {
            IdKind::Aadhaar => "aadhaar",
            IdKind::Pan => "pan",
            IdKind::Passport => "passport",
            IdKind::DrivingLicence => "driving_licence",
            IdKind::VoterId => "voter_id",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.as_str() == raw)
    }
}

/// Which document a file is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slot {
    Id,
    Qualification,
    Police,
}

impl Slot {
    pub const ALL: [Slot; 3] = [Slot::Id, Slot::Qualification, Slot::Police];

    pub fn as_str(self) -> &'static str {
        match self {
            Slot::Id => "id",
            Slot::Qualification => "qualification",
            Slot::Police => "police",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.as_str() == raw)
    }

    /// The form field its file is sent as (and errors about it name).
    pub fn field(self) -> &'static str {
        match self {
            Slot::Id => "idFile",
            Slot::Qualification => "qualificationFile",
            Slot::Police => "policeFile",
        }
    }
}

/// Why an admin rejected a submission (the tutor also reads the admin's text).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RejectReason {
    Unreadable,
    NameMismatch,
    WrongDocument,
    Expired,
    NotMasked,
    Other,
}

impl RejectReason {
    pub const ALL: [RejectReason; 6] = [
        RejectReason::Unreadable,
        RejectReason::NameMismatch,
        RejectReason::WrongDocument,
        RejectReason::Expired,
        RejectReason::NotMasked,
        RejectReason::Other,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            RejectReason::Unreadable => "unreadable",
            RejectReason::NameMismatch => "name_mismatch",
            RejectReason::WrongDocument => "wrong_document",
            RejectReason::Expired => "expired",
            RejectReason::NotMasked => "not_masked",
            RejectReason::Other => "other",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.as_str() == raw)
    }
}

/// The checks an admin says passed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = VerificationChecksDto))]
#[serde(rename_all = "camelCase")]
pub struct Checks {
    pub id: bool,
    pub qualification: bool,
    pub police: bool,
}

/// What a card or profile shows: the standing approval's checks and when it was decided.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = VerificationBadgeDto))]
#[serde(rename_all = "camelCase")]
pub struct Badge {
    pub checks: Checks,
    #[serde(serialize_with = "hometutor_core::utc::serialize")]
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = DateTime))]
    pub checked_at: NaiveDateTime,
}

/// A file as received and stored privately (crates/media's `PrivateFile`), to record.
#[derive(Debug, Clone, PartialEq)]
pub struct NewDocument {
    pub slot: Slot,
    pub object_name: String,
    pub original_name: String,
    pub mimetype: String,
    pub size: u64,
}

/// What a tutor submits.
#[derive(Debug, Clone)]
pub struct NewSubmission {
    pub id_kind: Option<IdKind>,
    /// The tutor confirmed that their Aadhaar shows only its last four digits.
    pub aadhaar_masked: bool,
    pub qualification: String,
    pub note: String,
    pub documents: Vec<NewDocument>,
}

/// A stored document (its bytes are the media store's `object_name`).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = VerificationDocumentDto))]
#[serde(rename_all = "camelCase")]
pub struct Document {
    pub id: i64,
    /// `id`, `qualification` or `police`.
    pub slot: String,
    pub original_name: String,
    pub mimetype: String,
    pub size: i64,
    /// Deleted (30 days after the decision): the file is gone, the decision stays.
    pub deleted: bool,
    #[serde(skip)]
    pub object_name: String,
}

/// A submission and its decision, as its tutor and admins see it.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = VerificationSubmissionDto))]
#[serde(rename_all = "camelCase")]
pub struct Submission {
    pub id: i64,
    pub tutor_id: i64,
    /// `aadhaar`, `pan`, `passport`, `driving_licence` or `voter_id`.
    pub id_kind: String,
    pub aadhaar_masked: bool,
    pub qualification: String,
    pub note: String,
    /// `pending`, `approved`, `rejected` or `superseded` (a later approval replaced it).
    pub status: String,
    /// Back in review because the tutor's name changed after approval.
    pub name_changed: bool,
    #[serde(serialize_with = "hometutor_core::utc::serialize")]
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = DateTime))]
    pub submitted_at: NaiveDateTime,
    #[serde(serialize_with = "hometutor_core::utc::serialize")]
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = DateTime))]
    pub queued_at: NaiveDateTime,
    #[serde(serialize_with = "hometutor_core::utc::serialize_option")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>, format = DateTime))]
    pub decided_at: Option<NaiveDateTime>,
    pub checks: Checks,
    pub reject_reason: Option<String>,
    pub reject_text: Option<String>,
    pub files_deleted: bool,
    pub documents: Vec<Document>,
}

/// A tutor's verification as their page shows it.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = VerificationStatus))]
#[serde(rename_all = "camelCase")]
pub struct Status {
    /// The latest submission, if any (in review, approved, rejected…).
    pub latest: Option<Submission>,
    /// The badge shown on cards and the profile, while an approval stands.
    pub badge: Option<Badge>,
    /// Whether the tutor may submit now (nothing in review).
    pub can_submit: bool,
}

/// A submission in the admins' queue, beside the profile it is for.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = VerificationQueueItemDto))]
#[serde(rename_all = "camelCase")]
pub struct QueueItem {
    pub submission: Submission,
    pub tutor_name: String,
    pub tutor_email: String,
    pub tutor_phone: String,
    pub education: String,
    pub subjects: String,
    pub about: String,
    pub photo_url: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum VerificationError {
    #[error("Only tutors can submit documents for verification.")]
    NotATutor,
    #[error("Your documents are already waiting for review.")]
    AlreadyPending,
    #[error("Verification submission not found.")]
    NotFound,
    #[error("This submission has already been decided.")]
    AlreadyDecided,
    #[error("You can only see your own documents.")]
    NotYours,
    #[error("{}", .0.first().map(|e| e.message.as_str()).unwrap_or("Invalid input."))]
    Validation(Vec<hometutor_core::FieldError>),
    #[error(transparent)]
    Db(#[from] DbError),
}

impl VerificationError {
    /// The catalogue message (its Display is the English); `None` for validation and database errors.
    pub fn text(&self) -> Option<Message> {
        let id = match self {
            Self::Validation(_) | Self::Db(_) => return None,
            Self::NotATutor => "verification-error-not-a-tutor",
            Self::AlreadyPending => "verification-error-pending",
            Self::NotFound => "verification-error-not-found",
            Self::AlreadyDecided => "verification-error-decided",
            Self::NotYours => "verification-error-not-yours",
        };
        Some(Message::new(id))
    }
}

impl From<diesel::result::Error> for VerificationError {
    fn from(e: diesel::result::Error) -> Self {
        Self::Db(DbError::Query(e))
    }
}

#[cfg(test)]
mod tests {
    use crate::verification::model::VerificationError;
    use hometutor_core::Language;

    #[test]
    fn every_message_renders_as_its_display_in_english() {
        use VerificationError as E;
        for e in [E::NotATutor, E::AlreadyPending, E::NotFound, E::AlreadyDecided, E::NotYours] {
            assert_eq!(e.text().map(|t| t.render(Language::En)), Some(e.to_string()));
        }
    }
}
