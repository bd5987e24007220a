//! Chat over REST: history, conversations, recent partners, unread counts, read
//! marks, blocks, and sending (the WebSocket delivers the same stored messages live).

use std::collections::BTreeMap;

use actix_web::{delete, get, post, web, HttpResponse};
use chrono::{DateTime, Utc};
use hometutor_core::UserId;
use hometutor_limits::Bucket;
use hometutor_messaging::{Conversation, MessageStore, MessagingError, Partner, SendInput};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::blocking::blocking;
use crate::chat::MessageDto;
use crate::errors::{ApiError, ErrorBody, ErrorCode};
use crate::extract::CurrentUser;
use crate::input::Json;
use crate::rate_limit;
use crate::state::AppState;

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct HistoryParams {
    /// The conversation with this user…
    pub user_id: Option<i64>,
    /// …or the messages about this tuition request that the caller sent or received.
    pub request_id: Option<i64>,
    /// Cursor: only messages older than this (a `seq` with `userId`, an `id` with `requestId`).
    pub before: Option<i64>,
    /// Page size, 50 by default; a number below 1 or above 100 counts as 1 or 100.
    pub limit: Option<i64>,
}

/// A page of history, newest first. Give `userId` (a conversation) or `requestId` (the messages
/// about one tuition request); without either the answer is 400. When both are given, `userId` wins.
#[utoipa::path(tag = "messages", security(("bearer" = [])), params(HistoryParams), responses(
    (status = 200, body = Vec<MessageDto>),
    (status = 400, description = "Neither userId nor requestId", body = ErrorBody),
))]
#[get("/messages")]
#[tracing::instrument(skip_all)]
pub async fn history(
    state: web::Data<AppState>,
    me: CurrentUser,
    params: web::Query<HistoryParams>,
) -> Result<web::Json<Vec<MessageDto>>, ApiError> {
    let p = params.into_inner();
    let limit = p.limit.unwrap_or(50);
    let store = state.messages.clone();
    let me = me.0.id;
    let found = match (p.user_id, p.request_id) {
        (Some(partner), _) => blocking(move || store.history(me, UserId(partner), p.before, limit)).await?,
        (None, Some(request)) => blocking(move || store.about_request(me, request, p.before, limit)).await?,
        (None, None) => {
            return Err(ApiError::bad_request_text(hometutor_i18n::Message::new("error-give-user-or-request")))
        }
    };
    Ok(web::Json(found.into_iter().map(Into::into).collect()))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SendBody {
    pub to: i64,
    #[serde(default)]
    #[schema(required = true, schema_with = message_text_schema)]
    pub text: String,
    pub request_id: Option<i64>,
    /// The sender's own id for the message: sending it again returns the stored one.
    pub client_id: Option<String>,
}

/// A message's text, checked once trimmed (`hometutor_messaging`'s rule).
fn message_text_schema() -> utoipa::openapi::Object {
    crate::schemas::multi_line_trimmed(hometutor_messaging::MAX_MESSAGE_CHARS).build()
}

/// Stores a message (the WebSocket's `sendMessage` does the same and delivers it live).
#[utoipa::path(tag = "messages", security(("bearer" = [])), request_body = SendBody, responses(
    (status = 201, description = "Stored", body = MessageDto),
    (status = 200, description = "Already stored under this clientId", body = MessageDto),
    (status = 400, description = "Message cannot be empty", body = ErrorBody),
    (status = 403, description = "Blocked by the recipient", body = ErrorBody),
    (status = 404, description = "No such recipient, or no such tuition request", body = ErrorBody),
    (status = 429, description = "The account's chat rate limit (shared with its sockets), with Retry-After", body = ErrorBody),
))]
#[post("/messages")]
#[tracing::instrument(skip_all)]
pub async fn send(state: web::Data<AppState>, me: CurrentUser, body: Json<SendBody>) -> Result<HttpResponse, ApiError> {
    if let Err(wait) = rate_limit::hit(&state.limiter, Bucket::ChatEventsPerAccount, me.0.id).await {
        return Err(rate_limit::refused(Bucket::ChatEventsPerAccount, wait));
    }
    let b = body.into_inner();
    let input = SendInput { to: UserId(b.to), text: b.text, request_id: b.request_id, client_id: b.client_id };
    let sent = state.chat_writer.send(me.0.id, input).await?;
    if sent.new {
        state.hub.push_message(&sent.message, None);
    }
    let mut status = if sent.new { HttpResponse::Created() } else { HttpResponse::Ok() };
    Ok(status.json(MessageDto::from(sent.message)))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LastMessage {
    pub text: String,
    pub created_at: DateTime<Utc>,
}

// Kept in the shell: the domain's conversation has its last message's text and time side by
// side (and its `seq`, for the socket's catch-up); the answer nests them as `lastMessage`.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConversationDto {
    pub partner: Partner,
    pub last_message: LastMessage,
    pub unread: i64,
}

impl From<Conversation> for ConversationDto {
    fn from(c: Conversation) -> Self {
        Self {
            partner: c.partner,
            last_message: LastMessage { text: c.last_text, created_at: c.last_at.and_utc() },
            unread: c.unread,
        }
    }
}

/// The caller's conversations, the most recent first.
#[utoipa::path(tag = "messages", security(("bearer" = [])), responses((status = 200, body = Vec<ConversationDto>)))]
#[get("/messages/conversations")]
#[tracing::instrument(skip_all)]
pub async fn conversations(
    state: web::Data<AppState>,
    me: CurrentUser,
) -> Result<web::Json<Vec<ConversationDto>>, ApiError> {
    let store = state.messages.clone();
    let list = blocking(move || store.conversations(me.0.id)).await?;
    Ok(web::Json(list.into_iter().map(Into::into).collect()))
}

// Kept in the shell: a conversation's partner and unread count side by side, as this list has them.
#[derive(Serialize, ToSchema)]
pub struct RecentChatUser {
    pub id: i64,
    /// As in the conversation list: a parent who does not share their contacts shows as "Priya S."…
    pub name: String,
    /// …and without an e-mail (null).
    pub email: Option<String>,
    pub unread: i64,
}

#[derive(Deserialize, IntoParams)]
pub struct RecentParams {
    /// `1` for the list of recent chat partners.
    pub recent: Option<String>,
}

/// Recent chat partners of the caller (the path's user must be the caller).
#[utoipa::path(tag = "messages", security(("bearer" = [])), params(("userId" = i64, Path,), RecentParams), responses(
    (status = 200, body = Vec<RecentChatUser>),
    (status = 403, body = ErrorBody),
))]
#[get("/chat/{userId}")]
#[tracing::instrument(skip_all)]
pub async fn recent(
    state: web::Data<AppState>,
    me: CurrentUser,
    user_id: web::Path<i64>,
    _params: web::Query<RecentParams>,
) -> Result<web::Json<Vec<RecentChatUser>>, ApiError> {
    if user_id.into_inner() != me.0.id.0 {
        return Err(ApiError::text(
            actix_web::http::StatusCode::FORBIDDEN,
            ErrorCode::Forbidden,
            hometutor_i18n::Message::new("error-own-chats-only"),
        ));
    }
    let store = state.messages.clone();
    let list = blocking(move || store.conversations(me.0.id)).await?;
    Ok(web::Json(
        list.into_iter()
            .map(|c| RecentChatUser {
                id: c.partner.id.0,
                name: c.partner.name,
                email: c.partner.email,
                unread: c.unread,
            })
            .collect(),
    ))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UnreadCounts {
    pub total: i64,
    /// Partner id → unread messages from them.
    pub per_user: BTreeMap<String, i64>,
}

/// Unread messages per partner and in all.
#[utoipa::path(tag = "messages", security(("bearer" = [])), responses((status = 200, body = UnreadCounts)))]
#[get("/messages/unread")]
#[tracing::instrument(skip_all)]
pub async fn unread(state: web::Data<AppState>, me: CurrentUser) -> Result<web::Json<UnreadCounts>, ApiError> {
    let store = state.messages.clone();
    let list = blocking(move || store.conversations(me.0.id)).await?;
    let per_user: BTreeMap<String, i64> =
        list.iter().filter(|c| c.unread > 0).map(|c| (c.partner.id.0.to_string(), c.unread)).collect();
    Ok(web::Json(UnreadCounts { total: per_user.values().sum(), per_user }))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PartnerBody {
    pub partner_id: i64,
}

/// Marks everything from the partner as read.
#[utoipa::path(tag = "messages", security(("bearer" = [])), request_body = PartnerBody, responses((status = 204)))]
#[post("/messages/read")]
#[tracing::instrument(skip_all)]
pub async fn mark_read(
    state: web::Data<AppState>,
    me: CurrentUser,
    body: Json<PartnerBody>,
) -> Result<HttpResponse, ApiError> {
    about_partner(&state, me, UserId(body.partner_id), MessageStore::mark_read).await
}

/// Refuses the partner's messages (and typing) from now on.
#[utoipa::path(
    tag = "messages",
    security(("bearer" = [])),
    request_body = PartnerBody,
    responses(
        (status = 204),
        (status = 400, description = "The caller's own id", body = ErrorBody),
        (status = 404, description = "No such user", body = ErrorBody),
    )
)]
#[post("/chat/block")]
#[tracing::instrument(skip_all)]
pub async fn block(
    state: web::Data<AppState>,
    me: CurrentUser,
    body: Json<PartnerBody>,
) -> Result<HttpResponse, ApiError> {
    about_partner(&state, me, UserId(body.partner_id), MessageStore::block).await
}

#[derive(Serialize, ToSchema)]
pub struct BlockStatus {
    /// Whether the caller refuses this partner's messages.
    pub blocked: bool,
}

/// Whether the caller has blocked the partner (the chat dialog's Block / Unblock button).
#[utoipa::path(tag = "messages", security(("bearer" = [])), params(("partnerId" = i64, Path,)), responses((status = 200, body = BlockStatus)))]
#[get("/chat/block/{partnerId}")]
#[tracing::instrument(skip_all)]
pub async fn block_status(
    state: web::Data<AppState>,
    me: CurrentUser,
    partner: web::Path<i64>,
) -> Result<web::Json<BlockStatus>, ApiError> {
    let (store, partner) = (state.messages.clone(), UserId(partner.into_inner()));
    let blocked = blocking(move || store.has_blocked(me.0.id, partner)).await?;
    Ok(web::Json(BlockStatus { blocked }))
}

/// Accepts the partner's messages again.
#[utoipa::path(tag = "messages", security(("bearer" = [])), params(("partnerId" = i64, Path,)), responses((status = 204)))]
#[delete("/chat/block/{partnerId}")]
#[tracing::instrument(skip_all)]
pub async fn unblock(
    state: web::Data<AppState>,
    me: CurrentUser,
    partner: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    about_partner(&state, me, UserId(partner.into_inner()), MessageStore::unblock).await
}

/// Runs a store action of the caller's about a chat partner (mark read, block,
/// unblock) on a blocking thread; answers 204.
async fn about_partner(
    state: &AppState,
    me: CurrentUser,
    partner: UserId,
    action: fn(&MessageStore, UserId, UserId) -> Result<(), MessagingError>,
) -> Result<HttpResponse, ApiError> {
    let store = state.messages.clone();
    blocking(move || action(&store, me.0.id, partner)).await?;
    Ok(HttpResponse::NoContent().finish())
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TicketResponse {
    /// Opens `GET /api/ws?ticket=…` once, within `expiresIn` seconds.
    pub ticket: String,
    pub expires_in: i64,
}

/// A single-use, 60-second ticket for the chat WebSocket (no long-lived token goes into a URL).
#[utoipa::path(tag = "messages", security(("bearer" = [])), responses((status = 200, body = TicketResponse)))]
#[post("/chat/ticket")]
#[tracing::instrument(skip_all)]
pub async fn ticket(state: web::Data<AppState>, me: CurrentUser) -> Result<web::Json<TicketResponse>, ApiError> {
    let tickets = state.tickets.clone();
    let ticket = blocking(move || tickets.issue(me.0.id, &me.0.jti)).await?;
    Ok(web::Json(TicketResponse { ticket, expires_in: hometutor_messaging::TICKET_SECONDS }))
}

pub fn config(cfg: &mut ServiceConfig) {
    cfg.service(conversations)
        .service(unread)
        .service(mark_read)
        .service(history)
        .service(send)
        .service(ticket)
        .service(block)
        .service(block_status)
        .service(unblock)
        .service(recent);
}
