//! The orphan sweep against the store a server really uses, a directory and an S3 bucket
//! (moto): objects put behind the server's back with no row, and verification documents
//! whose rows say deleted while their objects stayed, go once they have been unreferenced for
//! the grace period; a file someone uploaded, a pending verification's documents and an
//! object stored a moment ago (an upload whose row is being written) stay. Passes run at
//! explicit times on the server's clock (SQLite, or PostgreSQL with TEST_DATABASE_URL).

use crate::common;
use crate::verification_support::{aadhaar_form, pdf, submit};

use common::TestApp;
use hometutor_media::{MediaStore, StorageConfig, Swept};
use hometutor_server::object_sweep::{pass, GRACE};
use hometutor_testkit::S3Server;
use reqwest::multipart::{Form, Part};
use serde_json::json;

const PREFIX: &str = "site/uploads";

/// The store as the test sees it, behind the server's back.
trait Store {
    fn put(&self, name: &str, bytes: &[u8]);
    fn names(&self) -> Vec<String>;
}

struct Directory(std::path::PathBuf);

impl Store for Directory {
    fn put(&self, name: &str, bytes: &[u8]) {
        let path = self.0.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, bytes).unwrap();
    }
    fn names(&self) -> Vec<String> {
        let mut out = Vec::new();
        for dir in [self.0.clone(), self.0.join("private")] {
            let prefix = if dir == self.0 { "" } else { "private/" };
            for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
                if entry.path().is_file() {
                    out.push(format!("{prefix}{}", entry.file_name().to_string_lossy()));
                }
            }
        }
        out
    }
}

impl Store for S3Server {
    fn put(&self, name: &str, bytes: &[u8]) {
        self.put_object(&format!("{PREFIX}/{name}"), bytes);
    }
    fn names(&self) -> Vec<String> {
        let strip = format!("{PREFIX}/");
        self.object_keys().iter().filter_map(|k| k.strip_prefix(&strip)).map(str::to_string).collect()
    }
}

fn random_name(private: bool) -> String {
    format!("{}{}.pdf", if private { "private/" } else { "" }, uuid::Uuid::new_v4().simple())
}

/// Sets up the cases, then sweeps at the start, just inside and just past the grace period.
async fn orphans_go_and_the_rest_stays(app: &TestApp, media: &MediaStore, store: &dyn Store) {
    let admin = app.verified_user("root@example.com", "admin").await;
    let decided = app.verified_user("decided@example.com", "tutor").await;
    let pending = app.verified_user("pending@example.com", "tutor").await;
    let form = Form::new().part("file", Part::bytes(pdf()).file_name("cv.pdf"));
    let res = app.client.post(format!("{}/api/upload/single", app.base)).bearer_auth(&pending).multipart(form);
    let uploaded: serde_json::Value = res.send().await.unwrap().json().await.unwrap();
    let uploaded = uploaded["file"]["filename"].as_str().expect("an uploaded file").to_string();
    let (status, _) = submit(app, &app.base, &pending, aadhaar_form()).await;
    assert_eq!(status, 201);
    let pending_docs: Vec<String> = store.names().into_iter().filter(|n| n.starts_with("private/")).collect();
    assert_eq!(pending_docs.len(), 2, "{pending_docs:?}");
    let (status, body) = submit(app, &app.base, &decided, aadhaar_form()).await;
    assert_eq!(status, 201, "{body}");
    let approve = format!("/api/admin/verification/{}/approve", body["id"]);
    let checks = json!({"id": true, "qualification": true, "police": false});
    assert_eq!(app.call("POST", &approve, Some(&admin), Some(checks)).await.status, 200);
    // 31 days on, the rows say deleted but (a store that failed then) the objects stayed.
    let day_31 = hometutor_db::now() + chrono::TimeDelta::days(31);
    let expired = app
        .db()
        .write(|c| hometutor_profiles::verification::expire_files(c, day_31).map_err(hometutor_db::DbError::from))
        .unwrap();
    assert_eq!(expired.len(), 2);
    // A crash between storing and recording: objects with no row at all.
    let (public_orphan, private_orphan) = (random_name(false), random_name(true));
    store.put(&public_orphan, &pdf());
    store.put(&private_orphan, &pdf());

    let t0 = hometutor_db::now();
    let first = pass(media, t0).unwrap();
    assert_eq!(first, Swept { public: 0, private: 0, waiting: 4, failed: 0 }, "nothing goes at first sight");
    // An upload in flight: stored, its row not written yet.
    let in_flight = random_name(true);
    store.put(&in_flight, &pdf());
    let grace = chrono::TimeDelta::from_std(GRACE).unwrap();
    let inside = pass(media, t0 + grace - chrono::TimeDelta::seconds(1)).unwrap();
    assert_eq!((inside.public, inside.private, inside.waiting), (0, 0, 5), "not before the grace period");
    let past = pass(media, t0 + grace).unwrap();
    assert_eq!(past, Swept { public: 1, private: 3, waiting: 1, failed: 0 });

    let mut left = store.names();
    left.sort();
    let mut expected = [vec![uploaded.clone(), in_flight.clone()], pending_docs].concat();
    expected.sort();
    assert_eq!(left, expected, "the orphans are gone; the referenced and the in-flight objects stay");
    // What stays is still served.
    assert_eq!(app.call("GET", &format!("/api/uploads/{uploaded}"), None, None).await.status, 200);
    // Never recorded after all, the in-flight object goes a grace period after it was first seen.
    let later = pass(media, t0 + grace + grace).unwrap();
    assert_eq!((later.private, later.waiting), (1, 0));
    assert!(!store.names().contains(&in_flight));
}

#[actix_web::test]
async fn orphan_objects_in_a_directory_are_swept_after_the_grace_period() {
    let app = TestApp::start().await;
    let dir = app.data_dir.join("uploads");
    let media = MediaStore::new(app.db(), dir.clone(), 1 << 20).unwrap();
    orphans_go_and_the_rest_stays(&app, &media, &Directory(dir)).await;
}

#[actix_web::test]
async fn orphan_objects_in_a_bucket_are_swept_after_the_grace_period() {
    let Some(s3) = S3Server::start() else { return };
    let env = s3.env(PREFIX);
    let app = TestApp::start_with(&env).await;
    let url = env.iter().find(|(k, _)| *k == "UPLOADS_URL").map(|(_, v)| v.clone());
    let config = StorageConfig::from_lookup(url.as_deref(), app.data_dir.join("unused"), |k| {
        env.iter().find(|(key, _)| *key == k).map(|(_, v)| v.clone())
    })
    .unwrap();
    let media = MediaStore::open(app.db(), &config, app.data_dir.join("sweep-staging"), 1 << 20).unwrap();
    orphans_go_and_the_rest_stays(&app, &media, &s3).await;
}
