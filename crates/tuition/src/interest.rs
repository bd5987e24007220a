//! A tutor says they are interested in an open request, and so learns its parent's contacts.

use diesel::prelude::*;
use hometutor_accounts as accounts;
use hometutor_core::{Role, UserId};
use hometutor_db::now;
use hometutor_db::schema::{tuition_interests as ti, tuition_requests as tr};
use hometutor_notifications::{Arg, Kind, Message, Notice};

use crate::model::ParentContact;
use crate::open::Openness;
use crate::service::{contact_of, require_subscription};
use crate::{TuitionError, TuitionService};

impl TuitionService {
    /// Records a subscribed tutor's interest and answers the parent's contacts (`None` when
    /// the parent stopped sharing them with this tutor): the one way a tutor learns them, so
    /// every reveal is on record and the parent sees who it was. Saying it again about the
    /// same request answers the contacts again and is not counted again; new interests and
    /// first messages to parents together are limited to
    /// [`crate::first_contacts::MAX_FIRST_CONTACTS_PER_DAY`] in any 24 hours.
    #[tracing::instrument(skip_all, fields(tutor = tutor.0, id = id))]
    pub fn express_interest(&self, tutor: UserId, role: Role, id: i64) -> Result<Option<ParentContact>, TuitionError> {
        if role != Role::Tutor {
            return Err(TuitionError::NotATutor);
        }
        let (contact, told) = self.db.write(|c| {
            // Holds the tutor's row until the transaction ends, so two requests by one tutor
            // cannot both pass the daily limit and both write.
            accounts::lock(c, tutor)?;
            require_subscription(c, tutor)?;
            let found: Option<(i64, String, Option<String>, Openness)> = tr::table
                .find(id)
                .select((tr::parent_id, tr::subject, tr::subject_id, Openness::as_select()))
                .first(c)
                .optional()?;
            let (parent, subject, subject_id, openness) = found.ok_or(TuitionError::NotFound)?;
            if !openness.open_to_tutors() {
                return Err(if openness.hidden() { TuitionError::NotFound } else { TuitionError::Closed });
            }
            // A parent who blocked the tutor is not shown to them: as if the request did not exist.
            if hometutor_moderation::blocks::is_blocked(c, UserId(parent), tutor)? {
                return Err(TuitionError::NotFound);
            }
            let contact = accounts::people(c, &[parent])?
                .remove(&UserId(parent))
                .map(contact_of)
                .ok_or(TuitionError::NotFound)?;
            // A parent who stopped sharing with this tutor stays hidden, whichever request it is.
            let contact = if crate::contacts::withheld_from(c, UserId(parent), &[tutor.0])?.is_empty() {
                Some(contact)
            } else {
                None
            };
            let already: i64 =
                ti::table.filter(ti::request_id.eq(id).and(ti::tutor_id.eq(tutor.0))).count().get_result(c)?;
            if already > 0 {
                return Ok((contact, None));
            }
            let at = now();
            // Interests and first messages share one cap (first_contacts.rs).
            if crate::first_contacts::left_today(c, tutor, at)? == 0 {
                return Err(TuitionError::InterestLimit);
            }
            diesel::insert_into(ti::table)
                .values((ti::request_id.eq(id), ti::tutor_id.eq(tutor.0), ti::created_at.eq(at)))
                .execute(c)?;
            let tutor_name = accounts::names(c, &[tutor.0])?.remove(&tutor).unwrap_or_default();
            let told = self.notifier.notify(
                c,
                &interest_notice(UserId(parent), id, (subject_id.as_deref(), &subject), tutor, &tutor_name),
            )?;
            Ok((contact, told))
        })?;
        self.notifier.announce(told.as_slice());
        Ok(contact)
    }
}

/// What a parent is told when a tutor says they are interested in one of their requests.
/// `subject`: the request's stored subject id and words.
fn interest_notice(
    parent: UserId,
    request: i64,
    subject: (Option<&str>, &str),
    tutor: UserId,
    tutor_name: &str,
) -> Notice {
    Notice {
        user: parent,
        kind: Kind::TutorInterested,
        title: Message::new("notice-interested-title")
            .arg("tutorName", tutor_name)
            .arg("subject", Arg::subject(subject.0, subject.1)),
        body: Message::new("notice-interested-body").arg("tutorName", tutor_name),
        link: Some(format!("/tutor/{}", tutor.0)),
        data: serde_json::json!({
            "requestId": request,
            "tutorId": tutor.0,
            "tutorName": tutor_name,
            "chatLink": format!("/messages?with={}", tutor.0),
        }),
        dedupe_key: Some(format!("tutor_interested:{request}:{}", tutor.0)),
    }
}
