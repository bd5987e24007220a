//! What every test shares: a service on a private database, its inputs, and reading the mails it queued.

use diesel::prelude::*;
use hometutor_auth::{AuthConfig, AuthService, LoginInput, RegisterInput};
use hometutor_db::schema::outbox_emails;
use hometutor_db::Db;
use hometutor_mail::MailSignal;
use hometutor_testkit::TestDatabase;

pub(crate) const SECRET: &[u8] = b"test-secret-test-secret-test-secret!";
pub(crate) const PASSWORD: &str = "correct horse";
pub(crate) const IP: &str = "10.0.0.1";

pub(crate) struct Fixture {
    _database: TestDatabase,
    pub(crate) db: Db,
    pub(crate) auth: AuthService,
}

pub(crate) fn fixture() -> Fixture {
    let database = TestDatabase::in_memory();
    let db = database.db();
    let auth = service_with(&db, SECRET, None);
    Fixture { _database: database, db, auth }
}

/// The service on `db` as a process configured with `JWT_SECRET` and `JWT_SECRET_PREVIOUS` would run it.
pub(crate) fn service_with(db: &Db, secret: &[u8], previous: Option<&[u8]>) -> AuthService {
    let config = AuthConfig {
        jwt_secret: secret.to_vec(),
        jwt_secret_previous: previous.map(<[u8]>::to_vec),
        bcrypt_cost: 4,
        hash_max_wait: hometutor_auth::DEFAULT_HASH_MAX_WAIT,
        public_url: "http://localhost:8080".into(),
        token_ttl: chrono::Duration::days(7),
        limiter: hometutor_limits::Limiter::in_memory(),
    };
    AuthService::new(db.clone(), config, MailSignal::default()).expect("service")
}

pub(crate) fn registration(email: &str, role: &str) -> RegisterInput {
    RegisterInput {
        fullname: "Asha Kumar".into(),
        role: role.into(),
        email: email.into(),
        phone: "9876543210".into(),
        password: PASSWORD.into(),
        ip: IP.into(),
    }
}

pub(crate) fn login_input(email: &str, password: &str) -> LoginInput {
    LoginInput { email: email.into(), password: password.into(), ip: "10.0.0.1".into() }
}

impl Fixture {
    pub(crate) fn mails_to(&self, to: &str) -> Vec<(String, String)> {
        self.db
            .read(|c| {
                outbox_emails::table
                    .filter(outbox_emails::recipient.eq(to))
                    .order(outbox_emails::id)
                    .select((outbox_emails::subject, outbox_emails::body))
                    .load::<(String, String)>(c)
                    .map_err(hometutor_db::DbError::from)
            })
            .expect("outbox")
    }

    pub(crate) fn last_code(&self, to: &str, label: &str) -> String {
        let mails = self.mails_to(to);
        let body = &mails.iter().rev().find(|(_, b)| b.contains(label)).expect("a mail with the code").1;
        let start = body.find(label).expect("label") + label.len();
        body[start..].trim_start().chars().take(6).collect()
    }

    pub(crate) fn last_link_token(&self, to: &str) -> String {
        let mails = self.mails_to(to);
        let body = &mails.last().expect("mail").1;
        let start = body.find("token=").expect("link") + "token=".len();
        body[start..].chars().take_while(|c| c.is_ascii_hexdigit()).collect()
    }

    pub(crate) fn verified_user(&self, email: &str, role: &str) -> String {
        self.auth.register(registration(email, role)).expect("register");
        let code = self.last_code(email, "Your verification code:");
        self.auth.verify_email_otp(email, &code).expect("verify");
        self.auth.login(login_input(email, PASSWORD)).expect("login").token
    }

    pub(crate) fn exec(&self, sql: impl FnOnce(&mut hometutor_db::DbConnection) -> QueryResult<usize>) {
        self.db.write(|c| sql(c).map_err(hometutor_db::DbError::from)).expect("sql");
    }
}
