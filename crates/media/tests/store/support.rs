//! What every test shares: a store on a temporary directory and a private database, files to upload, and
//! reading back what was kept.

use std::io::Cursor;

use hometutor_core::{Role, UserId};
use hometutor_db::Db;
use hometutor_media::{MediaError, MediaStore, Quota, StoredFile};
use hometutor_testkit::{insert_user, TestDatabase};
use image::{DynamicImage, ImageFormat, RgbImage};

pub(crate) const LIMIT: u64 = 64 * 1024;
pub(crate) const SCRIPT: &[u8] = b"<html><script>alert(document.cookie)</script></html>";

pub(crate) struct Fixture {
    _database: TestDatabase,
    pub(crate) db: Db,
    pub(crate) dir: std::path::PathBuf,
    pub(crate) media: MediaStore,
    pub(crate) owner: UserId,
    pub(crate) other: UserId,
}

impl Drop for Fixture {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

pub(crate) fn user(db: &Db, email: &str) -> UserId {
    UserId(insert_user(db, "U", email, "tutor"))
}

pub(crate) fn fixture() -> Fixture {
    fixture_with(LIMIT, Quota::default())
}

pub(crate) fn fixture_with(max_bytes: u64, quota: Quota) -> Fixture {
    let database = TestDatabase::in_memory();
    let db = database.db();
    let dir = temp_dir();
    let media = MediaStore::new(db.clone(), dir.clone(), max_bytes).expect("store").with_quota(quota);
    Fixture {
        owner: user(&db, "a@example.com"),
        other: user(&db, "b@example.com"),
        media,
        dir,
        db,
        _database: database,
    }
}

pub(crate) fn temp_dir() -> std::path::PathBuf {
    std::env::temp_dir().join(format!("hometutor-media-{}", uuid::Uuid::new_v4().simple()))
}

/// A real picture in `format`: a gradient, so that encoders have something to keep.
pub(crate) fn picture(format: ImageFormat, width: u32, height: u32) -> Vec<u8> {
    let image = RgbImage::from_fn(width, height, |x, y| image::Rgb([(x * 40) as u8, (y * 40) as u8, 128]));
    let mut out = Cursor::new(Vec::new());
    DynamicImage::ImageRgb8(image).write_to(&mut out, format).expect("encode");
    out.into_inner()
}

pub(crate) fn png() -> Vec<u8> {
    picture(ImageFormat::Png, 3, 2)
}

/// A PDF of exactly `len` bytes: header, padding, trailer.
pub(crate) fn pdf(len: usize) -> Vec<u8> {
    let mut bytes = b"%PDF-1.4\n".to_vec();
    bytes.resize(len - 6, b' ');
    bytes.extend_from_slice(b"%%EOF\n");
    bytes
}

pub(crate) fn upload_as(
    f: &Fixture,
    owner: UserId,
    role: Role,
    name: &str,
    bytes: &[u8],
) -> Result<StoredFile, MediaError> {
    upload_to(&f.media, owner, role, name, bytes)
}

pub(crate) fn upload_to(
    media: &MediaStore,
    owner: UserId,
    role: Role,
    name: &str,
    bytes: &[u8],
) -> Result<StoredFile, MediaError> {
    let mut pending = media.begin(name)?;
    for chunk in bytes.chunks(1000) {
        pending.write(chunk)?;
    }
    pending.finish(owner, role)
}

pub(crate) fn upload(f: &Fixture, name: &str, bytes: &[u8]) -> Result<StoredFile, MediaError> {
    upload_as(f, f.owner, Role::Tutor, name, bytes)
}

pub(crate) fn stored_bytes(f: &Fixture, file: &StoredFile) -> Vec<u8> {
    assert_eq!(f.media.find(&file.filename).expect("find"), *file);
    std::fs::read(f.dir.join(&file.filename)).expect("read")
}

pub(crate) fn files_in(dir: &std::path::Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect()
}
