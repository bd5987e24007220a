//! An account's quota: bytes kept and uploads per hour, also when uploads race from two processes.

use hometutor_core::{Role, UserId};
use hometutor_db::Db;
use hometutor_media::{MediaError, MediaStore, Quota, StoredFile};
use hometutor_testkit::{insert_user, TestDatabase};
use image::ImageFormat;

use crate::support::{files_in, fixture_with, pdf, picture, png, temp_dir, upload, upload_as, user, LIMIT};

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
