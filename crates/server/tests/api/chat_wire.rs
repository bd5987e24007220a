//! The chat socket's own connection, as clients put it to the test: a message in
//! continuation frames, bytes sent right behind the handshake, frames that break
//! the protocol, and requests that ask to switch protocols where nothing switches.

use crate::common;

use common::socket::{next_event, WAIT};
use common::TestApp;
use futures_util::{SinkExt, StreamExt};
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::protocol::frame::coding::{Data, OpCode};
use tokio_tungstenite::tungstenite::protocol::frame::Frame as RawFrame;
use tokio_tungstenite::tungstenite::protocol::Role;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

fn address(app: &TestApp) -> String {
    app.base.trim_start_matches("http://").to_string()
}

/// A text message split into frames of `piece` bytes, the first a text frame, the rest continuations.
fn fragments(text: &str, piece: usize) -> Vec<Message> {
    let chunks: Vec<&[u8]> = text.as_bytes().chunks(piece).collect();
    let last = chunks.len() - 1;
    chunks
        .iter()
        .enumerate()
        .map(|(i, chunk)| {
            let opcode = if i == 0 { OpCode::Data(Data::Text) } else { OpCode::Data(Data::Continue) };
            Message::Frame(RawFrame::message(chunk.to_vec(), opcode, i == last))
        })
        .collect()
}

/// Reads until the socket ends; whether a close frame came first.
async fn ends(socket: &mut common::socket::Socket) -> bool {
    let ended = tokio::time::timeout(WAIT, async {
        loop {
            match socket.next().await {
                Some(Ok(Message::Close(_))) => return true,
                Some(Ok(_)) => continue,
                _ => return false,
            }
        }
    })
    .await;
    ended.expect("the socket ends")
}

#[actix_web::test]
async fn a_message_in_continuation_frames_is_answered_like_one_frame() {
    let app = TestApp::start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let mut socket = app.open_socket(&parent).await;
    let event = json!({"event": "dance", "data": {"padding": "x".repeat(3000)}}).to_string();
    for frame in fragments(&event, 1000) {
        socket.send(frame).await.expect("send");
    }
    let answer = next_event(&mut socket, WAIT).await.expect("an answer");
    assert_eq!(answer["event"], "error");
    assert_eq!(answer["data"]["message"], "Unknown event 'dance'.");
}

#[actix_web::test]
async fn a_joined_message_past_64_kb_or_text_that_is_not_utf8_ends_the_socket() {
    let app = TestApp::start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;

    let mut socket = app.open_socket(&parent).await;
    for frame in fragments(&"x".repeat(70 * 1024), 16 * 1024) {
        // The server may close before the last pieces are written.
        if socket.send(frame).await.is_err() {
            break;
        }
    }
    ends(&mut socket).await;

    let mut socket = app.open_socket(&parent).await;
    let broken = RawFrame::message(vec![0x7b, 0xff, 0xfe, 0x7d], OpCode::Data(Data::Text), true);
    socket.send(Message::Frame(broken)).await.expect("send");
    ends(&mut socket).await;

    // The account's sockets were let go: it can open its full share again.
    let mut again = Vec::new();
    for _ in 0..10 {
        again.push(app.open_socket(&parent).await);
    }
}

#[actix_web::test]
async fn a_frame_sent_in_the_same_packet_as_the_handshake_is_answered() {
    let app = TestApp::start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let ticket = app.ticket(&parent).await;
    let mut stream = tokio::net::TcpStream::connect(address(&app)).await.expect("connect");
    let handshake = format!(
        "GET /api/ws?ticket={ticket} HTTP/1.1\r\nHost: {}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\
         Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n",
        address(&app)
    );
    // A masked text frame, in the same write as the handshake.
    let text = br#"{"event": "dance", "data": {}}"#;
    let mask = [1u8, 2, 3, 4];
    let mut bytes = handshake.into_bytes();
    bytes.extend_from_slice(&[0x81, 0x80 | text.len() as u8]);
    bytes.extend_from_slice(&mask);
    bytes.extend(text.iter().enumerate().map(|(i, b)| b ^ mask[i % 4]));
    stream.write_all(&bytes).await.expect("write");

    // The 101, then whatever follows it belongs to the socket.
    let mut read = Vec::new();
    let head_end = loop {
        let mut chunk = [0u8; 1024];
        let n = tokio::time::timeout(WAIT, stream.read(&mut chunk)).await.expect("an answer").expect("read");
        assert!(n > 0, "closed before answering: {}", String::from_utf8_lossy(&read));
        read.extend_from_slice(&chunk[..n]);
        if let Some(end) = read.windows(4).position(|w| w == b"\r\n\r\n") {
            break end + 4;
        }
    };
    let head = String::from_utf8_lossy(&read[..head_end]).to_lowercase();
    assert!(head.starts_with("http/1.1 101"), "{head}");
    assert!(head.contains("sec-websocket-accept: s3pplmbitxaq9kygzzhzrbk+xoo="), "{head}");
    let mut socket = WebSocketStream::from_partially_read(
        MaybeTlsStream::Plain(stream),
        read[head_end..].to_vec(),
        Role::Client,
        None,
    )
    .await;
    let answer = next_event(&mut socket, WAIT).await.expect("the frame's answer");
    assert_eq!(answer["data"]["message"], "Unknown event 'dance'.");
}

#[actix_web::test]
async fn a_switch_request_to_an_ordinary_route_gets_its_usual_answer_then_the_connection_closes() {
    let app = TestApp::start().await;
    let mut stream = tokio::net::TcpStream::connect(address(&app)).await.expect("connect");
    let request = format!(
        "GET /api/site HTTP/1.1\r\nHost: {}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\
         Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n",
        address(&app)
    );
    stream.write_all(request.as_bytes()).await.expect("write");
    let mut answer = Vec::new();
    tokio::time::timeout(WAIT, stream.read_to_end(&mut answer)).await.expect("closed by the server").expect("read");
    let answer = String::from_utf8(answer).expect("text");
    let (head, body) = answer.split_once("\r\n\r\n").expect("a head and a body");
    let head = head.to_lowercase();
    assert!(head.starts_with("http/1.1 200"), "{head}");
    assert!(head.contains("connection: close"), "{head}");
    assert!(head.contains("x-content-type-options: nosniff"), "the middleware ran: {head}");
    let site: serde_json::Value = serde_json::from_str(body).expect("the site's JSON");
    assert!(site.is_object(), "{site}");

    // A refused handshake is an ordinary answer too: 401 for a ticket that is no good.
    let mut stream = tokio::net::TcpStream::connect(address(&app)).await.expect("connect");
    stream.write_all(request.replace("/api/site", "/api/ws?ticket=nope").as_bytes()).await.expect("write");
    let mut answer = Vec::new();
    tokio::time::timeout(WAIT, stream.read_to_end(&mut answer)).await.expect("closed by the server").expect("read");
    let answer = String::from_utf8_lossy(&answer).to_lowercase();
    assert!(answer.starts_with("http/1.1 401"), "{answer}");
    assert!(answer.contains("\"code\":\"unauthenticated\""), "{answer}");
}
