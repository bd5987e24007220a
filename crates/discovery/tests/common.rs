//! Shared seeding of the discovery tests (included with `mod common;`).

#![allow(dead_code)]
#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

use std::sync::{Arc, Mutex};

use chrono::Duration;
use diesel::prelude::*;
use hometutor_core::UserId;
use hometutor_db::schema::{reviews, tutor_profiles as tp, users};
use hometutor_db::{now, Db, DbError};
use hometutor_geo::Point;
use hometutor_notifications::{Notification, Notifier};
use hometutor_tuition::area::{insert_many, AreaInput};
use hometutor_tuition::RequestInput;

pub const DELHI: Point = Point { lat: 28.6139, lng: 77.209 };

/// A point `km` east of Delhi.
pub fn east(km: f64) -> Point {
    Point { lat: DELHI.lat, lng: DELHI.lng + km / (111.195 * DELHI.lat.to_radians().cos()) }
}

#[derive(Clone, Copy)]
pub struct Who {
    pub role: &'static str,
    pub active: bool,
    pub email_verified: bool,
    /// Days of subscription left (negative: expired), `None`: never subscribed.
    pub subscribed_days: Option<i64>,
    pub approved: bool,
    pub featured: bool,
}

impl Who {
    pub const TUTOR: Who = Who {
        role: "tutor",
        active: true,
        email_verified: true,
        subscribed_days: Some(30),
        approved: false,
        featured: false,
    };
    pub const PARENT: Who = Who {
        role: "parent",
        active: true,
        email_verified: true,
        subscribed_days: None,
        approved: false,
        featured: false,
    };
}

pub fn user(db: &Db, email: &str, who: Who) -> i64 {
    db.write(|c| {
        diesel::insert_into(users::table)
            .values((
                users::fullname.eq(format!("Name of {email}")),
                users::email.eq(email),
                users::phone.eq("9876543210"),
                users::password_hash.eq("x"),
                users::role.eq(who.role),
                users::active.eq(who.active),
                users::email_verified.eq(who.email_verified),
                users::approved.eq(who.approved),
                users::featured.eq(who.featured),
                users::badges.eq(r#"["Top tutor"]"#),
                users::subscription_active.eq(who.subscribed_days.is_some()),
                users::subscription_expires.eq(who.subscribed_days.map(|d| now() + Duration::days(d))),
                users::created_at.eq(now()),
                users::updated_at.eq(now()),
            ))
            .returning(users::id)
            .get_result(c)
            .map_err(DbError::from)
    })
    .expect("user")
}

pub fn area(
    tutor: i64,
    center: Point,
    radius_km: f64,
    subjects: &[&str],
    classes: &[&str],
    boards: &[&str],
    modes: &[&str],
) -> (UserId, AreaInput) {
    let v = |l: &[&str]| l.iter().map(|s| s.to_string()).collect();
    let input = AreaInput {
        location: Some([center.lng, center.lat]),
        radius_km: Some(radius_km),
        subjects: v(subjects),
        classes: v(classes),
        boards: v(boards),
        modes: v(modes),
    };
    (UserId(tutor), input)
}

/// Stores the areas as the tutors saving them would (crates/tuition's own bulk insert), and gives
/// each tutor without a profile one complete enough for search to list ([`DEFAULT_FEE`] per hour,
/// an about text): tests that are about an incomplete profile write theirs with [`profile`].
pub fn seed(db: &Db, areas: &[(UserId, AreaInput)]) {
    db.write(|c| insert_many(c, areas)).expect("areas");
    for (tutor, _) in areas {
        let has: i64 = db
            .read(|c| tp::table.filter(tp::user_id.eq(tutor.0)).count().get_result(c).map_err(DbError::from))
            .expect("profile count");
        if has == 0 {
            profile(db, tutor.0, "Teaches at the student's home.", Some(DEFAULT_FEE));
        }
    }
}

/// The fee per hour of a profile [`seed`] writes.
pub const DEFAULT_FEE: i32 = 400;

/// Writes the tutor's profile in place of the one they had.
pub fn profile(db: &Db, tutor: i64, about: &str, fee: Option<i32>) {
    db.write(|c| {
        diesel::delete(tp::table.filter(tp::user_id.eq(tutor))).execute(c).map_err(DbError::from)?;
        diesel::insert_into(tp::table)
            .values((
                tp::user_id.eq(tutor),
                tp::about.eq(about),
                tp::fees.eq("Negotiable"),
                tp::fee_per_hour.eq(fee),
                tp::updated_at.eq(now()),
            ))
            .execute(c)
            .map_err(DbError::from)
    })
    .expect("profile");
}

pub fn review(db: &Db, tutor: i64, parent: i64, rating: i32) {
    db.write(|c| {
        diesel::insert_into(reviews::table)
            .values((
                reviews::tutor_id.eq(tutor),
                reviews::parent_id.eq(parent),
                reviews::rating.eq(rating),
                reviews::comment.eq(""),
                reviews::created_at.eq(now()),
                reviews::updated_at.eq(now()),
            ))
            .execute(c)
            .map_err(DbError::from)
    })
    .expect("review");
}

/// A request of `parent` at `point` for vocabulary ids (as its parent posts it: the labels
/// become its text), with its approximate point; its id.
pub fn request(db: &Db, parent: i64, point: Point, subject: &str, class: &str, board: Option<&str>, mode: &str) -> i64 {
    let input = RequestInput {
        subject: subject.into(),
        class_level: class.into(),
        preferred_time: "Evenings".into(),
        location: Some([point.lng, point.lat]),
        subject_id: Some(subject.into()),
        class_id: Some(class.into()),
        board: board.map(str::to_string),
        mode: Some(mode.into()),
    };
    hometutor_tuition::testing::insert_request_with(db, parent, &input)
}

/// What was announced live.
#[derive(Clone, Default)]
pub struct Announced(pub Arc<Mutex<Vec<Notification>>>);

impl Announced {
    pub fn notifier(&self) -> Notifier {
        let sink = self.0.clone();
        Notifier::new(Arc::new(move |n: &Notification| sink.lock().unwrap().push(n.clone())))
    }
}
