//! A request body that stops arriving is answered 408 instead of holding its
//! connection and handler for ever.

use std::cell::{Cell, RefCell};
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;
use std::task::{Context, Poll};
use std::time::Duration;

use actix_web::body::{BodySize, BoxBody, MessageBody};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::error::PayloadError;
use actix_web::http::{header, ConnectionType, StatusCode};
use actix_web::middleware::Next;
use actix_web::web::Bytes;
use actix_web::{HttpMessage, HttpResponse};
use futures_util::Stream;

use crate::errors::{ApiError, ErrorCode};

/// How long a request body may go without a byte arriving (`BODY_READ_TIMEOUT_SECS`).
#[derive(Clone, Copy, Debug)]
pub struct BodyReadTimeout(pub Duration);

#[derive(Clone, Copy, PartialEq)]
enum Reading {
    Unfinished,
    Finished,
    Stalled,
}

/// Whether the request sends a body (HTTP/1.1: a length above zero, or chunks). Most requests
/// are GETs without one; they skip the timer and the wrapping below.
fn has_body(req: &ServiceRequest) -> bool {
    req.headers().contains_key(header::TRANSFER_ENCODING)
        || req.headers().get(header::CONTENT_LENGTH).is_some_and(|length| length.as_bytes() != b"0")
}

/// Answers 408 when a request body goes longer than the [`BodyReadTimeout`]
/// without a byte (the gap between two reads, like nginx's
/// `client_body_timeout`, so a slow but steady upload still finishes). The
/// handler sees its body end in an error and cleans up as for any broken body;
/// whatever it answers is replaced by the 408.
///
/// Until the answer is written, the unread rest of a body stays with it: actix
/// then closes the connection after answering. Were the body dropped first,
/// actix would wait to drain a chunked one, for ever if the client never
/// sends it. WebSocket upgrades are left alone: their "body" is the socket.
pub async fn body_deadline(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let timeout = req.app_data::<BodyReadTimeout>().copied();
    let (Some(BodyReadTimeout(timeout)), false, true) = (timeout, req.head().upgrade(), has_body(&req)) else {
        return next.call(req).await.map(ServiceResponse::map_into_boxed_body);
    };
    let payload = Rc::new(RefCell::new(req.take_payload()));
    let reading = Rc::new(Cell::new(Reading::Unfinished));
    let body = DeadlineBody {
        payload: payload.clone(),
        reading: reading.clone(),
        timeout,
        sleep: Box::pin(tokio::time::sleep(timeout)),
    };
    req.set_payload(Payload::from(Box::pin(body) as Pin<Box<dyn Stream<Item = Result<Bytes, PayloadError>>>>));
    // Read before the call: an error that comes back as `Err` leaves no request to read.
    let browser = crate::language::accepted(req.request());
    let answered = next.call(req).await;
    match reading.get() {
        Reading::Finished => answered.map(ServiceResponse::map_into_boxed_body),
        Reading::Unfinished => answered.map(|res| res.map_body(|_, body| Holding::boxed(body, payload))),
        Reading::Stalled => {
            let language = answered.as_ref().map_or(browser, |res| crate::language::of_request(res.request()));
            let timed_out = ApiError::text(
                StatusCode::REQUEST_TIMEOUT,
                ErrorCode::RequestTimeout,
                hometutor_i18n::Message::new("error-body-stalled"),
            );
            let mut response: HttpResponse = timed_out.response_in(language);
            response.head_mut().set_connection_type(ConnectionType::Close);
            let response = response.map_body(|_, body| Holding::boxed(body, payload));
            match answered {
                Ok(res) => Ok(res.into_response(response)),
                Err(e) => Err(actix_web::error::InternalError::from_response(e.to_string(), response).into()),
            }
        }
    }
}

/// The request body, failing with a timeout once no chunk arrived for `timeout`.
struct DeadlineBody {
    payload: Rc<RefCell<Payload>>,
    reading: Rc<Cell<Reading>>,
    timeout: Duration,
    sleep: Pin<Box<tokio::time::Sleep>>,
}

impl Stream for DeadlineBody {
    type Item = Result<Bytes, PayloadError>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        if self.reading.get() != Reading::Unfinished {
            return Poll::Ready(None);
        }
        let polled = Pin::new(&mut *self.payload.borrow_mut()).poll_next(cx);
        match polled {
            Poll::Ready(Some(chunk)) => {
                let next_deadline = tokio::time::Instant::now() + self.timeout;
                self.sleep.as_mut().reset(next_deadline);
                Poll::Ready(Some(chunk))
            }
            Poll::Ready(None) => {
                self.reading.set(Reading::Finished);
                Poll::Ready(None)
            }
            Poll::Pending => match self.sleep.as_mut().poll(cx) {
                Poll::Ready(()) => {
                    self.reading.set(Reading::Stalled);
                    let stalled =
                        std::io::Error::new(std::io::ErrorKind::TimedOut, "the request body stopped arriving");
                    Poll::Ready(Some(Err(PayloadError::Io(stalled))))
                }
                Poll::Pending => Poll::Pending,
            },
        }
    }
}

/// A response body that keeps the request's unread body alive until it is written.
struct Holding {
    body: BoxBody,
    _payload: Rc<RefCell<Payload>>,
}

impl Holding {
    fn boxed(body: impl MessageBody + 'static, payload: Rc<RefCell<Payload>>) -> BoxBody {
        BoxBody::new(Self { body: body.boxed(), _payload: payload })
    }
}

impl MessageBody for Holding {
    type Error = Box<dyn std::error::Error>;

    fn size(&self) -> BodySize {
        self.body.size()
    }

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Bytes, Self::Error>>> {
        Pin::new(&mut self.get_mut().body).poll_next(cx)
    }
}
