//! Admins' side of tutors' verification (crates/profiles' `verification` owns the rules and
//! the tables): the queue, decisions, and looking at a document. Each decision and each look
//! at a document is written to the audit log in the same transaction, so nobody reads a
//! tutor's ID without a trace.

use hometutor_profiles::verification::{self as v, Decision, Document, QueueItem, Submission, VerificationError};

use crate::{audit, Actor, AdminService};

/// The queue shows at most this many submissions at once.
pub const QUEUE_PAGE: i64 = 100;

impl AdminService {
    /// Submissions in review, the longest waiting first.
    #[tracing::instrument(skip_all)]
    pub fn verification_queue(&self) -> Result<Vec<QueueItem>, VerificationError> {
        self.db.read(|c| Ok(v::queue(c, QUEUE_PAGE)?))
    }

    /// Approves or rejects submission `id`; exactly one of several admins deciding at once wins
    /// (the others get [`VerificationError::AlreadyDecided`]). The tutor is told once committed.
    #[tracing::instrument(skip_all, fields(id = id))]
    pub fn decide_verification(
        &self,
        actor: &Actor,
        id: i64,
        decision: &Decision,
    ) -> Result<Submission, VerificationError> {
        let (decided, told) = self.db.write(|c| {
            let (decided, told) = v::decide(c, &self.notifier, actor.id, id, decision)?;
            let details = match decision {
                Decision::Approve(checks) => format!(
                    "approved: id={} qualification={} police={}",
                    checks.id, checks.qualification, checks.police
                ),
                Decision::Reject { reason, text } => format!("rejected: {} {}", reason.as_str(), text.trim()),
            };
            audit::record(c, actor, "verification.decide", format!("user {}", decided.tutor_id), details)?;
            Ok::<_, VerificationError>((decided, told))
        })?;
        self.notifier.announce(&told.into_iter().collect::<Vec<_>>());
        Ok(decided)
    }

    /// Document `id` for an admin to look at, the look written to the audit log first.
    #[tracing::instrument(skip_all, fields(id = id))]
    pub fn view_verification_document(&self, actor: &Actor, id: i64) -> Result<Document, VerificationError> {
        self.db.write(|c| {
            let (tutor, doc) = v::document_for(c, actor.id, hometutor_core::Role::Admin, id)?;
            let details = format!("{} document {} ({})", doc.slot, doc.id, doc.original_name);
            audit::record(c, actor, "verification.view_document", format!("user {tutor}"), details)?;
            Ok(doc)
        })
    }
}
