//! User management: list with filters and pages, create, update, delete,
//! activate/deactivate (one or in bulk) and reset a password. An admin can never
//! delete or deactivate themself, nor remove the last active admin.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use hometutor_auth::NewAccount;
use hometutor_core::{single_line, FieldError, Phone, Role, Subscription, UserId};
use hometutor_db::schema::users;
use hometutor_db::{now, DbConnection};

use crate::error::text;
use crate::{audit, Actor, AdminError, AdminService};

diesel::define_sql_function!(fn lower(x: diesel::sql_types::Text) -> diesel::sql_types::Text);

/// A user as admins see them (never the password hash).
#[derive(Debug, Clone, PartialEq, Queryable, Selectable)]
#[diesel(table_name = users)]
pub struct AdminUser {
    pub id: i64,
    pub fullname: String,
    pub email: String,
    pub phone: String,
    pub role: String,
    pub active: bool,
    pub approved: bool,
    pub featured: bool,
    pub badges: String,
    pub email_verified: bool,
    /// Raw; read through [`AdminUser::subscription`].
    pub(crate) subscription_active: bool,
    pub(crate) subscription_expires: Option<NaiveDateTime>,
    pub payment_status: String,
    pub created_at: NaiveDateTime,
}

impl AdminUser {
    /// The stored flag and expiry; shown only through [`Subscription::at`], since
    /// nothing clears the flag when the expiry passes.
    pub fn subscription(&self) -> Subscription {
        Subscription::stored(self.subscription_active, self.subscription_expires)
    }

    pub fn badge_list(&self) -> Vec<String> {
        serde_json::from_str(&self.badges).unwrap_or_default()
    }
}

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
    pub users: Vec<AdminUser>,
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
        return Err(AdminError::Refused(format!("You cannot {verb} your own account.")));
    }
    Ok(())
}

/// Refuses a change that takes `ids` out of the active admins (deactivation,
/// deletion or another role) when no active admin would be left.
fn keep_an_admin(conn: &mut DbConnection, ids: &[i64], verb: &str) -> Result<(), AdminError> {
    let remaining: i64 = users::table
        .filter(users::role.eq(Role::Admin.as_str()))
        .filter(users::active.eq(true))
        .filter(users::id.ne_all(ids))
        .count()
        .get_result(conn)?;
    if remaining == 0 {
        return Err(AdminError::Refused(format!("You cannot {verb} the last admin.")));
    }
    Ok(())
}

fn existing(conn: &mut DbConnection, id: i64) -> Result<AdminUser, AdminError> {
    users::table.find(id).select(AdminUser::as_select()).first(conn).optional()?.ok_or(AdminError::NotFound("User"))
}

impl AdminService {
    pub fn users(&self, filter: &UserFilter) -> Result<UserPage, AdminError> {
        let limit = filter.limit.clamp(1, MAX_PAGE_SIZE);
        let page = filter.page.max(1);
        let query = || {
            let mut q = users::table.into_boxed();
            if let Some(role) = filter.role {
                q = q.filter(users::role.eq(role.as_str()));
            }
            if let Some(active) = filter.active {
                q = q.filter(users::active.eq(active));
            }
            if let Some(term) = filter.search.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
                let escaped = term.to_lowercase().replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
                let pattern = format!("%{escaped}%");
                q = q.filter(
                    lower(users::fullname)
                        .like(pattern.clone())
                        .escape('\\')
                        .or(users::email.like(pattern.clone()).escape('\\'))
                        .or(users::phone.like(pattern).escape('\\')),
                );
            }
            q
        };
        self.db.read(|c| {
            let total: i64 = query().count().get_result(c)?;
            let users = query()
                .order(users::id.desc())
                .limit(limit)
                .offset((page - 1).saturating_mul(limit))
                .select(AdminUser::as_select())
                .load(c)?;
            Ok(UserPage { users, total })
        })
    }

    pub fn user(&self, id: i64) -> Result<AdminUser, AdminError> {
        self.db.read(|c| existing(c, id))
    }

    /// Creates a verified account of any role, admins included.
    pub fn create_user(&self, actor: &Actor, new: &NewUser) -> Result<AdminUser, AdminError> {
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

    pub fn update_user(&self, actor: &Actor, id: i64, update: &UserUpdate) -> Result<AdminUser, AdminError> {
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
            if before.role == Role::Admin.as_str() && (demoting || deactivating) {
                refuse_self(actor, &[id], "demote")?;
                keep_an_admin(c, &[id], "demote or deactivate")?;
            }
            diesel::update(users::table.find(id))
                .set((
                    users::fullname.eq(fullname.unwrap_or(before.fullname.clone())),
                    users::phone.eq(phone.unwrap_or(before.phone.clone())),
                    users::role.eq(role.map(Role::as_str).unwrap_or(&before.role)),
                    users::active.eq(update.active.unwrap_or(before.active)),
                    users::updated_at.eq(now()),
                ))
                .execute(c)?;
            if deactivating {
                end_sessions(c, &[id])?;
            }
            let after = existing(c, id)?;
            audit::record(c, actor, "user.update", format!("user {id}"), changes(&before, &after))?;
            Ok(after)
        })
    }

    /// Activates or deactivates one account; a deactivated user's tokens stop working at once.
    pub fn set_user_active(&self, actor: &Actor, id: i64, active: bool) -> Result<AdminUser, AdminError> {
        self.db.write(|c| {
            let before = existing(c, id)?;
            if !active {
                refuse_self(actor, &[id], "deactivate")?;
                if before.role == Role::Admin.as_str() {
                    keep_an_admin(c, &[id], "deactivate")?;
                }
                end_sessions(c, &[id])?;
            }
            diesel::update(users::table.find(id))
                .set((users::active.eq(active), users::updated_at.eq(now())))
                .execute(c)?;
            let action = if active { "user.activate" } else { "user.deactivate" };
            audit::record(c, actor, action, format!("user {id}"), before.email.clone())?;
            existing(c, id)
        })
    }

    /// Deletes an account and everything that belongs to it (requests, messages,
    /// reviews, uploaded files); confirmed payments stay counted in revenue only
    /// as long as the account exists (see the README's notes).
    pub fn delete_user(&self, actor: &Actor, id: i64) -> Result<(), AdminError> {
        let files = self.media.owned_by(&[UserId(id)])?;
        self.db.write(|c| {
            let before = existing(c, id)?;
            refuse_self(actor, &[id], "delete")?;
            if before.role == Role::Admin.as_str() {
                keep_an_admin(c, &[id], "delete")?;
            }
            diesel::delete(users::table.find(id)).execute(c)?;
            audit::record(c, actor, "user.delete", format!("user {id}"), before.email)?;
            Ok::<_, AdminError>(())
        })?;
        self.media.remove_unrecorded(&files)?;
        Ok(())
    }

    /// Sets a new password and ends every session of the account; the owner is
    /// e-mailed that the password was changed (queued with the change).
    pub fn reset_user_password(&self, actor: &Actor, id: i64, password: &str) -> Result<(), AdminError> {
        let email = self.user(id)?.email;
        self.auth.set_password(UserId(id), password)?;
        self.db.write(|c| -> Result<(), AdminError> {
            Ok(audit::record(c, actor, "user.reset_password", format!("user {id}"), email)?)
        })?;
        Ok(())
    }

    /// Applies one action to every selected account, all or nothing; returns how many changed.
    pub fn bulk(&self, actor: &Actor, ids: &[i64], action: BulkAction) -> Result<usize, AdminError> {
        if ids.is_empty() {
            return Err(FieldError::new("userIds", "Please select users first").into());
        }
        let files = if action == BulkAction::Delete {
            self.media.owned_by(&ids.iter().copied().map(UserId).collect::<Vec<_>>())?
        } else {
            Vec::new()
        };
        let changed = self.db.write(|c| {
            let found: Vec<(i64, String)> =
                users::table.filter(users::id.eq_any(ids)).select((users::id, users::role)).load(c)?;
            if found.len() != ids.iter().collect::<std::collections::HashSet<_>>().len() {
                return Err(AdminError::NotFound("User"));
            }
            if action != BulkAction::Activate {
                let verb = action.as_str();
                refuse_self(actor, ids, verb)?;
                if found.iter().any(|(_, role)| role == Role::Admin.as_str()) {
                    keep_an_admin(c, ids, verb)?;
                }
            }
            let target = users::table.filter(users::id.eq_any(ids));
            let changed = match action {
                BulkAction::Activate => {
                    diesel::update(target).set((users::active.eq(true), users::updated_at.eq(now()))).execute(c)?
                }
                BulkAction::Deactivate => {
                    end_sessions(c, ids)?;
                    diesel::update(target).set((users::active.eq(false), users::updated_at.eq(now()))).execute(c)?
                }
                BulkAction::Delete => diesel::delete(target).execute(c)?,
            };
            let list = ids.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
            audit::record(c, actor, &format!("user.bulk_{}", action.as_str()), format!("users {list}"), "")?;
            Ok(changed)
        })?;
        self.media.remove_unrecorded(&files)?;
        Ok(changed)
    }
}

/// Moves the accounts' token version on: every token issued so far stops working,
/// and stays dead if the account is activated again.
fn end_sessions(c: &mut DbConnection, ids: &[i64]) -> QueryResult<usize> {
    diesel::update(users::table.filter(users::id.eq_any(ids)))
        .set(users::token_version.eq(users::token_version + 1))
        .execute(c)
}

fn changes(before: &AdminUser, after: &AdminUser) -> String {
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
