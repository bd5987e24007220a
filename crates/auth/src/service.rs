use std::sync::Arc;

use chrono::Duration;
use diesel::prelude::*;
use hometutor_accounts::{self as accounts, Changes, NewUser, User};
use hometutor_core::{single_line, Email, FieldError, Otp, Password, Phone, Role, UserId};
use hometutor_db::schema::revoked_tokens;
use hometutor_db::{now, Db};
use hometutor_limits::Limiter;
use hometutor_mail::{enqueue, MailSignal};

use crate::codes::{self, Purpose};
use crate::keys::Keys;
use crate::limits::{self, LoginAttempt};
use crate::password::{HasherConfig, PasswordHasher};
use crate::tokens::{self, AuthUser, VerifiedToken};
use crate::{emails, AuthError};

pub struct AuthConfig {
    /// `JWT_SECRET`: the token and code keys are derived from it (see `keys.rs`).
    pub jwt_secret: Vec<u8>,
    /// `JWT_SECRET_PREVIOUS`: its keys still verify tokens and codes, and sign nothing.
    pub jwt_secret_previous: Option<Vec<u8>>,
    pub bcrypt_cost: u32,
    /// `PASSWORD_QUEUE_WAIT_MS`: the longest a password check may wait for a hashing thread
    /// before the caller is refused with [`AuthError::Busy`].
    pub hash_max_wait: std::time::Duration,
    /// Base of the links in e-mails, e.g. `http://localhost:8080`.
    pub public_url: String,
    pub token_ttl: Duration,
    /// Counts failed logins and code e-mails per client address (buckets `LoginFailures*`, `CodeEmailsPerIp`).
    pub limiter: Limiter,
}

#[derive(Debug, Clone)]
pub struct RegisterInput {
    pub fullname: String,
    pub role: String,
    pub email: String,
    pub phone: String,
    pub password: String,
    /// The caller's address, for the per-IP limit on code e-mails.
    pub ip: String,
}

/// An account made by an operator; see [`AuthService::create_verified`].
#[derive(Debug, Clone, Copy)]
pub struct NewAccount<'a> {
    pub fullname: &'a str,
    pub email: &'a str,
    pub phone: Option<&'a str>,
    pub password: &'a str,
    pub role: Role,
}

#[derive(Debug, Clone)]
pub struct LoginInput {
    pub email: String,
    pub password: String,
    /// The caller's address, for the per-IP throttle.
    pub ip: String,
}

/// The only profile fields a user may change about themself.
#[derive(Debug, Clone, Default)]
pub struct ProfileChanges {
    pub fullname: Option<String>,
    pub phone: Option<String>,
}

#[derive(Debug, Clone)]
pub struct Session {
    pub token: String,
    pub user: User,
}

#[derive(Clone)]
pub struct AuthService {
    inner: Arc<Inner>,
}

struct Inner {
    db: Db,
    config: AuthConfig,
    hasher: PasswordHasher,
    mail: MailSignal,
    keys: Keys,
}

/// What following a verification link did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkOutcome {
    /// The address is verified now.
    Verified,
    /// It was verified before (this link was followed already, or another way was used).
    AlreadyVerified,
}

/// The longest full name, in characters as sent (before trimming).
pub const MAX_NAME_CHARS: usize = 100;
/// The longest token a verification link may carry; anything longer is no link of ours.
pub const MAX_LINK_TOKEN_BYTES: usize = 128;

fn parse_fullname(raw: &str) -> Result<String, FieldError> {
    let name = single_line("fullname", "Full name", raw)?;
    if name.is_empty() {
        Err(FieldError::new("fullname", "Full name is required."))
    } else if raw.chars().count() > MAX_NAME_CHARS {
        // Counted before trimming, so the limit is the one the API document states for what is sent.
        Err(FieldError::new("fullname", "Full name must be at most 100 characters."))
    } else {
        Ok(name)
    }
}

impl AuthService {
    pub fn new(db: Db, config: AuthConfig, mail: MailSignal) -> Result<Self, AuthError> {
        let parallel = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2);
        let hasher = PasswordHasher::with_config(HasherConfig {
            cost: config.bcrypt_cost,
            threads: parallel,
            max_wait: config.hash_max_wait,
        })?;
        let keys = Keys::new(&config.jwt_secret, config.jwt_secret_previous.as_deref());
        Ok(Self { inner: Arc::new(Inner { db, config, hasher, mail, keys }) })
    }

    fn db(&self) -> &Db {
        &self.inner.db
    }

    /// The key new code hashes are made with.
    fn key(&self) -> &[u8] {
        &self.inner.keys.current.codes
    }

    fn take_code_email(&self, ip: &str) -> Result<(), AuthError> {
        limits::take_code_email(&self.inner.config.limiter, ip)
    }

    /// Creates a parent or tutor account and e-mails a code and a link. An address
    /// that already has an account gets the same answer (and its owner an e-mail),
    /// so registration cannot be used to find out who is registered.
    ///
    /// Registering an address that is not verified yet replaces its name, phone,
    /// role and password and retires the codes already mailed: whoever registered
    /// it first (perhaps not its owner) loses it, and only a code mailed after the
    /// latest registration verifies it, with that registration's details.
    /// A verified account is never changed here.
    #[tracing::instrument(skip_all)]
    pub fn register(&self, input: RegisterInput) -> Result<String, AuthError> {
        let mut errors = Vec::new();
        let fullname = parse_fullname(&input.fullname).map_err(|e| errors.push(e)).ok();
        // Exactly as sent: the API document lists the two values, and nothing else is one of them.
        let role = match Role::parse(&input.role) {
            Some(role @ (Role::Parent | Role::Tutor)) => Some(role),
            _ => {
                errors.push(FieldError::new("role", "Role must be parent or tutor."));
                None
            }
        };
        let email = Email::parse(&input.email).map_err(|e| errors.push(e)).ok();
        let phone = Phone::parse(&input.phone).map_err(|e| errors.push(e)).ok();
        let password = Password::parse(&input.password, "password").map_err(|e| errors.push(e)).ok();
        let (Some(fullname), Some(role), Some(email), Some(phone), Some(password)) =
            (fullname, role, email, phone, password)
        else {
            return Err(AuthError::Validation(errors));
        };
        self.take_code_email(&input.ip)?;
        // Hash before looking the address up: both paths cost one bcrypt.
        let hash = self.inner.hasher.hash(password.expose())?;
        let public_url = self.inner.config.public_url.clone();
        let registration = NewUser {
            fullname: &fullname,
            email: email.as_str(),
            phone: phone.as_str(),
            password_hash: &hash,
            role,
            email_verified: false,
        };
        self.db().write(|conn| {
            match accounts::find_by_email(conn, email.as_str())? {
                None => {
                    accounts::insert(conn, &registration)?;
                    if codes::allow_request(conn, email.as_str())?.is_ok() {
                        self.send_verification(conn, email.as_str(), &fullname)?;
                    }
                }
                Some(existing) if !existing.email_verified => {
                    accounts::replace_registration(conn, existing.id, &registration)?;
                    // Codes mailed for the earlier registration must not verify this one.
                    codes::retire(conn, Purpose::VerifyEmail, email.as_str())?;
                    codes::retire(conn, Purpose::VerifyLink, email.as_str())?;
                    if codes::allow_request(conn, email.as_str())?.is_ok() {
                        self.send_verification(conn, email.as_str(), &fullname)?;
                    }
                }
                Some(_) => {
                    if codes::allow_request(conn, email.as_str())?.is_ok() {
                        enqueue(conn, &emails::already_registered(email.as_str(), &format!("{public_url}/login")))?;
                    }
                }
            }
            Ok::<_, AuthError>(())
        })?;
        self.inner.mail.notify();
        Ok(email.as_str().to_string())
    }

    fn send_verification(
        &self,
        conn: &mut hometutor_db::DbConnection,
        email: &str,
        name: &str,
    ) -> Result<(), AuthError> {
        let otp = codes::random_otp();
        let token = codes::random_link_token();
        codes::store(conn, self.key(), Purpose::VerifyEmail, email, &otp, Duration::minutes(codes::OTP_TTL_MINUTES))?;
        codes::store(conn, self.key(), Purpose::VerifyLink, email, &token, Duration::hours(codes::LINK_TTL_HOURS))?;
        let link = format!(
            "{}/verify-email?token={token}&email={}",
            self.inner.config.public_url.trim_end_matches('/'),
            url_encode(email)
        );
        enqueue(conn, &emails::verification(email, name, &otp, &link))?;
        Ok(())
    }

    /// Sends a fresh verification code, within the per-address e-mail limit.
    #[tracing::instrument(skip_all)]
    pub fn resend_verification(&self, email: &str, ip: &str) -> Result<(), AuthError> {
        let email = Email::parse(email)?;
        self.take_code_email(ip)?;
        self.db().write(|conn| {
            if let Err(retry_after_secs) = codes::allow_request(conn, email.as_str())? {
                return Ok(Err(AuthError::RateLimited { retry_after_secs }));
            }
            if let Some(u) = accounts::find_by_email(conn, email.as_str())? {
                if !u.email_verified {
                    self.send_verification(conn, email.as_str(), &u.fullname)?;
                }
            }
            Ok::<_, AuthError>(Ok(()))
        })??;
        self.inner.mail.notify();
        Ok(())
    }

    /// Verifies the address with the 6-digit code from the e-mail.
    #[tracing::instrument(skip_all)]
    pub fn verify_email_otp(&self, email: &str, otp: &str) -> Result<(), AuthError> {
        let email = Email::parse(email)?;
        let otp = Otp::parse(otp)?;
        self.verify_with(Purpose::VerifyEmail, &email, otp.as_str(), AuthError::InvalidCode)
    }

    /// Verifies the address with the token of the e-mailed link.
    #[tracing::instrument(skip_all)]
    pub fn verify_email_link(&self, email: &str, token: &str) -> Result<LinkOutcome, AuthError> {
        let email = Email::parse(email).map_err(|_| AuthError::InvalidLink)?;
        if token.is_empty() || token.len() > MAX_LINK_TOKEN_BYTES {
            return Err(AuthError::InvalidLink);
        }
        match self.verify_with(Purpose::VerifyLink, &email, token, AuthError::InvalidLink) {
            Ok(()) => Ok(LinkOutcome::Verified),
            // The link followed a second time (or an older one, once the address is verified):
            // only the address's own mailbox knows a token it was sent, so saying that the address
            // is verified tells its holder nothing new and anyone else nothing at all.
            Err(AuthError::InvalidLink) if self.is_link_of_verified_address(&email, token)? => {
                Ok(LinkOutcome::AlreadyVerified)
            }
            Err(e) => Err(e),
        }
    }

    fn is_link_of_verified_address(&self, email: &Email, token: &str) -> Result<bool, AuthError> {
        self.db().read(|conn| {
            let verified = accounts::find_by_email(conn, email.as_str())?.is_some_and(|u| u.email_verified);
            Ok::<_, AuthError>(
                verified && codes::was_issued(conn, &self.inner.keys, Purpose::VerifyLink, email.as_str(), token)?,
            )
        })
    }

    fn verify_with(&self, purpose: Purpose, email: &Email, code: &str, wrong: AuthError) -> Result<(), AuthError> {
        // A wrong try is committed, then reported: the count must survive the error.
        let matched = self.db().write(|conn| {
            let matched = codes::check(conn, &self.inner.keys, purpose, email.as_str(), code)?;
            if matched {
                accounts::mark_email_verified(conn, email.as_str())?;
                // Either way of verifying retires the other.
                codes::retire(conn, Purpose::VerifyEmail, email.as_str())?;
                codes::retire(conn, Purpose::VerifyLink, email.as_str())?;
            }
            Ok::<_, AuthError>(matched)
        })?;
        if matched {
            Ok(())
        } else {
            Err(wrong)
        }
    }

    /// Checks the password and issues a session token. Failures are counted per
    /// account and per address; unknown and known e-mails fail alike.
    #[tracing::instrument(skip_all)]
    pub fn login(&self, input: LoginInput) -> Result<Session, AuthError> {
        let email = input.email.trim().to_lowercase();
        let attempt = LoginAttempt::start(&self.inner.config.limiter, &email, &input.ip)?;
        if input.email.trim().is_empty() || input.password.is_empty() {
            return Err(AuthError::Validation(vec![FieldError::new("email", "Email and password are required.")]));
        }
        single_line("email", "Email", &input.email)?;
        let row = self.db().read(|conn| accounts::find_credentials(conn, &email).map_err(AuthError::from))?;
        let ok = input.password.len() <= Password::MAX_BYTES
            && self.inner.hasher.verify(&input.password, row.as_ref().map(|r| r.password_hash.as_str()))?;
        let Some(row) = row.filter(|_| ok) else {
            attempt.failed();
            return Err(AuthError::InvalidCredentials);
        };
        attempt.password_matched();
        if !row.user.active {
            return Err(AuthError::Deactivated);
        }
        if !row.user.email_verified {
            return Err(AuthError::EmailNotVerified);
        }
        let ver = row.token_version;
        let user = row.user;
        let claims = tokens::new_claims(user.id, user.role, &user.email, ver, self.inner.config.token_ttl);
        let token = tokens::issue(&self.inner.keys.current, &claims)?;
        Ok(Session { token, user })
    }

    /// Resolves a bearer token to its user, reading role and active flag from the
    /// database: a revoked token, a reset password or a deactivated account is out at once.
    #[tracing::instrument(skip_all)]
    pub fn authenticate(&self, token: &str) -> Result<AuthUser, AuthError> {
        self.confirm(self.verify(token)?)
    }

    /// The first half of [`AuthService::authenticate`], without the database: the token's
    /// signature, key, issuer, audience and expiry. Cheap enough for the reactor thread.
    pub fn verify(&self, token: &str) -> Result<VerifiedToken, AuthError> {
        tokens::verify(&self.inner.keys, token).map(VerifiedToken)
    }

    /// The second half of [`AuthService::authenticate`]: the account behind a verified
    /// token, read now. Blocking: call it on the blocking pool.
    pub fn confirm(&self, token: VerifiedToken) -> Result<AuthUser, AuthError> {
        let claims = token.0;
        let id = claims.sub.parse::<i64>().map_err(|_| AuthError::Unauthenticated)?;
        let (account, revoked) = self.db().read(|conn| {
            let account = accounts::token_check(conn, UserId(id))?;
            let revoked: i64 =
                revoked_tokens::table.filter(revoked_tokens::jti.eq(&claims.jti)).count().get_result(conn)?;
            Ok::<_, AuthError>((account, revoked > 0))
        })?;
        let Some(account) = account else {
            return Err(AuthError::Unauthenticated);
        };
        if revoked || !account.active || account.token_version != claims.ver {
            return Err(AuthError::Unauthenticated);
        }
        Ok(AuthUser {
            id: UserId(id),
            role: account.role,
            email: account.email,
            jti: claims.jti,
            expires_at: claims.exp,
        })
    }

    /// Revokes this one token.
    #[tracing::instrument(skip_all)]
    pub fn logout(&self, user: &AuthUser) -> Result<(), AuthError> {
        let expires = chrono::DateTime::from_timestamp(user.expires_at, 0).map(|t| t.naive_utc()).unwrap_or_else(now);
        self.db().write(|conn| {
            diesel::delete(revoked_tokens::table.filter(revoked_tokens::expires_at.lt(now()))).execute(conn)?;
            diesel::insert_into(revoked_tokens::table)
                .values((revoked_tokens::jti.eq(&user.jti), revoked_tokens::expires_at.eq(expires)))
                .execute(conn)?;
            Ok::<_, AuthError>(())
        })
    }

    #[tracing::instrument(skip_all, fields(id = id.0))]
    pub fn profile(&self, id: UserId) -> Result<User, AuthError> {
        self.db().read(|conn| accounts::find(conn, id)?.ok_or(AuthError::NotFound))
    }

    /// Changes the caller's name and phone; nothing else is reachable this way.
    pub fn update_profile(&self, id: UserId, changes: ProfileChanges) -> Result<User, AuthError> {
        let mut errors = Vec::new();
        let fullname =
            changes.fullname.as_deref().map(parse_fullname).transpose().map_err(|e| errors.push(e)).ok().flatten();
        let phone = changes.phone.as_deref().map(Phone::parse).transpose().map_err(|e| errors.push(e)).ok().flatten();
        if !errors.is_empty() {
            return Err(AuthError::Validation(errors));
        }
        self.db().write(|conn| {
            if fullname.is_some() || phone.is_some() {
                let changes = Changes {
                    fullname: fullname.as_deref(),
                    phone: phone.as_ref().map(Phone::as_str),
                    ..Changes::default()
                };
                accounts::update(conn, id, &changes)?;
            }
            accounts::find(conn, id)?.ok_or(AuthError::NotFound)
        })
    }

    /// E-mails a reset code when the address has an account; answers the same either way.
    #[tracing::instrument(skip_all)]
    pub fn send_reset_otp(&self, email: &str, ip: &str) -> Result<(), AuthError> {
        let email = Email::parse(email)?;
        self.take_code_email(ip)?;
        self.db().write(|conn| {
            if let Err(retry_after_secs) = codes::allow_request(conn, email.as_str())? {
                return Ok(Err(AuthError::RateLimited { retry_after_secs }));
            }
            if accounts::find_by_email(conn, email.as_str())?.is_some_and(|u| u.active) {
                let otp = codes::random_otp();
                codes::store(
                    conn,
                    self.key(),
                    Purpose::ResetPassword,
                    email.as_str(),
                    &otp,
                    Duration::minutes(codes::OTP_TTL_MINUTES),
                )?;
                enqueue(conn, &emails::password_reset(email.as_str(), &otp))?;
            }
            Ok::<_, AuthError>(Ok(()))
        })??;
        self.inner.mail.notify();
        Ok(())
    }

    /// Sets a new password with a reset code; every earlier token stops working.
    /// Returns whose password changed, so the caller can close their chat sockets.
    #[tracing::instrument(skip_all)]
    pub fn reset_password(&self, email: &str, otp: &str, new_password: &str) -> Result<UserId, AuthError> {
        let email = Email::parse(email)?;
        let otp = Otp::parse(otp)?;
        let password = Password::parse(new_password, "newPassword")?;
        let hash = self.inner.hasher.hash(password.expose())?;
        let changed = self.db().write(|conn| {
            if !codes::check(conn, &self.inner.keys, Purpose::ResetPassword, email.as_str(), otp.as_str())? {
                return Ok(None);
            }
            let changed = accounts::reset_password(conn, email.as_str(), &hash)?;
            if changed.is_some() {
                enqueue(conn, &emails::password_changed(email.as_str(), &self.login_url()))?;
            }
            Ok::<_, AuthError>(changed)
        })?;
        let id = changed.ok_or(AuthError::InvalidCode)?;
        self.inner.mail.notify();
        limits::forget_login_failures(&self.inner.config.limiter, email.as_str());
        Ok(id)
    }

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

    /// Sets a new password chosen by an operator and ends every session of the
    /// account (the token version moves on), as a password reset does; the owner
    /// is told by e-mail, queued in the same transaction.
    #[tracing::instrument(skip_all, fields(id = id.0))]
    pub fn set_password(&self, id: UserId, new_password: &str) -> Result<(), AuthError> {
        let password = Password::parse(new_password, "password")?;
        let hash = self.inner.hasher.hash(password.expose())?;
        let login_url = self.login_url();
        self.db().write(|conn| {
            let changed = accounts::set_password(conn, id, &hash)?;
            let Some(owner) = accounts::find(conn, id)?.filter(|_| changed) else {
                return Err(AuthError::NotFound);
            };
            enqueue(conn, &emails::password_changed(&owner.email, &login_url))?;
            Ok(())
        })?;
        self.inner.mail.notify();
        Ok(())
    }

    fn login_url(&self) -> String {
        format!("{}/login", self.inner.config.public_url.trim_end_matches('/'))
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

fn url_encode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}
