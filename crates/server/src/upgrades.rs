//! The HTTP server, assembled from actix-web's parts so that a connection which
//! switches protocols leaves actix-http's h1 dispatcher.
//!
//! actix-web's `HttpServer` keeps an upgraded connection (a chat socket) inside the
//! dispatcher for its whole life, with its 8 KB read and write buffers and a body
//! stream every frame crosses. Here a request asking to switch protocols is handed to
//! [`Upgrades`] with its connection: it is answered by the same application, with
//! every middleware, and a handler that accepts the switch leaves an [`Upgraded`] in
//! the request's [`UpgradeSlot`]; after the `101` goes out, that takes the bare TCP
//! stream. Any other answer to such a request is sent whole and the connection closed.
//!
//! Everything else is configured as `HttpServer` would be (same timeouts, same
//! graceful shutdown), one dispatcher per connection, one application per worker.
//!
//! `AppConfig::__priv_test_new` is actix-web's hidden constructor of the configuration
//! `HttpServer` gives an application (host and local address); it is the only way to
//! give one outside `HttpServer`, and Cargo.lock pins the version it is read from.

use std::cell::Cell;
use std::fmt;
use std::marker::PhantomData;
use std::net::TcpListener;
use std::rc::Rc;
use std::time::Duration;

use actix_codec::Framed;
use actix_http::body::{BodySize, BoxBody, MessageBody};
use actix_http::h1::{self, Message};
use actix_http::{ConnectionType, HttpService, Request, Response, StatusCode};
use actix_service::{IntoServiceFactory, Service, ServiceFactory, ServiceFactoryExt};
use actix_web::dev::{AppConfig, Server};
use actix_web::rt::net::TcpStream;
use actix_web::web::BytesMut;
use actix_web::{Error, HttpMessage, HttpRequest};
use futures_util::future::{FutureExt, LocalBoxFuture, Shared};
use futures_util::SinkExt;

/// What runs on a connection once its `101 Switching Protocols` is sent: the stream,
/// and whatever the client sent right behind its request.
pub type Upgraded = Box<dyn FnOnce(TcpStream, BytesMut) -> LocalBoxFuture<'static, ()>>;

/// Where a handler that accepts a switch of protocols leaves what is to run on the
/// connection. Only requests that came with their connection have one.
#[derive(Clone, Default)]
pub struct UpgradeSlot(Rc<Cell<Option<Upgraded>>>);

impl UpgradeSlot {
    /// The request's slot: `None` when the connection cannot be handed over (the
    /// request did not ask to switch protocols in a way the server recognises).
    pub fn of(req: &HttpRequest) -> Option<Self> {
        req.extensions().get::<Self>().cloned()
    }

    pub fn fill(&self, upgraded: Upgraded) {
        self.0.set(Some(upgraded));
    }
}

/// Serves `make_app` on `listener`: each worker calls it once and builds the
/// application once, for its ordinary requests and for those that ask to switch
/// protocols. A graceful stop gives connections `shutdown_timeout` seconds.
pub fn serve<F, I, S, B>(listener: TcpListener, shutdown_timeout: u64, make_app: F) -> std::io::Result<Server>
where
    F: Fn() -> I + Send + Clone + 'static,
    I: IntoServiceFactory<S, Request>,
    S: ServiceFactory<Request, Config = AppConfig> + 'static,
    S::Future: 'static,
    S::Error: Into<Error> + 'static,
    S::InitError: fmt::Debug,
    S::Response: Into<Response<B>> + 'static,
    <S::Service as Service<Request>>::Future: 'static,
    S::Service: 'static,
    B: MessageBody + 'static,
{
    let addr = listener.local_addr()?;
    let builder = actix_server::Server::build();
    let graceful_shutdown = builder.graceful_shutdown_signal();
    builder
        // SIGTERM and SIGINT are the application's (`run_until_stopped`): readiness must fail before accepting stops.
        .disable_signals()
        .shutdown_timeout(shutdown_timeout)
        .listen("hometutor", listener, move || {
            let app =
                WorkerApp::build(make_app().into_factory(), AppConfig::__priv_test_new(false, addr.to_string(), addr));
            let upgrades = Upgrades { app: app.clone(), body: PhantomData };
            let signal = graceful_shutdown.clone();
            HttpService::build()
                .graceful_shutdown_signal(move || {
                    let signal = signal.clone();
                    async move { signal.notified().await }
                })
                // actix-web's defaults.
                .keep_alive(actix_http::KeepAlive::default())
                .client_request_timeout(Duration::from_secs(5))
                .client_disconnect_timeout(Duration::from_secs(1))
                .h1_allow_half_closed(true)
                .local_addr(addr)
                // Chat frames are small and each one is awaited: send them at once, not
                // held back by Nagle's algorithm waiting for the previous one's ACK.
                .tcp_nodelay(true)
                .upgrade(upgrades)
                .finish(app.map_err(|err| err.into().error_response()))
                .tcp()
        })
        .map(actix_server::ServerBuilder::run)
}

/// A worker's application service, built once and shared by the dispatcher (ordinary
/// requests) and [`Upgrades`]: one set of routes and application data per worker.
struct WorkerApp<A>(Shared<LocalBoxFuture<'static, Result<Rc<A>, ()>>>);

impl<A> Clone for WorkerApp<A> {
    fn clone(&self) -> Self {
        Self(self.0.clone())
    }
}

impl<A: 'static> WorkerApp<A> {
    fn build<S>(factory: S, config: AppConfig) -> Self
    where
        S: ServiceFactory<Request, Config = AppConfig, Service = A> + 'static,
        S::Future: 'static,
        S::InitError: fmt::Debug,
    {
        let built: LocalBoxFuture<'static, _> = Box::pin(async move {
            let app = factory.new_service(config).await;
            app.map(Rc::new).map_err(|err| tracing::error!(?err, "a worker could not build the application"))
        });
        Self(built.shared())
    }
}

impl<A> ServiceFactory<Request> for WorkerApp<A>
where
    A: Service<Request> + 'static,
{
    type Response = A::Response;
    type Error = A::Error;
    type Config = ();
    type Service = Rc<A>;
    type InitError = ();
    type Future = Shared<LocalBoxFuture<'static, Result<Rc<A>, ()>>>;

    fn new_service(&self, (): ()) -> Self::Future {
        self.0.clone()
    }
}

/// Answers requests that ask to switch protocols, per worker.
struct Upgrades<A, B> {
    app: WorkerApp<A>,
    body: PhantomData<B>,
}

impl<A, B> ServiceFactory<(Request, Framed<TcpStream, h1::Codec>)> for Upgrades<A, B>
where
    A: Service<Request> + 'static,
    A::Error: Into<Error> + 'static,
    A::Response: Into<Response<B>> + 'static,
    B: MessageBody + 'static,
{
    type Response = ();
    type Error = Error;
    type Config = ();
    type Service = UpgradeService<A, B>;
    type InitError = ();
    type Future = LocalBoxFuture<'static, Result<Self::Service, ()>>;

    fn new_service(&self, (): ()) -> Self::Future {
        let app = self.app.new_service(());
        Box::pin(async move { Ok(UpgradeService { app: app.await?, body: PhantomData }) })
    }
}

struct UpgradeService<A, B> {
    app: Rc<A>,
    body: PhantomData<B>,
}

impl<A, B> Service<(Request, Framed<TcpStream, h1::Codec>)> for UpgradeService<A, B>
where
    A: Service<Request> + 'static,
    A::Error: Into<Error> + 'static,
    A::Response: Into<Response<B>> + 'static,
    B: MessageBody + 'static,
{
    type Response = ();
    type Error = Error;
    type Future = LocalBoxFuture<'static, Result<(), Error>>;

    actix_web::dev::always_ready!();

    fn call(&self, (request, framed): (Request, Framed<TcpStream, h1::Codec>)) -> Self::Future {
        let slot = UpgradeSlot::default();
        request.extensions_mut().insert(slot.clone());
        let app = Rc::clone(&self.app);
        Box::pin(async move {
            let response: Response<BoxBody> = match app.call(request).await {
                Ok(response) => response.into().map_into_boxed_body(),
                Err(error) => Response::from(error.into().error_response()),
            };
            match slot.0.take() {
                Some(upgraded) if response.status() == StatusCode::SWITCHING_PROTOCOLS => {
                    switch(framed, response, upgraded).await
                }
                _ => answer_and_close(framed, response).await,
            }
        })
    }
}

/// Sends the `101`, then hands the connection to what the handler left.
async fn switch(
    mut framed: Framed<TcpStream, h1::Codec>,
    response: Response<BoxBody>,
    upgraded: Upgraded,
) -> Result<(), Error> {
    let (head, _) = response.into_parts();
    framed.send(Message::Item((head, BodySize::None))).await.map_err(io_error)?;
    let (stream, early) = bare(framed);
    // A task of its own: the connection's task (the dispatcher, its timers, this
    // future) ends here instead of being kept for the socket's life. What runs on
    // the stream answers for it from now on, a stopping server's goodbye included.
    actix_web::rt::spawn(upgraded(stream, early));
    Ok(())
}

/// The connection's stream and the bytes already read from it (rarely any), in a
/// buffer of their size: the dispatcher's 8 KB buffers are let go here, not kept for
/// the socket's life.
fn bare(framed: Framed<TcpStream, h1::Codec>) -> (TcpStream, BytesMut) {
    let parts = framed.into_parts();
    let early = if parts.read_buf.is_empty() { BytesMut::new() } else { BytesMut::from(&parts.read_buf[..]) };
    (parts.io, early)
}

/// Sends an answer that is not a switch (a refused handshake, a route that does not
/// upgrade) whole, and closes the connection: its protocol is undecided.
async fn answer_and_close(mut framed: Framed<TcpStream, h1::Codec>, response: Response<BoxBody>) -> Result<(), Error> {
    let (mut head, body) = response.into_parts();
    let body = actix_http::body::to_bytes(body).await.map_err(|e| io_error(std::io::Error::other(e.to_string())))?;
    head.head_mut().set_connection_type(ConnectionType::Close);
    // Head and body in one write: a WebSocket client reads a refused handshake's body
    // from what arrived with its head (tungstenite does), not from what follows.
    framed.feed(Message::Item((head, BodySize::Sized(body.len() as u64)))).await.map_err(io_error)?;
    if !body.is_empty() {
        framed.feed(Message::Chunk(Some(body))).await.map_err(io_error)?;
    }
    framed.feed(Message::Chunk(None)).await.map_err(io_error)?;
    // Flushed first: actix-codec's close shuts the stream without writing what is buffered.
    SinkExt::<Message<(Response<()>, BodySize)>>::flush(&mut framed).await.map_err(io_error)?;
    SinkExt::<Message<(Response<()>, BodySize)>>::close(&mut framed).await.map_err(io_error)
}

fn io_error(e: std::io::Error) -> Error {
    actix_web::error::ErrorInternalServerError(e)
}
