//! What the admin API takes, checked against what its OpenAPI document says: enums, length
//! limits and upload forms refused field by field, storing nothing.

use crate::admin_api::{id_of, post_form, start, DELHI};
use crate::common;
use crate::common::images::png;

use common::PASSWORD;
use reqwest::multipart::{Form, Part};
use serde_json::{json, Value};

#[actix_web::test]
async fn a_value_outside_a_documented_enum_is_a_field_error() {
    let (app, admin) = start().await;
    let doc = serde_json::to_value(hometutor_server::openapi_document()).unwrap();
    let values = |schema: &str| doc["components"]["schemas"][schema]["enum"].clone();
    assert_eq!(values("UserRole"), json!(["parent", "tutor", "admin"]));
    assert_eq!(values("BulkUserAction"), json!(["activate", "deactivate", "delete"]));
    assert_eq!(
        doc["components"]["schemas"]["CreateUserBody"]["properties"]["role"]["$ref"],
        "#/components/schemas/UserRole"
    );

    let parent = app.verified_user("parent@example.com", "parent").await;
    let id = id_of(&app, &parent).await;
    let create = json!({"fullname": "Asha", "email": "asha@example.com", "password": PASSWORD, "role": "superuser"});
    let update = json!({"role": "superuser"});
    let bulk = json!({"userIds": [id], "action": "explode"});
    for (path, body, field, message) in [
        ("/api/admin/users/create".to_string(), create, "role", "Role must be parent, tutor or admin."),
        (format!("/api/admin/users/{id}/update"), update, "role", "Role must be parent, tutor or admin."),
        ("/api/admin/users/bulk".to_string(), bulk, "action", "action must be activate, deactivate or delete."),
    ] {
        let refused = app.call("POST", &path, Some(&admin), Some(body)).await;
        assert_eq!((refused.status, refused.body["fields"][field].as_str()), (400, Some(message)), "{path}");
        assert_eq!(refused.body["message"], format!("Invalid request: {field}: {message}"), "{path}");
    }
    let theme = app.call("POST", "/api/admin/settings", Some(&admin), Some(json!({"siteTitle": "X", "theme": "neon"})));
    let theme = theme.await;
    assert_eq!((theme.status, theme.body["fields"]["theme"].is_string()), (400, true), "{:?}", theme.body);
    for (query, message) in
        [("role=superuser", "role must be parent, tutor or admin."), ("active=maybe", "active must be true or false.")]
    {
        let refused = app.call("GET", &format!("/api/admin/users?{query}"), Some(&admin), None).await;
        assert_eq!(refused.status, 400, "{query}");
        assert!(refused.body["message"].as_str().unwrap().contains(message), "{query}: {:?}", refused.body);
    }
    for query in ["role=all&active=all", "role=parent&active=true"] {
        let listed = app.call("GET", &format!("/api/admin/users?{query}"), Some(&admin), None).await;
        assert_eq!(listed.status, 200, "{query}");
    }
    // Nothing was changed by the refused requests.
    let user = app.call("GET", "/api/admin/users?role=parent", Some(&admin), None).await;
    assert_eq!((user.body["total"].as_i64(), user.body["users"][0]["active"].as_bool()), (Some(1), Some(true)));
}

/// A JSON value made by `make` from a text of the length under test.
type Probe<'a> = Box<dyn Fn(String) -> (String, Value) + 'a>;

/// Each length limit that an admin request's schema states (read from the served document)
/// is exactly the server's: a text of that length is taken, one character more (or less,
/// for a minimum) is refused with the field named.
#[actix_web::test]
async fn every_documented_length_limit_is_the_one_the_server_enforces() {
    let (app, admin) = start().await;
    let doc = serde_json::to_value(hometutor_server::openapi_document()).unwrap();
    let parent = app.verified_user("parent@example.com", "parent").await;
    let parent_id = id_of(&app, &parent).await;
    let body = json!({"subject": "Physics", "classLevel": "Class 12", "preferredTime": "Evenings", "location": DELHI});
    let request = app.call("POST", "/api/tuition", Some(&parent), Some(body)).await.body["id"].as_i64().unwrap();
    let users_made = std::cell::Cell::new(0);
    let created = &users_made;
    let new_user = |field: &'static str| -> Probe<'_> {
        Box::new(move |text: String| {
            created.set(created.get() + 1);
            let mut body = json!({"fullname": "Asha", "email": format!("new{}@example.com", created.get()),
                "password": PASSWORD, "role": "parent"});
            body[field] = text.into();
            ("/api/admin/users/create".to_string(), body)
        })
    };
    let at =
        |path: String, make: fn(String) -> Value| -> Probe<'_> { Box::new(move |text| (path.clone(), make(text))) };
    // A support phone of any length: digits (13 at 24 or 25 characters) joined by dashes.
    let phone = |length: usize| format!("{}{}", "1".repeat(2 - length % 2), "-1".repeat((length - 2 + length % 2) / 2));
    let cases: Vec<(&str, &str, Probe<'_>)> = vec![
        (
            "SettingsBody/properties/siteTitle/maxLength",
            "siteTitle",
            at("/api/admin/settings".into(), |t| json!({"siteTitle": t, "theme": "light"})),
        ),
        (
            "SettingsBody/properties/siteDescription/maxLength",
            "siteDescription",
            at("/api/admin/settings".into(), |t| json!({"siteTitle": "X", "theme": "light", "siteDescription": t})),
        ),
        (
            "SettingsBody/properties/supportPhone/maxLength",
            "supportPhone",
            Box::new(move |t: String| {
                (
                    "/api/admin/settings".into(),
                    json!({"siteTitle": "X", "theme": "light", "supportPhone": phone(t.chars().count())}),
                )
            }),
        ),
        (
            "ContentBody/properties/homeText/maxLength",
            "homeText",
            at("/api/admin/content".into(), |t| json!({"homeText": t})),
        ),
        (
            "ContentBody/properties/banners/items/maxLength",
            "banners",
            at("/api/admin/content".into(), |t| json!({"banners": [t]})),
        ),
        ("BroadcastBody/properties/text/maxLength", "text", at("/api/admin/broadcast".into(), |t| json!({"text": t}))),
        ("CreateUserBody/properties/fullname/maxLength", "fullname", new_user("fullname")),
        ("CreateUserBody/properties/password/maxLength", "password", new_user("password")),
        ("CreateUserBody/properties/password/minLength", "password", new_user("password")),
        (
            "UpdateUserBody/properties/fullname/maxLength",
            "fullname",
            at(format!("/api/admin/users/{parent_id}/update"), |t| json!({"fullname": t})),
        ),
        (
            "ResetPasswordBody/properties/password/maxLength",
            "password",
            at(format!("/api/admin/users/{parent_id}/reset-password"), |t| json!({"password": t})),
        ),
        (
            "ResetPasswordBody/properties/password/minLength",
            "password",
            at(format!("/api/admin/users/{parent_id}/reset-password"), |t| json!({"password": t})),
        ),
        (
            "FlagBody/properties/flagReason/maxLength",
            "flagReason",
            at(format!("/api/admin/requests/{request}/flag"), |t| json!({"flagged": true, "flagReason": t})),
        ),
        (
            "JsonList/oneOf/0/maxItems",
            "faqs",
            Box::new(|t: String| ("/api/admin/content".into(), json!({"faqs": vec![json!({"q": "?"}); t.len()]}))),
        ),
    ];
    for (pointer, field, probe) in cases {
        let limit = doc.pointer(&format!("/components/schemas/{pointer}")).and_then(Value::as_u64);
        let limit = limit.unwrap_or_else(|| panic!("{pointer} is documented")) as usize;
        let beyond = if pointer.ends_with("minLength") { limit - 1 } else { limit + 1 };
        for (length, taken) in [(limit, true), (beyond, false)] {
            let (path, body) = probe("a".repeat(length));
            let reply = app.call("POST", &path, Some(&admin), Some(body)).await;
            let named = reply.body["fields"][field].is_string();
            match taken {
                true => assert!(reply.status < 300, "{pointer} = {limit}: {length} refused: {:?}", reply.body),
                false => assert!(reply.status == 400 && named, "{pointer} = {limit}: {length} taken: {:?}", reply.body),
            }
        }
    }
}

#[actix_web::test]
async fn an_upload_form_refused_for_a_field_stores_nothing() {
    let (app, admin) = start().await;
    let uploads = app.data_dir.join("uploads");
    let files_on_disk = || std::fs::read_dir(&uploads).map(|d| d.count()).unwrap_or(0);
    // Every stored upload is counted towards the hourly limit, and deleting the file keeps the
    // count: a form stored first and deleted for a bad field would leave its count behind.
    let uploads_counted = || {
        use diesel::prelude::*;
        use hometutor_db::schema::upload_events::dsl as ue;
        app.db().read(|c| ue::upload_events.count().get_result::<i64>(c).map_err(hometutor_db::DbError::from)).unwrap()
    };
    let doc = serde_json::to_value(hometutor_server::openapi_document()).unwrap();
    let description = &doc["components"]["schemas"]["AssetUploadForm"]["properties"]["description"]["$ref"];
    assert_eq!(description, "#/components/schemas/AssetDescription");
    let limit = doc["components"]["schemas"]["AssetDescription"]["maxLength"].as_u64();
    let limit = limit.expect("the description's limit is documented") as usize;
    let asset = |asset_type: &str, description: String| {
        Form::new()
            .part("file", Part::bytes(png()).file_name("ad.png"))
            .text("assetType", asset_type.to_string())
            .text("description", description)
    };
    let pdf = || Part::bytes(b"%PDF-1.4\n%%EOF\n".to_vec()).file_name("logo.pdf");
    for (path, form, field) in [
        ("/api/admin/assets/upload", asset("poster", String::new()), Some("assetType")),
        ("/api/admin/assets/upload", asset("ad", "a".repeat(limit + 1)), Some("description")),
        (
            "/api/admin/upload",
            Form::new().part("image", Part::bytes(png()).file_name("l.png")).text("target", "x"),
            None,
        ),
        ("/api/admin/upload", Form::new().part("image", pdf()).text("target", "logo"), Some("image")),
    ] {
        let (status, body) = post_form(&app, path, &admin, form).await;
        assert_eq!(status, 400, "{path}: {body:?}");
        if let Some(field) = field {
            assert!(body["fields"][field].is_string(), "{path}: {body:?}");
        }
        assert_eq!((files_on_disk(), uploads_counted()), (0, 0), "{path}: nothing is left, and nothing was stored");
    }
    let (status, body) = post_form(&app, "/api/admin/assets/upload", &admin, asset("ad", "a".repeat(limit))).await;
    assert_eq!((status, files_on_disk(), uploads_counted()), (201, 1, 1), "{body:?}");
    // The refused forms wrote no upload rows and no audit entries.
    let log = app.call("GET", "/api/admin/audit-log", Some(&admin), None).await;
    let actions: Vec<&str> = log.body.as_array().unwrap().iter().filter_map(|e| e["action"].as_str()).collect();
    assert_eq!(actions, ["asset.upload"]);
}
