//! The web app's API types are generated from `frontend/openapi.json`; this
//! fails when that copy no longer matches what the server serves.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

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
