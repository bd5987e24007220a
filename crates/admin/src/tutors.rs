//! Tutors' standing set by admins: featuring, an award of the site's (shown as "Featured by
//! HomeTutor"). Whether a tutor is verified is an admin's decision on their documents
//! (crates/profiles' `verification`, decided through `crate::verification`), never a switch.

use hometutor_accounts::{self as accounts, Changes, User};
use hometutor_core::{Role, UserId};

use crate::{audit, Actor, AdminError, AdminService};

impl AdminService {
    pub fn set_tutor_featured(&self, actor: &Actor, id: i64, featured: bool) -> Result<User, AdminError> {
        let changes = Changes { featured: Some(featured), ..Changes::default() };
        self.change_tutor(actor, id, "tutor.feature", featured.to_string(), &changes)
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
