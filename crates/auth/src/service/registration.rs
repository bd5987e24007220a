//! Registration and e-mail verification: the account, the code and link mailed to its address,
//! and following either.

use chrono::Duration;
use hometutor_accounts::{self as accounts, Changes, NewUser};
use hometutor_core::{Email, FieldError, Otp, Password, Phone, Role};
use hometutor_i18n::Language;
use hometutor_mail::enqueue;

use super::profile::{parse_fullname, parse_language};
use super::setup::AuthService;
use crate::codes::{self, Purpose};
use crate::{emails, AuthError};

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

/// What following a verification link did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkOutcome {
    /// The address is verified now.
    Verified,
    /// It was verified before (this link was followed already, or another way was used).
    AlreadyVerified,
}

/// The longest token a verification link may carry; anything longer is no link of ours.
pub const MAX_LINK_TOKEN_BYTES: usize = 128;

impl AuthService {
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
        self.register_in(input, None, Language::FALLBACK)
    }

    /// [`register`](Self::register) for someone who reads `chosen` (a code of
    /// [`Language::ALL`], checked like the other fields), or `fallback` when they chose
    /// none: the account keeps it, and the verification e-mail is written in it. The
    /// owner of an address already verified is written to in their own language.
    #[tracing::instrument(skip_all)]
    pub fn register_in(
        &self,
        input: RegisterInput,
        chosen: Option<&str>,
        fallback: Language,
    ) -> Result<String, AuthError> {
        let mut errors = Vec::new();
        let fullname = parse_fullname(&input.fullname).map_err(|e| errors.push(e)).ok();
        // Exactly as sent: the API document lists the two values, and nothing else is one of them.
        let role = match Role::parse(&input.role) {
            Some(role @ (Role::Parent | Role::Tutor)) => Some(role),
            _ => {
                errors.push(FieldError::text("role", hometutor_i18n::Message::new("validation-role")));
                None
            }
        };
        let email = Email::parse(&input.email).map_err(|e| errors.push(e)).ok();
        let phone = Phone::parse(&input.phone).map_err(|e| errors.push(e)).ok();
        let password = Password::parse(&input.password, "password").map_err(|e| errors.push(e)).ok();
        let language = match chosen.map(parse_language) {
            None => Some(fallback),
            Some(parsed) => parsed.map_err(|e| errors.push(e)).ok(),
        };
        let (Some(fullname), Some(role), Some(email), Some(phone), Some(password), Some(language)) =
            (fullname, role, email, phone, password, language)
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
                    let id = accounts::insert(conn, &registration)?;
                    accounts::update(conn, id, &Changes { language: Some(language), ..Changes::default() })?;
                    if codes::allow_request(conn, email.as_str())?.is_ok() {
                        self.send_verification(conn, email.as_str(), &fullname, language)?;
                    }
                }
                Some(existing) if !existing.email_verified => {
                    accounts::replace_registration(conn, existing.id, &registration)?;
                    accounts::update(conn, existing.id, &Changes { language: Some(language), ..Changes::default() })?;
                    // Codes mailed for the earlier registration must not verify this one.
                    codes::retire(conn, Purpose::VerifyEmail, email.as_str())?;
                    codes::retire(conn, Purpose::VerifyLink, email.as_str())?;
                    if codes::allow_request(conn, email.as_str())?.is_ok() {
                        self.send_verification(conn, email.as_str(), &fullname, language)?;
                    }
                }
                Some(existing) => {
                    if codes::allow_request(conn, email.as_str())?.is_ok() {
                        let login_url = format!("{public_url}/login");
                        let mail = emails::already_registered(email.as_str(), &login_url, existing.language);
                        enqueue(conn, &mail)?;
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
        language: Language,
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
        enqueue(conn, &emails::verification(email, name, &otp, &link, language))?;
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
                    self.send_verification(conn, email.as_str(), &u.fullname, u.language)?;
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
}

fn url_encode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}
