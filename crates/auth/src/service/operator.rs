//! Accounts made by an operator (the command line, start-up, demo data) rather than by the person.

use hometutor_accounts::{self as accounts, NewUser, User};
use hometutor_core::{Email, Password, Phone, Role};

use super::profile::parse_fullname;
use super::setup::AuthService;
use crate::AuthError;

/// An account made by an operator; see [`AuthService::create_verified`].
#[derive(Debug, Clone, Copy)]
pub struct NewAccount<'a> {
    pub fullname: &'a str,
    pub email: &'a str,
    pub phone: Option<&'a str>,
    pub password: &'a str,
    pub role: Role,
}

impl AuthService {
    /// Creates a verified admin account (command line and first start-up).
    #[tracing::instrument(skip_all)]
    pub fn create_admin(&self, email: &str, password: &str, fullname: &str) -> Result<User, AuthError> {
        self.create_verified(NewAccount { fullname, email, phone: None, password, role: Role::Admin })
    }

    /// Creates an account whose address needs no verification: made by an operator
    /// (admin, demo data), never by the person themself.
    #[tracing::instrument(skip_all)]
    pub fn create_verified(&self, account: NewAccount<'_>) -> Result<User, AuthError> {
        let email = Email::parse(account.email)?;
        let password = Password::parse(account.password, "password")?;
        let fullname = parse_fullname(account.fullname)?;
        let phone = account.phone.map(Phone::parse).transpose()?;
        let hash = self.inner.hasher.hash(password.expose())?;
        self.db().write(|conn| {
            if accounts::find_by_email(conn, email.as_str())?.is_some() {
                return Err(AuthError::AlreadyExists);
            }
            let id = accounts::insert(
                conn,
                &NewUser {
                    fullname: &fullname,
                    email: email.as_str(),
                    phone: phone.as_ref().map(Phone::as_str).unwrap_or(""),
                    password_hash: &hash,
                    role: account.role,
                    email_verified: true,
                },
            )?;
            accounts::find(conn, id)?.ok_or(AuthError::NotFound)
        })
    }

    /// Creates the first admin when the site has none; `None` when one exists already.
    /// Several processes may start with the same `ADMIN_EMAIL` at once: the one that
    /// loses the race (a duplicate address, or SQLite's write lock moving under it)
    /// finds the winner's admin and answers `None`; any other failure stands.
    #[tracing::instrument(skip_all)]
    pub fn ensure_admin(&self, email: &str, password: &str) -> Result<Option<User>, AuthError> {
        let admins = || self.db().read(|conn| accounts::count_admins(conn).map_err(AuthError::from));
        if admins()? > 0 {
            return Ok(None);
        }
        match self.create_admin(email, password, "Administrator") {
            Ok(admin) => Ok(Some(admin)),
            Err(_) if admins().is_ok_and(|n| n > 0) => Ok(None),
            Err(e) => Err(e),
        }
    }
}
