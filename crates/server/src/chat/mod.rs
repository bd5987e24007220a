//! Chat in real time (DESIGN.md §5): a WebSocket per browser tab, delivering the
//! messages the chat writer stored. A client that was away asks, with
//! `join {userId, afterSeq}`, for what it missed.
//!
//! - `protocol`: the frame format, client and server events, the message as it travels.
//! - `socket`: the upgrade, each socket's loop and the answer to each event.
//! - `hub`: the open sockets by user, in this process and (with `REDIS_URL`) beyond.
//! - `outbox`: each socket's bounded outgoing queue and its writer.
//! - `wire`: the WebSocket protocol on the socket's own TCP stream.
//! - `redis_link`: the hub's self-healing link to the other processes.
//! - `writer`: group commit of messages, for the sockets and `POST /api/messages`.
//!
//! Nothing here reads the application state: the REST side holds the hub and the
//! writer, and the sockets get what they use as a [`SocketContext`].

mod hub;
mod outbox;
mod protocol;
mod redis_link;
mod socket;
mod wire;
mod writer;

pub use hub::Hub;
pub use protocol::{BroadcastData, ClientEvent, MessageDto, NotificationDto, NotificationKind, ServerEvent};
pub use socket::{connect, SocketContext};
pub use writer::{ChatWriter, WriterState};
