//! Tuition requests and nearby matching over HTTP, with a tutor subscribed
//! through the simulated payment flow; interest and closing (`interest`), and what a closed
//! request still allows (`closed`).

mod closed;
mod interest;
mod leads;

use crate::common;

use common::{TestApp, PASSWORD};
use serde_json::{json, Value};

const DELHI: [f64; 2] = [77.209, 28.6139];

fn east_of_delhi(km: f64) -> [f64; 2] {
    [DELHI[0] + km / (111.32 * DELHI[1].to_radians().cos()), DELHI[1]]
}

async fn subscribe(app: &TestApp, tutor: &str) {
    let order = app.call("POST", "/api/payment/create-session", Some(tutor), None).await.body["orderId"].clone();
    let confirm =
        app.call("POST", "/api/payment-dev/simulate-payment", Some(tutor), Some(json!({"orderId": order}))).await;
    assert_eq!(confirm.status, 200);
    let verify = app.call("POST", "/api/payment/verify", Some(tutor), Some(json!({"orderId": order}))).await;
    assert_eq!(verify.status, 200);
}

async fn post(app: &TestApp, parent: &str, subject: &str, location: Value) -> (u16, Value) {
    let body = json!({"subject": subject, "classLevel": "Class 10", "preferredTime": "Evenings", "location": location});
    let reply = app.call("POST", "/api/tuition", Some(parent), Some(body)).await;
    (reply.status, reply.body)
}

fn nearby_path(center: [f64; 2], extra: &str) -> String {
    format!("/api/tuition/nearby?coordinates=[{},{}]{extra}", center[0], center[1])
}

#[actix_web::test]
async fn a_parent_posts_and_a_subscribed_tutor_finds_filters_and_shows_interest() {
    let app = TestApp::start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;

    let (status, near) =
        post(&app, &parent, "Mathematics", json!({"type": "Point", "coordinates": east_of_delhi(3.0)})).await;
    assert_eq!(status, 201, "{near:?}");
    let (_, far) = post(&app, &parent, "Physics", json!(east_of_delhi(7.0))).await;
    post(&app, &parent, "Mathematics", json!(east_of_delhi(40.0))).await;

    let before = app.call("GET", &nearby_path(DELHI, ""), Some(&tutor), None).await;
    assert_eq!((before.status, before.body["code"].as_str()), (403, Some("subscription_required")));
    assert!(before.body["message"].as_str().is_some_and(|m| m.contains("subscribe")));
    assert!(before.body.get("0").is_none() && !before.body.is_array(), "no request data without a subscription");

    subscribe(&app, &tutor).await;
    let found = app.call("GET", &nearby_path(DELHI, ""), Some(&tutor), None).await;
    assert_eq!(found.status, 200, "{:?}", found.body);
    let list = found.body.as_array().expect("list");
    assert_eq!(list.iter().map(|r| r["id"].clone()).collect::<Vec<_>>(), vec![near["id"].clone(), far["id"].clone()]);
    assert!(list[0]["distanceKm"].as_f64().is_some_and(|d| (d - 3.0).abs() <= 0.6));
    assert_eq!(list[0]["parent"], json!({"id": list[0]["parent"]["id"], "firstName": "Asha"}));
    assert_eq!(list[0]["contact"], Value::Null, "no contacts before interest");
    assert_ne!(list[0]["location"]["coordinates"], json!(east_of_delhi(3.0)), "never the exact point");

    let filtered = app.call("GET", &nearby_path(DELHI, "&subject=physics"), Some(&tutor), None).await.body;
    assert_eq!(filtered.as_array().map(Vec::len), Some(1));
    assert_eq!(filtered[0]["id"], far["id"]);
    let wide = app.call("GET", &nearby_path(DELHI, "&radiusKm=25"), Some(&tutor), None).await.body;
    assert_eq!(wide.as_array().map(Vec::len), Some(2));
    let bad = app.call("GET", &nearby_path(DELHI, "&radiusKm=50"), Some(&tutor), None).await;
    assert_eq!(bad.status, 400);

    let path = format!("/api/tuition/{}/interested", near["id"]);
    let first = app.call("POST", &path, Some(&tutor), None).await;
    assert_eq!(first.status, 200);
    assert_eq!(
        first.body["contact"],
        json!({"id": list[0]["parent"]["id"], "fullname": "Asha Kumar", "email": "parent@example.com", "phone": "9876543210"})
    );
    assert_eq!(app.call("POST", &path, Some(&tutor), None).await.body["contact"], first.body["contact"]);
    let mine = app.call("GET", "/api/tuition/mine", Some(&parent), None).await.body;
    let request = mine.as_array().expect("list").iter().find(|r| r["id"] == near["id"]).expect("request").clone();
    let tutors = request["interestedTutors"].as_array().expect("tutors");
    assert_eq!(tutors.len(), 1, "interest twice is once");
    assert_eq!(
        (tutors[0]["fullname"].as_str(), tutors[0]["email"].as_str()),
        (Some("Asha Kumar"), Some("tutor@example.com"))
    );
    assert_eq!(tutors[0]["phone"], "9876543210");
    assert_eq!(request["location"]["coordinates"], json!(east_of_delhi(3.0)), "the parent sees the exact point");
}

#[actix_web::test]
async fn only_parents_post_and_only_owners_edit_or_delete() {
    let app = TestApp::start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let other = app.verified_user("other@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;

    let (status, body) = post(&app, &tutor, "Maths", json!(DELHI)).await;
    assert_eq!((status, body["code"].as_str()), (403, Some("not_a_parent")));
    let (status, body) = post(&app, &parent, "Maths", Value::Null).await;
    assert_eq!((status, body["message"].as_str()), (400, Some("Please select location on the map.")));
    let (status, _) = post(&app, &parent, "Maths", json!([200.0, 10.0])).await;
    assert_eq!(status, 400);

    let (_, created) = post(&app, &parent, "Maths", json!(DELHI)).await;
    let path = format!("/api/tuition/{}", created["id"]);
    let edit = json!({"subject": "Hacked", "classLevel": "1", "preferredTime": "now", "location": DELHI});
    assert_eq!(app.call("PUT", &path, Some(&other), Some(edit.clone())).await.status, 404);
    assert_eq!(app.call("DELETE", &path, Some(&other), None).await.status, 404);
    assert_eq!(app.call("GET", "/api/tuition/mine", Some(&other), None).await.body, json!([]));

    let mine = app.call("PUT", &path, Some(&parent), Some(edit)).await;
    assert_eq!((mine.status, mine.body["subject"].as_str()), (200, Some("Hacked")));
    assert_eq!(app.call("DELETE", &path, Some(&parent), None).await.status, 204);
    assert_eq!(app.call("GET", "/api/tuition/mine", Some(&parent), None).await.body, json!([]));
    assert_eq!(app.call("GET", "/api/tuition/mine", None, None).await.status, 401);
}

/// The point `km` from `from` along `bearing` degrees (for placing homes around Delhi).
fn toward(from: [f64; 2], km: f64, bearing_degrees: f64) -> [f64; 2] {
    let p = hometutor_geo::destination(
        hometutor_geo::Point { lat: from[1], lng: from[0] },
        km,
        bearing_degrees.to_radians(),
    );
    [p.lng, p.lat]
}

#[actix_web::test]
async fn nearby_results_carry_no_contacts_or_exact_point_until_interest_and_only_for_that_tutor() {
    let app = TestApp::start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let rival = app.verified_user("rival@example.com", "tutor").await;
    let lapsed = app.verified_user("lapsed@example.com", "tutor").await;
    subscribe(&app, &tutor).await;
    subscribe(&app, &rival).await;
    // A parent's phone unlike any tutor's, to look for it in raw replies.
    let db = app.db();
    {
        use diesel::prelude::*;
        use hometutor_db::schema::users;
        db.write(|c| {
            diesel::update(users::table.filter(users::email.eq("parent@example.com")))
                .set((users::phone.eq("9123456780"), users::fullname.eq("Meera Sharma")))
                .execute(c)
                .map_err(hometutor_db::DbError::from)
        })
        .unwrap();
    }
    let home = toward(DELHI, 2.5, 40.0);
    let (_, created) = post(&app, &parent, "Chemistry", json!(home)).await;
    let id = created["id"].clone();
    let leaks = |raw: &str| {
        ["parent@example.com", "9123456780", "Meera Sharma", &home[0].to_string(), &home[1].to_string()]
            .into_iter()
            .filter(|needle| raw.contains(needle))
            .map(str::to_string)
            .collect::<Vec<_>>()
    };

    let before = app.call("GET", &nearby_path(DELHI, ""), Some(&tutor), None).await;
    assert_eq!(before.status, 200);
    assert_eq!(leaks(&before.body.to_string()), Vec::<String>::new(), "{}", before.body);
    assert_eq!(before.body[0]["parent"]["firstName"], "Meera");
    let shown = before.body[0]["location"]["coordinates"].clone();
    let shown_point = hometutor_geo::Point { lat: shown[1].as_f64().unwrap(), lng: shown[0].as_f64().unwrap() };
    // The centre of the home's cell in the site's grid, which every home of the cell shares.
    let key = hometutor_server::location_key(&hometutor_db::instance_id(&app.db()).expect("instance"));
    let cell = key.home_cell(hometutor_geo::Point { lat: home[1], lng: home[0] });
    assert_eq!(shown_point, cell.center());
    assert_eq!(key.approximate(cell.at(0.99, 0.01)).point, shown_point, "a corner of the cell too");

    // Neither the parent, another parent's forged call, nor a tutor without a subscription gets contacts.
    let path = format!("/api/tuition/{id}/interested");
    let refused = app.call("POST", &path, Some(&parent), None).await;
    assert_eq!((refused.status, refused.body["code"].as_str()), (403, Some("not_a_tutor")));
    let refused = app.call("POST", &path, Some(&lapsed), None).await;
    assert_eq!((refused.status, refused.body["code"].as_str()), (403, Some("subscription_required")));
    assert_eq!(leaks(&refused.body.to_string()), Vec::<String>::new());
    assert_eq!(app.call("POST", &path, None, None).await.status, 401);
    assert_eq!(app.call("POST", "/api/tuition/999999/interested", Some(&tutor), None).await.status, 404);

    let reveal = app.call("POST", &path, Some(&tutor), None).await;
    assert_eq!(reveal.status, 200);
    assert_eq!(reveal.body["contact"]["email"], "parent@example.com");
    assert_eq!(reveal.body["contact"]["phone"], "9123456780");
    assert_eq!(reveal.body["contact"]["fullname"], "Meera Sharma");
    // Afterwards in the nearby results for this tutor, still without the exact point…
    let after = app.call("GET", &nearby_path(DELHI, ""), Some(&tutor), None).await.body;
    assert_eq!(after[0]["contact"], reveal.body["contact"]);
    assert_eq!(after[0]["interested"], true);
    assert!(!after.to_string().contains(&home[0].to_string()));
    // …but never for another tutor.
    let other = app.call("GET", &nearby_path(DELHI, ""), Some(&rival), None).await.body;
    assert_eq!(other[0]["contact"], Value::Null);
    assert_eq!(leaks(&other.to_string()), Vec::<String>::new(), "{other}");
    // The parent sees who it was, and the exact point with where tutors see it.
    let mine = app.call("GET", "/api/tuition/mine", Some(&parent), None).await.body;
    assert_eq!(mine[0]["interestedTutors"].as_array().map(Vec::len), Some(1));
    assert_eq!(mine[0]["interestedTutors"][0]["email"], "tutor@example.com");
    assert_eq!(mine[0]["location"]["coordinates"], json!(home));
    assert_eq!(mine[0]["approximateLocation"]["coordinates"], shown);
}

#[actix_web::test]
async fn a_request_listed_at_a_distance_is_found_with_that_radius() {
    let app = TestApp::start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    subscribe(&app, &tutor).await;
    for (i, km) in [1.5, 1.7, 1.8, 1.9, 2.0, 2.1].into_iter().enumerate() {
        post(&app, &parent, &format!("Subject {i}"), json!(toward(DELHI, km, i as f64 * 60.0))).await;
    }
    let all = app.call("GET", &nearby_path(DELHI, "&radiusKm=25"), Some(&tutor), None).await.body;
    for r in all.as_array().unwrap() {
        let d = r["distanceKm"].as_f64().unwrap();
        let radius = d.max(2.0);
        let within = app.call("GET", &nearby_path(DELHI, &format!("&radiusKm={radius}")), Some(&tutor), None).await;
        assert!(
            within.body.as_array().unwrap().iter().any(|x| x["id"] == r["id"]),
            "listed at {d} km, missing under a {radius} km radius"
        );
    }
}

/// The nearby search and its count read the caller's account in the same trip as the search
/// (`extract::Caller`): a token signed by us but revoked, or a tutor deactivated since, is still
/// refused with 401 and no results; a token we did not sign never reaches the database.
#[actix_web::test]
async fn the_nearby_search_refuses_revoked_tokens_and_deactivated_tutors() {
    use diesel::prelude::*;
    use hometutor_db::schema::users;

    let app = TestApp::start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    post(&app, &parent, "Mathematics", json!(east_of_delhi(3.0))).await;
    let paths = [nearby_path(DELHI, ""), format!("/api/tuition/nearby/count?coordinates={},{}", DELHI[0], DELHI[1])];

    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    subscribe(&app, &tutor).await;
    for path in &paths {
        assert_eq!(app.call("GET", path, Some(&tutor), None).await.status, 200, "{path}");
        let forged = format!("{}.c2lnbmVkIGJ5IHNvbWVvbmUgZWxzZQ", &tutor[..tutor.rfind('.').unwrap()]);
        assert_eq!(app.call("GET", path, Some(&forged), None).await.status, 401, "{path}: a bad signature");
        assert_eq!(app.call("GET", path, None, None).await.status, 401, "{path}: no token");
    }
    assert_eq!(app.call("POST", "/api/auth/logout", Some(&tutor), None).await.status, 200);
    for path in &paths {
        let after = app.call("GET", path, Some(&tutor), None).await;
        assert_eq!(after.status, 401, "{path}: a revoked token");
        assert!(!after.body.is_array() && after.body.get("count").is_none(), "{path}: {:?}", after.body);
    }

    let again = app.login("tutor@example.com", PASSWORD).await;
    assert_eq!(app.call("GET", &paths[0], Some(&again), None).await.status, 200);
    app.db()
        .write(|c| {
            diesel::update(users::table.filter(users::email.eq("tutor@example.com")))
                .set(users::active.eq(false))
                .execute(c)
                .map_err(hometutor_db::DbError::from)
        })
        .expect("deactivate");
    for path in &paths {
        assert_eq!(app.call("GET", path, Some(&again), None).await.status, 401, "{path}: a deactivated tutor");
    }
}
