use hometutor_core::Message;
use hometutor_db::DbError;

/// What went wrong talking to the payment provider.
#[derive(Debug, thiserror::Error)]
pub enum ProviderError {
    #[error("the payment provider did not answer in time")]
    Timeout,
    #[error("the payment provider is unreachable: {0}")]
    Unreachable(String),
    #[error("the payment provider refused the request ({status}): {message}")]
    Rejected { status: u16, message: String },
    #[error("the payment provider answered with something unexpected: {0}")]
    Malformed(String),
}

#[derive(Debug, thiserror::Error)]
pub enum PaymentError {
    #[error("Only tutors can subscribe. Please log in as a tutor.")]
    NotATutor,
    #[error("Order not found.")]
    OrderNotFound,
    #[error("Payment not completed yet. If you were charged, your subscription will be activated automatically within a few minutes.")]
    NotPaid,
    #[error("This payment was cancelled or has expired. Please try again.")]
    Closed,
    #[error("The payment did not match this order. Please contact support.")]
    Mismatch,
    #[error("Payment setup failed: the payment provider could not be reached. Please try again later.")]
    Provider(#[source] ProviderError),
    #[error("Invalid webhook signature.")]
    BadSignature,
    #[error("Simulated payments are switched off on this server.")]
    SimulationDisabled,
    #[error(transparent)]
    Db(#[from] DbError),
    #[error("internal error: {0}")]
    Internal(String),
}

impl From<diesel::result::Error> for PaymentError {
    fn from(e: diesel::result::Error) -> Self {
        PaymentError::Db(DbError::Query(e))
    }
}

impl PaymentError {
    /// The catalogue message of this error (its Display is the English, for logs); `None` for
    /// failures a person is not shown as they are.
    pub fn text(&self) -> Option<Message> {
        let id = match self {
            PaymentError::SimulationDisabled | PaymentError::Db(_) | PaymentError::Internal(_) => return None,
            PaymentError::NotATutor => "error-subscribe-tutors-only",
            PaymentError::OrderNotFound => "error-order-not-found",
            PaymentError::NotPaid => "error-payment-not-completed",
            PaymentError::Closed => "error-payment-closed",
            PaymentError::Mismatch => "error-payment-mismatch",
            PaymentError::Provider(_) => "error-payment-provider",
            PaymentError::BadSignature => "error-bad-signature",
        };
        Some(Message::new(id))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hometutor_core::Language;

    /// The catalogue's English is the Display, word for word.
    #[test]
    fn every_message_renders_as_its_display_in_english() {
        use PaymentError as E;
        for e in [
            E::NotATutor,
            E::OrderNotFound,
            E::NotPaid,
            E::Closed,
            E::Mismatch,
            E::Provider(ProviderError::Timeout),
            E::BadSignature,
        ] {
            assert_eq!(e.text().map(|t| t.render(Language::En)), Some(e.to_string()));
        }
    }
}
