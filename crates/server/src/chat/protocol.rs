//! The chat socket's frame format (DESIGN.md §5). Every frame, either way, is one
//! JSON text `{"event": …, "data": …}`: what a client may send is [`ClientEvent`],
//! what the server sends is [`ServerEvent`]. Both are in the OpenAPI document, so
//! the web app's types come from here; a message is the same `MessageDto` over
//! the socket and over REST (`payloads`).
//!
//! Besides the events, the server may say:
//! - close 1008 (policy): the session ended (logout, password change, deactivation);
//!   do not reconnect with the same credentials.
//! - close 4000: the socket fell behind (its client did not read; see `outbox`);
//!   reconnect at once and `join {afterSeq}`.
//! - HTTP 429 `too_many_sockets` instead of the upgrade: the account already holds
//!   `MAX_SOCKETS_PER_ACCOUNT` sockets in this process.
//!
//! A frame that is not a client event is answered with an `error` event saying
//! which shape was expected (see [`parse`]). `error` events are written in the socket
//! user's language (stored on their account, read when the socket opened).

use std::collections::BTreeMap;

use hometutor_i18n::Language;
use serde::de::IgnoredAny;
use serde::{Deserialize, Deserializer, Serialize};
use utoipa::ToSchema;

use super::outbox::OutFrame;
use super::payloads::{BroadcastData, MessageDto, NotificationDto};
use crate::errors::ApiError;

/// What a client sends. Each event counts against the account's chat rate limit.
#[derive(Debug, PartialEq, Deserialize, ToSchema)]
#[serde(tag = "event", content = "data", rename_all = "camelCase")]
pub enum ClientEvent {
    /// Stores a message and delivers it: answered with `ack` once it is stored, or with
    /// an `error` carrying its `clientId`.
    SendMessage(SendMessage),
    /// Tells `to` whether this user is typing (`userTyping`); not answered.
    Typing(Typing),
    /// Marks everything from `partnerId` as read; not answered.
    Read(ReadMark),
    /// Catch-up after a reconnect or a `resync`: the conversation with `userId` after
    /// `afterSeq`, to this socket, as `newMessage` events.
    Join(Join),
}

#[derive(Debug, PartialEq, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SendMessage {
    pub to: i64,
    /// 1 to 2000 characters once trimmed, as for `POST /api/messages`.
    #[serde(default)]
    pub text: String,
    pub request_id: Option<i64>,
    /// The sender's own id for the message: sending it again returns the stored one.
    pub client_id: Option<String>,
}

#[derive(Debug, PartialEq, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Typing {
    pub to: i64,
    /// Anything but `true` reads as `false`.
    #[serde(default, deserialize_with = "or_default")]
    pub is_typing: bool,
}

#[derive(Debug, PartialEq, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReadMark {
    pub partner_id: i64,
}

#[derive(Debug, PartialEq, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Join {
    pub user_id: i64,
    /// The last `seq` this client saw (0, or anything but a whole number: from the start).
    #[serde(default, deserialize_with = "or_default")]
    pub after_seq: i64,
}

/// A field that falls back to its default when it has another type, as the
/// protocol has always read `isTyping` and `afterSeq`.
fn or_default<'de, D: Deserializer<'de>, T: Deserialize<'de> + Default>(deserializer: D) -> Result<T, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Lenient<T> {
        Valid(T),
        Other(IgnoredAny),
    }
    Ok(match Lenient::deserialize(deserializer)? {
        Lenient::Valid(value) => value,
        Lenient::Other(_) => T::default(),
    })
}

/// What the server sends.
#[derive(Debug, Serialize, ToSchema)]
#[serde(tag = "event", content = "data", rename_all = "camelCase")]
pub enum ServerEvent {
    /// A stored message: to its recipient's sockets and its sender's other sockets,
    /// and a `join`'s catch-up. A socket gets each message once.
    NewMessage(MessageDto),
    /// The answer to `sendMessage`: the message as stored, with the `clientId` it was sent with.
    Ack(MessageDto),
    UserTyping(UserTyping),
    Error(ErrorEvent),
    /// An admin's announcement to everyone connected, as kept among the announcements.
    Broadcast(BroadcastData),
    /// Frames may have been missed (the Redis link between processes was down): the
    /// client sends `join {userId, afterSeq}` for each open conversation.
    Resync(Resync),
    /// Something the user is told (also in `GET /api/notifications`), to every socket of theirs.
    Notification(NotificationDto),
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserTyping {
    pub user_id: i64,
    pub is_typing: bool,
}

/// Carries nothing: `{}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct Resync {}

/// An event refused, or a frame that is not an event. `code` is the REST API's
/// error code where there is one; `clientId` names the refused `sendMessage`.
#[derive(Debug, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ErrorEvent {
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub code: Option<crate::errors::ErrorCode>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub fields: Option<BTreeMap<String, String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub client_id: Option<String>,
}

impl ErrorEvent {
    /// An error with a code (the socket's own refusals: rate limit, size), in `language`.
    pub fn coded(text: hometutor_i18n::Message, code: crate::errors::ErrorCode, language: Language) -> Self {
        Self { message: text.render(language), code: Some(code), fields: None, client_id: None }
    }

    /// A frame that is not the event it claims to be.
    fn malformed(text: hometutor_i18n::Message, language: Language) -> Self {
        Self { message: text.render(language), code: None, fields: None, client_id: None }
    }

    /// A refusal the REST API would answer with `error`, for the event that sent `client_id`,
    /// in `language` as the REST API would write it.
    pub fn of(error: ApiError, language: Language, client_id: Option<String>) -> Self {
        let body = error.body_in(language);
        Self { message: body.message, code: Some(body.code), fields: body.fields, client_id }
    }
}

impl From<ErrorEvent> for ServerEvent {
    fn from(error: ErrorEvent) -> Self {
        Self::Error(error)
    }
}

impl From<&ServerEvent> for OutFrame {
    fn from(event: &ServerEvent) -> Self {
        // A `newMessage` carries its message's id, so the socket sends each message once.
        let message = match event {
            ServerEvent::NewMessage(m) => Some(m.id),
            _ => None,
        };
        // Serializing these types cannot fail: they hold strings, numbers and JSON values.
        Self { text: serde_json::to_string(event).unwrap_or_default().into(), message }
    }
}

impl From<ServerEvent> for OutFrame {
    fn from(event: ServerEvent) -> Self {
        Self::from(&event)
    }
}

/// Reads a client's frame, or gives the `error` event that answers it: a NUL
/// anywhere in its JSON (refused as the REST API refuses one), a frame that is not
/// `{"event", "data"}`, an unknown event, or an event whose data lacks its fields.
/// `Err(None)`: the frame is ignored (a `join` without a partner). The answer is in `language`.
pub fn parse(frame: &str, language: Language) -> Result<ClientEvent, Option<ErrorEvent>> {
    if let Some((refused, client_id)) = crate::input::chat_frame_refusal(frame) {
        return Err(Some(ErrorEvent::of(refused, language, client_id)));
    }
    serde_json::from_str(frame).map_err(|_| malformed(frame).map(|text| ErrorEvent::malformed(text, language)))
}

/// Why `frame` is not a client event, in terms of the event it names.
fn malformed(frame: &str) -> Option<hometutor_i18n::Message> {
    use hometutor_i18n::Message;
    #[derive(Deserialize)]
    struct Named {
        event: String,
    }
    let Ok(Named { event }) = serde_json::from_str(frame) else {
        return Some(Message::new("error-frame-shape"));
    };
    let shape = match event.as_str() {
        "sendMessage" => "sendMessage {to, text, clientId}",
        "typing" => "typing {to, isTyping}",
        "read" => "read {partnerId}",
        "join" => return None,
        other => return Some(Message::new("error-frame-unknown-event").arg("event", other)),
    };
    Some(Message::new("error-frame-malformed").arg("shape", shape))
}

#[cfg(test)]
mod tests {
    use hometutor_core::UserId;
    use hometutor_messaging::Message;
    use serde_json::{json, Value};

    use super::*;

    fn message() -> Message {
        Message {
            id: 7,
            seq: 3,
            from: UserId(1),
            from_name: "Asha".into(),
            to: UserId(2),
            text: "hi \"there\"".into(),
            request_id: None,
            client_id: Some("c-1".into()),
            created_at: chrono::DateTime::from_timestamp(1_700_000_000, 0).map(|t| t.naive_utc()).unwrap_or_default(),
        }
    }

    fn json_of(event: ServerEvent) -> Value {
        serde_json::from_str(&OutFrame::from(event).text).expect("JSON")
    }

    #[test]
    fn a_message_frame_has_the_protocol_shape() {
        let frame = OutFrame::from(ServerEvent::NewMessage(message().into()));
        assert_eq!(frame.message, Some(7), "a newMessage frame names its message");
        assert_eq!(
            serde_json::from_str::<Value>(&frame.text).expect("JSON"),
            json!({"event": "newMessage", "data": {
                "id": 7, "seq": 3, "from": {"id": 1, "name": "Asha"}, "to": 2, "text": "hi \"there\"",
                "requestId": null, "clientId": "c-1", "createdAt": "2023-11-14T22:13:20Z"
            }})
        );
    }

    #[test]
    fn server_events_have_their_protocol_shapes() {
        let ack = OutFrame::from(ServerEvent::Ack(message().into()));
        assert_eq!(ack.message, None, "an ack is not the message's delivery");
        let ack: Value = serde_json::from_str(&ack.text).expect("JSON");
        assert_eq!(
            (&ack["event"], &ack["data"]["clientId"], &ack["data"]["seq"]),
            (&json!("ack"), &json!("c-1"), &json!(3))
        );
        assert_eq!(
            json_of(ServerEvent::UserTyping(UserTyping { user_id: 4, is_typing: true })),
            json!({"event": "userTyping", "data": {"userId": 4, "isTyping": true}})
        );
        assert_eq!(json_of(ServerEvent::Resync(Resync {})), json!({"event": "resync", "data": {}}));
        assert_eq!(
            json_of(ServerEvent::Broadcast(BroadcastData(json!({"text": "Hello all"})))),
            json!({"event": "broadcast", "data": {"text": "Hello all"}})
        );
        assert_eq!(
            json_of(
                ErrorEvent::coded(
                    hometutor_i18n::Message::new("error-chat-slow-down"),
                    crate::errors::ErrorCode::RateLimited,
                    Language::En
                )
                .into()
            ),
            json!({"event": "error", "data": {"message": "Too many messages; please slow down.", "code": "rate_limited"}})
        );
    }

    #[test]
    fn client_events_are_read_from_their_frames() {
        let cases = [
            (
                r#"{"event": "sendMessage", "data": {"to": 2, "text": "hi", "clientId": "c"}}"#,
                ClientEvent::SendMessage(SendMessage {
                    to: 2,
                    text: "hi".into(),
                    request_id: None,
                    client_id: Some("c".into()),
                }),
            ),
            (
                r#"{"data": {"to": 2, "requestId": 9}, "event": "sendMessage"}"#,
                ClientEvent::SendMessage(SendMessage {
                    to: 2,
                    text: String::new(),
                    request_id: Some(9),
                    client_id: None,
                }),
            ),
            (
                r#"{"event": "typing", "data": {"to": 2, "isTyping": true}}"#,
                ClientEvent::Typing(Typing { to: 2, is_typing: true }),
            ),
            (
                r#"{"event": "typing", "data": {"to": 2, "isTyping": "yes"}}"#,
                ClientEvent::Typing(Typing { to: 2, is_typing: false }),
            ),
            (r#"{"event": "typing", "data": {"to": 2}}"#, ClientEvent::Typing(Typing { to: 2, is_typing: false })),
            (r#"{"event": "read", "data": {"partnerId": 5}}"#, ClientEvent::Read(ReadMark { partner_id: 5 })),
            (
                r#"{"event": "join", "data": {"userId": 5, "afterSeq": 12}}"#,
                ClientEvent::Join(Join { user_id: 5, after_seq: 12 }),
            ),
            (
                r#"{"event": "join", "data": {"userId": 5, "afterSeq": "12"}}"#,
                ClientEvent::Join(Join { user_id: 5, after_seq: 0 }),
            ),
            (
                r#"{"event": "join", "data": {"userId": 5}, "extra": true}"#,
                ClientEvent::Join(Join { user_id: 5, after_seq: 0 }),
            ),
        ];
        for (frame, event) in cases {
            assert_eq!(parse(frame, Language::En), Ok(event), "{frame}");
        }
    }

    #[test]
    fn a_bad_frame_is_answered_with_the_shape_it_lacks() {
        let cases = [
            ("not json", Some("Expected {\"event\": …, \"data\": …}.")),
            (r#"{"data": {}}"#, Some("Expected {\"event\": …, \"data\": …}.")),
            (r#"{"event": 5}"#, Some("Expected {\"event\": …, \"data\": …}.")),
            (r#"{"event": "dance", "data": {}}"#, Some("Unknown event 'dance'.")),
            (r#"{"event": "sendMessage"}"#, Some("sendMessage {to, text, clientId} is missing or malformed.")),
            (
                r#"{"event": "sendMessage", "data": {"to": "2"}}"#,
                Some("sendMessage {to, text, clientId} is missing or malformed."),
            ),
            (
                r#"{"event": "typing", "data": {"isTyping": true}}"#,
                Some("typing {to, isTyping} is missing or malformed."),
            ),
            (r#"{"event": "read", "data": {}}"#, Some("read {partnerId} is missing or malformed.")),
            (r#"{"event": "join", "data": {"afterSeq": 3}}"#, None),
        ];
        for (frame, answer) in cases {
            let error = parse(frame, Language::En).expect_err(frame);
            assert_eq!(error.as_ref().map(|e| e.message.as_str()), answer, "{frame}");
            assert_eq!(error.and_then(|e| e.code), None, "{frame}: a malformed frame has no code");
        }
        let hindi = |frame| parse(frame, Language::Hi).expect_err(frame).map(|e| e.message);
        assert_eq!(hindi("not json").as_deref(), Some("{\"event\": …, \"data\": …} चाहिए।"));
        assert_eq!(hindi(r#"{"event": "dance", "data": {}}"#).as_deref(), Some("अनजाना इवेंट 'dance'।"));
    }

    #[test]
    fn a_nul_in_a_frame_is_refused_with_the_events_client_id() {
        let frame =
            json!({"event": "sendMessage", "data": {"to": 2, "text": "a\u{0}b", "clientId": "c-9"}}).to_string();
        let error = parse(&frame, Language::En).expect_err("refused").expect("answered");
        assert_eq!((error.code, error.client_id.as_deref()), (Some(crate::errors::ErrorCode::Validation), Some("c-9")));
        assert!(error.fields.is_some_and(|f| f.contains_key("data.text")));
        let hindi = parse(&frame, Language::Hi).expect_err("refused").expect("answered");
        assert_eq!(hindi.message, "टेक्स्ट में NUL कैरेक्टर (U+0000) नहीं होना चाहिए।");
    }
}
