//! E-mails the mail worker gave up on, for the admin panel (the outbox itself
//! belongs to crates/mail).

pub use hometutor_mail::UndeliveredEmail;

use crate::{AdminError, AdminService};

impl AdminService {
    /// Most recently given up first, at most `limit`.
    #[tracing::instrument(skip_all, fields(limit = limit))]
    pub fn undelivered_emails(&self, limit: i64) -> Result<Vec<UndeliveredEmail>, AdminError> {
        self.db.read(|c| Ok(hometutor_mail::undelivered(c, limit.clamp(1, 500))?))
    }
}
