//! Upload rules against a real directory and a private database.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

use hometutor_core::{Role, UserId};
use hometutor_db::testing::{insert_user, TestDatabase};
use hometutor_db::Db;
use hometutor_media::{MediaError, MediaStore};

const PNG: &[u8] = &[0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13];
const LIMIT: u64 = 1024;

struct Fixture {
    _database: TestDatabase,
    dir: std::path::PathBuf,
    media: MediaStore,
    owner: UserId,
    other: UserId,
}

impl Drop for Fixture {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn user(db: &Db, email: &str) -> UserId {
    UserId(insert_user(db, "U", email, "tutor"))
}

fn fixture() -> Fixture {
    let database = TestDatabase::in_memory();
    let db = database.db();
    let dir = std::env::temp_dir().join(format!("hometutor-media-{}", uuid_like()));
    let media = MediaStore::new(db.clone(), dir.clone(), LIMIT).expect("store");
    Fixture { owner: user(&db, "a@example.com"), other: user(&db, "b@example.com"), media, dir, _database: database }
}

fn uuid_like() -> String {
    format!(
        "{:x}{:x}",
        std::process::id(),
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0)
    )
}

fn upload(f: &Fixture, name: &str, bytes: &[u8]) -> Result<hometutor_media::StoredFile, MediaError> {
    let mut pending = f.media.begin(name)?;
    for chunk in bytes.chunks(100) {
        pending.write(chunk)?;
    }
    pending.finish(f.owner)
}

fn files_in(dir: &std::path::Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect()
}

#[test]
fn a_real_image_is_stored_under_a_random_name() {
    let f = fixture();
    let stored = upload(&f, "My Photo.PNG", PNG).expect("stored");
    assert_eq!(
        (stored.original_name.as_str(), stored.mimetype.as_str(), stored.size),
        ("My Photo.PNG", "image/png", 12)
    );
    assert!(stored.filename.ends_with(".png") && stored.filename.len() == 36);
    assert_eq!(files_in(&f.dir), vec![stored.filename.clone()]);
    let (path, found) = f.media.find(&stored.filename).expect("find");
    assert_eq!((std::fs::read(path).expect("read"), found), (PNG.to_vec(), stored));
}

#[test]
fn the_size_limit_is_enforced_while_streaming_and_nothing_is_left() {
    let f = fixture();
    let mut exact = PNG.to_vec();
    exact.resize(LIMIT as usize, 0);
    assert!(upload(&f, "exact.png", &exact).is_ok());
    exact.push(0);
    let err = upload(&f, "big.png", &exact).err().map(|e| e.to_string());
    assert_eq!(err.as_deref(), Some("File big.png is too large. Maximum size is 1MB."));
    assert_eq!(files_in(&f.dir).len(), 1, "only the first file; no partial file of the second");
}

#[test]
fn content_must_match_the_extension() {
    let f = fixture();
    for (name, bytes) in [
        ("evil.png", b"<html><script>alert(1)</script></html>".as_slice()),
        ("x.pdf", PNG),
        ("y.docx", b"PK\x03\x04not a word file"),
    ] {
        assert!(matches!(upload(&f, name, bytes), Err(MediaError::Mismatch(_))), "{name}");
    }
    for name in ["image.svg", "page.html", "noextension", "a\0b.png", ""] {
        assert!(matches!(upload(&f, name, PNG), Err(MediaError::NotAllowed(_))), "{name:?}");
    }
    assert!(upload(&f, "doc.pdf", b"%PDF-1.7\n...").is_ok());
    assert_eq!(files_in(&f.dir).len(), 1);
}

#[test]
fn names_cannot_escape_the_upload_directory() {
    let f = fixture();
    let stored = upload(&f, "../../etc/passwd.png", PNG).expect("stored");
    assert_eq!(stored.original_name, "passwd.png");
    assert_eq!(files_in(&f.dir), vec![stored.filename]);
    for bad in ["../secret.png", "/etc/passwd", "abc.png", "..", "0123456789abcdef0123456789abcdef.exe"] {
        assert!(matches!(f.media.find(bad), Err(MediaError::NotFound)), "{bad}");
    }
}

#[test]
fn only_the_uploader_or_an_admin_deletes() {
    let f = fixture();
    let stored = upload(&f, "a.png", PNG).expect("stored");
    assert!(matches!(f.media.delete(f.other, Role::Tutor, &stored.filename), Err(MediaError::NotYours)));
    f.media.delete(f.other, Role::Admin, &stored.filename).expect("admin");
    assert!(files_in(&f.dir).is_empty());
    assert!(matches!(f.media.delete(f.owner, Role::Tutor, &stored.filename), Err(MediaError::NotFound)));
}
