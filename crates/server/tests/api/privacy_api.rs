//! Homes and teaching areas stay hidden, tested as an attacker works: a parent's request posted
//! on a public place point and then moved home, hundreds of chosen nearby searches and counts,
//! hundreds of anonymous tutor searches from as many networks as it takes. Each attack is run
//! twice, against two places a cell apart (a parent's home 250 m or more from the other, a
//! teaching-area centre 1 km or more); every answer is the same both times, so no combination
//! of them tells the two apart: the places consistent with the answers span at least that far.
//! And the per-address limits count an IPv6 client by its /64.

use crate::common;

use common::TestApp;
use hometutor_geo::{destination, distance_km, Point};
use serde_json::{json, Value};

/// Every request through a trusted proxy, so that tests can name the client (`X-Forwarded-For`).
async fn behind_a_proxy() -> TestApp {
    TestApp::start_with(&[("TRUSTED_PROXIES", "127.0.0.1".into())]).await
}

fn lng_lat(p: Point) -> [f64; 2] {
    [p.lng, p.lat]
}

fn point(v: &Value) -> Point {
    Point { lat: v[1].as_f64().expect("lat"), lng: v[0].as_f64().expect("lng") }
}

/// A public place point, where the place search puts a parent's pin: Lajpat Nagar's.
async fn place_point(app: &TestApp) -> Point {
    let found = app.call("GET", "/api/places?q=Lajpat%20Nagar", None, None).await;
    assert_eq!(found.status, 200, "{:?}", found.body);
    point(&found.body[0]["location"])
}

async fn post(app: &TestApp, parent: &str, subject: &str, at: Point) -> i64 {
    let body =
        json!({"subject": subject, "classLevel": "Class 8", "preferredTime": "Evenings", "location": lng_lat(at)});
    let reply = app.call("POST", "/api/tuition", Some(parent), Some(body)).await;
    assert_eq!(reply.status, 201, "{:?}", reply.body);
    reply.body["id"].as_i64().expect("id")
}

async fn move_pin(app: &TestApp, parent: &str, id: i64, subject: &str, to: Point) {
    let body =
        json!({"subject": subject, "classLevel": "Class 8", "preferredTime": "Evenings", "location": lng_lat(to)});
    let reply = app.call("PUT", &format!("/api/tuition/{id}"), Some(parent), Some(body)).await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
}

/// What a subscribed tutor and an unpaid one learn about `ids` from 500 chosen queries around
/// `around`: for each nearby search, each request's place in the list, published point and
/// distance (ids replaced by their order in `ids`); for each count, the number.
async fn what_tutors_learn(app: &TestApp, subscribed: &str, unpaid: &str, around: Point, ids: &[i64]) -> Vec<Value> {
    let mut seen = Vec::new();
    for i in 0..250 {
        // Rings of 0–2.5 km on 25 bearings, with radii from 2 to 3.7 km.
        let at = destination(around, (i / 25) as f64 * 0.25, (i % 25) as f64 * std::f64::consts::TAU / 25.0);
        let radius = 2.0 + (i % 18) as f64 * 0.1;
        let path = format!("/api/tuition/nearby?coordinates=[{},{}]&radiusKm={radius}", at.lng, at.lat);
        let found = app.call("GET", &path, Some(subscribed), None).await;
        assert_eq!(found.status, 200, "{:?}", found.body);
        let listed: Vec<Value> = found
            .body
            .as_array()
            .expect("list")
            .iter()
            .filter_map(|r| {
                let which = ids.iter().position(|id| r["id"].as_i64() == Some(*id))?;
                Some(json!([which, r["location"], r["distanceKm"], r["placeName"]]))
            })
            .collect();
        seen.push(json!(listed));
        let path = format!("/api/tuition/nearby/count?coordinates={},{}&radiusKm={radius}", at.lng, at.lat);
        let counted = app.call("GET", &path, Some(unpaid), None).await;
        assert_eq!(counted.status, 200, "{:?}", counted.body);
        seen.push(counted.body["count"].clone());
    }
    seen
}

/// The whole attack on one home: the parent posts on the place point (the pin left where the
/// place search put it), moves that request's pin home, and posts a second request from home;
/// returns what the tutors learn, then deletes the requests.
async fn attack_on_home(app: &TestApp, parent: &str, tutors: (&str, &str), place: Point, home: Point) -> Vec<Value> {
    let on_place = post(app, parent, "Maths", place).await;
    let nearby = format!("/api/tuition/nearby?coordinates=[{},{}]&radiusKm=2", place.lng, place.lat);
    let first = app.call("GET", &nearby, Some(tutors.0), None).await.body;
    let published_place = point(
        &first.as_array().expect("list").iter().find(|r| r["id"] == on_place).expect("listed")["location"]
            ["coordinates"],
    );
    move_pin(app, parent, on_place, "Maths", home).await;
    let from_home = post(app, parent, "Physics", home).await;
    let mut learnt = what_tutors_learn(app, tutors.0, tutors.1, place, &[on_place, from_home]).await;
    // The offset trick: published minus exact on the place point, taken off the home's point.
    let found = app.call("GET", &nearby, Some(tutors.0), None).await.body;
    let home_published = point(
        &found.as_array().expect("list").iter().find(|r| r["id"] == from_home).expect("listed")["location"]
            ["coordinates"],
    );
    let guess = Point {
        lat: home_published.lat - (published_place.lat - place.lat),
        lng: home_published.lng - (published_place.lng - place.lng),
    };
    learnt.push(json!([lng_lat(published_place), lng_lat(home_published), lng_lat(guess)]));
    for id in [on_place, from_home] {
        assert_eq!(app.call("DELETE", &format!("/api/tuition/{id}"), Some(parent), None).await.status, 204);
    }
    learnt
}

#[actix_web::test]
async fn no_request_edit_place_point_search_or_count_tells_two_homes_of_a_cell_apart() {
    let app = TestApp::start().await;
    let (asha, meera) =
        (app.verified_user("asha@example.com", "parent").await, app.verified_user("meera@example.com", "parent").await);
    let subscribed = app.verified_user("tutor@example.com", "tutor").await;
    app.subscribe(&subscribed).await;
    let unpaid = app.verified_user("unpaid@example.com", "tutor").await;
    let place = place_point(&app).await;
    // Two homes in the place point's cell of the site's grid, far apart in it.
    let db = app.db();
    let key = hometutor_server::location_key(&hometutor_db::instance_id(&db).expect("instance"));
    let cell = key.home_cell(place);
    let (home_a, home_b) = (cell.at(0.03, 0.05), cell.at(0.96, 0.97));
    assert!(distance_km(home_a, home_b) >= 0.25 + 0.3, "{} km apart", distance_km(home_a, home_b));

    let learnt_a = attack_on_home(&app, &asha, (&subscribed, &unpaid), place, home_a).await;
    let learnt_b = attack_on_home(&app, &meera, (&subscribed, &unpaid), place, home_b).await;
    assert_eq!(learnt_a.len(), 501);
    assert!(
        learnt_a.iter().take(500).step_by(2).any(|l| l.as_array().is_some_and(|l| !l.is_empty())),
        "the requests were found"
    );
    assert_eq!(
        learnt_a,
        learnt_b,
        "every answer is the same for two homes {:.0} m apart",
        distance_km(home_a, home_b) * 1000.0
    );
    // The offset read from the place point's request puts any home of the cell back on the
    // place point: one guess for homes more than 500 m apart, so at least 250 m off for one.
    let guess = point(&learnt_a[500][2]);
    assert!(distance_km(guess, place) < 1e-6, "{guess:?} {place:?}");
    assert!(distance_km(guess, home_a).max(distance_km(guess, home_b)) >= 0.25);
}

/// One anonymous tutor search from its own network (a /64 of its own, so that no limit stops
/// the attacker: the answers alone must hide the centre); the tutor's card in it, if listed.
async fn search_from(app: &TestApp, network: usize, at: Point, radius: Option<f64>) -> Value {
    let client = format!("2001:db8:{:x}:{:x}::1", network / 0x10000, network % 0x10000);
    let mut path = format!("/api/tutors/search?location=[{},{}]", at.lng, at.lat);
    if let Some(r) = radius {
        path.push_str(&format!("&radiusKm={r}"));
    }
    let found = app.call_with(&[("X-Forwarded-For", &client)], "GET", &path, None, None).await;
    assert_eq!(found.status, 200, "{:?}", found.body);
    let card = &found.body["tutors"][0];
    json!([found.body["total"], card["distanceKm"], card["placeName"]])
}

/// 500 searches: bisection of the area's edge along 8 bearings from `guess`, then a grid of
/// points with radius filters around it; returns every answer.
async fn attack_on_area(app: &TestApp, guess: Point, radius_km: f64) -> Vec<Value> {
    let mut answers = Vec::new();
    let mut n = 0;
    for k in 0..8 {
        let bearing = k as f64 * std::f64::consts::TAU / 8.0;
        let (mut inside, mut outside) = (0.0, radius_km + 3.0);
        for _ in 0..25 {
            let mid = (inside + outside) / 2.0;
            n += 1;
            let answer = search_from(app, n, destination(guess, mid, bearing), None).await;
            if answer[0] == 1 {
                inside = mid;
            } else {
                outside = mid;
            }
            answers.push(answer);
        }
    }
    while n < 500 {
        n += 1;
        let at = destination(guess, (n % 7) as f64 * 0.3, n as f64 * 2.4);
        answers.push(search_from(app, n, at, Some(1.0 + (n % 5) as f64 * 0.5)).await);
    }
    answers
}

#[actix_web::test]
async fn five_hundred_anonymous_searches_do_not_tell_two_centres_a_kilometre_apart() {
    let app = behind_a_proxy().await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    app.subscribe(&tutor).await;
    app.judgeable_profile(&tutor, "Maths at home.", 500).await;
    let around = place_point(&app).await;
    let cell = hometutor_tuition::area::shown_cell(around);
    let (centre_a, centre_b) = (cell.at(0.02, 0.03), cell.at(0.97, 0.98));
    assert!(distance_km(centre_a, centre_b) >= 1.0 + 0.3, "{} km apart", distance_km(centre_a, centre_b));
    let mut transcripts = Vec::new();
    for centre in [centre_a, centre_b] {
        let area = json!({"location": lng_lat(centre), "radiusKm": 3, "subjects": ["Maths"], "classes": []});
        assert_eq!(app.call("PUT", "/api/tutors/me/area", Some(&tutor), Some(area)).await.status, 200);
        let mut answers = attack_on_area(&app, around, 3.0).await;
        let id = app.call("GET", "/api/tutors/tutor%40example.com", None, None).await.body;
        answers.push(json!([id["area"]["placeName"], id["area"]["radiusKm"]]));
        transcripts.push(answers);
    }
    assert_eq!(transcripts[0].len(), 501);
    assert!(
        transcripts[0].iter().any(|a| a[0] == 1) && transcripts[0].iter().any(|a| a[0] == 0),
        "the edge was probed"
    );
    assert_eq!(
        transcripts[0],
        transcripts[1],
        "every answer is the same for two centres {:.0} m apart",
        distance_km(centre_a, centre_b) * 1000.0
    );
}

#[actix_web::test]
async fn per_address_limits_count_an_ipv6_client_by_its_64() {
    let app = behind_a_proxy().await;
    let limit = hometutor_limits::Bucket::TutorSearchesPerIp.rule().limit;
    let search = |client: String| {
        let app = &app;
        async move {
            let headers = [("X-Forwarded-For", client.as_str())];
            app.call_with(&headers, "GET", "/api/tutors/search?location=[77.209,28.6139]", None, None).await
        }
    };
    // Every search from another address of one /64.
    for i in 0..limit {
        let reply = search(format!("2001:db8:5:6:{:x}::{:x}", i + 1, i * 7 + 1)).await;
        assert_eq!(reply.status, 200, "search {i}");
    }
    let refused = search("2001:db8:5:6:ffff:ffff:ffff:fffe".into()).await;
    assert_eq!((refused.status, refused.body["code"].as_str()), (429, Some("rate_limited")));
    assert!(refused.headers.contains_key("retry-after"));
    assert_eq!(search("2001:db8:5:7::1".into()).await.status, 200, "the next /64 is another client");
    assert_eq!(search("198.51.100.7".into()).await.status, 200, "an IPv4 client is its address");

    // The same for the other per-address limits, here the Contact form's.
    let ticket =
        json!({"name": "Asha", "email": "asha@example.com", "subject": "Help", "message": "How do I book a tutor?"});
    for i in 0..hometutor_limits::Bucket::SupportTicketsPerIp.rule().limit {
        let client = format!("2001:db8:9:9::{:x}", i + 1);
        let reply = app
            .call_with(&[("X-Forwarded-For", &client)], "POST", "/api/support-tickets", None, Some(ticket.clone()))
            .await;
        assert_eq!(reply.status, 201, "ticket {i}");
    }
    let refused = app
        .call_with(&[("X-Forwarded-For", "2001:db8:9:9:abcd::1")], "POST", "/api/support-tickets", None, Some(ticket))
        .await;
    assert_eq!(refused.status, 429);
}
