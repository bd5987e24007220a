//! After a confirmed demo has started, each side says whether it took place and whether they
//! will continue. One answer per side, which it may correct for 48 hours after first giving it
//! (then `OutcomeLocked`). A no-show report is the same answer, `happened = false`, with the
//! booking marking who reported it; a later "it did take place" from that side withdraws it.
//!
//! When the parent says they continue and the tutor has not said they will not, and the booking
//! was made for one of the parent's requests, the tutor is assigned to that request and it
//! closes (tuition's `choose_after_demo`): every other interested tutor is told, and the chosen
//! tutor too. Everything happens in one transaction under the tutor's row lock, like every
//! change to a booking, so answers racing (parent and tutor, or one side twice) assign exactly
//! once. A booking without a request only records the answers. An assignment stands once made:
//! a later correction is recorded beside it, and the parent may reopen the request as any closed one.

use hometutor_core::{Message, UserId};
use hometutor_db::{now, DbConnection};
use hometutor_notifications::{Arg, Kind, Notice, Notification, Notifier};

use super::outcome_store::{self, AnswerRow};
use super::store::{self, Change, Row};
use super::{rules, shown_to, Booking, Bookings, Side, Status};
use crate::SchedulingError;

/// A side's answer as sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutcomeInput {
    pub happened: bool,
    pub continues: Option<bool>,
    pub note: Option<String>,
}

impl Bookings {
    /// The caller's answer on booking `id` (not theirs: not found).
    #[tracing::instrument(skip_all)]
    pub fn answer_outcome(&self, me: UserId, id: i64, input: &OutcomeInput) -> Result<Booking, SchedulingError> {
        if !input.happened && input.continues.is_some() {
            return Err(SchedulingError::field("continue", Message::new("validation-outcome-continue")));
        }
        let note = rules::check_text("note", "Note", input.note.as_deref(), rules::MAX_REASON_CHARS, false)?;
        let mut told: Vec<Notification> = Vec::new();
        let notifier = self.notifier.clone();
        let (booking, _) = self.apply(me, id, |c, row, side| {
            let at = now();
            record(c, row, side, (input.happened, input.continues, note), at)?;
            told = follow_up(c, &notifier, row, at)?;
            // A side who said it took place withdraws their own no-show report.
            let withdrawn = input.happened && row.no_show_by.as_deref() == Some(side.as_str());
            let change = Change {
                no_show_by: withdrawn.then_some(None),
                updated_at: Some(at),
                ..Change::default()
            };
            Ok((change, false, None))
        })?;
        self.notifier.announce(&told);
        Ok(booking)
    }

}

/// Whether a demo between `parent` and `tutor` took place: one side said so and neither said
/// it did not (what opens a parent's review of the tutor).
pub fn took_place(c: &mut DbConnection, parent: UserId, tutor: UserId) -> diesel::QueryResult<bool> {
    let ids = store::between(c, parent, tutor)?;
    Ok(outcome_store::outcomes(c, &ids)?.values().any(|o| o.took_place))
}

/// Checks and writes `side`'s answer `(happened, continues, note)` on `row`, read under the
/// tutor's lock: a confirmed booking that has started, and a first answer or a correction
/// within its 48 hours.
pub(super) fn record(
    c: &mut DbConnection,
    row: &Row,
    side: Side,
    answer: (bool, Option<bool>, Option<String>),
    at: chrono::NaiveDateTime,
) -> Result<(), SchedulingError> {
    if row.status() != Status::Confirmed {
        return Err(SchedulingError::BookingClosed);
    }
    if row.starts_at.is_none_or(|start| at < start) {
        return Err(SchedulingError::OutcomeTooSoon);
    }
    if let Some(given) = outcome_store::answer_of(c, row.id, side)? {
        if at > given.correctable_until() {
            return Err(SchedulingError::OutcomeLocked);
        }
    }
    outcome_store::save(c, row.id, side, answer.0, answer.1, answer.2, at)?;
    Ok(())
}

/// Assigns the tutor when the answers now say so and nothing was assigned yet; the notices.
fn follow_up(
    c: &mut DbConnection,
    notifier: &Notifier,
    row: &Row,
    at: chrono::NaiveDateTime,
) -> Result<Vec<Notification>, SchedulingError> {
    let Some(request) = row.request_id else { return Ok(Vec::new()) };
    let parent = outcome_store::answer_of(c, row.id, Side::Parent)?;
    let tutor = outcome_store::answer_of(c, row.id, Side::Tutor)?;
    let continues = |a: &Option<AnswerRow>| a.as_ref().and_then(|a| a.continues);
    if continues(&parent) != Some(true) || continues(&tutor) == Some(false) {
        return Ok(Vec::new());
    }
    if outcome_store::assignment(c, row.id)?.is_some() {
        return Ok(Vec::new());
    }
    let (parent_id, tutor_id) = (UserId(row.parent_id), UserId(row.tutor_id));
    let Some(chosen) = hometutor_tuition::demo_choice::choose_after_demo(c, notifier, parent_id, request, tutor_id)?
    else {
        return Ok(Vec::new());
    };
    outcome_store::assign(c, row.id, request, at)?;
    let name = shown_to(c, tutor_id, parent_id)?;
    let notice = Notice {
        user: tutor_id,
        kind: Kind::Booking,
        title: Message::new("notice-booking-chosen-title")
            .arg("classLevel", Arg::class(chosen.class.0.as_deref(), &chosen.class.1))
            .arg("subject", Arg::subject(chosen.subject.0.as_deref(), &chosen.subject.1)),
        body: Message::new("notice-booking-chosen-body").arg("name", name),
        link: Some(format!("/messages?with={}", row.parent_id)),
        data: serde_json::json!({ "bookingId": row.id, "event": "chosen", "requestId": request }),
        dedupe_key: Some(format!("booking_chosen:{}", row.id)),
    };
    let mut told = chosen.told;
    told.extend(notifier.notify(c, &notice)?);
    Ok(told)
}
