//! Each domain's refusals in the reader's language: a user who chose Hindi reads them in
//! Hindi, one who did not reads the spec's English, word for word, with the same status.

use reqwest::multipart::{Form, Part};
use serde_json::{json, Value};

use super::{call_in, choose_language, common};
use common::{Reply, TestApp};

const DELHI: [f64; 2] = [77.209, 28.6139];

/// Two users of `role`: the first reads HomeTutor in Hindi, the second in English.
async fn hindi_and_english(app: &TestApp, role: &str) -> (String, String) {
    let hindi = app.verified_user(&format!("{role}-hi@example.com"), role).await;
    choose_language(app, &hindi, "hi").await;
    let english = app.verified_user(&format!("{role}-en@example.com"), role).await;
    (hindi, english)
}

async fn id_of(app: &TestApp, token: &str) -> i64 {
    app.call("GET", "/api/auth/profile", Some(token), None).await.body["user"]["id"].as_i64().expect("id")
}

/// The same request by the Hindi and the English user: both refused with `status`, the message
/// (or the field's, when `field` is given) read in each language.
#[allow(clippy::too_many_arguments)]
async fn refused_in_both(
    app: &TestApp,
    (hindi, english): (&str, &str),
    method: &str,
    path: &str,
    body: Option<Value>,
    status: u16,
    field: Option<&str>,
    (in_hindi, in_english): (&str, &str),
) {
    let text = |reply: &Reply| match field {
        Some(field) => reply.body["fields"][field].clone(),
        None => reply.body["message"].clone(),
    };
    let hi = app.call(method, path, Some(hindi), body.clone()).await;
    assert_eq!((hi.status, text(&hi)), (status, json!(in_hindi)), "{path}: {:?}", hi.body);
    let en = app.call(method, path, Some(english), body).await;
    assert_eq!((en.status, text(&en)), (status, json!(in_english)), "{path}: {:?}", en.body);
    assert_eq!(hi.body["code"], en.body["code"], "one code in every language");
}

#[actix_web::test]
async fn tuition_requests_are_refused_in_the_posters_language() {
    let app = TestApp::start().await;
    let parents = hindi_and_english(&app, "parent").await;
    let tutors = hindi_and_english(&app, "tutor").await;
    let request = json!({"subject": "Maths", "classLevel": "Class 8", "preferredTime": "Evenings", "location": DELHI});
    let (tutor_hi, tutor_en) = (tutors.0.as_str(), tutors.1.as_str());
    refused_in_both(
        &app,
        (tutor_hi, tutor_en),
        "POST",
        "/api/tuition",
        Some(request.clone()),
        403,
        None,
        ("ट्यूशन अनुरोध सिर्फ़ अभिभावक डाल सकते हैं।", "Only parents can post tuition requests."),
    )
    .await;
    let no_subject = json!({"subject": " ", "classLevel": "Class 8", "preferredTime": "Evenings"});
    refused_in_both(
        &app,
        (&parents.0, &parents.1),
        "POST",
        "/api/tuition",
        Some(no_subject.clone()),
        400,
        Some("subject"),
        ("विषय ज़रूरी है।", "Subject is required."),
    )
    .await;
    refused_in_both(
        &app,
        (&parents.0, &parents.1),
        "POST",
        "/api/tuition",
        Some(no_subject),
        400,
        Some("location"),
        ("कृपया नक्शे पर जगह चुनें।", "Please select location on the map."),
    )
    .await;
    refused_in_both(
        &app,
        (tutor_hi, tutor_en),
        "GET",
        "/api/tuition/nearby?coordinates=[77.209,28.6139]",
        None,
        403,
        None,
        (
            "आस-पास के अनुरोध और अभिभावकों के संपर्क विवरण देखने के लिए सक्रिय सदस्यता ज़रूरी है। कृपया सदस्यता लें।",
            "An active subscription is needed to see nearby requests and parent contact details. Please subscribe.",
        ),
    )
    .await;
}

#[actix_web::test]
async fn a_teaching_area_is_refused_in_the_tutors_language() {
    let app = TestApp::start().await;
    let (hindi, english) = hindi_and_english(&app, "tutor").await;
    let users = (hindi.as_str(), english.as_str());
    let far = json!({"location": DELHI, "radiusKm": 90, "subjects": ["maths"]});
    let (path, distance) = ("/api/tutors/me/area", Some("radiusKm"));
    let said = ("दूरी 2 से 25 किमी के बीच होनी चाहिए।", "The distance must be between 2 and 25 km.");
    refused_in_both(&app, users, "PUT", path, Some(far), 400, distance, said).await;
    let nowhere = json!({"radiusKm": 10, "boards": ["nasa"]});
    let said = ("कृपया नक्शे पर वह जगह चुनें जहाँ आप पढ़ाते हैं।", "Please select where you teach on the map.");
    refused_in_both(&app, users, "PUT", path, Some(nowhere.clone()), 400, Some("location"), said).await;
    let said = ("बोर्ड की पहचान नहीं हो सकी: nasa।", "Unknown board: nasa.");
    refused_in_both(&app, users, "PUT", path, Some(nowhere), 400, Some("boards"), said).await;
}

#[actix_web::test]
async fn tutor_search_is_refused_in_the_browsers_language() {
    let app = TestApp::start().await;
    let path = "/api/tutors/search?location=[77.209,28.6139]&minRating=9&subject=astrology";
    let hindi = call_in(&app, Some("hi-IN,hi;q=0.9"), "GET", path, None, None).await;
    assert_eq!((hindi.status, hindi.body["code"].as_str()), (400, Some("validation")), "{:?}", hindi.body);
    assert_eq!(hindi.body["fields"]["minRating"], "न्यूनतम रेटिंग 1 से 5 के बीच होनी चाहिए।");
    assert_eq!(
        hindi.body["fields"]["subject"],
        "विषय 'astrology' की पहचान नहीं हो सकी: /api/vocabulary की कोई id इस्तेमाल करें।"
    );
    let english = call_in(&app, None, "GET", path, None, None).await;
    assert_eq!(english.body["fields"]["minRating"], "The lowest rating must be from 1 to 5.");
    assert_eq!(english.body["fields"]["subject"], "Unknown subject 'astrology': use an id from /api/vocabulary.");
    let far = "/api/tutors/search?location=[77.209,28.6139]&radiusKm=99";
    let hindi = call_in(&app, Some("hi"), "GET", far, None, None).await;
    assert_eq!((hindi.status, hindi.body["message"].as_str()), (400, Some("दूरी 1 से 50 किमी के बीच होनी चाहिए।")));
    let english = call_in(&app, None, "GET", far, None, None).await;
    assert_eq!(english.body["message"], "The distance must be between 1 and 50 km.");
}

#[actix_web::test]
async fn messages_profiles_and_payments_refuse_in_the_users_language() {
    let app = TestApp::start().await;
    let parents = hindi_and_english(&app, "parent").await;
    let users = (parents.0.as_str(), parents.1.as_str());
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let tutor_id = id_of(&app, &tutor).await;

    let empty = json!({"to": tutor_id, "text": "   "});
    let said = ("संदेश खाली नहीं हो सकता", "Message cannot be empty");
    refused_in_both(&app, users, "POST", "/api/messages", Some(empty), 400, None, said).await;
    let nobody = json!({"to": 999_999, "text": "Hello"});
    let said = ("उपयोगकर्ता नहीं मिला।", "User not found.");
    refused_in_both(&app, users, "POST", "/api/messages", Some(nobody), 404, None, said).await;

    let review = json!({"rating": 5, "comment": "Very good"});
    let path = format!("/api/tutors/{tutor_id}/reviews");
    let said = (
        "आप किसी ट्यूटर की समीक्षा उनसे संपर्क होने के बाद ही कर सकते हैं।",
        "You can review a tutor after you have been in touch.",
    );
    refused_in_both(&app, users, "POST", &path, Some(review), 403, None, said).await;
    let said = ("आप सिर्फ़ अपनी प्रोफ़ाइल बदल सकते हैं।", "You can only edit your own profile.");
    refused_in_both(&app, users, "PUT", &format!("/api/tutors/{tutor_id}"), Some(json!({})), 403, None, said).await;

    let said = (
        "सदस्यता सिर्फ़ ट्यूटर ले सकते हैं। कृपया ट्यूटर के रूप में साइन इन करें।",
        "Only tutors can subscribe. Please log in as a tutor.",
    );
    refused_in_both(&app, users, "POST", "/api/payment/create-session", None, 403, None, said).await;
    let said = ("ऑर्डर नहीं मिला।", "Order not found.");
    let verify = json!({"orderId": "order_does_not_exist"});
    let tutors = hindi_and_english(&app, "tutor").await;
    refused_in_both(&app, (&tutors.0, &tutors.1), "POST", "/api/payment/verify", Some(verify), 404, None, said).await;
}

#[actix_web::test]
async fn notification_choices_are_refused_in_the_users_language() {
    let app = TestApp::start().await;
    let (hindi, english) = hindi_and_english(&app, "parent").await;
    let bad = json!({"preferences": [{"kind": "nope", "email": "off"}]});
    let said = ("'nope' ऐसी सूचना नहीं है जो आपको मिलती है।", "'nope' is not a kind of notification you receive.");
    let path = "/api/notifications/preferences";
    refused_in_both(&app, (&hindi, &english), "PUT", path, Some(bad), 400, Some("preferences"), said).await;
    let said = ("limit 1 से 50 के बीच होनी चाहिए।", "limit must be between 1 and 50.");
    refused_in_both(&app, (&hindi, &english), "GET", "/api/notifications?limit=0", None, 400, Some("limit"), said)
        .await;
}

#[actix_web::test]
async fn the_admin_panel_refuses_in_the_admins_language() {
    let app = TestApp::start().await;
    let (hindi, english) = hindi_and_english(&app, "admin").await;
    let me = id_of(&app, &hindi).await;
    let said = ("आप अपना खुद का खाता नहीं हटा सकते।", "You cannot delete your own account.");
    let hi = app.call("POST", &format!("/api/admin/users/{me}/delete"), Some(&hindi), None).await;
    assert_eq!((hi.status, hi.body["message"].as_str()), (409, Some(said.0)), "{:?}", hi.body);
    let me = id_of(&app, &english).await;
    let en = app.call("POST", &format!("/api/admin/users/{me}/delete"), Some(&english), None).await;
    assert_eq!((en.status, en.body["message"].as_str()), (409, Some(said.1)), "{:?}", en.body);

    let said = ("उपयोगकर्ता नहीं मिला।", "User not found.");
    let path = "/api/admin/users/999999/delete";
    refused_in_both(&app, (&hindi, &english), "POST", path, None, 404, None, said).await;
}

#[actix_web::test]
async fn a_refused_upload_names_the_file_in_the_users_language() {
    let app = TestApp::start().await;
    let (hindi, english) = hindi_and_english(&app, "tutor").await;
    let upload = |token: String| {
        let form = Form::new().part("file", Part::bytes(b"MZ not a picture".to_vec()).file_name("tool.exe"));
        let request = app.client.post(format!("{}/api/upload/single", app.base)).bearer_auth(token).multipart(form);
        async move {
            let res = request.send().await.expect("an answer");
            (res.status().as_u16(), res.json::<Value>().await.unwrap_or_default())
        }
    };
    let (status, body) = upload(hindi).await;
    assert_eq!(
        (status, body["message"].as_str()),
        (415, Some("फ़ाइल tool.exe की अनुमति नहीं है: सिर्फ़ इमेज (JPEG, PNG, GIF, WebP), PDF, .doc और .docx।"))
    );
    let (status, body) = upload(english).await;
    assert_eq!(
        (status, body["message"].as_str()),
        (415, Some("File tool.exe is not allowed: only images (JPEG, PNG, GIF, WebP), PDF, .doc and .docx."))
    );
}

#[actix_web::test]
async fn uploads_answer_in_the_users_language() {
    let app = TestApp::start().await;
    let (hindi, english) = hindi_and_english(&app, "tutor").await;
    let send = |token: &str, path: &str, form: Form| {
        let request = app.client.post(format!("{}{path}", app.base)).bearer_auth(token).multipart(form);
        async move {
            let res = request.send().await.expect("an answer");
            (res.status().as_u16(), res.json::<Value>().await.unwrap_or_default())
        }
    };
    let png = |name: &str| {
        Part::bytes(crate::common::images::png()).file_name(name.to_string()).mime_str("image/png").unwrap()
    };
    let files = |n: usize| (0..n).fold(Form::new(), |f, i| f.part("files", png(&format!("{i}.png"))));

    let (status, body) = send(&hindi, "/api/upload/single", Form::new().part("file", png("a.png"))).await;
    assert_eq!((status, body["message"].as_str()), (201, Some("फ़ाइल अपलोड हो गई!")));
    let filename = body["file"]["filename"].as_str().expect("filename").to_string();
    let (status, body) = send(&hindi, "/api/upload/multiple", files(2)).await;
    assert_eq!((status, body["message"].as_str()), (201, Some("2 फ़ाइलें अपलोड हो गईं!")));
    let (status, body) = send(&hindi, "/api/upload/multiple", files(11)).await;
    assert_eq!((status, body["message"].as_str()), (400, Some("एक बार में ज़्यादा से ज़्यादा 10 फ़ाइलें अपलोड की जा सकती हैं।")));
    let deleted = app.call("DELETE", &format!("/api/upload/{filename}"), Some(&hindi), None).await;
    assert_eq!((deleted.status, deleted.body["message"].as_str()), (200, Some("फ़ाइल हटा दी गई!")));

    // English stays the spec's, word for word.
    let (status, body) = send(&english, "/api/upload/multiple", files(1)).await;
    assert_eq!((status, body["message"].as_str()), (201, Some("1 file(s) uploaded successfully!")));
    let (status, body) = send(&english, "/api/upload/multiple", files(11)).await;
    assert_eq!((status, body["message"].as_str()), (400, Some("At most 10 files can be uploaded at once.")));
}
