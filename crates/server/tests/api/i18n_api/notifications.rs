//! Notifications in the reader's language: stored as messages with their arguments and
//! rendered when read, so the list follows the reader's current choice; the live event and
//! the e-mail are in the recipient's language when sent.

use std::time::Duration;

use super::{choose_language, common, read_mail};
use common::socket::wait_for_event;
use common::TestApp;
use serde_json::json;

#[actix_web::test]
async fn a_hindi_tutors_receipt_comes_in_hindi_live_by_mail_and_in_the_list_and_in_english_once_they_switch() {
    let app = TestApp::start().await;
    let tutor = app.verified_user("ravi@example.com", "tutor").await;
    choose_language(&app, &tutor, "hi").await;
    let mut socket = app.open_socket(&tutor).await;

    app.subscribe(&tutor).await;

    let live = wait_for_event(&mut socket, "notification").await["data"].clone();
    assert_eq!(live["title"], "भुगतान मिल गया: आपकी सदस्यता सक्रिय है", "{live}");
    let body = live["body"].as_str().unwrap();
    assert!(body.starts_with("ऑर्डर ") && body.contains(": ₹499.00 का भुगतान हो गया। आपकी सदस्यता "), "{body}");
    let month = ["जनवरी", "फ़रवरी", "मार्च", "अप्रैल", "मई", "जून", "जुलाई", "अगस्त", "सितंबर", "अक्टूबर", "नवंबर", "दिसंबर"];
    assert!(month.iter().any(|m| body.contains(m)) && body.ends_with(" तक मान्य है।"), "a Hindi date: {body}");

    let mail = app
        .smtp
        .wait_until(Duration::from_secs(10), |m| read_mail(&m.data).subject == "भुगतान मिल गया: आपकी सदस्यता सक्रिय है")
        .await
        .map(|m| read_mail(&m.data))
        .expect("the receipt by e-mail");
    assert!(mail.body.starts_with("नमस्ते Asha Kumar,\n\nऑर्डर "), "{}", mail.body);
    assert!(mail.body.contains("इसे HomeTutor पर खोलें: http://localhost:8080/subscribe"), "{}", mail.body);
    assert!(mail.body.contains("एक क्लिक में ये ई-मेल बंद करें: http://localhost:8080/unsubscribe?token="), "{}", mail.body);
    assert!(mail.body.contains("\"सदस्यता की रसीदें\""), "the kind's Hindi name: {}", mail.body);

    let list = app.call("GET", "/api/notifications", Some(&tutor), None).await;
    assert_eq!(list.body["items"][0]["title"], "भुगतान मिल गया: आपकी सदस्यता सक्रिय है");
    let preferences = app.call("GET", "/api/notifications/preferences", Some(&tutor), None).await;
    let labels: Vec<&str> =
        preferences.body["preferences"].as_array().unwrap().iter().map(|p| p["label"].as_str().unwrap()).collect();
    assert!(labels.contains(&"सदस्यता की रसीदें"), "{labels:?}");

    choose_language(&app, &tutor, "en").await;
    let list = app.call("GET", "/api/notifications", Some(&tutor), None).await;
    assert_eq!(list.body["items"][0]["title"], "Payment received: your subscription is active");
    let body = list.body["items"][0]["body"].as_str().unwrap();
    assert!(body.contains(": ₹499.00 paid. Your subscription is valid until ") && body.ends_with('.'), "{body}");
}

/// A request's subject and class are the vocabulary's, so each reader reads them in their own
/// language; a parent's own words for a subject the vocabulary lacks stay as written.
#[actix_web::test]
async fn a_new_requests_subject_and_class_read_in_each_tutors_language() {
    let app = TestApp::start().await;
    let hindi = app.verified_user("ravi@example.com", "tutor").await;
    choose_language(&app, &hindi, "hi").await;
    let english = app.verified_user("asha@example.com", "tutor").await;
    for tutor in [&hindi, &english] {
        app.subscribe(tutor).await;
        let area = json!({"location": [77.209, 28.6139], "radiusKm": 10});
        let saved = app.call("PUT", "/api/tutors/me/area", Some(tutor), Some(area)).await;
        assert_eq!(saved.status, 200, "{:?}", saved.body);
    }
    let parent = app.verified_user("parent@example.com", "parent").await;
    // The third: the parent's own words, which happen to be the vocabulary's English labels.
    for (subject, class, own) in [
        ("maths", "class-8", None),
        ("other", "class-8", Some(("Vedic maths", ""))),
        ("other", "other", Some(("Mathematics", "Class 8"))),
    ] {
        let mut body =
            json!({"subjectId": subject, "classId": class, "preferredTime": "Evenings", "location": [77.21, 28.614]});
        if let Some((subject, class)) = own {
            body["subject"] = json!(subject);
            if !class.is_empty() {
                body["classLevel"] = json!(class);
            }
        }
        let posted = app.call("POST", "/api/tuition", Some(&parent), Some(body)).await;
        assert_eq!(posted.status, 201, "{:?}", posted.body);
    }

    let titles = |reply: common::Reply| -> Vec<String> {
        let items = reply.body["items"].as_array().cloned().unwrap_or_default();
        items.iter().filter_map(|i| i["body"].as_str().map(str::to_string)).collect()
    };
    let read = titles(app.call("GET", "/api/notifications", Some(&hindi), None).await);
    assert!(read.iter().any(|b| b.starts_with("विषय: गणित · कक्षा: कक्षा 8 ·")), "{read:?}");
    assert!(read.iter().any(|b| b.starts_with("विषय: Vedic maths · कक्षा: कक्षा 8 ·")), "{read:?}");
    assert!(read.iter().any(|b| b.starts_with("विषय: Mathematics · कक्षा: Class 8 ·")), "as typed: {read:?}");
    let read = titles(app.call("GET", "/api/notifications", Some(&english), None).await);
    assert!(read.iter().any(|b| b.starts_with("Subject: Mathematics · Class: Class 8 ·")), "{read:?}");
    assert!(read.iter().any(|b| b.starts_with("Subject: Vedic maths · Class: Class 8 ·")), "{read:?}");
    assert_eq!(read.iter().filter(|b| b.starts_with("Subject: Mathematics · Class: Class 8 ·")).count(), 2, "{read:?}");
}
