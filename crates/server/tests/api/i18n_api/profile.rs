//! The language stored with an account: read with the profile, changed through the profile
//! update, chosen at registration; each person reads and changes only their own.

use serde_json::json;

use super::{call_in, choose_language, common};
use common::{TestApp, PASSWORD};

#[actix_web::test]
async fn an_account_reads_english_until_its_owner_chooses_hindi_which_follows_them_to_a_new_sign_in() {
    let app = TestApp::start().await;
    let token = app.verified_user("asha@example.com", "parent").await;
    let profile = app.call("GET", "/api/auth/profile", Some(&token), None).await;
    assert_eq!(profile.body["user"]["language"], "en");

    choose_language(&app, &token, "hi").await;
    let profile = app.call("GET", "/api/auth/profile", Some(&token), None).await;
    assert_eq!(
        (profile.body["user"]["language"].as_str(), profile.body["user"]["fullname"].as_str()),
        (Some("hi"), Some("Asha Kumar"))
    );

    // Another device: the choice is the account's, whatever that browser asks for.
    let login = call_in(
        &app,
        Some("en-US"),
        "POST",
        "/api/auth/login",
        None,
        Some(json!({"email": "asha@example.com", "password": PASSWORD})),
    )
    .await;
    assert_eq!(login.body["user"]["language"], "hi");
    let other_device = login.body["token"].as_str().unwrap();
    let profile = call_in(&app, Some("en-US"), "GET", "/api/auth/profile", Some(other_device), None).await;
    assert_eq!(profile.body["user"]["language"], "hi");
}

#[actix_web::test]
async fn a_second_user_can_neither_read_nor_change_someone_elses_language() {
    let app = TestApp::start().await;
    let asha = app.verified_user("asha@example.com", "parent").await;
    let ravi = app.verified_user("ravi@example.com", "tutor").await;
    choose_language(&app, &asha, "hi").await;

    // Ravi's profile calls only ever reach Ravi's account.
    let ravis = app.call("GET", "/api/auth/profile", Some(&ravi), None).await;
    assert_eq!(
        (ravis.body["user"]["email"].as_str(), ravis.body["user"]["language"].as_str()),
        (Some("ravi@example.com"), Some("en"))
    );
    let asha_id = app.call("GET", "/api/auth/profile", Some(&asha), None).await.body["user"]["id"].clone();
    for body in [json!({"language": "en", "id": asha_id}), json!({"language": "en", "email": "asha@example.com"})] {
        let reply = app.call("PUT", "/api/auth/profile", Some(&ravi), Some(body)).await;
        assert_eq!(reply.status, 400, "no other account can be named: {:?}", reply.body);
    }
    choose_language(&app, &ravi, "hi").await;
    choose_language(&app, &ravi, "en").await;
    assert_eq!(app.call("GET", "/api/auth/profile", Some(&asha), None).await.body["user"]["language"], "hi");

    // A tutor's public profile says nothing of the language.
    let public = app.call("GET", &format!("/api/tutors/{}", ravis.body["user"]["id"]), Some(&asha), None).await;
    assert!(
        public.body.get("language").is_none() && public.body["user"].get("language").is_none(),
        "{:?}",
        public.body
    );

    // Without a token nothing is read or changed.
    assert_eq!(app.call("PUT", "/api/auth/profile", None, Some(json!({"language": "en"}))).await.status, 401);
    assert_eq!(app.call("GET", "/api/auth/profile", Some(&asha), None).await.body["user"]["language"], "hi");
}

#[actix_web::test]
async fn a_language_the_server_does_not_speak_is_a_field_error_and_changes_nothing() {
    let app = TestApp::start().await;
    let token = app.verified_user("asha@example.com", "parent").await;
    let reply =
        app.call("PUT", "/api/auth/profile", Some(&token), Some(json!({"fullname": "Asha K", "language": "fr"}))).await;
    assert_eq!((reply.status, reply.body["code"].as_str()), (400, Some("validation")), "{:?}", reply.body);
    assert_eq!(reply.body["fields"]["language"], "Language must be one of: en, hi.");
    let profile = app.call("GET", "/api/auth/profile", Some(&token), None).await;
    assert_eq!(
        (profile.body["user"]["fullname"].as_str(), profile.body["user"]["language"].as_str()),
        (Some("Asha Kumar"), Some("en"))
    );
    // Null leaves it as it is, like the other fields.
    let reply = app.call("PUT", "/api/auth/profile", Some(&token), Some(json!({"language": null}))).await;
    assert_eq!((reply.status, reply.body["user"]["language"].as_str()), (200, Some("en")));
}

#[actix_web::test]
async fn registration_keeps_the_language_chosen_else_the_browsers() {
    let app = TestApp::start().await;
    let register = |email: &'static str, language: Option<&'static str>| {
        let mut body = json!({"fullname": "Asha Kumar", "role": "parent", "email": email, "phone": "9876543210", "password": PASSWORD});
        if let Some(code) = language {
            body["language"] = json!(code);
        }
        body
    };
    let chosen = call_in(
        &app,
        Some("en-GB"),
        "POST",
        "/api/auth/register",
        None,
        Some(register("chose@example.com", Some("hi"))),
    )
    .await;
    assert_eq!(chosen.status, 201, "{:?}", chosen.body);
    let browser = call_in(
        &app,
        Some("hi-IN,hi;q=0.9,en;q=0.8"),
        "POST",
        "/api/auth/register",
        None,
        Some(register("browser@example.com", None)),
    )
    .await;
    assert_eq!(browser.status, 201, "{:?}", browser.body);
    let neither =
        call_in(&app, None, "POST", "/api/auth/register", None, Some(register("neither@example.com", None))).await;
    assert_eq!(neither.status, 201, "{:?}", neither.body);
    let unknown =
        call_in(&app, None, "POST", "/api/auth/register", None, Some(register("unknown@example.com", Some("fr"))))
            .await;
    assert_eq!(
        (unknown.status, unknown.body["fields"]["language"].as_str()),
        (400, Some("Language must be one of: en, hi."))
    );

    let stored = |email: &str| {
        let email = email.to_string();
        app.db()
            .read(move |c| Ok::<_, hometutor_db::DbError>(hometutor_accounts::find_by_email(c, &email)?))
            .unwrap()
            .map(|u| u.language.code())
    };
    assert_eq!(stored("chose@example.com"), Some("hi"));
    assert_eq!(stored("browser@example.com"), Some("hi"));
    assert_eq!(stored("neither@example.com"), Some("en"));
    assert_eq!(stored("unknown@example.com"), None);
}
