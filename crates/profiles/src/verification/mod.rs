//! Tutors' verification: a tutor submits a government ID, a qualification proof and
//! optionally a police verification certificate; an admin approves with the checks that
//! passed, or rejects with a reason. The badge cards and profiles show is the standing
//! approval: its checks and its date, nothing typed by anyone.
//!
//! This module owns `verification_submissions` and `verification_documents`. The files
//! themselves are private objects of crates/media (`PrivateFile`), recorded only here;
//! who may read one is this module's rule ([`document_for`]). Admin actions (the queue,
//! decisions, viewing a file) go through crates/admin, which writes the audit log in the
//! same transaction. A name change after approval sends the tutor back to review:
//! crates/accounts does that when it changes the name (`accounts::update`), so no path
//! that renames a tutor can keep a badge checked against the old name.

mod decide;
mod model;
mod rules;
mod store;

pub use decide::{decide, Decision, DECIDED_KIND};
pub use model::{
    Badge, Checks, Document, IdKind, NewDocument, NewSubmission, QueueItem, RejectReason, Slot, Status, Submission,
    VerificationError,
};
pub use rules::{check_texts, MAX_NOTE_CHARS, MAX_QUALIFICATION_CHARS};
pub use store::{
    badges, document_for, expire_files, latest_of, queue, referenced_objects, status_of, submit, FILES_KEPT_DAYS,
};
