//! No NUL character (U+0000) from any source: the refusals, each naming the fields that
//! carry one.

use std::collections::BTreeMap;

use actix_web::{HttpRequest, HttpResponse};
use serde_json::Value;

use super::strict;
use hometutor_i18n::Message;

use crate::errors::ApiError;

/// The answer to text with a NUL in it: 400 `validation`, each offending field named.
fn nul_refused(fields: Vec<String>) -> ApiError {
    let field_text = Message::new("validation-nul");
    let english = field_text.render(hometutor_i18n::Language::En);
    let texts = fields.iter().map(|f| (f.clone(), field_text.clone())).collect();
    let fields: BTreeMap<String, String> = fields.into_iter().map(|f| (f, english.clone())).collect();
    let text = Message::new("error-nul");
    let mut err = ApiError::invalid_fields(text.render(hometutor_i18n::Language::En), fields);
    err.texts.message = Some(text);
    err.texts.fields = texts;
    err
}

/// Refuses one text field (a multipart form part, say).
pub fn refuse_nul(field: &str, text: &str) -> Result<(), ApiError> {
    match text.contains('\0') {
        true => Err(nul_refused(vec![printable(field)])),
        false => Ok(()),
    }
}

/// Refuses a parsed JSON document with a NUL in any string or key; the fields
/// are named by their path (`subjects[2]`, `address.city`; `body` for the root).
pub fn refuse_nul_in_json(value: &Value) -> Result<(), ApiError> {
    let mut found = Vec::new();
    find_nul(value, &strict::Path::Root, &mut found);
    match found.is_empty() {
        true => Ok(()),
        false => Err(nul_refused(found)),
    }
}

fn find_nul(value: &Value, path: &strict::Path<'_>, found: &mut Vec<String>) {
    let name = |path: &strict::Path<'_>| match path {
        strict::Path::Root => "body".to_string(),
        _ => printable(&path.to_string()),
    };
    match value {
        Value::String(s) if s.contains('\0') => found.push(name(path)),
        Value::Array(items) => {
            for (index, item) in items.iter().enumerate() {
                find_nul(item, &strict::Path::Index(path, index), found);
            }
        }
        Value::Object(map) => {
            for (key, item) in map {
                let at = strict::Path::Key(path, key);
                if key.contains('\0') {
                    found.push(name(&at));
                }
                find_nul(item, &at, found);
            }
        }
        _ => {}
    }
}

/// A field name as it can be shown back: a NUL in the name itself is spelled out.
fn printable(name: &str) -> String {
    name.replace('\0', "\\u0000")
}

/// The refusal of a chat frame (text of a WebSocket message) carrying a NUL
/// anywhere in its JSON, with the event's `clientId` when it has one; `None` when
/// there is no NUL. Fields are named within the frame (`data.text`).
pub fn chat_frame_refusal(frame: &str) -> Option<(ApiError, Option<String>)> {
    // Nearly every frame is clean: parse a second time only when one may not be.
    if !frame.contains("\\u0000") && !frame.contains('\0') {
        return None;
    }
    let parsed: Value = serde_json::from_str(frame).ok()?;
    let refused = refuse_nul_in_json(&parsed).err()?;
    let client_id = parsed["data"]["clientId"].as_str().filter(|id| !id.contains('\0')).map(str::to_string);
    Some((refused, client_id))
}

/// The refusal of a request whose path or query string carries a NUL (`%00`), met before
/// routing (`crate::gates`), so no extractor or handler ever sees one.
pub fn nul_in_url_refusal(req: &HttpRequest) -> Option<HttpResponse> {
    // A raw NUL cannot appear in a request line; percent-decoding is the only way in.
    let mut found = Vec::new();
    if req.path().contains("%00") {
        found.push("path".to_string());
    }
    for (key, value) in url::form_urlencoded::parse(req.query_string().as_bytes()) {
        if key.contains('\0') || value.contains('\0') {
            found.push(printable(&key));
        }
    }
    (!found.is_empty()).then(|| nul_refused(found).response_in(crate::language::of_request(req)))
}
