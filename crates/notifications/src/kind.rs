use hometutor_core::Role;
use hometutor_i18n::Language;

/// What a notification is about. Stored as its `as_str` name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = NotificationKind, rename_all = "snake_case"))]
#[cfg_attr(
    feature = "openapi",
    schema(description = "What a notification is about (`hometutor_notifications::Kind`).")
)]
pub enum Kind {
    /// Parent: a tutor is interested in your request.
    TutorInterested,
    /// Tutor: a new request in your area matching your subjects and classes.
    NewRequest,
    /// Anyone: a message still unread after 10 minutes.
    UnreadMessage,
    /// Tutor: subscription receipt after payment.
    SubscriptionReceipt,
    /// Tutor: the subscription ends in 7 days, or in 1 day.
    SubscriptionReminder,
    /// Tutor: the subscription has ended.
    SubscriptionExpired,
    /// Parent: an admin flagged your request.
    RequestFlagged,
    /// Tutor: a request you were interested in was closed by its parent.
    RequestClosed,
    /// Tutor: a parent invited you to their request (from its recommended tutors).
    TuitionInvite,
    /// Tutor: an admin approved or rejected your verification documents.
    VerificationDecided,
    /// Anyone: what became of a report you filed, or a warning after a report about you.
    Moderation,
    /// Tutor: a parent reviewed you.
    NewReview,
    /// Parent and tutor: a demo class was booked, answered, moved or cancelled by the other side.
    Booking,
}

impl Kind {
    pub const ALL: [Kind; 13] = [
        Kind::TutorInterested,
        Kind::NewRequest,
        Kind::UnreadMessage,
        Kind::SubscriptionReceipt,
        Kind::SubscriptionReminder,
        Kind::SubscriptionExpired,
        Kind::RequestFlagged,
        Kind::RequestClosed,
        Kind::TuitionInvite,
        Kind::VerificationDecided,
        Kind::Moderation,
        Kind::NewReview,
        Kind::Booking,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Kind::TutorInterested => "tutor_interested",
            Kind::NewRequest => "new_request",
            Kind::UnreadMessage => "unread_message",
            Kind::SubscriptionReceipt => "subscription_receipt",
            Kind::SubscriptionReminder => "subscription_reminder",
            Kind::SubscriptionExpired => "subscription_expired",
            Kind::RequestFlagged => "request_flagged",
            Kind::RequestClosed => "request_closed",
            Kind::TuitionInvite => "tuition_invite",
            Kind::VerificationDecided => "verification_decided",
            Kind::Moderation => "moderation",
            Kind::NewReview => "new_review",
            Kind::Booking => "booking",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.as_str() == raw)
    }
}

impl Kind {
    /// What the preferences screen calls the kind, in English.
    pub fn label(self) -> String {
        self.label_in(Language::En)
    }

    /// What the preferences screen calls the kind, in `language` (catalogue `kind-<name>`).
    pub fn label_in(self, language: Language) -> String {
        hometutor_i18n::text(language, &format!("kind-{}", self.as_str()), &[])
    }

    /// The e-mail choices a user has for this kind: a daily digest only for new requests
    /// (the one kind that can come many times a day).
    pub fn choices(self) -> &'static [EmailChoice] {
        match self {
            Kind::NewRequest => &[EmailChoice::Off, EmailChoice::Immediate, EmailChoice::Digest],
            _ => &[EmailChoice::Off, EmailChoice::Immediate],
        }
    }

    /// The kinds a role can receive, in the order the preferences screen lists them.
    pub fn for_role(role: Role) -> &'static [Kind] {
        match role {
            Role::Parent => {
                &[Kind::TutorInterested, Kind::Booking, Kind::RequestFlagged, Kind::UnreadMessage, Kind::Moderation]
            }
            Role::Tutor => &[
                Kind::NewRequest,
                Kind::Booking,
                Kind::TuitionInvite,
                Kind::VerificationDecided,
                Kind::NewReview,
                Kind::RequestClosed,
                Kind::SubscriptionReceipt,
                Kind::SubscriptionReminder,
                Kind::SubscriptionExpired,
                Kind::UnreadMessage,
                Kind::Moderation,
            ],
            Role::Admin => &[Kind::UnreadMessage],
        }
    }
}

/// How a user wants a kind by e-mail (in the app it is always shown).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(
    feature = "openapi",
    schema(rename_all = "snake_case", description = "How a kind of notification is e-mailed.")
)]
pub enum EmailChoice {
    Off,
    Immediate,
    /// Collected into one e-mail a day (new requests only).
    Digest,
}

impl EmailChoice {
    /// When a user has not chosen: every kind is e-mailed at once.
    pub const DEFAULT: EmailChoice = EmailChoice::Immediate;

    pub fn as_str(self) -> &'static str {
        match self {
            EmailChoice::Off => "off",
            EmailChoice::Immediate => "immediate",
            EmailChoice::Digest => "digest",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        [EmailChoice::Off, EmailChoice::Immediate, EmailChoice::Digest].into_iter().find(|c| c.as_str() == raw)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_only_new_requests_offer_a_digest() {
        for kind in Kind::ALL {
            assert_eq!(Kind::parse(kind.as_str()), Some(kind));
            assert_eq!(kind.choices().contains(&EmailChoice::Digest), kind == Kind::NewRequest);
            assert!(kind.choices().contains(&EmailChoice::DEFAULT));
        }
        for role in [Role::Parent, Role::Tutor, Role::Admin] {
            assert!(Kind::for_role(role).contains(&Kind::UnreadMessage));
        }
        assert_eq!(Kind::parse("nope"), None);
        assert_eq!(EmailChoice::parse("digest"), Some(EmailChoice::Digest));
        assert_eq!(EmailChoice::parse("Digest"), None);
    }
}
