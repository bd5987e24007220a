//! The orphan sweep on a directory store: an object goes only once passes have found it without a
//! row for the grace period; a recorded upload, a private object its module still references and
//! an object first seen inside the grace period stay; one whose row comes back is forgotten.

use std::collections::HashSet;
use std::time::Duration;

use chrono::TimeDelta;
use hometutor_media::Swept;

use crate::support::{files_in, fixture, pdf, upload};

const GRACE: Duration = Duration::from_secs(3600);

fn put(dir: &std::path::Path, name: &str) {
    let path = dir.join(name);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, b"%PDF-1.4\n%%EOF\n").unwrap();
}

fn exists(dir: &std::path::Path, name: &str) -> bool {
    dir.join(name).is_file()
}

#[test]
fn orphans_go_after_the_grace_period_and_referenced_or_fresh_objects_stay() {
    let f = fixture();
    let recorded = upload(&f, "cv.pdf", &pdf(200)).unwrap().filename;
    let kept_private = "private/0123456789abcdef0123456789abcdef.pdf";
    let orphan_private = "private/fedcba9876543210fedcba9876543210.pdf";
    let orphan_public = "00000000000000000000000000000001.pdf";
    for name in [kept_private, orphan_private, orphan_public] {
        put(&f.dir, name);
    }
    // Not an object name the store hands out: never touched.
    put(&f.dir, "notes.txt");
    let referenced = |_: &mut hometutor_db::DbConnection, names: &[String]| {
        Ok(names.iter().filter(|n| *n == kept_private).cloned().collect::<HashSet<_>>())
    };

    let t0 = hometutor_db::now();
    let first = f.media.sweep_orphans(t0, GRACE, &referenced).unwrap();
    assert_eq!(first, Swept { public: 0, private: 0, waiting: 2, failed: 0 });
    let fresh = "private/11111111111111111111111111111111.png";
    put(&f.dir, fresh);
    let inside = f.media.sweep_orphans(t0 + TimeDelta::minutes(59), GRACE, &referenced).unwrap();
    assert_eq!(inside, Swept { public: 0, private: 0, waiting: 3, failed: 0 });
    let past = f.media.sweep_orphans(t0 + TimeDelta::hours(1), GRACE, &referenced).unwrap();
    assert_eq!(past, Swept { public: 1, private: 1, waiting: 1, failed: 0 });

    assert!(!exists(&f.dir, orphan_private) && !exists(&f.dir, orphan_public), "{:?}", files_in(&f.dir));
    for name in [recorded.as_str(), kept_private, fresh, "notes.txt"] {
        assert!(exists(&f.dir, name), "{name} stays");
    }
    // Referenced by the next pass (its row written at last), the fresh object is forgotten, not deleted.
    let now_referenced = |_: &mut hometutor_db::DbConnection, names: &[String]| {
        Ok(names.iter().filter(|n| *n == kept_private || *n == fresh).cloned().collect::<HashSet<_>>())
    };
    let later = f.media.sweep_orphans(t0 + TimeDelta::hours(3), GRACE, &now_referenced).unwrap();
    assert_eq!(later, Swept::default());
    assert!(exists(&f.dir, fresh));
}
