//! The web app's API types are generated from `frontend/openapi.json`; this
//! fails when that copy no longer matches what the server serves.

#[test]
fn the_committed_openapi_document_matches_the_server() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../frontend/openapi.json");
    let committed = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let current = hometutor_server::openapi_document().to_pretty_json().expect("json");
    assert!(
        committed.trim() == current.trim(),
        "frontend/openapi.json is stale: run `just gen-api` (or `cargo run -- openapi > frontend/openapi.json` \
         and `npm run gen-api` in frontend/)"
    );
}

#[test]
fn every_operation_has_its_own_id() {
    let doc = serde_json::to_value(hometutor_server::openapi_document()).expect("json");
    let mut ids: Vec<String> = doc["paths"]
        .as_object()
        .expect("paths")
        .values()
        .flat_map(|item| item.as_object().into_iter().flat_map(|ops| ops.values()))
        .filter_map(|op| op["operationId"].as_str().map(str::to_string))
        .collect();
    let count = ids.len();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), count, "duplicate operationIds make the generated client types clash");
}

/// Every operation of the document with its path, method and JSON.
fn operations(doc: &serde_json::Value) -> Vec<(String, String, serde_json::Value)> {
    let mut all = Vec::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for (method, op) in item.as_object().expect("path item") {
            if ["get", "put", "post", "delete", "patch"].contains(&method.as_str()) {
                all.push((path.clone(), method.to_uppercase(), op.clone()));
            }
        }
    }
    all
}

fn documents(op: &serde_json::Value, status: &str) -> bool {
    op["responses"].get(status).is_some()
}

/// The statuses that the shared extractors and middleware answer are documented on every route
/// they guard, with the error body: a client generated from the document can read each of them.
#[test]
fn every_operation_documents_the_answers_of_its_guards() {
    let doc = serde_json::to_value(hometutor_server::openapi_document()).expect("json");
    let mut missing = Vec::new();
    for (path, method, op) in operations(&doc) {
        let mut expect = vec!["503"];
        let bearer = op["security"].as_array().is_some_and(|s| s.iter().any(|r| r.get("bearer").is_some()));
        if bearer {
            expect.push("401");
        }
        if path.starts_with("/api/admin/") {
            assert!(bearer, "{method} {path}: the admin area needs the bearer requirement");
            expect.push("403");
        }
        let params = op["parameters"].as_array().cloned().unwrap_or_default();
        if params.iter().any(|p| p["in"] == "path") {
            expect.extend(["400", "404"]);
        }
        if params.iter().any(|p| p["in"] == "query") {
            expect.push("400");
        }
        if op.get("requestBody").is_some() {
            expect.extend(["408", "413", "415"]);
        }
        if method != "GET" {
            expect.push("507");
        }
        for status in expect {
            if !documents(&op, status) {
                missing.push(format!("{method} {path} {status}"));
            }
        }
    }
    assert!(missing.is_empty(), "undocumented answers: {missing:#?}");
}

/// Every error status is answered with `{message, code, fields?}`, and says so.
#[test]
fn every_error_answer_has_the_error_body() {
    let doc = serde_json::to_value(hometutor_server::openapi_document()).expect("json");
    let mut wrong = Vec::new();
    for (path, method, op) in operations(&doc) {
        for (status, response) in op["responses"].as_object().expect("responses") {
            // Health answers 503 with its own report, which names the failing part.
            // 304 (a revalidated ETag) has no body at all.
            if status.starts_with('2') || status == "304" || path == "/api/health" || path == "/api/health/ready" {
                continue;
            }
            let schema = &response["content"]["application/json"]["schema"]["$ref"];
            if schema != "#/components/schemas/ErrorBody" {
                wrong.push(format!("{method} {path} {status}: {schema}"));
            }
        }
    }
    assert!(wrong.is_empty(), "error answers without the error body: {wrong:#?}");
}

/// Bearer routes are the ones that read the token: a route without the requirement that
/// answers 401 for a missing token would make generated clients skip the header.
#[test]
fn the_public_routes_are_exactly_the_ones_without_a_token() {
    let doc = serde_json::to_value(hometutor_server::openapi_document()).expect("json");
    let public: Vec<String> = operations(&doc)
        .into_iter()
        .filter(|(_, _, op)| op.get("security").is_none())
        .map(|(path, method, _)| format!("{method} {path}"))
        .collect();
    let mut expected = vec![
        "GET /api/health",
        "GET /api/health/live",
        "GET /api/health/ready",
        "POST /api/auth/register",
        "POST /api/verify/email-otp",
        "POST /api/verify/resend-otp",
        "GET /api/verify-email",
        "POST /api/auth/login",
        "POST /api/auth/send-reset-otp",
        "POST /api/auth/reset-password",
        "POST /api/payment/webhook",
        "GET /api/site",
        "POST /api/support-tickets",
        "GET /api/tutors/search",
        "GET /api/tutors/{idOrEmail}",
        "GET /api/tutors/{idOrEmail}/reviews",
        // A tutor's free times: shown on the public profile.
        "GET /api/tutors/{idOrEmail}/availability",
        "GET /api/uploads/{filename}",
        // The vocabulary: the same for everyone, cached by browsers.
        "GET /api/vocabulary",
        // An e-mail's one-click unsubscribe link: the signed token is the permission.
        "GET /api/notifications/unsubscribe",
        "POST /api/notifications/unsubscribe",
        // Place search: the search box is on pages visitors see.
        "GET /api/places",
        "GET /api/places/nearest",
    ];
    let mut public = public;
    public.sort();
    expected.sort();
    assert_eq!(public, expected);
}

/// The limits the document states are the ones the services enforce: the schemas are built from
/// the same constants, and this keeps it so.
#[test]
fn request_limits_are_the_services_constants() {
    use hometutor_core::{Email, Password};
    use hometutor_profiles::ProfileFields;

    let doc = serde_json::to_value(hometutor_server::openapi_document()).expect("json");
    let schemas = &doc["components"]["schemas"];
    let field = |schema: &str, field: &str, keyword: &str| {
        let value = &schemas[schema]["properties"][field][keyword];
        value.as_f64().unwrap_or_else(|| panic!("{schema}.{field} has no {keyword}: {value}"))
    };
    let limits = [
        (field("RegisterRequest", "fullname", "maxLength"), hometutor_auth::MAX_NAME_CHARS as f64),
        (field("UpdateProfileRequest", "fullname", "maxLength"), hometutor_auth::MAX_NAME_CHARS as f64),
        (field("RegisterRequest", "email", "maxLength"), Email::MAX_BYTES as f64),
        (field("RegisterRequest", "password", "minLength"), Password::MIN_CHARS as f64),
        (field("ResetPasswordRequest", "newPassword", "maxLength"), Password::MAX_BYTES as f64),
        (field("RequestBody", "subject", "maxLength"), hometutor_tuition::MAX_FIELD_CHARS as f64),
        (field("SendBody", "text", "maxLength"), hometutor_messaging::MAX_MESSAGE_CHARS as f64),
        (field("ProfileBody", "about", "maxLength"), ProfileFields::MAX_ABOUT as f64),
        (field("ProfileBody", "demoOffer", "maxLength"), ProfileFields::MAX_DEMO_OFFER as f64),
        (field("ReviewBody", "comment", "maxLength"), hometutor_profiles::MAX_COMMENT_CHARS as f64),
        (field("ReviewBody", "rating", "minimum"), f64::from(hometutor_profiles::MIN_RATING)),
        (field("ReviewBody", "rating", "maximum"), f64::from(hometutor_profiles::MAX_RATING)),
        (field("TestimonialBody", "text", "maxLength"), hometutor_admin::MAX_TESTIMONIAL_CHARS as f64),
        (field("TicketBody", "message", "maxLength"), hometutor_admin::MAX_TICKET_MESSAGE_CHARS as f64),
    ];
    for (index, (documented, enforced)) in limits.iter().enumerate() {
        assert_eq!(documented, enforced, "limit #{index}");
    }

    let nearby = &doc["paths"]["/api/tuition/nearby"]["get"]["parameters"];
    let radius = nearby.as_array().expect("parameters").iter().find(|p| p["name"] == "radiusKm").expect("radiusKm");
    assert_eq!(radius["schema"]["minimum"].as_f64(), Some(hometutor_tuition::MIN_RADIUS_KM));
    assert_eq!(radius["schema"]["maximum"].as_f64(), Some(hometutor_tuition::MAX_RADIUS_KM));
    let [lng, lat] = [0, 1].map(|i| &schemas["Coordinates"]["prefixItems"][i]);
    assert_eq!(lng["maximum"].as_f64(), Some(hometutor_geo::Point::MAX_LNG));
    assert_eq!(lat["minimum"].as_f64(), Some(-hometutor_geo::Point::MAX_LAT));
}

/// Roles and error codes are closed sets: the generated web app types carry them as unions.
#[test]
fn roles_and_error_codes_are_enums() {
    let doc = serde_json::to_value(hometutor_server::openapi_document()).expect("json");
    let schemas = &doc["components"]["schemas"];
    assert_eq!(schemas["Role"]["enum"], serde_json::json!(["parent", "tutor", "admin"]));
    for dto in ["AccountDto", "LoginResponse"] {
        assert_eq!(schemas[dto]["properties"]["role"]["$ref"], "#/components/schemas/Role", "{dto}.role");
    }
    assert_eq!(schemas["ErrorBody"]["properties"]["code"]["$ref"], "#/components/schemas/ErrorCode");
    let codes = schemas["ErrorCode"]["enum"].as_array().expect("ErrorCode is an enum");
    for code in ["validation", "unauthenticated", "rate_limited", "maintenance", "storage_full", "not_found"] {
        assert!(codes.contains(&code.into()), "{code} is missing from ErrorCode");
    }
}
