//! A parent cannot share their contacts again with a tutor while either blocks the other: a
//! block is a "no" to contact, whoever said it. Stopping to share stays allowed, and another
//! tutor's switch is untouched.

use crate::admin_api::id_of;
use crate::blocked_lists_api::{block, post_request, teaching_tutor};
use crate::common;

use common::{Reply, TestApp};
use serde_json::json;

async fn share(app: &TestApp, parent: &str, request: i64, tutor: i64, shared: bool) -> Reply {
    let path = format!("/api/tuition/{request}/interested/{tutor}/sharing");
    app.call("PUT", &path, Some(parent), Some(json!({"shared": shared}))).await
}

#[actix_web::test]
async fn sharing_again_is_refused_with_a_tutor_blocked_either_way() {
    let app = TestApp::start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let parent_id = id_of(&app, &parent).await;
    let (refuser, refuser_id) = teaching_tutor(&app, "refuser@example.com").await;
    let (refused, refused_id) = teaching_tutor(&app, "refused@example.com").await;
    let (open, open_id) = teaching_tutor(&app, "open@example.com").await;
    let request = post_request(&app, &parent).await;
    for tutor in [&refuser, &refused, &open] {
        let shown = app.call("POST", &format!("/api/tuition/{request}/interested"), Some(tutor), None).await;
        assert_eq!(shown.status, 200, "{:?}", shown.body);
    }
    for tutor in [refuser_id, refused_id, open_id] {
        let stopped = share(&app, &parent, request, tutor, false).await;
        assert_eq!(stopped.status, 200, "{:?}", stopped.body);
    }

    block(&app, &refuser, parent_id).await;
    block(&app, &parent, refused_id).await;
    for tutor in [refuser_id, refused_id] {
        let refused = share(&app, &parent, request, tutor, true).await;
        assert_eq!((refused.status, refused.body["code"].as_str()), (403, Some("blocked")), "tutor {tutor}");
        assert_eq!(
            refused.body["message"],
            "You cannot share your phone and e-mail with this tutor while one of you blocks the other."
        );
        let still_stopped = share(&app, &parent, request, tutor, false).await;
        assert_eq!(still_stopped.status, 200, "stopping stays allowed: {:?}", still_stopped.body);
    }
    let shared = share(&app, &parent, request, open_id, true).await;
    assert_eq!((shared.status, shared.body["shared"].as_bool()), (200, Some(true)), "{:?}", shared.body);

    let hindi = app.call("PUT", "/api/auth/profile", Some(&parent), Some(json!({"language": "hi"}))).await;
    assert_eq!(hindi.status, 200, "{:?}", hindi.body);
    let refused = share(&app, &parent, request, refuser_id, true).await;
    assert_eq!(refused.status, 403);
    assert_eq!(
        refused.body["message"],
        "जब तक आप दोनों में से किसी ने दूसरे को ब्लॉक किया हुआ है, आप इस ट्यूटर के साथ अपना फ़ोन और ई-मेल साझा नहीं कर सकते।"
    );

    // Lifted on both sides, sharing again is the parent's to choose once more.
    let unblocked = app.call("DELETE", &format!("/api/chat/block/{parent_id}"), Some(&refuser), None).await;
    assert!(unblocked.status < 300, "{:?}", unblocked.body);
    let unblocked = app.call("DELETE", &format!("/api/chat/block/{refused_id}"), Some(&parent), None).await;
    assert!(unblocked.status < 300, "{:?}", unblocked.body);
    for tutor in [refuser_id, refused_id] {
        let shared = share(&app, &parent, request, tutor, true).await;
        assert_eq!(shared.status, 200, "tutor {tutor}: {:?}", shared.body);
    }
}
