//! Backups, restores and upgrade dry runs, with the real binary, as an operator runs
//! them: `hometutor backup` while the site is being written to, `hometutor restore`
//! (refused under a running server), and the restored site serving the data. On
//! PostgreSQL the documented `pg_dump` / `pg_restore` commands are run instead.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

mod common;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Output;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::{PeerProcess, TestApp, JWT_SECRET, PASSWORD};
use serde_json::json;

fn is_postgres() -> bool {
    std::env::var("TEST_DATABASE_URL").is_ok_and(|u| !u.is_empty())
}

/// Runs the binary with exactly `DATABASE_URL` (and a secret) set, as an operator's shell would.
async fn hometutor(database_url: &str, args: &[&str]) -> Output {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_hometutor"));
    command
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("DATABASE_URL", database_url)
        .env("JWT_SECRET", JWT_SECRET)
        .env("RUST_LOG", "warn")
        .args(args);
    tokio::task::spawn_blocking(move || command.output().expect("the binary runs")).await.expect("join")
}

fn text(output: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr))
}

fn temp_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hometutor-backup-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(&dir).expect("dir");
    dir
}

async fn id_of(app: &TestApp, token: &str) -> i64 {
    app.call("GET", "/api/auth/profile", Some(token), None).await.body["user"]["id"].as_i64().expect("id")
}

/// A parent who keeps writing to a tutor, one acknowledged message after another
/// ("message 0", "message 1", …), until told to stop; `acked` counts the answers.
struct Writer {
    acked: Arc<AtomicUsize>,
    stop: Arc<AtomicBool>,
    task: tokio::task::JoinHandle<()>,
}

impl Writer {
    fn start(app: &TestApp, parent: &str, tutor_id: i64) -> Self {
        let (acked, stop) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicBool::new(false)));
        let (client, base, token) = (app.client.clone(), app.base.clone(), parent.to_string());
        let (counter, stopping) = (acked.clone(), stop.clone());
        let task = tokio::spawn(async move {
            let mut n = 0;
            while !stopping.load(Ordering::SeqCst) {
                let body = json!({"to": tutor_id, "text": format!("message {n}")});
                let reply = common::call(&client, &base, "POST", "/api/messages", Some(&token), Some(body)).await;
                assert_eq!(reply.status, 201, "{:?}", reply.body);
                n += 1;
                counter.store(n, Ordering::SeqCst);
            }
        });
        Self { acked, stop, task }
    }

    async fn wait_for(&self, count: usize) {
        let deadline = Instant::now() + Duration::from_secs(30);
        while self.acked.load(Ordering::SeqCst) < count {
            assert!(Instant::now() < deadline, "the writer stalled at {}", self.acked.load(Ordering::SeqCst));
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    async fn stop(self) -> usize {
        self.stop.store(true, Ordering::SeqCst);
        self.task.await.expect("the writer ran without a failure");
        self.acked.load(Ordering::SeqCst)
    }
}

/// A server process on `database_url`, with the site's secret: what a restored machine runs.
async fn server_on(database_url: &str, data_dir: &Path) -> PeerProcess {
    let env = HashMap::from([
        ("DATABASE_URL".to_string(), database_url.to_string()),
        ("DATA_DIR".to_string(), data_dir.display().to_string()),
        ("JWT_SECRET".to_string(), JWT_SECRET.to_string()),
        ("BCRYPT_COST".to_string(), "4".to_string()),
        ("RUST_LOG".to_string(), "warn".to_string()),
    ]);
    PeerProcess::start(&env, None).await
}

/// The texts the parent's conversation with the tutor holds on `server`, oldest first.
async fn conversation(server: &PeerProcess, tutor_id: i64) -> Vec<String> {
    let login = server.call(
        "POST",
        "/api/auth/login",
        None,
        Some(json!({"email": "parent@example.com", "password": PASSWORD})),
    );
    let login = login.await;
    assert_eq!(login.status, 200, "the restored site knows the parent: {:?}", login.body);
    let token = login.body["token"].as_str().expect("token").to_string();
    let mut texts = Vec::new();
    let mut before: Option<i64> = None;
    loop {
        let page = match before {
            Some(id) => format!("/api/messages?userId={tutor_id}&limit=100&before={id}"),
            None => format!("/api/messages?userId={tutor_id}&limit=100"),
        };
        let reply = server.call("GET", &page, Some(&token), None).await;
        assert_eq!(reply.status, 200, "{:?}", reply.body);
        let items = reply.body.as_array().expect("a list").clone();
        if items.is_empty() {
            break;
        }
        before = items.last().and_then(|m| m["seq"].as_i64());
        texts.extend(items.iter().map(|m| m["text"].as_str().unwrap_or_default().to_string()));
        if items.len() < 100 {
            break;
        }
    }
    texts.reverse();
    texts
}

/// Messages "message 0" … "message {n-1}": what a consistent snapshot of the writer holds.
fn prefix(n: usize) -> Vec<String> {
    (0..n).map(|i| format!("message {i}")).collect()
}

#[actix_web::test]
async fn a_backup_taken_while_the_site_writes_restores_a_site_that_serves_every_acknowledged_message() {
    if is_postgres() {
        return postgres_backup_with_the_documented_commands().await;
    }
    let app = TestApp::start_with(&[("CHAT_RATE_LIMIT", "1000000".into())]).await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let tutor_id = id_of(&app, &tutor).await;
    let dir = temp_dir();
    let backup_file = dir.join("site.db");

    let writer = Writer::start(&app, &parent, tutor_id);
    writer.wait_for(20).await;
    let acked_before = writer.acked.load(Ordering::SeqCst);
    let backup = hometutor(&app.database.url, &["backup", backup_file.to_str().expect("path")]).await;
    let acked_after = writer.acked.load(Ordering::SeqCst);
    writer.wait_for(acked_after + 5).await;
    let written = writer.stop().await;
    assert!(backup.status.success(), "{}", text(&backup));
    assert!(text(&backup).contains("integrity check ok"), "{}", text(&backup));
    assert!(written > acked_after, "the site kept writing after the backup");

    // A second backup never overwrites the first.
    let again = hometutor(&app.database.url, &["backup", backup_file.to_str().expect("path")]).await;
    assert!(!again.status.success());
    assert!(text(&again).contains("already exists"), "{}", text(&again));

    // The running site's database cannot be restored over, and is left as it was.
    let refused = hometutor(&app.database.url, &["restore", backup_file.to_str().expect("path")]).await;
    assert!(!refused.status.success());
    assert!(text(&refused).contains("in use by a running HomeTutor process"), "{}", text(&refused));
    let history = app.call("GET", &format!("/api/messages?userId={tutor_id}&limit=1"), Some(&parent), None).await;
    assert_eq!(history.body[0]["text"], format!("message {}", written - 1), "the live site is untouched");

    // A file that is not a backup is refused before anything is replaced.
    let target_dir = temp_dir();
    let target_url = format!("sqlite://{}", target_dir.join("hometutor.db").display());
    let junk = dir.join("notes.txt");
    std::fs::write(&junk, "not a database, just some notes that happen to be long enough to look like one").unwrap();
    let bad = hometutor(&target_url, &["restore", junk.to_str().expect("path")]).await;
    assert!(!bad.status.success());
    assert!(text(&bad).contains("not a usable HomeTutor backup"), "{}", text(&bad));
    assert!(!target_dir.join("hometutor.db").exists(), "nothing was put in place");

    // Restored on a new machine: the site serves a consistent snapshot holding every
    // message acknowledged before the backup began, and nothing after it finished.
    let restored = hometutor(&target_url, &["restore", backup_file.to_str().expect("path")]).await;
    assert!(restored.status.success(), "{}", text(&restored));
    let server = server_on(&target_url, &target_dir).await;
    let texts = conversation(&server, tutor_id).await;
    assert!(
        (acked_before..=acked_after + 1).contains(&texts.len()),
        "{} messages restored; {acked_before} were acknowledged before the backup and {acked_after} after it",
        texts.len()
    );
    assert_eq!(texts, prefix(texts.len()), "a consistent snapshot: no gaps, nothing out of order");

    // While that server runs, restoring over it is refused; stopped, the restore keeps the replaced file.
    let busy = hometutor(&target_url, &["restore", backup_file.to_str().expect("path")]).await;
    assert!(text(&busy).contains("in use by a running HomeTutor process"), "{}", text(&busy));
    server.kill_hard();
    let over = hometutor(&target_url, &["restore", backup_file.to_str().expect("path")]).await;
    assert!(over.status.success(), "{}", text(&over));
    let kept = std::fs::read_dir(&target_dir)
        .unwrap()
        .flatten()
        .any(|e| e.file_name().to_string_lossy().starts_with("hometutor.db.before-restore-"));
    assert!(kept, "the replaced database is kept: {}", text(&over));
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&target_dir);
}

/// PostgreSQL: `hometutor backup` points at pg_dump, and the documented commands work.
async fn postgres_backup_with_the_documented_commands() {
    let app = TestApp::start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let tutor_id = id_of(&app, &tutor).await;
    for n in 0..5 {
        let body = json!({"to": tutor_id, "text": format!("message {n}")});
        assert_eq!(app.call("POST", "/api/messages", Some(&parent), Some(body)).await.status, 201);
    }
    let dir = temp_dir();
    let refused = hometutor(&app.database.url, &["backup", dir.join("x.db").to_str().expect("path")]).await;
    assert!(!refused.status.success());
    assert!(text(&refused).contains("pg_dump --format=custom"), "{}", text(&refused));

    // The test's database is one schema of a shared database; the commands are the
    // documented ones, limited to that schema and restored into a database of its own.
    let admin = std::env::var("TEST_DATABASE_URL").expect("TEST_DATABASE_URL");
    let schema = app.database.url.rsplit("search_path%3D").next().expect("the test schema").to_string();
    let dump = dir.join("site.dump");
    let run = |program: &str, args: Vec<String>| {
        let output = std::process::Command::new(program).args(&args).output().expect(program);
        assert!(output.status.success(), "{program} {args:?}: {}", text(&output));
    };
    run(
        "pg_dump",
        vec![
            "--format=custom".into(),
            format!("--schema={schema}"),
            format!("--file={}", dump.display()),
            admin.clone(),
        ],
    );
    let restored_db = format!("restore_{}", uuid::Uuid::new_v4().simple());
    let mut restored_url = url::Url::parse(&admin).expect("url");
    restored_url.set_path(&restored_db);
    run("psql", vec![admin.clone(), "-c".into(), format!("CREATE DATABASE {restored_db}")]);
    run("pg_restore", vec!["--no-owner".into(), format!("--dbname={restored_url}"), dump.display().to_string()]);
    let url = format!("{restored_url}?options=-csearch_path%3D{schema}");
    let server = server_on(&url, &dir).await;
    assert_eq!(conversation(&server, tutor_id).await, prefix(5));
    server.kill_hard();
    drop(server);
    run("psql", vec![admin, "-c".into(), format!("DROP DATABASE {restored_db} WITH (FORCE)")]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[actix_web::test]
async fn migrate_dry_run_lists_pending_migrations_and_changes_nothing() {
    let database = hometutor_testkit::TestDatabase::file();
    let dir = temp_dir();
    let url = if is_postgres() { database.url.clone() } else { format!("sqlite://{}", dir.join("new.db").display()) };

    let fresh = hometutor(&url, &["migrate", "--dry-run"]).await;
    assert!(fresh.status.success(), "{}", text(&fresh));
    let listed = text(&fresh).lines().filter(|l| l.starts_with("  ")).count();
    assert!(listed > 10, "every migration is listed: {}", text(&fresh));
    if is_postgres() {
        let plan = hometutor_db::migration_plan(&url).expect("plan");
        assert_eq!((plan.applied, plan.exists), (0, true), "the dry run made no bookkeeping table");
        assert!(text(&fresh).contains(&format!("0 migrations applied, {listed} pending")), "{}", text(&fresh));
    } else {
        assert!(text(&fresh).contains("does not exist yet"), "{}", text(&fresh));
        assert!(!dir.join("new.db").exists(), "a dry run creates no database");
    }

    let migrate = hometutor(&url, &["migrate"]).await;
    assert!(migrate.status.success(), "{}", text(&migrate));
    let current = hometutor(&url, &["migrate", "--dry-run"]).await;
    assert!(text(&current).contains(&format!("up to date ({listed} migrations applied)")), "{}", text(&current));

    // A newer release's migration, as after a rollback to this version.
    let db = hometutor_db::Db::connect(&url).expect("db");
    db.write(|c| {
        use diesel::RunQueryDsl;
        diesel::sql_query("INSERT INTO __diesel_schema_migrations (version) VALUES ('29990101000000')")
            .execute(c)
            .map(drop)
            .map_err(hometutor_db::DbError::from)
    })
    .expect("a newer version recorded");
    drop(db);
    let newer = hometutor(&url, &["migrate", "--dry-run"]).await;
    assert!(text(&newer).contains("1 migrations this version does not know (29990101000000)"), "{}", text(&newer));
    let _ = std::fs::remove_dir_all(&dir);
}
