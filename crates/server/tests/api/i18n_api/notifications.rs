//! Notifications in the reader's language: stored as messages with their arguments and
//! rendered when read, so the list follows the reader's current choice; the live event and
//! the e-mail are in the recipient's language when sent.

use std::time::Duration;

use super::{choose_language, common, read_mail};
use common::socket::wait_for_event;
use common::TestApp;

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
