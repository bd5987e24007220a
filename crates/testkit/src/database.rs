//! Databases for tests: SQLite by default, a fresh PostgreSQL schema when
//! `TEST_DATABASE_URL` is set. Each is private to one test and removed afterwards.
//! A test that cannot get its database fails here, with the reason.

use diesel::connection::SimpleConnection;
use diesel::{Connection, PgConnection};
use hometutor_db::{run_migrations, Db};

pub struct TestDatabase {
    pub url: String,
    cleanup: Cleanup,
}

enum Cleanup {
    Nothing,
    File(std::path::PathBuf),
    Schema { admin_url: String, schema: String },
}

impl TestDatabase {
    /// A private in-memory SQLite, or a private PostgreSQL schema.
    pub fn in_memory() -> Self {
        Self::postgres().unwrap_or(Self { url: "sqlite://:memory:".into(), cleanup: Cleanup::Nothing })
    }

    /// A private SQLite file (shareable between pools and processes), or a PostgreSQL schema.
    pub fn file() -> Self {
        Self::postgres().unwrap_or_else(Self::sqlite_file)
    }

    /// A private SQLite file whatever `TEST_DATABASE_URL` says: for tests of SQLite's own behaviour
    /// (its files, its commits), which have no PostgreSQL counterpart. Not migrated until [`Self::db`].
    pub fn sqlite_file() -> Self {
        let path = std::env::temp_dir().join(format!("hometutor-test-{}.db", uuid::Uuid::new_v4().simple()));
        Self { url: format!("sqlite://{}", path.display()), cleanup: Cleanup::File(path) }
    }

    /// The file of a SQLite database, for opening it as another program would; `None` on PostgreSQL
    /// or in memory.
    pub fn sqlite_path(&self) -> Option<&std::path::Path> {
        match &self.cleanup {
            Cleanup::File(path) => Some(path),
            Cleanup::Nothing | Cleanup::Schema { .. } => None,
        }
    }

    fn postgres() -> Option<Self> {
        let admin_url = without_tls_on_loopback(std::env::var("TEST_DATABASE_URL").ok().filter(|u| !u.is_empty())?);
        let schema = format!("t_{}", uuid::Uuid::new_v4().simple());
        let mut conn = PgConnection::establish(&admin_url)
            .unwrap_or_else(|e| panic!("TEST_DATABASE_URL is set but unreachable: {e}"));
        conn.batch_execute(&format!("CREATE SCHEMA \"{schema}\""))
            .unwrap_or_else(|e| panic!("cannot create test schema: {e}"));
        let sep = if admin_url.contains('?') { '&' } else { '?' };
        let url = format!("{admin_url}{sep}options=-csearch_path%3D{schema}");
        Some(Self { url, cleanup: Cleanup::Schema { admin_url, schema } })
    }

    /// Connects and migrates.
    pub fn db(&self) -> Db {
        let db = Db::connect(&self.url).unwrap_or_else(|e| panic!("test database: {e}"));
        run_migrations(&db).unwrap_or_else(|e| panic!("test migrations: {e}"));
        db
    }
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        match &self.cleanup {
            Cleanup::Nothing => {}
            Cleanup::File(path) => {
                for suffix in ["", "-wal", "-shm"] {
                    let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
                }
            }
            Cleanup::Schema { admin_url, schema } => {
                if let Ok(mut conn) = PgConnection::establish(admin_url) {
                    let _ = conn.batch_execute(&format!("DROP SCHEMA \"{schema}\" CASCADE"));
                }
            }
        }
    }
}

/// A test binary exits while servers it started may still be closing their pools on
/// other threads; with TLS, libpq's OpenSSL then races OpenSSL's exit-time cleanup
/// (seen: SIGSEGV and heap corruption after every test had passed, the core showing
/// `OPENSSL_cleanup` in `exit` while another thread freed its state). A loopback
/// database needs no TLS, so tests ask for none unless the URL says otherwise.
fn without_tls_on_loopback(url: String) -> String {
    let loopback =
        ["@127.0.0.1", "@localhost", "@[::1]", "://127.0.0.1", "://localhost"].iter().any(|h| url.contains(h));
    if !loopback || url.contains("sslmode=") {
        return url;
    }
    let sep = if url.contains('?') { '&' } else { '?' };
    format!("{url}{sep}sslmode=disable")
}
