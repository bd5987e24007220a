use chrono::NaiveDateTime;
use hometutor_core::UserId;

#[derive(Debug, Clone)]
pub struct SendInput {
    pub to: UserId,
    pub text: String,
    pub request_id: Option<i64>,
    /// The sender's id for this message; the same one again returns the stored message.
    pub client_id: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Message {
    pub id: i64,
    /// Position in the conversation, from 1.
    pub seq: i64,
    pub from: UserId,
    pub from_name: String,
    pub to: UserId,
    pub text: String,
    pub request_id: Option<i64>,
    pub client_id: Option<String>,
    pub created_at: NaiveDateTime,
}

/// A stored message, and whether this call stored it (false for a resend).
#[derive(Debug, Clone, PartialEq)]
pub struct Sent {
    pub message: Message,
    pub new: bool,
}

#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = PartnerDto))]
pub struct Partner {
    #[cfg_attr(feature = "openapi", schema(value_type = i64))]
    pub id: UserId,
    /// The full name; a parent who does not share their contacts with the caller (a tutor
    /// not interested in their requests, or one they stopped sharing with) as "Priya S.".
    pub name: String,
    /// Null for a parent who does not share their contacts with the caller.
    pub email: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Conversation {
    pub partner: Partner,
    pub last_text: String,
    pub last_at: NaiveDateTime,
    pub last_seq: i64,
    /// Messages from the partner the caller has not read.
    pub unread: i64,
}
