//! What every test shares: the services on a private database, signed in as an admin, and the audit log.

use diesel::prelude::*;
use hometutor_admin::{Actor, AdminService};
use hometutor_auth::{AuthConfig, AuthService, LoginInput, NewAccount};
use hometutor_core::{Role, UserId};
use hometutor_db::schema::audit_log;
use hometutor_db::Db;
use hometutor_mail::MailSignal;
use hometutor_media::MediaStore;
use hometutor_testkit::TestDatabase;

pub(crate) const PASSWORD: &str = "correct horse battery";

pub(crate) struct Fixture {
    _database: TestDatabase,
    pub(crate) db: Db,
    pub(crate) auth: AuthService,
    pub(crate) admin: AdminService,
    pub(crate) me: Actor,
    _dir: TempDir,
}

pub(crate) struct TempDir(std::path::PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

pub(crate) fn fixture() -> Fixture {
    let database = TestDatabase::in_memory();
    let db = database.db();
    let config = AuthConfig {
        jwt_secret: b"admin-test-secret-admin-test-secret-0123".to_vec(),
        jwt_secret_previous: None,
        bcrypt_cost: 4,
        hash_max_wait: hometutor_auth::DEFAULT_HASH_MAX_WAIT,
        public_url: "http://localhost:8080".into(),
        token_ttl: chrono::Duration::days(7),
        limiter: hometutor_limits::Limiter::in_memory(),
    };
    let auth = AuthService::new(db.clone(), config, MailSignal::default()).unwrap();
    static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let dir = std::env::temp_dir().join(format!(
        "hometutor-admin-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    ));
    let media = MediaStore::new(db.clone(), dir.clone(), 5 * 1024 * 1024).unwrap();
    let admin = AdminService::new(db.clone(), auth.clone(), media);
    let me = account(&auth, "root@example.com", Role::Admin, "Root Admin");
    let me = Actor { id: me, email: "root@example.com".into(), address: "192.0.2.1".into() };
    Fixture { _database: database, db, auth, admin, me, _dir: TempDir(dir) }
}

pub(crate) fn account(auth: &AuthService, email: &str, role: Role, name: &str) -> UserId {
    auth.create_verified(NewAccount { fullname: name, email, phone: Some("9876543210"), password: PASSWORD, role })
        .unwrap()
        .id
}

pub(crate) fn login(auth: &AuthService, email: &str) -> Result<String, hometutor_auth::AuthError> {
    auth.login(LoginInput { email: email.into(), password: PASSWORD.into(), ip: "127.0.0.1".into() }).map(|s| s.token)
}

pub(crate) fn audit_actions(db: &Db) -> Vec<String> {
    db.read(|c| {
        audit_log::table
            .order(audit_log::id.asc())
            .select(audit_log::action)
            .load(c)
            .map_err(hometutor_db::DbError::from)
    })
    .unwrap()
}
