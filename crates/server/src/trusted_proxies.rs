//! The proxies whose `X-Forwarded-For` the server believes (`TRUSTED_PROXIES`).
//!
//! `X-Forwarded-For` is a list each proxy appends its own peer to, so only its right end is
//! written by proxies we trust; everything to the left of the first untrusted address may
//! be whatever the client sent. Walking from the right, the first address that is not a
//! trusted proxy is the client. A peer that is not trusted is the client whatever the header
//! says, so a client cannot name itself someone else to dodge a limit or frame another.

use std::net::{IpAddr, SocketAddr};

use ipnet::IpNet;

/// The proxies whose `X-Forwarded-For` is believed (`TRUSTED_PROXIES`); none by default.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TrustedProxies(Vec<IpNet>);

impl TrustedProxies {
    /// Comma-separated addresses and CIDR blocks, e.g. `127.0.0.1,10.0.0.0/8,fd00::/8`.
    pub fn parse(list: &str) -> Result<Self, String> {
        let mut nets = Vec::new();
        for item in list.split(',').map(str::trim).filter(|item| !item.is_empty()) {
            let net = match item.parse::<IpNet>() {
                Ok(net) => net,
                Err(_) => item.parse::<IpAddr>().map(IpNet::from).map_err(|_| {
                    format!("'{item}' is neither an address nor a CIDR block (e.g. 10.0.0.1 or 10.0.0.0/8)")
                })?,
            };
            nets.push(net.trunc());
        }
        Ok(Self(nets))
    }

    fn trusts(&self, address: IpAddr) -> bool {
        self.0.iter().any(|net| net.contains(&address))
    }

    /// Whether a TCP peer is one of these proxies (whose `X-Request-Id` is believed too).
    pub fn trusts_peer(&self, peer: IpAddr) -> bool {
        self.trusts(peer.to_canonical())
    }

    /// The client of a request that came from `peer` with these `X-Forwarded-For` values.
    /// A list that runs out (or turns to nonsense) while every address so far was a trusted
    /// proxy leaves the farthest of those: the nearest address we can vouch for.
    pub fn client<'a>(&self, peer: IpAddr, forwarded_for: impl IntoIterator<Item = &'a str>) -> IpAddr {
        let mut client = peer.to_canonical();
        if !self.trusts(client) {
            return client;
        }
        let hops: Vec<&str> = forwarded_for.into_iter().flat_map(|value| value.split(',')).collect();
        for hop in hops.iter().rev() {
            let Some(address) = parse_hop(hop) else { break };
            client = address;
            if !self.trusts(address) {
                break;
            }
        }
        client
    }
}

/// One entry of `X-Forwarded-For`: an address, perhaps with a port (`1.2.3.4:5678`, `[::1]:80`).
fn parse_hop(hop: &str) -> Option<IpAddr> {
    let hop = hop.trim();
    hop.parse::<IpAddr>().or_else(|_| hop.parse::<SocketAddr>().map(|s| s.ip())).ok().map(|ip| ip.to_canonical())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap_or_else(|_| panic!("{s}"))
    }

    #[test]
    fn an_untrusted_peer_is_the_client_whatever_it_forwards() {
        let none = TrustedProxies::default();
        assert_eq!(none.client(ip("203.0.113.7"), ["198.51.100.1"]), ip("203.0.113.7"));
        let lan = TrustedProxies::parse("10.0.0.0/8").unwrap_or_default();
        assert_eq!(lan.client(ip("203.0.113.7"), ["10.0.0.5, 198.51.100.1"]), ip("203.0.113.7"));
    }

    #[test]
    fn behind_trusted_proxies_the_rightmost_untrusted_address_is_the_client() {
        let proxies = TrustedProxies::parse("127.0.0.1, 10.0.0.0/8").unwrap_or_default();
        assert_eq!(proxies.client(ip("127.0.0.1"), ["198.51.100.1"]), ip("198.51.100.1"));
        // The client claimed 192.0.2.9 itself; the proxy appended what it saw.
        assert_eq!(proxies.client(ip("127.0.0.1"), ["192.0.2.9, 198.51.100.1, 10.1.2.3"]), ip("198.51.100.1"));
        assert_eq!(proxies.client(ip("127.0.0.1"), ["192.0.2.9", "198.51.100.1:4711"]), ip("198.51.100.1"));
        assert_eq!(proxies.client(ip("::ffff:127.0.0.1"), ["198.51.100.1"]), ip("198.51.100.1"), "IPv4-mapped peer");
    }

    #[test]
    fn a_list_of_only_proxies_or_nonsense_stops_at_the_last_trusted_address() {
        let proxies = TrustedProxies::parse("127.0.0.1,10.0.0.0/8").unwrap_or_default();
        assert_eq!(proxies.client(ip("127.0.0.1"), ["10.0.0.2"]), ip("10.0.0.2"));
        assert_eq!(proxies.client(ip("127.0.0.1"), Vec::<&str>::new()), ip("127.0.0.1"));
        assert_eq!(proxies.client(ip("127.0.0.1"), ["198.51.100.1, junk, 10.0.0.2"]), ip("10.0.0.2"));
    }

    #[test]
    fn the_list_names_its_bad_entry() {
        assert_eq!(TrustedProxies::parse(""), Ok(TrustedProxies::default()));
        let parsed = TrustedProxies::parse("10.0.0.1/8, ::1").unwrap_or_default();
        assert!(parsed.trusts(ip("10.200.0.1")) && parsed.trusts(ip("::1")) && !parsed.trusts(ip("11.0.0.1")));
        let err = TrustedProxies::parse("10.0.0.0/8,proxy.local").err().unwrap_or_default();
        assert!(err.contains("proxy.local"), "{err}");
        assert!(TrustedProxies::parse("10.0.0.0/33").is_err());
    }
}
