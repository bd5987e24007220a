//! User management: list with filters and pages, create, update, delete,
//! activate/deactivate (one or in bulk) and reset a password. An admin can never
//! delete or deactivate themself, nor remove the last active admin.

use hometutor_accounts::{self as accounts, Changes, Listing, User};
use hometutor_auth::NewAccount;
use hometutor_core::{single_line, FieldError, Message, Phone, Role, UserId};
use hometutor_db::DbConnection;

use crate::error::text;
use crate::{audit, Actor, AdminError, AdminService};

#[derive(Debug, Clone, Default)]
pub struct UserFilter {
    pub role: Option<Role>,
    pub active: Option<bool>,
    /// Part of the name, e-mail or phone, any case.
    pub search: Option<String>,
    /// From 1.
    pub page: i64,
    pub limit: i64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct UserPage {
    pub users: Vec<User>,
    /// All users matching the filter, on every page.
    pub total: i64,
}

#[derive(Debug, Clone)]
pub struct NewUser {
    pub fullname: String,
    pub email: String,
    pub phone: String,
    pub password: String,
    pub role: Role,
}

/// What an admin may change on an account; `None` leaves a field as it is.
#[derive(Debug, Clone, Default)]
pub struct UserUpdate {
    pub fullname: Option<String>,
    pub phone: Option<String>,
    pub role: Option<Role>,
    pub active: Option<bool>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BulkAction {
    Activate,
    Deactivate,
    Delete,
}

impl BulkAction {
    fn as_str(self) -> &'static str {
        match self {
            Self::Activate => "activate",
            Self::Deactivate => "deactivate",
            Self::Delete => "delete",
        }
    }
}

pub const MAX_PAGE_SIZE: i64 = 100;

fn refuse_self(actor: &Actor, ids: &[i64], verb: &str) -> Result<(), AdminError> {
    if ids.contains(&actor.id.0) {
        return Err(AdminError::Refused(Message::new("error-admin-refused-self").arg("verb", verb)));
    }
    Ok(())
}

/// Refuses a change that takes `ids` out of the active admins (deactivation,
/// deletion or another role) when no active admin would be left.
fn keep_an_admin(conn: &mut DbConnection, ids: &[i64], verb: &str) -> Result<(), AdminError> {
    if accounts::count_active_admins_except(conn, ids)? == 0 {
        return Err(AdminError::Refused(Message::new("error-admin-refused-last").arg("verb", verb)));
    }
    Ok(())
}

pub(crate) fn existing(conn: &mut DbConnection, id: i64) -> Result<User, AdminError> {
    accounts::find(conn, UserId(id))?.ok_or(AdminError::NotFound("User"))
}

impl AdminService {
    #[tracing::instrument(skip_all)]
    pub fn users(&self, filter: &UserFilter) -> Result<UserPage, AdminError> {
        let limit = filter.limit.clamp(1, MAX_PAGE_SIZE);
        let page = filter.page.max(1);
        let listing = Listing {
            role: filter.role,
            active: filter.active,
            search: filter.search.as_deref(),
            limit,
            offset: (page - 1).saturating_mul(limit),
        };
        self.db.read(|c| {
            let (users, total) = accounts::list(c, &listing)?;
            Ok(UserPage { users, total })
        })
    }

    #[tracing::instrument(skip_all, fields(id = id))]
    pub fn user(&self, id: i64) -> Result<User, AdminError> {
        self.db.read(|c| existing(c, id))
    }

    /// Creates a verified account of any role, admins included.
    pub fn create_user(&self, actor: &Actor, new: &NewUser) -> Result<User, AdminError> {
        let role = new.role;
        let phone = Some(new.phone.trim()).filter(|p| !p.is_empty());
        let created = self.auth.create_verified(NewAccount {
            fullname: &new.fullname,
            email: &new.email,
            phone,
            password: &new.password,
            role,
        })?;
        self.db.write(|c| {
            audit::record(
                c,
                actor,
                "user.create",
                format!("user {}", created.id),
                format!("{} as {role}", created.email),
            )?;
            existing(c, created.id.0)
        })
    }

    #[tracing::instrument(skip_all, fields(id = id))]
    pub fn update_user(&self, actor: &Actor, id: i64, update: &UserUpdate) -> Result<User, AdminError> {
        let mut errors = Vec::new();
        let fullname = update
            .fullname
            .as_deref()
            .map(|n| single_line("fullname", "Full name", n).and_then(|n| text("fullname", &n, true, 100)));
        let fullname = fullname.transpose().map_err(|e| errors.push(e)).ok().flatten();
        let phone = match update.phone.as_deref().map(str::trim) {
            Some("") => Some(String::new()),
            Some(p) => Phone::parse(p).map(|p| p.as_str().to_string()).map_err(|e| errors.push(e)).ok(),
            None => None,
        };
        let role = update.role;
        if !errors.is_empty() {
            return Err(AdminError::Validation(errors));
        }
        self.db.write(|c| {
            let before = existing(c, id)?;
            let deactivating = before.active && update.active == Some(false);
            if deactivating {
                refuse_self(actor, &[id], "deactivate")?;
            }
            let demoting = role.is_some_and(|r| r != Role::Admin);
            if before.role == Role::Admin && (demoting || deactivating) {
                refuse_self(actor, &[id], "demote")?;
                keep_an_admin(c, &[id], "demote or deactivate")?;
            }
            let edits = Changes {
                fullname: fullname.as_deref(),
                phone: phone.as_deref(),
                role,
                active: update.active,
                ..Changes::default()
            };
            accounts::update(c, before.id, &edits)?;
            if deactivating {
                accounts::end_sessions(c, &[id])?;
            }
            let after = existing(c, id)?;
            audit::record(c, actor, "user.update", format!("user {id}"), changes(&before, &after))?;
            Ok(after)
        })
    }

    /// Activates or deactivates one account; a deactivated user's tokens stop working at once.
    #[tracing::instrument(skip_all, fields(id = id))]
    pub fn set_user_active(&self, actor: &Actor, id: i64, active: bool) -> Result<User, AdminError> {
        self.db.write(|c| {
            let before = existing(c, id)?;
            if !active {
                refuse_self(actor, &[id], "deactivate")?;
                if before.role == Role::Admin {
                    keep_an_admin(c, &[id], "deactivate")?;
                }
                accounts::end_sessions(c, &[id])?;
            }
            accounts::update(c, before.id, &Changes { active: Some(active), ..Changes::default() })?;
            let action = if active { "user.activate" } else { "user.deactivate" };
            audit::record(c, actor, action, format!("user {id}"), before.email.clone())?;
            existing(c, id)
        })
    }

    /// Deletes an account and everything that belongs to it (requests, messages,
    /// reviews, uploaded files); confirmed payments stay counted in revenue only
    /// as long as the account exists (see the README's notes).
    #[tracing::instrument(skip_all, fields(id = id))]
    pub fn delete_user(&self, actor: &Actor, id: i64) -> Result<(), AdminError> {
        let files = self.media.owned_by(&[UserId(id)])?;
        self.db.write(|c| {
            let before = existing(c, id)?;
            refuse_self(actor, &[id], "delete")?;
            if before.role == Role::Admin {
                keep_an_admin(c, &[id], "delete")?;
            }
            accounts::delete(c, &[id])?;
            audit::record(c, actor, "user.delete", format!("user {id}"), before.email)?;
            Ok::<_, AdminError>(())
        })?;
        self.media.remove_unrecorded(&files)?;
        Ok(())
    }

    /// Sets a new password and ends every session of the account; the owner is
    /// e-mailed that the password was changed (queued with the change).
    #[tracing::instrument(skip_all, fields(id = id))]
    pub fn reset_user_password(&self, actor: &Actor, id: i64, password: &str) -> Result<(), AdminError> {
        let email = self.user(id)?.email;
        self.auth.set_password(UserId(id), password)?;
        self.db.write(|c| -> Result<(), AdminError> {
            Ok(audit::record(c, actor, "user.reset_password", format!("user {id}"), email)?)
        })?;
        Ok(())
    }

    /// Applies one action to every selected account, all or nothing; returns how many changed.
    #[tracing::instrument(skip_all)]
    pub fn bulk(&self, actor: &Actor, ids: &[i64], action: BulkAction) -> Result<usize, AdminError> {
        if ids.is_empty() {
            return Err(FieldError::text("userIds", Message::new("validation-users-select")).into());
        }
        let files = if action == BulkAction::Delete {
            self.media.owned_by(&ids.iter().copied().map(UserId).collect::<Vec<_>>())?
        } else {
            Vec::new()
        };
        let changed = self.db.write(|c| {
            let found = accounts::roles_of(c, ids)?;
            if found.len() != ids.iter().collect::<std::collections::HashSet<_>>().len() {
                return Err(AdminError::NotFound("User"));
            }
            if action != BulkAction::Activate {
                let verb = action.as_str();
                refuse_self(actor, ids, verb)?;
                if found.values().any(|role| *role == Role::Admin) {
                    keep_an_admin(c, ids, verb)?;
                }
            }
            let changed = match action {
                BulkAction::Activate => accounts::set_active(c, ids, true)?,
                BulkAction::Deactivate => {
                    accounts::end_sessions(c, ids)?;
                    accounts::set_active(c, ids, false)?
                }
                BulkAction::Delete => accounts::delete(c, ids)?,
            };
            let list = ids.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
            audit::record(c, actor, &format!("user.bulk_{}", action.as_str()), format!("users {list}"), "")?;
            Ok(changed)
        })?;
        self.media.remove_unrecorded(&files)?;
        Ok(changed)
    }
}

fn changes(before: &User, after: &User) -> String {
    let mut out = Vec::new();
    if before.fullname != after.fullname {
        out.push(format!("fullname: {} → {}", before.fullname, after.fullname));
    }
    if before.phone != after.phone {
        out.push("phone changed".to_string());
    }
    if before.role != after.role {
        out.push(format!("role: {} → {}", before.role, after.role));
    }
    if before.active != after.active {
        out.push(format!("active: {} → {}", before.active, after.active));
    }
    out.join("; ")
}
