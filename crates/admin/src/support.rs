//! Support tickets: the Contact page's form creates one; admins read them.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use hometutor_core::{Email, FieldError};
use hometutor_db::now;
use hometutor_db::schema::support_tickets as st;

use crate::error::text;
use crate::{AdminError, AdminService};

#[derive(Debug, Clone, Default)]
pub struct NewTicket {
    pub name: String,
    pub email: String,
    pub subject: String,
    pub message: String,
}

// Also what the admin's list of tickets answers with.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = SupportTicketDto))]
#[serde(rename_all = "camelCase")]
#[diesel(table_name = st)]
pub struct SupportTicket {
    pub id: i64,
    pub name: String,
    /// The sender's e-mail.
    #[serde(rename = "from")]
    pub email: String,
    pub subject: String,
    #[serde(rename = "text")]
    pub message: String,
    #[serde(serialize_with = "hometutor_core::utc::serialize")]
    pub created_at: NaiveDateTime,
}

/// The Contact form's fields: at most this many characters once trimmed.
pub const MAX_TICKET_NAME_CHARS: usize = 100;
pub const MAX_TICKET_SUBJECT_CHARS: usize = 200;
pub const MAX_TICKET_MESSAGE_CHARS: usize = 5000;

impl AdminService {
    /// Validates every field, reporting all problems at once, and stores the ticket.
    #[tracing::instrument(skip_all)]
    pub fn submit_ticket(&self, new: &NewTicket) -> Result<SupportTicket, AdminError> {
        let mut errors: Vec<FieldError> = Vec::new();
        let name = text("name", &new.name, true, MAX_TICKET_NAME_CHARS).map_err(|e| errors.push(e)).ok();
        let email = Email::parse(&new.email).map_err(|e| errors.push(e)).ok();
        let subject = text("subject", &new.subject, true, MAX_TICKET_SUBJECT_CHARS).map_err(|e| errors.push(e)).ok();
        let message = text("message", &new.message, true, MAX_TICKET_MESSAGE_CHARS).map_err(|e| errors.push(e)).ok();
        let (Some(name), Some(email), Some(subject), Some(message)) = (name, email, subject, message) else {
            return Err(AdminError::Validation(errors));
        };
        self.db.write(|c| {
            let id: i64 = diesel::insert_into(st::table)
                .values((
                    st::name.eq(&name),
                    st::email.eq(email.as_str()),
                    st::subject.eq(&subject),
                    st::message.eq(&message),
                    st::created_at.eq(now()),
                ))
                .returning(st::id)
                .get_result(c)?;
            Ok(st::table.find(id).select(SupportTicket::as_select()).first(c)?)
        })
    }

    /// Newest first.
    #[tracing::instrument(skip_all, fields(limit = limit))]
    pub fn tickets(&self, limit: i64) -> Result<Vec<SupportTicket>, AdminError> {
        self.db.read(|c| {
            Ok(st::table.order(st::id.desc()).limit(limit.clamp(1, 500)).select(SupportTicket::as_select()).load(c)?)
        })
    }
}
