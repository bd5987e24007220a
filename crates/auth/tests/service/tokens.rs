//! Forged, expired and foreign tokens are refused; a rotated secret still verifies for a while.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use hometutor_auth::AuthError;

use crate::support::{fixture, login_input, registration, service_with, PASSWORD, SECRET};

fn forge(header: &str, payload: &serde_json::Value, signature: &str) -> String {
    format!("{}.{}.{}", URL_SAFE_NO_PAD.encode(header), URL_SAFE_NO_PAD.encode(payload.to_string()), signature)
}

/// A header for `alg` naming the key that signed `genuine` (its `kid`), as a forger who
/// copied it would write.
fn header_like(genuine: &str, alg: jsonwebtoken::Algorithm) -> jsonwebtoken::Header {
    let kid = jsonwebtoken::decode_header(genuine).expect("header").kid;
    assert!(kid.is_some(), "every token names its key");
    jsonwebtoken::Header { kid, ..jsonwebtoken::Header::new(alg) }
}

/// The key the service signs tokens with: derived from `SECRET`, never `SECRET` itself.
fn token_key(secret: &[u8]) -> jsonwebtoken::EncodingKey {
    jsonwebtoken::EncodingKey::from_secret(&hometutor_auth::derive_key(secret, "hometutor/session-token"))
}

fn payload_of(token: &str) -> serde_json::Value {
    let part = token.split('.').nth(1).expect("payload");
    serde_json::from_slice(&URL_SAFE_NO_PAD.decode(part).expect("b64")).expect("json")
}

#[test]
fn unsigned_tokens_are_rejected() {
    let f = fixture();
    let token = f.verified_user("a@example.com", "parent");
    let mut payload = payload_of(&token);
    payload["role"] = "admin".into();
    let none = forge(r#"{"alg":"none","typ":"JWT"}"#, &payload, "");
    assert!(matches!(f.auth.authenticate(&none), Err(AuthError::Unauthenticated)));
}

#[test]
fn tokens_signed_with_another_algorithm_or_key_are_rejected() {
    use jsonwebtoken::{encode, Algorithm, EncodingKey, Header};
    let f = fixture();
    let token = f.verified_user("a@example.com", "parent");
    let payload = payload_of(&token);
    let hs384 = encode(&header_like(&token, Algorithm::HS384), &payload, &token_key(SECRET)).expect("sign");
    assert!(matches!(f.auth.authenticate(&hs384), Err(AuthError::Unauthenticated)));
    let other_key =
        encode(&header_like(&token, Algorithm::HS256), &payload, &EncodingKey::from_secret(b"guess")).expect("sign");
    assert!(matches!(f.auth.authenticate(&other_key), Err(AuthError::Unauthenticated)));
    for raw_secret in [header_like(&token, Algorithm::HS256), Header::new(Algorithm::HS256)] {
        let signed = encode(&raw_secret, &payload, &EncodingKey::from_secret(SECRET)).expect("sign");
        assert!(matches!(f.auth.authenticate(&signed), Err(AuthError::Unauthenticated)), "the secret is not the key");
    }
    // The genuine signature over a changed payload fails too.
    let mut parts: Vec<&str> = token.split('.').collect();
    let mut changed = payload.clone();
    changed["sub"] = "999".into();
    let changed = URL_SAFE_NO_PAD.encode(changed.to_string());
    parts[1] = &changed;
    assert!(matches!(f.auth.authenticate(&parts.join(".")), Err(AuthError::Unauthenticated)));
}

#[test]
fn after_a_rotation_the_previous_secret_verifies_tokens_and_codes_until_it_is_dropped() {
    const NEW: &[u8] = b"the-new-secret-the-new-secret-the-new!";
    let f = fixture();
    let old_token = f.verified_user("a@example.com", "parent");
    f.auth.register(registration("b@example.com", "parent")).expect("register");
    let old_code = f.last_code("b@example.com", "Your verification code:");

    let rotated = service_with(&f.db, NEW, Some(SECRET));
    let dropped = service_with(&f.db, NEW, None);
    assert!(dropped.authenticate(&old_token).is_err(), "without JWT_SECRET_PREVIOUS the old token is refused");
    assert!(rotated.authenticate(&old_token).is_ok(), "with it, the old token still works");
    let new_token = rotated.login(login_input("a@example.com", PASSWORD)).expect("login").token;
    let kid = |t: &str| jsonwebtoken::decode_header(t).expect("header").kid;
    assert_ne!(kid(&new_token), kid(&old_token), "new tokens name the new key");
    assert!(dropped.authenticate(&new_token).is_ok(), "and are signed with it");
    assert!(f.auth.authenticate(&new_token).is_err(), "which the old secret alone cannot check");

    assert!(matches!(dropped.verify_email_otp("b@example.com", &old_code), Err(AuthError::InvalidCode)));
    rotated.verify_email_otp("b@example.com", &old_code).expect("a code mailed before the rotation still works");
}

#[test]
fn expired_tokens_are_rejected() {
    use jsonwebtoken::{encode, Algorithm};
    let f = fixture();
    let token = f.verified_user("a@example.com", "parent");
    let mut payload = payload_of(&token);
    payload["exp"] = (chrono::Utc::now().timestamp() - 5).into();
    let expired = encode(&header_like(&token, Algorithm::HS256), &payload, &token_key(SECRET)).expect("sign");
    assert!(matches!(f.auth.authenticate(&expired), Err(AuthError::Unauthenticated)));
}

#[test]
fn tokens_with_a_wrong_or_missing_issuer_or_audience_are_rejected() {
    use jsonwebtoken::{encode, Algorithm};
    let f = fixture();
    let token = f.verified_user("a@example.com", "parent");
    let payload = payload_of(&token);
    assert_eq!((payload["iss"].as_str(), payload["aud"].as_str()), (Some("hometutor"), Some("hometutor-api")));
    let sign =
        |p: &serde_json::Value| encode(&header_like(&token, Algorithm::HS256), p, &token_key(SECRET)).expect("sign");
    assert!(f.auth.authenticate(&sign(&payload)).is_ok(), "re-signing the genuine claims works");
    for (name, change) in [
        ("other issuer", ("iss", Some("someone-else"))),
        ("other audience", ("aud", Some("hometutor-chat"))),
        ("no issuer", ("iss", None)),
        ("no audience", ("aud", None)),
    ] {
        let mut forged = payload.clone();
        match change.1 {
            Some(v) => forged[change.0] = v.into(),
            None => {
                forged.as_object_mut().expect("object").remove(change.0);
            }
        }
        assert!(matches!(f.auth.authenticate(&sign(&forged)), Err(AuthError::Unauthenticated)), "{name}");
    }
}
