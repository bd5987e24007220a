//! Upload rules against a real directory and a private database (SQLite, or
//! PostgreSQL with TEST_DATABASE_URL), played as an attacker would.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

use std::io::{Cursor, Write};

use hometutor_core::{Role, UserId};
use hometutor_db::Db;
use hometutor_media::{MediaError, MediaStore, Quota, StoredFile};
use hometutor_testkit::{insert_user, TestDatabase};
use image::{DynamicImage, ImageFormat, RgbImage};

const LIMIT: u64 = 64 * 1024;
const SCRIPT: &[u8] = b"<html><script>alert(document.cookie)</script></html>";

struct Fixture {
    _database: TestDatabase,
    db: Db,
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
    fixture_with(LIMIT, Quota::default())
}

fn fixture_with(max_bytes: u64, quota: Quota) -> Fixture {
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

fn temp_dir() -> std::path::PathBuf {
    std::env::temp_dir().join(format!("hometutor-media-{}", uuid::Uuid::new_v4().simple()))
}

/// A real picture in `format`: a gradient, so that encoders have something to keep.
fn picture(format: ImageFormat, width: u32, height: u32) -> Vec<u8> {
    let image = RgbImage::from_fn(width, height, |x, y| image::Rgb([(x * 40) as u8, (y * 40) as u8, 128]));
    let mut out = Cursor::new(Vec::new());
    DynamicImage::ImageRgb8(image).write_to(&mut out, format).expect("encode");
    out.into_inner()
}

fn png() -> Vec<u8> {
    picture(ImageFormat::Png, 3, 2)
}

/// A PDF of exactly `len` bytes: header, padding, trailer.
fn pdf(len: usize) -> Vec<u8> {
    let mut bytes = b"%PDF-1.4\n".to_vec();
    bytes.resize(len - 6, b' ');
    bytes.extend_from_slice(b"%%EOF\n");
    bytes
}

fn upload_as(f: &Fixture, owner: UserId, role: Role, name: &str, bytes: &[u8]) -> Result<StoredFile, MediaError> {
    upload_to(&f.media, owner, role, name, bytes)
}

fn upload_to(
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

fn upload(f: &Fixture, name: &str, bytes: &[u8]) -> Result<StoredFile, MediaError> {
    upload_as(f, f.owner, Role::Tutor, name, bytes)
}

fn stored_bytes(f: &Fixture, file: &StoredFile) -> Vec<u8> {
    assert_eq!(f.media.find(&file.filename).expect("find"), *file);
    std::fs::read(f.dir.join(&file.filename)).expect("read")
}

fn files_in(dir: &std::path::Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect()
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

#[test]
fn a_real_image_is_stored_under_a_random_name() {
    let f = fixture();
    let stored = upload(&f, "My Photo.PNG", &png()).expect("stored");
    assert_eq!((stored.original_name.as_str(), stored.mimetype.as_str()), ("My Photo.PNG", "image/png"));
    assert!(stored.filename.ends_with(".png") && stored.filename.len() == 36);
    assert_eq!(files_in(&f.dir), vec![stored.filename.clone()]);
    let found = f.media.find(&stored.filename).expect("find");
    let bytes = std::fs::read(f.dir.join(&stored.filename)).expect("read");
    assert_eq!((bytes.len() as u64, found), (stored.size, stored.clone()), "the size is the stored copy's");
    let decoded = image::load_from_memory_with_format(&bytes, ImageFormat::Png).expect("still a PNG");
    assert_eq!((decoded.width(), decoded.height()), (3, 2));
}

#[test]
fn the_size_limit_is_enforced_while_streaming_and_nothing_is_left() {
    let f = fixture();
    assert!(upload(&f, "exact.pdf", &pdf(LIMIT as usize)).is_ok());
    let err = upload(&f, "big.pdf", &pdf(LIMIT as usize + 1)).err().map(|e| e.to_string());
    assert_eq!(err.as_deref(), Some("File big.pdf is too large. Maximum size is 1MB."));
    assert_eq!(files_in(&f.dir).len(), 1, "only the first file; no partial file of the second");
}

#[test]
fn content_must_match_the_extension() {
    let f = fixture();
    for (name, bytes) in
        [("evil.png", SCRIPT.to_vec()), ("x.pdf", png()), ("y.docx", b"PK\x03\x04not a word file".to_vec())]
    {
        assert!(matches!(upload(&f, name, &bytes), Err(MediaError::Mismatch(_))), "{name}");
    }
    for name in ["image.svg", "page.html", "noextension", "a\0b.png", ""] {
        assert!(matches!(upload(&f, name, &png()), Err(MediaError::NotAllowed(_))), "{name:?}");
    }
    assert!(upload(&f, "doc.pdf", &pdf(100)).is_ok());
    assert_eq!(files_in(&f.dir).len(), 1);
}

#[test]
fn html_behind_an_image_header_is_not_stored() {
    let f = fixture();
    for (name, format) in [
        ("a.png", ImageFormat::Png),
        ("b.jpg", ImageFormat::Jpeg),
        ("c.gif", ImageFormat::Gif),
        ("d.webp", ImageFormat::WebP),
    ] {
        let mut polyglot = picture(format, 4, 3);
        polyglot.extend_from_slice(SCRIPT);
        let stored = upload(&f, name, &polyglot).unwrap_or_else(|e| panic!("{name}: {e}"));
        let bytes = stored_bytes(&f, &stored);
        assert!(!contains(&bytes, b"<script"), "{name}: the smuggled page is gone");
        let decoded = image::load_from_memory_with_format(&bytes, format).expect("still an image of its type");
        assert_eq!((decoded.width(), decoded.height()), (4, 3), "{name}");
        assert_eq!(stored.size, bytes.len() as u64);
    }
}

/// An EXIF block as a phone writes it: little-endian TIFF with IFD0 holding
/// Orientation 6 (turn 90° clockwise to view) and a pointer to a GPS IFD
/// holding the latitude of the home.
fn exif_with_gps() -> Vec<u8> {
    let mut t: Vec<u8> = b"II*\0".to_vec();
    t.extend_from_slice(&8u32.to_le_bytes());
    // IFD0 at 8: two entries, then the next-IFD offset (0).
    t.extend_from_slice(&2u16.to_le_bytes());
    t.extend_from_slice(&[0x12, 0x01, 3, 0, 1, 0, 0, 0, 6, 0, 0, 0]); // Orientation, SHORT, 1, 6
    t.extend_from_slice(&[0x25, 0x88, 4, 0, 1, 0, 0, 0, 38, 0, 0, 0]); // GPSInfo, LONG, 1, offset 38
    t.extend_from_slice(&0u32.to_le_bytes());
    assert_eq!(t.len(), 38);
    // GPS IFD at 38: LatitudeRef "N", Latitude 28/1 36/1 5004/100 (at 68).
    t.extend_from_slice(&2u16.to_le_bytes());
    t.extend_from_slice(&[0x01, 0x00, 2, 0, 2, 0, 0, 0, b'N', 0, 0, 0]);
    t.extend_from_slice(&[0x02, 0x00, 5, 0, 3, 0, 0, 0, 68, 0, 0, 0]);
    t.extend_from_slice(&0u32.to_le_bytes());
    assert_eq!(t.len(), 68);
    for (n, d) in [(28u32, 1u32), (36, 1), (5004, 100)] {
        t.extend_from_slice(&n.to_le_bytes());
        t.extend_from_slice(&d.to_le_bytes());
    }
    let mut app1 = b"Exif\0\0".to_vec();
    app1.extend_from_slice(&t);
    app1
}

/// `jpeg` with an APP1 segment holding `payload` right after its SOI marker.
fn with_app1(jpeg: &[u8], payload: &[u8]) -> Vec<u8> {
    let mut out = jpeg[..2].to_vec();
    out.extend_from_slice(&[0xFF, 0xE1]);
    out.extend_from_slice(&((payload.len() + 2) as u16).to_be_bytes());
    out.extend_from_slice(payload);
    out.extend_from_slice(&jpeg[2..]);
    out
}

#[test]
fn a_photo_loses_its_gps_position_but_stays_upright() {
    let f = fixture();
    let exif = exif_with_gps();
    let photo = with_app1(&picture(ImageFormat::Jpeg, 8, 4), &exif);
    assert!(contains(&photo, b"Exif\0\0") && contains(&photo, &5004u32.to_le_bytes()));
    let stored = upload(&f, "home.jpg", &photo).expect("stored");
    let bytes = stored_bytes(&f, &stored);
    assert!(!contains(&bytes, b"Exif"), "no EXIF block is kept");
    assert!(!contains(&bytes, &exif[6..]), "nor the GPS data");
    let decoded = image::load_from_memory_with_format(&bytes, ImageFormat::Jpeg).expect("a JPEG");
    assert_eq!((decoded.width(), decoded.height()), (4, 8), "turned as the metadata said, before it was dropped");
}

#[test]
fn a_damaged_image_is_refused_and_nothing_is_left() {
    let f = fixture();
    let whole = picture(ImageFormat::Png, 40, 40);
    let err = upload(&f, "cut.png", &whole[..whole.len() / 2]).expect_err("refused");
    assert_eq!(err.to_string(), "File cut.png is damaged or incomplete.");
    let jpeg = picture(ImageFormat::Jpeg, 40, 40);
    for cut in [20, jpeg.len() / 2, jpeg.len() - 2] {
        assert!(matches!(upload(&f, "cut.jpg", &jpeg[..cut]), Err(MediaError::Damaged(_))), "cut at {cut}");
    }
    assert!(files_in(&f.dir).is_empty());
}

/// CRC-32 (IEEE) of `bytes`, for writing PNG chunks by hand.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

/// A PNG of a few dozen bytes declaring a `width` × `height` RGBA canvas.
fn png_declaring(width: u32, height: u32) -> Vec<u8> {
    let mut out = vec![0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A];
    let mut chunk = |kind: &[u8], data: &[u8]| {
        out.extend_from_slice(&(data.len() as u32).to_be_bytes());
        let mut body = kind.to_vec();
        body.extend_from_slice(data);
        out.extend_from_slice(&body);
        out.extend_from_slice(&crc32(&body).to_be_bytes());
    };
    let mut ihdr = width.to_be_bytes().to_vec();
    ihdr.extend_from_slice(&height.to_be_bytes());
    ihdr.extend_from_slice(&[8, 6, 0, 0, 0]);
    chunk(b"IHDR", &ihdr);
    chunk(b"IDAT", &[0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]);
    chunk(b"IEND", &[]);
    out
}

#[test]
fn a_decompression_bomb_is_refused_before_it_is_allocated() {
    let f = fixture();
    // 100000 × 100000 RGBA would be 40 GB; 9000 × 9000 is within the sides but 324 MB.
    for (width, height) in [(100_000, 100_000), (9_000, 9_000)] {
        let bomb = png_declaring(width, height);
        assert!(bomb.len() < 100);
        let err = upload(&f, "bomb.png", &bomb).expect_err("refused");
        assert_eq!(err.to_string(), "Image bomb.png is too large. Images may be at most 10000 × 10000 pixels.");
    }
    assert!(files_in(&f.dir).is_empty());
}

fn docx(parts: &[&str]) -> Vec<u8> {
    let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
    for part in parts {
        zip.start_file(*part, zip::write::SimpleFileOptions::default()).expect("part");
        zip.write_all(b"<?xml version=\"1.0\"?><x/>").expect("write");
    }
    zip.finish().expect("zip").into_inner()
}

fn doc(streams: &[&str]) -> Vec<u8> {
    let mut compound = cfb::CompoundFile::create(Cursor::new(Vec::new())).expect("cfb");
    for stream in streams {
        compound.create_stream(stream).expect("stream").write_all(b"\xEC\xA5 Word").expect("write");
    }
    compound.flush().expect("flush");
    compound.into_inner().into_inner()
}

#[test]
fn documents_are_checked_beyond_their_first_bytes() {
    let f = fixture();
    let refused = [
        ("fake.docx", docx(&["[Content_Types].xml", "word/other.xml"])),
        ("nocontent.docx", docx(&["word/document.xml"])),
        ("zipped.docx", [b"PK\x03\x04".as_slice(), SCRIPT].concat()),
        ("fake.doc", [[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1].as_slice(), SCRIPT].concat()),
        ("excel.doc", doc(&["/Workbook"])),
    ];
    for (name, bytes) in refused {
        assert!(matches!(upload(&f, name, &bytes), Err(MediaError::Mismatch(_))), "{name}");
    }
    let cut = pdf(2000)[..1500].to_vec();
    assert!(matches!(upload(&f, "cut.pdf", &cut), Err(MediaError::Mismatch(_))), "no %%EOF trailer");
    assert!(files_in(&f.dir).is_empty());

    let word =
        upload(&f, "cv.docx", &docx(&["[Content_Types].xml", "_rels/.rels", "word/document.xml"])).expect("docx");
    let old_word = upload(&f, "cv.doc", &doc(&["/WordDocument", "/1Table"])).expect("doc");
    let mut padded = pdf(3000);
    padded.extend_from_slice(&[b'\n'; 200]);
    let pdf = upload(&f, "notes.pdf", &padded).expect("a trailer followed by line ends");
    for (file, mime) in [
        (&word, "application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
        (&old_word, "application/msword"),
        (&pdf, "application/pdf"),
    ] {
        assert_eq!(file.mimetype, mime);
    }
    assert_eq!(stored_bytes(&f, &pdf), padded, "documents are kept as sent");
}

#[test]
fn names_cannot_escape_the_upload_directory() {
    let f = fixture();
    let stored = upload(&f, "../../etc/passwd.png", &png()).expect("stored");
    assert_eq!(stored.original_name, "passwd.png");
    assert_eq!(files_in(&f.dir), vec![stored.filename]);
    for bad in ["../secret.png", "/etc/passwd", "abc.png", "..", "0123456789abcdef0123456789abcdef.exe"] {
        assert!(matches!(f.media.find(bad), Err(MediaError::NotFound)), "{bad}");
    }
}

#[test]
fn only_the_uploader_or_an_admin_deletes() {
    let f = fixture();
    let stored = upload(&f, "a.png", &png()).expect("stored");
    assert!(matches!(f.media.delete(f.other, Role::Tutor, &stored.filename), Err(MediaError::NotYours)));
    f.media.delete(f.other, Role::Admin, &stored.filename).expect("admin");
    assert!(files_in(&f.dir).is_empty());
    assert!(matches!(f.media.delete(f.owner, Role::Tutor, &stored.filename), Err(MediaError::NotFound)));
}

#[test]
fn an_account_keeps_at_most_50_mb() {
    const FIVE_MB: usize = 5 * 1024 * 1024;
    let f = fixture_with(FIVE_MB as u64, Quota::default());
    let ten: Vec<StoredFile> =
        (0..10).map(|i| upload(&f, &format!("{i}.pdf"), &pdf(FIVE_MB)).expect("within 50 MB")).collect();
    let err = upload(&f, "one-more.pdf", &pdf(100)).expect_err("over");
    assert_eq!(err.to_string(), "You have used your 50 MB of uploads. Delete some files to upload more.");
    assert!(
        matches!(f.media.check_quota(f.owner, Role::Tutor), Err(MediaError::QuotaFull { .. })),
        "refused early too"
    );
    assert_eq!(files_in(&f.dir).len(), 10, "the refused file left nothing behind");

    upload_as(&f, f.other, Role::Parent, "mine.pdf", &pdf(100)).expect("another account's space is its own");

    f.media.delete(f.owner, Role::Tutor, &ten[0].filename).expect("delete");
    upload(&f, "now-it-fits.pdf", &pdf(FIVE_MB)).expect("deleting frees space");
}

#[test]
fn the_quota_counts_images_as_stored() {
    let small = picture(ImageFormat::Png, 3, 2);
    let f = fixture_with(LIMIT, Quota { stored_bytes: 1000, uploads_per_hour: 100 });
    let first = upload(&f, "a.png", &small).expect("fits");
    let left = 1000 - first.size;
    upload(&f, "b.pdf", &pdf(left as usize)).expect("exactly the rest");
    assert!(matches!(upload(&f, "c.png", &small), Err(MediaError::QuotaFull { limit_mb: 1 })));
    let admin = UserId(insert_user(&f.db, "A", "admin@example.com", "admin"));
    for i in 0..3 {
        upload_as(&f, admin, Role::Admin, &format!("logo{i}.pdf"), &pdf(900)).expect("admins are exempt");
    }
}

fn age_events(db: &Db, minutes: i64) {
    use diesel::prelude::*;
    use hometutor_db::schema::upload_events as ue;
    db.write(|c| {
        diesel::update(ue::table)
            .set(ue::created_at.eq(hometutor_db::now() - chrono::TimeDelta::minutes(minutes)))
            .execute(c)
            .map_err(hometutor_db::DbError::from)
    })
    .expect("age");
}

#[test]
fn uploads_per_hour_are_limited_and_deleting_does_not_reset_the_count() {
    let f = fixture_with(LIMIT, Quota { stored_bytes: 10 * LIMIT, uploads_per_hour: 3 });
    let files: Vec<StoredFile> = (0..3).map(|i| upload(&f, &format!("{i}.png"), &png()).expect("within")).collect();
    let err = upload(&f, "4.png", &png()).expect_err("a fourth within the hour");
    assert_eq!(err.to_string(), "You have uploaded 3 files in the last hour. Try again later.");
    match err {
        MediaError::TooManyUploads { retry_after_secs, .. } => assert!((3590..=3600).contains(&retry_after_secs)),
        other => panic!("{other}"),
    }
    for file in &files {
        f.media.delete(f.owner, Role::Tutor, &file.filename).expect("delete");
    }
    assert!(
        matches!(upload(&f, "5.png", &png()), Err(MediaError::TooManyUploads { .. })),
        "deleting gives nothing back"
    );
    assert!(matches!(f.media.check_quota(f.owner, Role::Tutor), Err(MediaError::TooManyUploads { .. })));
    upload_as(&f, f.other, Role::Tutor, "other.png", &png()).expect("another account has its own count");
    let admin = UserId(insert_user(&f.db, "A", "admin@example.com", "admin"));
    for i in 0..5 {
        upload_as(&f, admin, Role::Admin, &format!("admin{i}.png"), &png()).expect("admins are exempt");
    }

    // An hour later the uploads have left the window.
    age_events(&f.db, 61);
    upload(&f, "later.png", &png()).expect("a new hour");
}

#[test]
fn an_upload_undone_within_its_request_is_not_counted() {
    let f = fixture_with(LIMIT, Quota { stored_bytes: 10 * LIMIT, uploads_per_hour: 2 });
    let first = upload(&f, "a.png", &png()).expect("first");
    f.media.discard(&first).expect("undo");
    assert!(files_in(&f.dir).is_empty());
    assert!(matches!(f.media.find(&first.filename), Err(MediaError::NotFound)));
    upload(&f, "b.png", &png()).expect("second");
    upload(&f, "c.png", &png()).expect("third: the undone one did not count");
    assert!(matches!(upload(&f, "d.png", &png()), Err(MediaError::TooManyUploads { .. })));
}

/// Eight uploads at once by one account, through two stores on two pools (as two
/// server processes would be): the limits hold exactly.
fn race(quota: Quota) -> (usize, Vec<String>, std::path::PathBuf) {
    let database = TestDatabase::file();
    let (db1, db2) = (database.db(), Db::connect(&database.url).expect("second pool"));
    let owner = user(&db1, "racer@example.com");
    let dir = temp_dir();
    let stores = [
        MediaStore::new(db1, dir.clone(), LIMIT).expect("store").with_quota(quota),
        MediaStore::new(db2, dir.clone(), LIMIT).expect("store").with_quota(quota),
    ];
    let barrier = std::sync::Barrier::new(8);
    let results: Vec<Result<StoredFile, MediaError>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..8)
            .map(|i| {
                let (media, barrier) = (&stores[i % 2], &barrier);
                s.spawn(move || {
                    let mut pending = media.begin(&format!("{i}.pdf")).expect("begin");
                    pending.write(&pdf(1000)).expect("write");
                    barrier.wait();
                    pending.finish(owner, Role::Tutor)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("thread")).collect()
    });
    let accepted = results.iter().filter(|r| r.is_ok()).count();
    let refusals = results.into_iter().filter_map(|r| r.err()).map(|e| e.to_string()).collect();
    let on_disk = files_in(&dir).len();
    assert_eq!(on_disk, accepted, "refused uploads left nothing on disk");
    drop(stores);
    drop(database);
    (accepted, refusals, dir)
}

#[test]
fn concurrent_uploads_cannot_exceed_the_hourly_limit() {
    let (accepted, refusals, dir) = race(Quota { stored_bytes: 100 * LIMIT, uploads_per_hour: 3 });
    let _ = std::fs::remove_dir_all(dir);
    assert_eq!(accepted, 3);
    assert!(
        refusals.iter().all(|m| m == "You have uploaded 3 files in the last hour. Try again later."),
        "{refusals:?}"
    );
}

#[test]
fn concurrent_uploads_cannot_exceed_the_stored_bytes() {
    let (accepted, refusals, dir) = race(Quota { stored_bytes: 3000, uploads_per_hour: 100 });
    let _ = std::fs::remove_dir_all(dir);
    assert_eq!(accepted, 3);
    assert!(refusals.iter().all(|m| m.starts_with("You have used your 1 MB of uploads.")), "{refusals:?}");
}
