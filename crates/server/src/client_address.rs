//! Who the client is: the one answer every per-address rule, the access log and the
//! services use. The TCP peer, unless the peer is a proxy the operator trusts
//! (`TRUSTED_PROXIES`); then the address that proxy saw, from `X-Forwarded-For`
//! (`TrustedProxies::client` decides, in `trusted_proxies`).

use std::future::{ready, Ready};
use std::net::IpAddr;

use actix_web::http::header::HeaderMap;
use actix_web::{web, FromRequest, HttpRequest};

use crate::state::AppState;

fn forwarded_for(headers: &HeaderMap) -> impl Iterator<Item = &str> {
    headers.get_all("x-forwarded-for").filter_map(|value| value.to_str().ok())
}

/// The client address of `req`, as `TrustedProxies::client` decides with the server's list.
/// A request without a peer (only in unit tests of actix itself) is the unspecified address.
pub fn client_address(req: &HttpRequest) -> IpAddr {
    let peer = req.peer_addr().map_or(IpAddr::from([0, 0, 0, 0]), |a| a.ip());
    match req.app_data::<web::Data<AppState>>() {
        Some(state) => state.trusted_proxies.client(peer, forwarded_for(req.headers())),
        None => peer.to_canonical(),
    }
}

/// The client address as a handler argument.
pub struct ClientAddress(pub IpAddr);

impl FromRequest for ClientAddress {
    type Error = actix_web::Error;
    type Future = Ready<Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        ready(Ok(Self(client_address(req))))
    }
}
