//! Who a per-address limit counts: an IPv4 address, or an IPv6 client's /64.

use std::net::{IpAddr, Ipv6Addr};

/// The key a per-address limit counts `address` under: an IPv4 address as it is; an IPv6
/// address as its /64 network (`2001:db8:1:2::/64`), since one subscriber is given a whole
/// /64 and may use any of its 2⁶⁴ addresses; an IPv4 address written as IPv6 (`::ffff:a.b.c.d`)
/// as the IPv4 one. Anything that is not an address is counted as it is.
pub fn client_key(address: &str) -> String {
    match address.parse::<IpAddr>().map(|a| a.to_canonical()) {
        Ok(IpAddr::V6(v6)) => {
            let network = u128::from(v6) & !((1u128 << 64) - 1);
            format!("{}/64", Ipv6Addr::from(network))
        }
        Ok(IpAddr::V4(v4)) => v4.to_string(),
        Err(_) => address.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Bucket, Limiter};

    #[test]
    fn an_ipv6_client_is_its_64_and_ipv4_stays_itself() {
        assert_eq!(client_key("2001:db8:1:2:aaaa::1"), "2001:db8:1:2::/64");
        assert_eq!(client_key("2001:db8:1:2:ffff:ffff:ffff:ffff"), "2001:db8:1:2::/64");
        assert_eq!(client_key("2001:db8:1:3::1"), "2001:db8:1:3::/64");
        assert_eq!(client_key("::ffff:198.51.100.7"), "198.51.100.7");
        assert_eq!(client_key("198.51.100.7"), "198.51.100.7");
        assert_eq!(client_key("asha@example.com"), "asha@example.com");
    }

    #[test]
    fn every_per_address_bucket_counts_a_64_as_one_client() {
        for bucket in Bucket::ALL.into_iter().filter(|b| b.per_client_address()) {
            let limiter = Limiter::in_memory().with_limit(bucket, 2);
            assert!(limiter.hit(bucket, "2001:db8:7:7::1").is_ok());
            assert!(limiter.hit(bucket, "2001:db8:7:7:1234::99").is_ok());
            assert!(limiter.hit(bucket, "2001:db8:7:7:ffff::2").is_err(), "{bucket:?}: the same /64");
            assert!(limiter.hit(bucket, "2001:db8:7:8::1").is_ok(), "{bucket:?}: the next /64 is another client");
        }
        // A bucket per account is not touched.
        let limiter = Limiter::in_memory().with_limit(Bucket::LoginFailuresPerAccount, 1);
        assert!(limiter.hit(Bucket::LoginFailuresPerAccount, "2001:db8:7:7::1").is_ok());
        assert!(limiter.hit(Bucket::LoginFailuresPerAccount, "2001:db8:7:7::2").is_ok());
    }
}
