//! Tutors' standing, set by admins and shown on their public profile.

use diesel::prelude::*;
use hometutor_core::{FieldError, Role};
use hometutor_db::now;
use hometutor_db::schema::users;

use crate::{audit, Actor, AdminError, AdminService, AdminUser};

/// A tutor shows at most this many badges, of at most [`MAX_BADGE_CHARS`] characters each.
pub const MAX_BADGES: usize = 10;
pub const MAX_BADGE_CHARS: usize = 40;

impl AdminService {
    pub fn set_tutor_approved(&self, actor: &Actor, id: i64, approved: bool) -> Result<AdminUser, AdminError> {
        self.change_tutor(actor, id, "tutor.approve", approved.to_string(), |c| {
            diesel::update(users::table.find(id))
                .set((users::approved.eq(approved), users::updated_at.eq(now())))
                .execute(c)
        })
    }

    pub fn set_tutor_featured(&self, actor: &Actor, id: i64, featured: bool) -> Result<AdminUser, AdminError> {
        self.change_tutor(actor, id, "tutor.feature", featured.to_string(), |c| {
            diesel::update(users::table.find(id))
                .set((users::featured.eq(featured), users::updated_at.eq(now())))
                .execute(c)
        })
    }

    /// Replaces the tutor's badges: trimmed, empty ones dropped, duplicates once.
    pub fn set_tutor_badges(&self, actor: &Actor, id: i64, badges: &[String]) -> Result<AdminUser, AdminError> {
        let mut clean: Vec<String> = Vec::new();
        for badge in badges.iter().map(|b| b.trim()).filter(|b| !b.is_empty()) {
            if badge.chars().count() > MAX_BADGE_CHARS {
                return Err(FieldError::new(
                    "badges",
                    format!("A badge must be at most {MAX_BADGE_CHARS} characters."),
                )
                .into());
            }
            if !clean.iter().any(|b| b == badge) {
                clean.push(badge.to_string());
            }
        }
        if clean.len() > MAX_BADGES {
            return Err(FieldError::new("badges", format!("At most {MAX_BADGES} badges.")).into());
        }
        let json = serde_json::to_string(&clean).unwrap_or_else(|_| "[]".into());
        self.change_tutor(actor, id, "tutor.badges", json.clone(), |c| {
            diesel::update(users::table.find(id)).set((users::badges.eq(&json), users::updated_at.eq(now()))).execute(c)
        })
    }

    fn change_tutor(
        &self,
        actor: &Actor,
        id: i64,
        action: &str,
        details: String,
        change: impl FnOnce(&mut hometutor_db::DbConnection) -> QueryResult<usize>,
    ) -> Result<AdminUser, AdminError> {
        self.db.write(|c| {
            let role: Option<String> = users::table.find(id).select(users::role).first(c).optional()?;
            if role.as_deref() != Some(Role::Tutor.as_str()) {
                return Err(AdminError::NotFound("Tutor"));
            }
            change(c)?;
            audit::record(c, actor, action, format!("user {id}"), details)?;
            Ok(users::table.find(id).select(AdminUser::as_select()).first(c)?)
        })
    }
}
