//! The WebSocket protocol (RFC 6455) on an upgraded connection, server side: frames
//! read from and written to the TCP stream itself.
//!
//! Why not actix-ws: an upgraded actix-web connection stays inside actix-http's h1
//! dispatcher for its whole life, holding two 8 KB buffers, a payload channel and a
//! body stream, and every frame crosses all of them. Here a socket owns its stream:
//! it holds a read buffer only while bytes are arriving (an idle socket holds none),
//! and a text frame goes out as a header and the shared text, written together with
//! the frames queued behind it in one vectored write, never copied.

use std::collections::VecDeque;
use std::io::{self, IoSlice};
use std::time::Duration;

use actix_codec::Decoder;
use actix_http::ws::{CloseReason, Codec, Frame, Item, OpCode, Parser, ProtocolError};
use actix_web::rt::net::TcpStream;
use actix_web::web::{Bytes, BytesMut};
use bytestring::ByteString;
use tokio::io::AsyncWriteExt;

/// Largest frame accepted from a client, and largest message its continuation frames may add up to.
const MAX_INCOMING: usize = 64 * 1024;
/// What a read asks the kernel for at most, beyond a frame still being read.
const READ_CHUNK: usize = 4096;
/// Frames a vectored write hands the kernel at once (two slices each).
const FRAMES_PER_WRITE: usize = 32;
/// How long a closed socket waits for its client to close its side (actix-http's
/// client-disconnect timeout, which the dispatcher used to apply).
const CLOSE_LINGER: Duration = Duration::from_secs(1);

/// Ends the connection once the close frame is sent: the server's side is shut, then
/// what the client still sends is read and dropped until it closes its side too, for
/// at most `CLOSE_LINGER`. Closing at once while the client's frames are still
/// arriving would make the kernel answer them with a reset, and a reset can discard
/// the close frame before the client reads it.
pub async fn close(mut stream: TcpStream) {
    let _ = stream.shutdown().await;
    let drained = async {
        let mut sink = [0u8; 1024];
        loop {
            if stream.readable().await.is_err() {
                return;
            }
            match stream.try_read(&mut sink) {
                Ok(0) => return,
                Ok(_) => {}
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => {}
                Err(_) => return,
            }
        }
    };
    let _ = tokio::time::timeout(CLOSE_LINGER, drained).await;
}

/// A message from the client, continuation frames already joined (the chat has no
/// use for a binary message's bytes, a pong's or a close's reason).
#[derive(Debug)]
pub enum Incoming {
    Text(ByteString),
    Binary,
    Ping(Bytes),
    Pong,
    Close,
}

/// The client's side of the socket: frames as they arrive.
pub struct Reader<'a> {
    stream: &'a TcpStream,
    /// Bytes read and not yet decoded; no capacity at all while the client is quiet.
    buf: BytesMut,
    codec: Codec,
    /// A message arriving in continuation frames: whether it is text, and what came so far.
    joining: Option<(bool, BytesMut)>,
}

impl<'a> Reader<'a> {
    /// `early`: bytes the client sent right behind its handshake, read with it.
    pub fn new(stream: &'a TcpStream, early: BytesMut) -> Self {
        Self { stream, buf: early, codec: Codec::new().max_size(MAX_INCOMING), joining: None }
    }

    /// The next message; `None` once the client has closed the connection. Cancel-safe:
    /// what was read stays here for the next call.
    pub async fn recv(&mut self) -> Option<Result<Incoming, ProtocolError>> {
        loop {
            match self.next_decoded() {
                Ok(Some(message)) => return Some(Ok(message)),
                Ok(None) => {}
                Err(e) => return Some(Err(e)),
            }
            if let Err(e) = self.stream.readable().await {
                return Some(Err(e.into()));
            }
            if self.buf.capacity() - self.buf.len() < READ_CHUNK / 4 {
                self.buf.reserve(READ_CHUNK);
            }
            match self.stream.try_read_buf(&mut self.buf) {
                Ok(0) => return None,
                Ok(_) => {}
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => {}
                Err(e) => return Some(Err(e.into())),
            }
        }
    }

    /// A whole message from what was read, if there is one.
    fn next_decoded(&mut self) -> Result<Option<Incoming>, ProtocolError> {
        let message = loop {
            let Some(frame) = self.codec.decode(&mut self.buf)? else { break None };
            if let Some(message) = self.joined(frame)? {
                break Some(message);
            }
        };
        if self.buf.is_empty() {
            // Let the buffer go (frames split from it keep what they hold): a quiet socket holds none.
            self.buf = BytesMut::new();
        }
        Ok(message)
    }

    /// Joins continuation frames; `None` while a message is still incomplete.
    fn joined(&mut self, frame: Frame) -> Result<Option<Incoming>, ProtocolError> {
        let whole = match frame {
            Frame::Text(bytes) => Some((true, bytes)),
            Frame::Binary(bytes) => Some((false, bytes)),
            Frame::Ping(bytes) => return Ok(Some(Incoming::Ping(bytes))),
            Frame::Pong(_) => return Ok(Some(Incoming::Pong)),
            Frame::Close(_) => return Ok(Some(Incoming::Close)),
            Frame::Continuation(item) => match (item, &mut self.joining) {
                (Item::FirstText(bytes), None) => self.start_joining(true, &bytes),
                (Item::FirstBinary(bytes), None) => self.start_joining(false, &bytes),
                (Item::Continue(bytes), Some((_, so_far))) => Self::add(so_far, &bytes)?,
                (Item::Last(bytes), Some((_, so_far))) => {
                    Self::add(so_far, &bytes)?;
                    self.joining.take().map(|(text, so_far)| (text, so_far.freeze()))
                }
                (Item::FirstText(_) | Item::FirstBinary(_), Some(_)) => return Err(ProtocolError::ContinuationStarted),
                (Item::Continue(_) | Item::Last(_), None) => return Err(ProtocolError::ContinuationNotStarted),
            },
        };
        match whole {
            None => Ok(None),
            Some((true, bytes)) => ByteString::try_from(bytes).map(|text| Some(Incoming::Text(text))).map_err(|_| {
                ProtocolError::Io(io::Error::new(io::ErrorKind::InvalidData, "a text message that is not UTF-8"))
            }),
            Some((false, _)) => Ok(Some(Incoming::Binary)),
        }
    }

    fn start_joining(&mut self, text: bool, first: &[u8]) -> Option<(bool, Bytes)> {
        self.joining = Some((text, BytesMut::from(first)));
        None
    }

    fn add(so_far: &mut BytesMut, more: &[u8]) -> Result<Option<(bool, Bytes)>, ProtocolError> {
        if so_far.len() + more.len() > MAX_INCOMING {
            return Err(ProtocolError::Overflow);
        }
        so_far.extend_from_slice(more);
        Ok(None)
    }
}

/// What goes to the client.
pub enum Outgoing {
    Text(ByteString),
    Ping,
    Pong(Bytes),
    Close(Option<CloseReason>),
}

/// One frame on its way out: a text frame's header, then its text (shared, not
/// copied); a control frame whole, encoded by actix-http's `Parser`, with no header.
struct OutFrame {
    head: [u8; 10],
    head_len: usize,
    payload: Bytes,
}

impl OutFrame {
    fn text(text: ByteString) -> Self {
        let payload = text.into_bytes();
        let mut head = [0u8; 10];
        head[0] = 0x80 | u8::from(OpCode::Text); // FIN: never fragmented
        let len = payload.len();
        let head_len = if len < 126 {
            head[1] = len as u8;
            2
        } else if let Ok(len) = u16::try_from(len) {
            head[1] = 126;
            head[2..4].copy_from_slice(&len.to_be_bytes());
            4
        } else {
            head[1] = 127;
            head[2..10].copy_from_slice(&(len as u64).to_be_bytes());
            10
        };
        Self { head, head_len, payload }
    }

    fn whole(encode: impl FnOnce(&mut BytesMut)) -> Self {
        let mut frame = BytesMut::new();
        encode(&mut frame);
        Self { head: [0; 10], head_len: 0, payload: frame.freeze() }
    }

    fn parts(&self) -> [&[u8]; 2] {
        [&self.head[..self.head_len], &self.payload[..]]
    }

    fn len(&self) -> usize {
        self.head_len + self.payload.len()
    }
}

impl From<Outgoing> for OutFrame {
    fn from(out: Outgoing) -> Self {
        // Server frames are never masked.
        match out {
            Outgoing::Text(text) => Self::text(text),
            Outgoing::Close(reason) => Self::whole(|dst| Parser::write_close(dst, reason, false)),
            // An empty ping is two bytes (FIN + opcode 0x9, length 0): kept in the header, nothing allocated.
            Outgoing::Ping => Self { head: [0x89, 0, 0, 0, 0, 0, 0, 0, 0, 0], head_len: 2, payload: Bytes::new() },
            Outgoing::Pong(bytes) => Self::whole(|dst| Parser::write_message(dst, bytes, OpCode::Pong, true, false)),
        }
    }
}

/// The server's side of the socket: frames are queued, then written together.
pub struct Writer<'a> {
    stream: &'a TcpStream,
    frames: VecDeque<OutFrame>,
    /// Bytes of the first queued frame already written.
    written: usize,
}

impl<'a> Writer<'a> {
    pub fn new(stream: &'a TcpStream) -> Self {
        Self { stream, frames: VecDeque::new(), written: 0 }
    }

    pub fn queue(&mut self, out: Outgoing) {
        self.frames.push_back(out.into());
    }

    /// Writes everything queued. Cancel-safe: a frame cut short is finished by the next call.
    pub async fn flush(&mut self) -> io::Result<()> {
        while !self.frames.is_empty() {
            self.stream.writable().await?;
            let mut slices = [IoSlice::new(&[]); 2 * FRAMES_PER_WRITE];
            let count = self.slices(&mut slices);
            match self.stream.try_write_vectored(&slices[..count]) {
                Ok(0) => return Err(io::ErrorKind::WriteZero.into()),
                Ok(n) => self.advance(n),
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => {}
                Err(e) => return Err(e),
            }
        }
        if self.frames.capacity() > FRAMES_PER_WRITE {
            // A burst's queue is let go: a quiet socket holds none.
            self.frames = VecDeque::new();
        }
        Ok(())
    }

    /// Drops the queued frames not yet begun (a frame half written is kept: the client
    /// must get it whole before anything else).
    pub fn drop_unstarted(&mut self) {
        self.frames.truncate(usize::from(self.written > 0));
    }

    /// What the next write hands the kernel: the unwritten rest of up to
    /// `FRAMES_PER_WRITE` frames, two slices each, in `slices`; returns how many.
    fn slices<'s>(&'s self, slices: &mut [IoSlice<'s>; 2 * FRAMES_PER_WRITE]) -> usize {
        let mut count = 0;
        let mut skip = self.written;
        for part in self.frames.iter().take(FRAMES_PER_WRITE).flat_map(OutFrame::parts) {
            if skip >= part.len() {
                skip -= part.len();
            } else {
                slices[count] = IoSlice::new(&part[skip..]);
                count += 1;
                skip = 0;
            }
        }
        count
    }

    fn advance(&mut self, mut n: usize) {
        while let Some(frame) = self.frames.front() {
            let left = frame.len() - self.written;
            if n < left {
                self.written += n;
                return;
            }
            n -= left;
            self.written = 0;
            self.frames.pop_front();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_carry_the_length_in_the_shortest_form() {
        for (len, head) in [(0, vec![0x81, 0]), (125, vec![0x81, 125]), (126, vec![0x81, 126, 0, 126])] {
            let frame = OutFrame::from(Outgoing::Text("x".repeat(len).into()));
            assert_eq!(frame.head[..frame.head_len], head[..], "{len}");
        }
        let frame = OutFrame::from(Outgoing::Text("x".repeat(70_000).into()));
        assert_eq!(frame.head[..frame.head_len], [0x81, 127, 0, 0, 0, 0, 0, 1, 0x11, 0x70]);
    }

    #[test]
    fn a_close_frame_carries_its_code_then_its_reason() {
        let reason = CloseReason { code: actix_http::ws::CloseCode::Other(4000), description: Some("Fell".into()) };
        let frame = OutFrame::from(Outgoing::Close(Some(reason)));
        assert_eq!(frame.parts().concat(), b"\x88\x06\x0f\xa0Fell");
        assert_eq!(OutFrame::from(Outgoing::Close(None)).parts().concat(), b"\x88\x00");
    }

    #[test]
    fn control_frames_go_out_whole_and_unmasked() {
        assert_eq!(OutFrame::from(Outgoing::Ping).parts().concat(), b"\x89\x00");
        assert_eq!(OutFrame::from(Outgoing::Pong(Bytes::from_static(b"hi"))).parts().concat(), b"\x8a\x02hi");
    }
}
