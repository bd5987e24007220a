//! Each socket's outgoing side: a bounded queue and the writer task that drains it.
//!
//! Nothing that delivers to a socket ever waits for it: the hub, the socket's own
//! loop (acks, catch-up, heartbeats) and other processes only queue frames here.
//! One writer task per socket sends them. A socket whose client stops reading
//! falls behind; once its queue holds `MAX_QUEUED_FRAMES` frames or
//! `MAX_QUEUED_BYTES` bytes, the queue is emptied and the socket is closed with
//! [`FELL_BEHIND`]; the client reconnects and asks for what it missed with
//! `join {userId, afterSeq}` (every message is stored before it is pushed).

use std::collections::{HashSet, VecDeque};
use std::sync::Mutex;
use std::time::Duration;

use actix_http::ws::{CloseCode, CloseReason};
use actix_web::web::Bytes;
use bytestring::ByteString;
use tokio::sync::{watch, Notify};

use super::wire::{self, Outgoing};

/// Frames a socket may have waiting. A full catch-up (`join` returns at most 1,000
/// messages) fits; a healthy reader's queue stays near empty.
pub const MAX_QUEUED_FRAMES: usize = 2048;
/// Bytes a socket may have waiting (the text of the queued frames).
pub const MAX_QUEUED_BYTES: usize = 4 * 1024 * 1024;
/// The close code of a socket that fell behind: reconnect, then `join {afterSeq}`.
pub const FELL_BEHIND: u16 = 4000;
/// How long the close frame may wait for room before the writer gives up on the client.
const CLOSE_GRACE: Duration = Duration::from_secs(60);

/// A text frame for a socket. A `newMessage` frame carries its message's id, so
/// a socket sends each message once (see `Seen`). Cloning it shares the text.
#[derive(Debug, Clone)]
pub struct OutFrame {
    pub text: ByteString,
    pub message: Option<i64>,
}

/// What the writer sends, in order.
enum Item {
    Text(OutFrame),
    Ping,
    Pong(Bytes),
}

#[derive(Default)]
struct Queue {
    items: VecDeque<Item>,
    bytes: usize,
    /// Set once: the socket is closing with this reason (`None`: a plain close).
    close: Option<Option<CloseReason>>,
}

/// One socket's outgoing queue, shared by everything that sends to it and its writer.
pub struct Outbox {
    queue: Mutex<Queue>,
    /// Wakes the writer: something was queued or the socket is closing.
    wake: Notify,
    /// Tells the socket's loop that the socket is closing (it stops reading then).
    closing: watch::Sender<bool>,
}

impl Default for Outbox {
    fn default() -> Self {
        Self { queue: Mutex::default(), wake: Notify::new(), closing: watch::channel(false).0 }
    }
}

impl Outbox {
    /// Queues a text frame.
    pub fn text(&self, frame: OutFrame) {
        let bytes = frame.text.len();
        self.push(Item::Text(frame), bytes);
    }

    /// Queues a heartbeat ping.
    pub fn ping(&self) {
        self.push(Item::Ping, 0);
    }

    /// Queues the answer to a client's ping (counted too: a client may ping without reading).
    pub fn pong(&self, bytes: Bytes) {
        let len = bytes.len();
        self.push(Item::Pong(bytes), len);
    }

    /// Queues an item; a socket this far behind is closed instead (`FELL_BEHIND`).
    fn push(&self, item: Item, bytes: usize) {
        let Ok(mut queue) = self.queue.lock() else { return };
        if queue.close.is_some() {
            return;
        }
        if queue.items.len() >= MAX_QUEUED_FRAMES || queue.bytes + bytes > MAX_QUEUED_BYTES {
            tracing::info!(queued = queue.items.len(), bytes = queue.bytes, "closing a chat socket that fell behind");
            let reason = CloseReason {
                code: CloseCode::Other(FELL_BEHIND),
                description: Some("Fell behind: reconnect and join".into()),
            };
            Self::start_closing(&mut queue, Some(reason));
            drop(queue);
            self.closed();
            return;
        }
        queue.bytes += bytes;
        queue.items.push_back(item);
        drop(queue);
        self.wake.notify_one();
    }

    /// Closes the socket with `reason`: what is still queued is dropped, the close frame goes next.
    /// The first reason given wins.
    pub fn close(&self, reason: Option<CloseReason>) {
        if let Ok(mut queue) = self.queue.lock() {
            if queue.close.is_some() {
                return;
            }
            Self::start_closing(&mut queue, reason);
        }
        self.closed();
    }

    /// Closes the socket with `reason` after what is already queued has gone out (the
    /// answers of a socket whose server is stopping). Nothing queued later is sent;
    /// a first reason given earlier wins.
    pub fn close_after_queued(&self, reason: CloseReason) {
        if let Ok(mut queue) = self.queue.lock() {
            if queue.close.is_none() {
                queue.close = Some(Some(reason));
            }
        }
        // The socket's loop has ended already; only the writer needs waking. The
        // closing signal is not raised, so a send in progress is finished, not abandoned.
        self.wake.notify_one();
    }

    fn start_closing(queue: &mut Queue, reason: Option<CloseReason>) {
        // Free the backlog now: nobody will read it.
        *queue = Queue { close: Some(reason), ..Queue::default() };
    }

    fn closed(&self) {
        self.closing.send_replace(true);
        self.wake.notify_one();
    }

    /// Watches for the socket's closing; taken once per loop, not per wait.
    pub fn closing(&self) -> Closing {
        Closing(self.closing.subscribe())
    }

    /// Frames and bytes waiting (for tests and logs).
    #[cfg(test)]
    fn queued(&self) -> (usize, usize) {
        self.queue.lock().map(|q| (q.items.len(), q.bytes)).unwrap_or_default()
    }

    fn next(&self) -> Next {
        let Ok(mut queue) = self.queue.lock() else { return Next::Close(None) };
        if let Some(item) = queue.items.pop_front() {
            queue.bytes -= match &item {
                Item::Text(frame) => frame.text.len(),
                Item::Pong(bytes) => bytes.len(),
                Item::Ping => 0,
            };
            return Next::Item(item);
        }
        match &queue.close {
            Some(reason) => Next::Close(reason.clone()),
            None => Next::Wait,
        }
    }
}

/// Whether a socket is closing, as its loops see it.
pub struct Closing(watch::Receiver<bool>);

impl Closing {
    /// Resolves once the socket is closing (at once if it already is). Cancel-safe.
    pub async fn until_closed(&mut self) {
        let _ = self.0.wait_for(|closing| *closing).await;
    }
}

enum Next {
    Item(Item),
    Close(Option<CloseReason>),
    Wait,
}

/// Items the writer takes from the queue for one write.
const ITEMS_PER_WRITE: usize = 32;

/// The socket's writer: sends what is queued, in order, until the socket closes;
/// what piled up while a write was in progress goes out together in the next.
/// A write stuck on a client that does not read is abandoned as soon as the socket
/// starts closing (only a frame already begun is finished), so the close never
/// waits behind the backlog; the close frame gets `CLOSE_GRACE` to find room, then
/// the connection is let go.
pub async fn write(outbox: std::sync::Arc<Outbox>, mut wire: wire::Writer<'_>) {
    let mut seen = Seen::default();
    let mut closing = outbox.closing();
    loop {
        let mut messages = 0;
        let mut items = 0;
        let close = loop {
            if items == ITEMS_PER_WRITE {
                break None;
            }
            match outbox.next() {
                Next::Wait => break None,
                Next::Close(reason) => break Some(reason),
                Next::Item(item) => {
                    items += 1;
                    match item {
                        Item::Text(frame) if seen.first_time(frame.message) => {
                            messages += u64::from(frame.message.is_some());
                            wire.queue(Outgoing::Text(frame.text));
                        }
                        Item::Text(_) => {}
                        Item::Ping => wire.queue(Outgoing::Ping),
                        Item::Pong(bytes) => wire.queue(Outgoing::Pong(bytes)),
                    }
                }
            }
        };
        if let Some(reason) = close {
            wire.queue(Outgoing::Close(reason));
            let _ = tokio::time::timeout(CLOSE_GRACE, wire.flush()).await;
            return;
        }
        if items == 0 {
            outbox.wake.notified().await;
            continue;
        }
        let sent = tokio::select! {
            sent = wire.flush() => sent,
            () = closing.until_closed() => {
                wire.drop_unstarted();
                Ok(())
            }
        };
        if sent.is_err() {
            // The client is gone; let the socket's loop know.
            outbox.close(None);
            return;
        }
        metrics::counter!("hometutor_chat_messages_delivered_total").increment(messages);
    }
}

/// The messages this socket was recently sent: one that arrives live while a `join`
/// catch-up also returns it goes out only once.
#[derive(Default)]
struct Seen {
    ids: HashSet<i64>,
    order: VecDeque<i64>,
}

impl Seen {
    const REMEMBER: usize = 4096;

    /// Whether to send a frame carrying `message` (`None`: not a message, always sent).
    fn first_time(&mut self, message: Option<i64>) -> bool {
        let Some(id) = message else { return true };
        if !self.ids.insert(id) {
            return false;
        }
        self.order.push_back(id);
        if self.order.len() > Self::REMEMBER {
            if let Some(old) = self.order.pop_front() {
                self.ids.remove(&old);
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(len: usize) -> OutFrame {
        OutFrame { text: "x".repeat(len).into(), message: None }
    }

    #[test]
    fn a_message_goes_to_a_socket_once_other_frames_always() {
        let mut seen = Seen::default();
        assert!(seen.first_time(Some(7)));
        assert!(!seen.first_time(Some(7)), "the catch-up copy of a live message is dropped");
        assert!(seen.first_time(Some(8)));
        assert!(seen.first_time(None) && seen.first_time(None), "other frames always go out");
    }

    #[test]
    fn a_queue_past_its_frame_bound_is_emptied_and_closed() {
        let outbox = Outbox::default();
        for _ in 0..MAX_QUEUED_FRAMES {
            outbox.text(frame(10));
        }
        assert_eq!(outbox.queued(), (MAX_QUEUED_FRAMES, MAX_QUEUED_FRAMES * 10));
        assert!(!*outbox.closing.borrow());
        outbox.text(frame(10));
        assert_eq!(outbox.queued(), (0, 0), "the backlog is freed");
        assert!(*outbox.closing.borrow());
        let Next::Close(Some(reason)) = outbox.next() else { panic!("the close comes next") };
        assert_eq!(reason.code, CloseCode::Other(FELL_BEHIND));
        outbox.text(frame(10));
        assert_eq!(outbox.queued(), (0, 0), "nothing more is queued once closing");
    }

    #[test]
    fn a_close_after_queued_frames_sends_them_first() {
        let outbox = Outbox::default();
        outbox.text(frame(3));
        outbox.close_after_queued(CloseReason { code: CloseCode::Away, description: None });
        outbox.text(frame(4));
        assert!(matches!(outbox.next(), Next::Item(Item::Text(f)) if f.text.len() == 3), "the queued frame first");
        let Next::Close(Some(reason)) = outbox.next() else { panic!("then the close, and nothing queued after it") };
        assert_eq!(reason.code, CloseCode::Away);
    }

    #[test]
    fn pongs_to_a_client_that_pings_without_reading_count_too() {
        let outbox = Outbox::default();
        for _ in 0..=MAX_QUEUED_FRAMES {
            outbox.pong(Bytes::from_static(b"hi"));
        }
        assert!(*outbox.closing.borrow());
    }

    #[test]
    fn a_queue_past_its_byte_bound_is_closed() {
        let outbox = Outbox::default();
        outbox.text(frame(MAX_QUEUED_BYTES - 5));
        outbox.text(frame(5));
        assert!(!*outbox.closing.borrow(), "exactly at the bound is still fine");
        outbox.text(frame(1));
        assert!(*outbox.closing.borrow());
    }
}
