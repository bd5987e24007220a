//! Testimonials: parents submit them from their dashboard; admins approve
//! them; approved ones show on the landing page.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use hometutor_accounts as accounts;
use hometutor_core::{Message, Role, UserId};
use hometutor_db::now;
use hometutor_db::schema::testimonials as tm;

use crate::error::text;
use crate::{audit, Actor, AdminError, AdminService};

// Also what the API answers with, to the admin and to the parent who wrote it.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = TestimonialDto))]
#[serde(rename_all = "camelCase")]
#[diesel(table_name = tm)]
pub struct Testimonial {
    pub id: i64,
    pub name: String,
    pub text: String,
    pub approved: bool,
    #[serde(serialize_with = "hometutor_core::utc::serialize")]
    pub created_at: NaiveDateTime,
}

/// A testimonial's text: at most this many characters once trimmed.
pub const MAX_TESTIMONIAL_CHARS: usize = 1000;
/// A parent may have this many testimonials waiting for approval at once.
const MAX_PENDING_PER_PARENT: i64 = 3;

impl AdminService {
    /// A parent's testimonial, under their account name, waiting for approval.
    #[tracing::instrument(skip_all, fields(author = author.0))]
    pub fn submit_testimonial(&self, author: UserId, role: Role, message: &str) -> Result<Testimonial, AdminError> {
        if role != Role::Parent {
            return Err(AdminError::NotAParent);
        }
        let message = text("text", message, true, MAX_TESTIMONIAL_CHARS)?;
        self.db.write(|c| {
            let pending: i64 =
                tm::table.filter(tm::author_id.eq(author.0)).filter(tm::approved.eq(false)).count().get_result(c)?;
            if pending >= MAX_PENDING_PER_PARENT {
                return Err(AdminError::Refused(Message::new("error-testimonial-pending")));
            }
            let name = accounts::find(c, author)?.ok_or(diesel::result::Error::NotFound)?.fullname;
            let id: i64 = diesel::insert_into(tm::table)
                .values((
                    tm::author_id.eq(author.0),
                    tm::name.eq(name),
                    tm::text.eq(&message),
                    tm::approved.eq(false),
                    tm::created_at.eq(now()),
                ))
                .returning(tm::id)
                .get_result(c)?;
            Ok(tm::table.find(id).select(Testimonial::as_select()).first(c)?)
        })
    }

    /// Every testimonial, newest first (admins).
    #[tracing::instrument(skip_all)]
    pub fn testimonials(&self) -> Result<Vec<Testimonial>, AdminError> {
        self.db.read(|c| Ok(tm::table.order(tm::id.desc()).select(Testimonial::as_select()).load(c)?))
    }

    /// The approved ones, newest first, for the landing page.
    pub fn approved_testimonials(&self, limit: i64) -> Result<Vec<Testimonial>, AdminError> {
        self.db.read(|c| {
            Ok(tm::table
                .filter(tm::approved.eq(true))
                .order(tm::id.desc())
                .limit(limit)
                .select(Testimonial::as_select())
                .load(c)?)
        })
    }

    #[tracing::instrument(skip_all, fields(id = id))]
    pub fn approve_testimonial(&self, actor: &Actor, id: i64, approved: bool) -> Result<Testimonial, AdminError> {
        self.db.write(|c| {
            let changed = diesel::update(tm::table.find(id)).set(tm::approved.eq(approved)).execute(c)?;
            if changed == 0 {
                return Err(AdminError::NotFound("Testimonial"));
            }
            let action = if approved { "testimonial.approve" } else { "testimonial.unapprove" };
            audit::record(c, actor, action, format!("testimonial {id}"), "")?;
            Ok(tm::table.find(id).select(Testimonial::as_select()).first(c)?)
        })
    }
}
