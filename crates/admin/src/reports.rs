//! A person reports a profile, a request, a message or a tutor interested in their request.
//! Who the report is about is read here, from the target, never taken from the reporter; a
//! person may only report a message of their own conversation and a tutor interested in their
//! own request. The report itself is the moderation crate's row.

use hometutor_accounts as accounts;
use hometutor_core::{FieldError, Message, UserId};
use hometutor_db::DbConnection;
use hometutor_messaging::moderation as chat;
use hometutor_moderation::reports::{self, MAX_DETAILS_CHARS};
use hometutor_moderation::{NewReport, Reason, ReportError, TargetKind};
use hometutor_tuition::request_facts;

use crate::{AdminError, AdminService};

/// What a reporter sends.
#[derive(Debug, Clone)]
pub struct ReportInput {
    pub kind: TargetKind,
    pub target_id: i64,
    /// For an interested tutor: the reporter's request the tutor is interested in.
    pub request_id: Option<i64>,
    pub reason: Reason,
    pub details: String,
}

impl AdminService {
    /// Files the report; a second report of the same target by the same person is refused (409).
    #[tracing::instrument(skip_all, fields(reporter = reporter.0))]
    pub fn file_report(&self, reporter: UserId, input: ReportInput) -> Result<i64, AdminError> {
        let details = input.details.trim().to_string();
        if details.chars().count() > MAX_DETAILS_CHARS {
            return Err(FieldError::text("details", Message::new("validation-report-details-too-long")).into());
        }
        if input.reason == Reason::Other && details.is_empty() {
            return Err(FieldError::text("details", Message::new("validation-report-details-required")).into());
        }
        self.db.write(|c| {
            let (reported, request_id) = reported_by(c, reporter, &input)?;
            if reported == reporter {
                return Err(AdminError::Refused(Message::new("error-report-yourself")));
            }
            let new = NewReport {
                reporter,
                kind: input.kind,
                target_id: input.target_id,
                reported,
                request_id,
                reason: input.reason,
                details: details.clone(),
            };
            reports::file(c, &new).map_err(|e| match e {
                ReportError::AlreadyReported => AdminError::Refused(Message::new("error-report-repeated")),
                ReportError::Query(e) => e.into(),
            })
        })
    }
}

/// The account a report is about and the request it concerns, if the reporter may report it.
fn reported_by(
    c: &mut DbConnection,
    reporter: UserId,
    input: &ReportInput,
) -> Result<(UserId, Option<i64>), AdminError> {
    let not_found = |what| AdminError::NotFound(what);
    match input.kind {
        TargetKind::Profile => {
            let user = UserId(input.target_id);
            if !accounts::exists(c, user)? {
                return Err(not_found("User"));
            }
            Ok((user, None))
        }
        TargetKind::Request => {
            let facts = request_facts(c, &[input.target_id])?;
            let facts = facts.get(&input.target_id).ok_or(not_found("Request"))?;
            Ok((facts.parent, Some(input.target_id)))
        }
        TargetKind::Message => {
            let parties = chat::parties(c, input.target_id)?.ok_or(not_found("Message"))?;
            // Only the people of the conversation have read it; the reporter reports the other one.
            if parties.recipient != reporter && parties.sender != reporter {
                return Err(not_found("Message"));
            }
            let other = if parties.sender == reporter { parties.recipient } else { parties.sender };
            Ok((other, parties.request_id))
        }
        TargetKind::Interest => {
            let request = input.request_id.ok_or(not_found("Request"))?;
            let facts = request_facts(c, &[request])?;
            if facts.get(&request).map(|f| f.parent) != Some(reporter) {
                return Err(not_found("Request"));
            }
            let tutor = UserId(input.target_id);
            if !accounts::exists(c, tutor)? {
                return Err(not_found("Tutor"));
            }
            Ok((tutor, Some(request)))
        }
    }
}
