//! Tutors' standing, set by admins and shown on their public profile.

use hometutor_accounts::{self as accounts, Changes, User};
use hometutor_core::{FieldError, Role, UserId};

use crate::{audit, Actor, AdminError, AdminService};

/// A tutor shows at most this many badges, of at most [`MAX_BADGE_CHARS`] characters each.
pub const MAX_BADGES: usize = 10;
pub const MAX_BADGE_CHARS: usize = 40;

impl AdminService {
    #[tracing::instrument(skip_all, fields(id = id))]
    pub fn set_tutor_approved(&self, actor: &Actor, id: i64, approved: bool) -> Result<User, AdminError> {
        let changes = Changes { approved: Some(approved), ..Changes::default() };
        self.change_tutor(actor, id, "tutor.approve", approved.to_string(), &changes)
    }

    pub fn set_tutor_featured(&self, actor: &Actor, id: i64, featured: bool) -> Result<User, AdminError> {
        let changes = Changes { featured: Some(featured), ..Changes::default() };
        self.change_tutor(actor, id, "tutor.feature", featured.to_string(), &changes)
    }

    /// Replaces the tutor's badges. Counted and measured as sent (so the documented `maxItems`
    /// and `maxLength` are the whole rule), then trimmed, empty ones dropped, duplicates once.
    #[tracing::instrument(skip_all, fields(id = id))]
    pub fn set_tutor_badges(&self, actor: &Actor, id: i64, badges: &[String]) -> Result<User, AdminError> {
        if badges.len() > MAX_BADGES {
            return Err(FieldError::new("badges", format!("At most {MAX_BADGES} badges.")).into());
        }
        if badges.iter().any(|b| b.chars().count() > MAX_BADGE_CHARS) {
            let message = format!("A badge must be at most {MAX_BADGE_CHARS} characters.");
            return Err(FieldError::new("badges", message).into());
        }
        let mut clean: Vec<String> = Vec::new();
        for badge in badges.iter().map(|b| b.trim()).filter(|b| !b.is_empty()) {
            if !clean.iter().any(|b| b == badge) {
                clean.push(badge.to_string());
            }
        }
        let json = serde_json::to_string(&clean).unwrap_or_else(|_| "[]".into());
        let changes = Changes { badges: Some(&clean), ..Changes::default() };
        self.change_tutor(actor, id, "tutor.badges", json, &changes)
    }

    fn change_tutor(
        &self,
        actor: &Actor,
        id: i64,
        action: &str,
        details: String,
        changes: &Changes<'_>,
    ) -> Result<User, AdminError> {
        self.db.write(|c| {
            if accounts::role_of(c, UserId(id))? != Some(Role::Tutor) {
                return Err(AdminError::NotFound("Tutor"));
            }
            accounts::update(c, UserId(id), changes)?;
            audit::record(c, actor, action, format!("user {id}"), details)?;
            crate::users::existing(c, id)
        })
    }
}
