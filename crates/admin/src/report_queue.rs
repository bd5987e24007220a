//! The admins' report queue: open reports oldest first, each with what an admin needs to judge
//! it (the thread around a message, the request, earlier reports about the same account), and
//! the decision: dismiss, warn, remove the content, suspend or ban. Every reporter of the target
//! is told the outcome and a warned person is told of the warning, in their language, in the
//! same transaction as the decision. Suspending or banning deactivates the account and ends its
//! sessions; the caller closes its sockets on every process (the chat hub is the server's).

use chrono::NaiveDateTime;
use hometutor_accounts as accounts;
use hometutor_core::{Role, UserId};
use hometutor_db::DbConnection;
use hometutor_messaging::moderation as chat;
use hometutor_messaging::Message as ChatMessage;
use hometutor_moderation::reports;
use hometutor_moderation::{Outcome, Report, TargetKind};
use hometutor_notifications::{Kind, Message, Notice};
use hometutor_tuition::moderation::{self as requests, ModeratedRequest};

use crate::{audit, Actor, AdminError, AdminService};

/// Open reports shown at once; the rest wait their turn (oldest first).
pub const REPORT_QUEUE_PAGE: i64 = 50;

/// A report with its context, as the queue shows it.
#[derive(Debug, Clone)]
pub struct QueuedReport {
    pub report: Report,
    pub reporter_name: String,
    pub reported_name: String,
    pub reported_email: String,
    pub reported_role: Option<Role>,
    pub reported_active: bool,
    /// For a message: the messages around it, the reported one among them.
    pub thread: Vec<ChatMessage>,
    /// For a request, or the request an interested tutor was reported from.
    pub request: Option<ModeratedRequest>,
    /// Other reports about the same account, newest first (decided or not).
    pub earlier: Vec<Report>,
}

/// What became of a decision: the account whose sockets the caller must close, if suspended or banned.
#[derive(Debug, Clone, PartialEq)]
pub struct Decided {
    pub reports: usize,
    pub ended_sessions_of: Option<UserId>,
}

/// The open reports' count and the oldest one's filing time (the dashboard and the metrics).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OpenReports {
    pub count: i64,
    pub oldest: Option<NaiveDateTime>,
}

impl AdminService {
    /// Open reports, oldest first, each in its context.
    #[tracing::instrument(skip_all)]
    pub fn report_queue(&self) -> Result<Vec<QueuedReport>, AdminError> {
        self.db.read(|c| {
            let open = reports::open(c, REPORT_QUEUE_PAGE)?;
            open.into_iter().map(|report| in_context(c, report)).collect()
        })
    }

    pub fn open_reports(&self) -> Result<OpenReports, AdminError> {
        self.db.read(|c| {
            let (count, oldest) = reports::open_summary(c)?;
            Ok(OpenReports { count, oldest })
        })
    }

    /// Decides the report (and every other open report on the same target) with `outcome`.
    #[tracing::instrument(skip_all, fields(id = id))]
    pub fn decide_report(&self, actor: &Actor, id: i64, outcome: Outcome) -> Result<Decided, AdminError> {
        let (decided, told) = self.db.write(|c| {
            let report = reports::find(c, id)?.ok_or(AdminError::NotFound("Report"))?;
            if report.decided_at.is_some() {
                return Err(AdminError::Refused(Message::new("error-report-decided")));
            }
            let ended = act(c, actor, &report, outcome)?;
            let decided = reports::decide(c, id, outcome, actor.id)?;
            audit::record(c, actor, &format!("report.{}", outcome.as_str()), format!("report {id}"), target(&report))?;
            let mut told = Vec::new();
            for r in &decided {
                told.extend(self.notifier.notify(c, &outcome_notice(r, outcome))?);
            }
            if outcome == Outcome::Warned {
                told.extend(self.notifier.notify(c, &warning_notice(&report))?);
            }
            Ok((Decided { reports: decided.len(), ended_sessions_of: ended }, told))
        })?;
        self.notifier.announce(&told);
        Ok(decided)
    }
}

fn target(report: &Report) -> String {
    format!("{} {} (user {})", report.kind.as_str(), report.target_id, report.reported.0)
}

/// Does what the outcome means to the reported account or content; answers the account whose
/// sessions ended.
fn act(c: &mut DbConnection, actor: &Actor, report: &Report, outcome: Outcome) -> Result<Option<UserId>, AdminError> {
    match outcome {
        Outcome::Dismissed | Outcome::Warned => Ok(None),
        Outcome::Removed => {
            let removed = match report.kind {
                TargetKind::Message => chat::remove(c, report.target_id)?,
                TargetKind::Request => {
                    requests::flag(c, report.target_id, true, Some(report.reason.as_str()))?.is_some()
                }
                // A profile or an interest is the person: warn, suspend or ban them instead.
                TargetKind::Profile | TargetKind::Interest => {
                    return Err(AdminError::Refused(Message::new("error-report-nothing-to-remove")))
                }
            };
            if !removed {
                return Err(AdminError::Refused(Message::new("error-report-nothing-to-remove")));
            }
            Ok(None)
        }
        Outcome::Suspended | Outcome::Banned => {
            let user = report.reported;
            if user == actor.id || accounts::role_of(c, user)? == Some(Role::Admin) {
                return Err(AdminError::Refused(Message::new("error-report-admin")));
            }
            accounts::set_active(c, &[user.0], false)?;
            accounts::end_sessions(c, &[user.0])?;
            Ok(Some(user))
        }
    }
}

fn in_context(c: &mut DbConnection, report: Report) -> Result<QueuedReport, AdminError> {
    let people = accounts::people(c, &[report.reporter.0, report.reported.0])?;
    let reporter_name = people.get(&report.reporter).map(|p| p.fullname.clone()).unwrap_or_default();
    let reported = people.get(&report.reported);
    let thread =
        if report.kind == TargetKind::Message { chat::thread_around(c, report.target_id)? } else { Vec::new() };
    let request = match report.request_id {
        Some(id) => requests::one(c, id)?,
        None => None,
    };
    let earlier = reports::about(c, report.reported)?.into_iter().filter(|r| r.id != report.id).collect();
    Ok(QueuedReport {
        reporter_name,
        reported_name: reported.map(|p| p.fullname.clone()).unwrap_or_default(),
        reported_email: reported.map(|p| p.email.clone()).unwrap_or_default(),
        reported_role: reported.map(|p| p.role),
        reported_active: reported.is_some_and(|p| p.active),
        thread,
        request,
        earlier,
        report,
    })
}

/// What a reporter is told: the outcome, in their language (catalogue `notice-report-*`).
fn outcome_notice(report: &Report, outcome: Outcome) -> Notice {
    Notice {
        user: report.reporter,
        kind: Kind::Moderation,
        title: Message::new("notice-report-decided-title"),
        body: Message::new(match outcome {
            Outcome::Dismissed => "notice-report-dismissed",
            Outcome::Warned => "notice-report-warned",
            Outcome::Removed => "notice-report-removed",
            Outcome::Suspended => "notice-report-suspended",
            Outcome::Banned => "notice-report-banned",
        }),
        link: None,
        data: serde_json::json!({ "reportId": report.id, "outcome": outcome.as_str() }),
        dedupe_key: Some(format!("report_decided:{}", report.id)),
    }
}

/// What a warned person is told: that a report about them was upheld, and why.
fn warning_notice(report: &Report) -> Notice {
    Notice {
        user: report.reported,
        kind: Kind::Moderation,
        title: Message::new("notice-warning-title"),
        body: Message::new(match report.reason {
            hometutor_moderation::Reason::MoneyUpfront => "notice-warning-money_upfront",
            hometutor_moderation::Reason::Spam => "notice-warning-spam",
            hometutor_moderation::Reason::Harassment => "notice-warning-harassment",
            hometutor_moderation::Reason::FakeProfile => "notice-warning-fake_profile",
            hometutor_moderation::Reason::Unsafe => "notice-warning-unsafe",
            hometutor_moderation::Reason::Other => "notice-warning-other",
        }),
        link: None,
        data: serde_json::json!({ "reportId": report.id, "reason": report.reason.as_str() }),
        dedupe_key: Some(format!("warning:{}", report.id)),
    }
}
