//! The sockets: opened with tickets, and pairs of them exchanging messages for a while, each
//! message timed from its sending to its delivery.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use hometutor_core::UserId;
use hometutor_messaging::Tickets;
use serde_json::json;
use tokio_tungstenite::tungstenite::Message as Frame;

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn connect(port: u16, ticket: &str) -> anyhow::Result<Socket> {
    let url = format!("ws://127.0.0.1:{port}/api/ws?ticket={ticket}");
    // Without Nagle's algorithm, like a browser's WebSocket.
    Ok(tokio_tungstenite::connect_async_with_config(url, None, true).await?.0)
}

pub(crate) async fn open_many(port: u16, tickets: Vec<String>) -> anyhow::Result<Vec<Socket>> {
    let mut sockets = Vec::with_capacity(tickets.len());
    for batch in tickets.chunks(256) {
        let opened = futures_util::future::join_all(batch.iter().map(|t| connect(port, t))).await;
        for socket in opened {
            sockets.push(socket?);
        }
    }
    Ok(sockets)
}

/// The parts of a received event the generator reads.
#[derive(serde::Deserialize)]
struct Received<'a> {
    #[serde(borrow)]
    event: &'a str,
    data: Option<ReceivedData<'a>>,
}

#[derive(serde::Deserialize)]
struct ReceivedData<'a> {
    #[serde(borrow)]
    text: Option<&'a str>,
}

/// Runs `pairs` sender→receiver pairs for `seconds`. With `rate` each pair sends on a fixed
/// schedule, the pairs' schedules spread evenly over the period (no bursts); without, each
/// keeps up to 32 messages in flight. Returns (messages delivered within the `seconds`,
/// latencies in µs of every message delivered).
pub(crate) async fn exchange(
    port: u16,
    tickets: &Tickets,
    users: &[UserId],
    rate: Option<u64>,
    seconds: u64,
) -> anyhow::Result<(u64, Vec<u64>)> {
    let pairs = users.len() / 2;
    let sockets = open_many(port, tickets.issue_many(users)?).await?;
    let start = Instant::now();
    let delivered = Arc::new(AtomicU64::new(0));
    let latencies = Arc::new(Mutex::new(Vec::new()));
    let window = Duration::from_secs(seconds);
    let deadline = start + window;
    let mut tasks = tokio::task::JoinSet::new();
    let mut sockets = sockets.into_iter();
    for pair in 0..pairs {
        let (Some(sender), Some(receiver)) = (sockets.next(), sockets.next()) else { break };
        let to = users[pair * 2 + 1].0;
        let (delivered, latencies) = (delivered.clone(), latencies.clone());
        tasks.spawn(async move {
            let mut receiver = receiver;
            let mut mine = Vec::new();
            while let Ok(Some(Ok(frame))) = tokio::time::timeout(Duration::from_secs(3), receiver.next()).await {
                let Frame::Text(text) = frame else { continue };
                let Ok(event) = serde_json::from_str::<Received>(text.as_str()) else { continue };
                if event.event == "newMessage" {
                    let sent: u64 = event.data.and_then(|d| d.text).and_then(|t| t.parse().ok()).unwrap_or(0);
                    let now = start.elapsed();
                    if now <= window {
                        delivered.fetch_add(1, Ordering::Relaxed);
                    }
                    mine.push((now.as_micros() as u64).saturating_sub(sent));
                }
            }
            if let Ok(mut l) = latencies.lock() {
                l.extend(mine);
            }
        });
        tasks.spawn(async move {
            let (mut write, mut read) = sender.split();
            // A permit per message in flight; each ack (or error) gives one back.
            let in_flight = Arc::new(tokio::sync::Semaphore::new(32));
            let acks = in_flight.clone();
            let reader = tokio::spawn(async move {
                while let Some(Ok(_)) = read.next().await {
                    acks.add_permits(1);
                }
            });
            let period = rate.map(|r| Duration::from_secs_f64(pairs as f64 / r as f64));
            let mut next = Instant::now() + period.map(|p| p.mul_f64(pair as f64 / pairs as f64)).unwrap_or_default();
            let mut n = 0u64;
            while Instant::now() < deadline {
                match period {
                    Some(p) => {
                        tokio::time::sleep_until(next.into()).await;
                        next += p;
                    }
                    None => match tokio::time::timeout_at(deadline.into(), in_flight.acquire()).await {
                        Ok(Ok(permit)) => permit.forget(),
                        _ => break,
                    },
                }
                n += 1;
                let text = (start.elapsed().as_micros() as u64).to_string();
                let frame = json!({"event": "sendMessage", "data": {"to": to, "text": text, "clientId": format!("{pair}-{n}")}});
                if write.send(Frame::text(frame.to_string())).await.is_err() {
                    break;
                }
            }
            tokio::time::sleep(Duration::from_secs(2)).await;
            reader.abort();
        });
    }
    while tasks.join_next().await.is_some() {}
    let mut latencies = latencies.lock().map(|l| l.clone()).unwrap_or_default();
    latencies.sort_unstable();
    Ok((delivered.load(Ordering::Relaxed), latencies))
}

pub(crate) fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize] as f64 / 1000.0
}
