//! Databases for tests: SQLite by default, a fresh PostgreSQL schema when
//! `TEST_DATABASE_URL` is set. Each is private to one test and removed afterwards.

use diesel::connection::SimpleConnection;
use diesel::{Connection, PgConnection};

use crate::{run_migrations, Db};

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
        Self::postgres().unwrap_or_else(|| {
            let path = std::env::temp_dir().join(format!("hometutor-test-{}.db", uuid::Uuid::new_v4().simple()));
            Self { url: format!("sqlite://{}", path.display()), cleanup: Cleanup::File(path) }
        })
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
/// (seen: SIGSEGV after every test had passed). A loopback database needs no TLS, so
/// tests ask for none unless the URL says otherwise.
fn without_tls_on_loopback(url: String) -> String {
    let loopback =
        ["@127.0.0.1", "@localhost", "@[::1]", "://127.0.0.1", "://localhost"].iter().any(|h| url.contains(h));
    if !loopback || url.contains("sslmode=") {
        return url;
    }
    let sep = if url.contains('?') { '&' } else { '?' };
    format!("{url}{sep}sslmode=disable")
}

/// A user for tests and benchmarks, written straight into the table: no password
/// (the hash is a placeholder no login matches), e-mail verified, active.
pub struct TestUser<'a> {
    pub name: &'a str,
    pub email: &'a str,
    pub role: &'a str,
}

/// Inserts one `TestUser`; returns its id.
pub fn insert_user(db: &Db, name: &str, email: &str, role: &str) -> i64 {
    insert_users(db, &[TestUser { name, email, role }])[0]
}

/// Inserts many `TestUser`s, a thousand rows per statement; returns their ids in
/// the order given.
pub fn insert_users(db: &Db, people: &[TestUser<'_>]) -> Vec<i64> {
    use crate::schema::users;
    use diesel::prelude::*;
    let at = crate::now();
    let mut ids = Vec::with_capacity(people.len());
    for chunk in people.chunks(1000) {
        let rows: Vec<_> = chunk
            .iter()
            .map(|p| {
                (
                    users::fullname.eq(p.name),
                    users::email.eq(p.email),
                    users::phone.eq("9876543210"),
                    users::password_hash.eq("x"),
                    users::role.eq(p.role),
                    users::email_verified.eq(true),
                    users::created_at.eq(at),
                    users::updated_at.eq(at),
                )
            })
            .collect();
        let emails: Vec<&str> = chunk.iter().map(|p| p.email).collect();
        let by_email: std::collections::HashMap<String, i64> = db
            .write(|c| {
                match c {
                    crate::DbConnection::Sqlite(c) => diesel::insert_into(users::table).values(&rows).execute(c),
                    crate::DbConnection::Pg(c) => diesel::insert_into(users::table).values(&rows).execute(c),
                }?;
                // Read back by e-mail: neither backend promises RETURNING rows in insert order.
                users::table
                    .filter(users::email.eq_any(&emails))
                    .select((users::email, users::id))
                    .load::<(String, i64)>(c)
                    .map_err(crate::DbError::from)
            })
            .unwrap_or_else(|e| panic!("test users: {e}"))
            .into_iter()
            .collect();
        ids.extend(chunk.iter().map(|p| by_email[p.email]));
    }
    ids
}

/// Inserts a tuition request of `parent` near Connaught Place, as a test's
/// background (a maths request, flagged or not); returns its id. Tests of the
/// tuition rules themselves go through the tuition service instead.
pub fn insert_request(db: &Db, parent: i64, flagged: bool) -> i64 {
    use crate::schema::tuition_requests as tr;
    use diesel::prelude::*;
    let at = crate::now();
    db.write(|c| {
        diesel::insert_into(tr::table)
            .values((
                tr::parent_id.eq(parent),
                tr::subject.eq("Maths"),
                tr::class_level.eq("Class 8"),
                tr::preferred_time.eq("Evenings"),
                tr::lat.eq(28.6139),
                tr::lng.eq(77.209),
                tr::approx_lat.eq(Some(28.6160)),
                tr::approx_lng.eq(Some(77.2120)),
                tr::approx_cell.eq(Some(0i64)),
                tr::flagged.eq(flagged),
                tr::created_at.eq(at),
                tr::updated_at.eq(at),
            ))
            .returning(tr::id)
            .get_result(c)
            .map_err(crate::DbError::from)
    })
    .unwrap_or_else(|e| panic!("test request: {e}"))
}

/// Gives `user` a subscription that runs for `days` more days, as a test's background.
pub fn subscribe(db: &Db, user: i64, days: i64) {
    use crate::schema::users;
    use diesel::prelude::*;
    db.write(|c| {
        diesel::update(users::table.find(user))
            .set((
                users::subscription_active.eq(true),
                users::subscription_expires.eq(Some(crate::now() + chrono::Duration::days(days))),
            ))
            .execute(c)
            .map_err(crate::DbError::from)
    })
    .unwrap_or_else(|e| panic!("test subscription: {e}"));
}
