//! Accounts for tests, written straight into the database as crates.io's
//! `TestApp::with_user` does: the registration round trip (register, e-mailed
//! code, verify, log in) is what auth_api.rs tests, once; everywhere else it is
//! only setup and costs a bcrypt, an SMTP delivery and a code-e-mail allowance.

use std::sync::OnceLock;

use hometutor_accounts::NewUser;
use hometutor_core::Role;
use hometutor_db::DbError;
use serde_json::json;

use super::{TestApp, PASSWORD};

/// [`PASSWORD`] hashed once per test binary (cost 4, as the servers under test use).
fn password_hash() -> &'static str {
    static HASH: OnceLock<String> = OnceLock::new();
    HASH.get_or_init(|| {
        let hasher = hometutor_auth::PasswordHasher::new(4, 1).expect("hasher");
        hasher.hash(PASSWORD).expect("hash")
    })
}

impl TestApp {
    /// An active account with a verified address, as registration would leave it
    /// (named Asha Kumar, phone 9876543210, password [`PASSWORD`]), logged in
    /// through the API; returns the session token.
    pub async fn verified_user(&self, email: &str, role: &str) -> String {
        let email = email.to_lowercase();
        let account = NewUser {
            fullname: "Asha Kumar",
            email: &email,
            phone: "9876543210",
            password_hash: password_hash(),
            role: Role::parse(role).expect("parent, tutor or admin"),
            email_verified: true,
        };
        self.db().write(|c| hometutor_accounts::insert(c, &account).map_err(DbError::from)).expect("the account");
        self.login(&email, PASSWORD).await
    }

    /// Registers through the API, verifies with the e-mailed code and logs in;
    /// returns the token. Only for a test that needs what registration leaves
    /// behind (its e-mail in the outbox); any other takes [`TestApp::verified_user`].
    pub async fn registered_user(&self, email: &str, role: &str) -> String {
        assert_eq!(self.register(email, role).await.status, 201);
        let code = self.code_from_mail(email, "Your verification code:").await;
        assert_eq!(self.post("/api/verify/email-otp", json!({"email": email, "otp": code})).await.status, 200);
        self.login(email, PASSWORD).await
    }
}
