use std::time::Duration;

/// A limit's numbers: at most `limit` events per key in `window`. A key's window
/// opens at its first event and ends `window` later (a fixed window, not a
/// sliding one); the next event after that opens a new one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rule {
    pub limit: u32,
    pub window: Duration,
}

/// Who counts a bucket's events.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Counted {
    /// The [`Limiter`](crate::Limiter), in its store.
    ByLimiter,
    /// The owning crate, in a table of its own (see the bucket's documentation).
    InDatabase,
}

/// Every rate limit of the site. The table of names and numbers is
/// [`Bucket::declared`]; docs/architecture.md ('The parts, one by one' → Rate limits) says where each is wired.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Bucket {
    /// Failed logins per account (the e-mail as typed, lower-cased), from any address. A successful
    /// login or a password reset clears it. Counted by `AuthService::login`.
    LoginFailuresPerAccount,
    /// Failed logins per client address, whatever the accounts. Counted by `AuthService::login`.
    LoginFailuresPerIp,
    /// Code e-mails (register, resend, reset) one client address may ask for, whatever the
    /// addresses; `CODE_EMAIL_LIMIT` sets the limit. Counted by the auth service.
    CodeEmailsPerIp,
    /// Code e-mails to one e-mail address, known or not. Counted in the database whatever the
    /// store ([`take_in_transaction`](crate::take_in_transaction), called by auth's
    /// `codes::allow_request`): the count is written in the same transaction as the e-mail it
    /// allows, so an e-mail is never sent uncounted nor counted unsent.
    CodeEmailsPerAddress,
    /// Support tickets (the Contact form, open to everyone) per client address: enough for a
    /// person, not for a script. Only tickets accepted count. Attached to `POST /api/support-tickets`.
    SupportTicketsPerIp,
    /// Chat events per account, its sockets' events and its `POST /api/messages` together;
    /// `CHAT_RATE_LIMIT` sets the limit.
    ChatEventsPerAccount,
    /// E-mail unsubscribe links followed (`/api/notifications/unsubscribe`, no login) per client
    /// address, valid or not: a person needs a few, a token guesser many. Attached to the route.
    UnsubscribesPerIp,
    /// Place searches (`/api/places`, `/api/places/nearest`, no login) per client address: a
    /// person typing sends a few a second for a moment; a script copying the index, many.
    /// Attached to the routes.
    PlaceSearchesPerIp,
    /// Tutor searches (`/api/tutors/search`, public) per client address: a family compares a
    /// few pages and filters a minute; a script probing where tutors teach sends hundreds.
    /// Attached to the route.
    TutorSearchesPerIp,
    /// Reports one account files (`POST /api/reports`): a person reports a few people, a grudge
    /// or a script many. Counted by the route.
    ReportsPerAccount,
}

const fn minutes(n: u64) -> Duration {
    Duration::from_secs(n * 60)
}

impl Bucket {
    pub const ALL: [Bucket; 10] = [
        Bucket::LoginFailuresPerAccount,
        Bucket::LoginFailuresPerIp,
        Bucket::CodeEmailsPerIp,
        Bucket::CodeEmailsPerAddress,
        Bucket::SupportTicketsPerIp,
        Bucket::ChatEventsPerAccount,
        Bucket::UnsubscribesPerIp,
        Bucket::PlaceSearchesPerIp,
        Bucket::TutorSearchesPerIp,
        Bucket::ReportsPerAccount,
    ];

    /// The table: each bucket's name, its numbers and who counts it. The name prefixes the
    /// bucket's keys in a store, so it stays stable across releases (a shared store outlives one).
    pub const fn declared(self) -> (&'static str, Rule, Counted) {
        use Counted::{ByLimiter, InDatabase};
        let (name, limit, window, counted) = match self {
            Bucket::LoginFailuresPerAccount => ("login-failures-per-account", 5, minutes(15), ByLimiter),
            Bucket::LoginFailuresPerIp => ("login-failures-per-ip", 30, minutes(15), ByLimiter),
            Bucket::CodeEmailsPerIp => ("code-emails-per-ip", 10, minutes(60), ByLimiter),
            Bucket::CodeEmailsPerAddress => ("code-emails-per-address", 3, minutes(15), InDatabase),
            Bucket::SupportTicketsPerIp => ("support-tickets-per-ip", 5, minutes(15), ByLimiter),
            Bucket::ChatEventsPerAccount => ("chat-events-per-account", 30, Duration::from_secs(10), ByLimiter),
            Bucket::UnsubscribesPerIp => ("unsubscribes-per-ip", 20, minutes(15), ByLimiter),
            Bucket::PlaceSearchesPerIp => ("place-searches-per-ip", 120, minutes(1), ByLimiter),
            Bucket::TutorSearchesPerIp => ("tutor-searches-per-ip", 60, minutes(1), ByLimiter),
            Bucket::ReportsPerAccount => ("reports-per-account", 10, minutes(60), ByLimiter),
        };
        (name, Rule { limit, window }, counted)
    }

    pub const fn name(self) -> &'static str {
        self.declared().0
    }

    /// The declared numbers; a [`Limiter`](crate::Limiter) may be configured with another limit.
    pub const fn rule(self) -> Rule {
        self.declared().1
    }

    pub const fn counted(self) -> Counted {
        self.declared().2
    }

    /// Whether the bucket's keys are client addresses: an IPv6 one is counted by its /64
    /// ([`crate::client_key`]).
    pub fn per_client_address(self) -> bool {
        self.name().ends_with("-per-ip")
    }

    pub(crate) const fn index(self) -> usize {
        self as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_lists_every_bucket_once_under_its_own_name() {
        for (i, bucket) in Bucket::ALL.iter().enumerate() {
            assert_eq!(bucket.index(), i, "ALL is in declaration order");
            assert!(bucket.rule().limit > 0 && !bucket.rule().window.is_zero(), "{bucket:?}");
        }
        let mut names: Vec<_> = Bucket::ALL.iter().map(|b| b.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Bucket::ALL.len(), "names are keys in a shared store: they must differ");
    }
}
