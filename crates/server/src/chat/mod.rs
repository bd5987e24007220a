//! Chat in real time (DESIGN.md §5): a WebSocket per browser tab, delivering the
//! messages the chat writer (messaging's) stored. A client that was away asks, with
//! `join {userId, afterSeq}`, for what it missed.
//!
//! - `protocol`: the frame format, client and server events.
//! - `payloads`: what the events carry that REST answers with too (a message, a notification).
//! - `socket`: the upgrade, each socket's loop and the answer to each event.
//! - `hub`: the open sockets by user, in this process and (with `REDIS_URL`) beyond.
//! - `outbox`: each socket's bounded outgoing queue and its writer.
//! - `wire`: the WebSocket protocol on the socket's own TCP stream.
//! - `redis_link`: the hub's self-healing link to the other processes.
//!
//! Nothing here reads the application state: the REST side holds the hub and the
//! writer, and the sockets get what they use as a [`SocketContext`].

mod hub;
mod outbox;
mod payloads;
mod protocol;
mod redis_link;
mod socket;
mod wire;

pub use hub::Hub;
pub use payloads::{BroadcastData, MessageDto, NotificationDto};
pub use protocol::{ClientEvent, ServerEvent};
pub use socket::{connect, SocketContext};
