//! The one rule for a tutor's subscription (SPEC §4).
//!
//! The `users` row keeps what a payment wrote: a flag and an expiry. Nothing clears
//! the flag when the expiry passes, so the flag alone is never shown or trusted:
//! every reader builds a [`Subscription`] from the row and asks [`Subscription::at`].
//! It lives here rather than in the auth crate because payments, profiles, tuition
//! and messaging read it too and depend on nothing but core and db.

use chrono::NaiveDateTime;

/// A subscription as stored: the flag a payment sets and the expiry it extends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Subscription {
    flag: bool,
    expires: Option<NaiveDateTime>,
}

// A subscription as of one instant: what every endpoint shows, and the answer of
// `/api/payment/subscription-status` as it is. (No doc comments on the type: they would become
// the schema's description.)
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SubscriptionStatus {
    /// Active means paid and not yet expired.
    // The flag is set and the expiry is after the instant asked about.
    #[serde(rename = "subscriptionActive")]
    pub active: bool,
    // The stored expiry, past or future (a lapsed tutor sees when it lapsed).
    #[serde(rename = "subscriptionExpires", serialize_with = "crate::utc::serialize_option")]
    pub expires: Option<NaiveDateTime>,
}

impl Subscription {
    /// From the `users` columns `subscription_active` and `subscription_expires`.
    pub fn stored(flag: bool, expires: Option<NaiveDateTime>) -> Self {
        Self { flag, expires }
    }

    /// The subscription at `now`: active only while the flag is set and the expiry
    /// is still ahead; a flag without an expiry is not a subscription.
    pub fn at(self, now: NaiveDateTime) -> SubscriptionStatus {
        SubscriptionStatus { active: self.flag && self.expires.is_some_and(|e| e > now), expires: self.expires }
    }

    /// The stored expiry, whether or not it has passed.
    pub fn expires(self) -> Option<NaiveDateTime> {
        self.expires
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{Duration, NaiveDate};

    fn noon() -> NaiveDateTime {
        NaiveDate::from_ymd_opt(2024, 6, 1).and_then(|d| d.and_hms_opt(12, 0, 0)).expect("date")
    }

    #[test]
    fn active_only_with_the_flag_and_a_future_expiry() {
        let now = noon();
        let later = Some(now + Duration::seconds(1));
        let earlier = Some(now - Duration::seconds(1));
        let cases = [
            (true, later, true),
            (true, Some(now), false),
            (true, earlier, false),
            (true, None, false),
            (false, later, false),
            (false, None, false),
        ];
        for (flag, expires, active) in cases {
            let status = Subscription::stored(flag, expires).at(now);
            assert_eq!(status, SubscriptionStatus { active, expires }, "flag {flag}, expires {expires:?}");
        }
    }
}
