//! What the chat events carry that the REST API answers with too: a message
//! (`newMessage`, `ack`; `GET`/`POST /api/messages`), a notification (`notification`;
//! `GET /api/notifications`) and an announcement (`broadcast`).

use chrono::{DateTime, Utc};
use hometutor_messaging::Message;
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

/// Who sent a message.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct Sender {
    pub id: i64,
    pub name: String,
}

/// A stored message, as `GET`/`POST /api/messages` return it and the socket's
/// `newMessage` and `ack` events carry it.
// Kept in the shell: the domain's message has its sender's id and name side by side (the
// writer and the hub route by the id); the wire nests them as `from: {id, name}`.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MessageDto {
    pub id: i64,
    /// Position in its conversation, from 1.
    pub seq: i64,
    pub from: Sender,
    pub to: i64,
    pub text: String,
    pub request_id: Option<i64>,
    /// The sender's own id for the message.
    pub client_id: Option<String>,
    pub created_at: DateTime<Utc>,
}

impl From<Message> for MessageDto {
    fn from(m: Message) -> Self {
        Self {
            id: m.id,
            seq: m.seq,
            from: Sender { id: m.from.0, name: m.from_name },
            to: m.to.0,
            text: m.text,
            request_id: m.request_id,
            client_id: m.client_id,
            created_at: m.created_at.and_utc(),
        }
    }
}

/// A notification, as `GET /api/notifications` lists it and the socket's `notification` event carries it.
// Kept in the shell: the stored row keeps its owner, its messages for other languages and its
// data as text; the answer leaves the first two out, parses the data and says `read` for `readAt`.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Notification)]
pub struct NotificationDto {
    pub id: i64,
    #[schema(value_type = hometutor_notifications::Kind)]
    pub kind: String,
    pub title: String,
    pub body: String,
    /// Where the app takes the reader: a path such as `/tutor/12`.
    #[schema(required = true)]
    pub link: Option<String>,
    /// The kind's own fields (ids, names).
    #[schema(value_type = Object)]
    pub data: Value,
    pub read: bool,
    pub created_at: DateTime<Utc>,
}

impl From<&hometutor_notifications::Notification> for NotificationDto {
    fn from(n: &hometutor_notifications::Notification) -> Self {
        Self {
            id: n.id,
            kind: n.kind.clone(),
            title: n.title.clone(),
            body: n.body.clone(),
            link: n.link.clone(),
            data: n.data_json(),
            read: n.read_at.is_some(),
            created_at: n.created_at.and_utc(),
        }
    }
}

/// A broadcast as the admin service built and kept it among the announcements.
#[derive(Debug, Serialize, ToSchema)]
#[schema(value_type = Announcement)]
pub struct BroadcastData(pub Value);

/// The shape of a [`BroadcastData`].
#[derive(ToSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)] // a schema, never built
pub struct Announcement {
    text: String,
    created_at: DateTime<Utc>,
    /// Always true: told apart from announcements typed in the content editor.
    broadcast: bool,
}
