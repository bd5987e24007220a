//! Bearer tokens and sign-ins against the real server: forged, expired and foreign tokens
//! are refused; failed sign-ins are throttled and a storm of them is turned away, not queued.

use crate::common;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use common::{TestApp, JWT_SECRET, PASSWORD};
use serde_json::{json, Value};

fn forge(payload: &Value, header: &str, signature: &str) -> String {
    format!("{}.{}.{signature}", URL_SAFE_NO_PAD.encode(header), URL_SAFE_NO_PAD.encode(payload.to_string()))
}

fn payload(token: &str) -> Value {
    let part = token.split('.').nth(1).expect("payload");
    serde_json::from_slice(&URL_SAFE_NO_PAD.decode(part).expect("base64")).expect("json")
}

/// A header for `alg` naming the key that signed `genuine` (its `kid`), as a forger who copied it would write.
fn header_like(genuine: &str, alg: jsonwebtoken::Algorithm) -> jsonwebtoken::Header {
    let kid = jsonwebtoken::decode_header(genuine).expect("header").kid;
    assert!(kid.is_some(), "every token names its key");
    jsonwebtoken::Header { kid, ..jsonwebtoken::Header::new(alg) }
}

/// The key the server signs tokens with: derived from `JWT_SECRET`, not the secret itself.
fn token_key() -> jsonwebtoken::EncodingKey {
    jsonwebtoken::EncodingKey::from_secret(&hometutor_auth::derive_key(
        JWT_SECRET.as_bytes(),
        "hometutor/session-token",
    ))
}

#[actix_web::test]
async fn tampered_unsigned_and_expired_tokens_get_401() {
    use jsonwebtoken::{encode, Algorithm, EncodingKey, Header};
    let app = TestApp::start().await;
    let token = app.verified_user("asha@example.com", "parent").await;
    let claims = payload(&token);
    assert_eq!(
        claims["userId"],
        claims["sub"].as_str().and_then(|s| s.parse::<i64>().ok()).map(Value::from).unwrap_or_default()
    );

    let mut as_admin = claims.clone();
    as_admin["role"] = "admin".into();
    let signature = token.rsplit('.').next().expect("signature");
    let mut expired = claims.clone();
    expired["exp"] = (chrono::Utc::now().timestamp() - 10).into();
    let cases = [
        ("alg none", forge(&as_admin, r#"{"alg":"none","typ":"JWT"}"#, "")),
        ("changed payload, old signature", forge(&as_admin, r#"{"alg":"HS256","typ":"JWT"}"#, signature)),
        ("HS512", encode(&header_like(&token, Algorithm::HS512), &claims, &token_key()).expect("sign")),
        (
            "other key",
            encode(&header_like(&token, Algorithm::HS256), &as_admin, &EncodingKey::from_secret(b"guessed"))
                .expect("sign"),
        ),
        (
            "the secret itself as the key",
            encode(&header_like(&token, Algorithm::HS256), &claims, &EncodingKey::from_secret(JWT_SECRET.as_bytes()))
                .expect("sign"),
        ),
        ("no key id", encode(&Header::new(Algorithm::HS256), &claims, &token_key()).expect("sign")),
        ("expired", encode(&header_like(&token, Algorithm::HS256), &expired, &token_key()).expect("sign")),
        ("garbage", "not.a.token".to_string()),
    ];
    for (name, forged) in cases {
        let reply = app.call("GET", "/api/auth/profile", Some(&forged), None).await;
        assert_eq!(reply.status, 401, "{name}");
        assert!(reply.body["message"].is_string(), "{name}: 401 body is {{message}}");
    }
    let missing = app.call("GET", "/api/auth/profile", None, None).await;
    assert_eq!(missing.status, 401);
    assert!(missing.body["message"].is_string());
}

#[actix_web::test]
async fn tokens_for_another_issuer_or_audience_get_401() {
    use jsonwebtoken::{encode, Algorithm};
    let app = TestApp::start().await;
    let token = app.verified_user("asha@example.com", "parent").await;
    let claims = payload(&token);
    assert_eq!((claims["iss"].as_str(), claims["aud"].as_str()), (Some("hometutor"), Some("hometutor-api")));
    let sign = |c: &Value| encode(&header_like(&token, Algorithm::HS256), c, &token_key()).expect("sign");
    assert_eq!(app.call("GET", "/api/auth/profile", Some(&sign(&claims)), None).await.status, 200);
    for (name, key, value) in [
        ("wrong issuer", "iss", Some("evil")),
        ("wrong audience", "aud", Some("hometutor-chat")),
        ("no issuer", "iss", None),
        ("no audience", "aud", None),
    ] {
        let mut forged = claims.clone();
        match value {
            Some(v) => forged[key] = v.into(),
            None => {
                forged.as_object_mut().expect("object").remove(key);
            }
        }
        let reply = app.call("GET", "/api/auth/profile", Some(&sign(&forged)), None).await;
        assert_eq!(reply.status, 401, "{name}");
    }
}

#[actix_web::test]
async fn repeated_failed_logins_get_429_with_retry_after() {
    let app = TestApp::start().await;
    app.verified_user("asha@example.com", "parent").await;
    for _ in 0..5 {
        let r = app.post("/api/auth/login", json!({"email": "asha@example.com", "password": "wrong password"})).await;
        assert_eq!(r.status, 401);
    }
    let limited = app.post("/api/auth/login", json!({"email": "asha@example.com", "password": PASSWORD})).await;
    assert_eq!(limited.status, 429);
    let retry: u64 = limited
        .headers
        .get("retry-after")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse().ok())
        .expect("Retry-After");
    assert!(retry > 0 && retry <= 15 * 60);
    assert!(limited.body["message"].as_str().is_some_and(|m| m.contains("Too many attempts")));
}

/// 24 sign-ins at once (3 to each of 8 accounts, under the in-flight reservations of the
/// failed-login limits: 5 per account, 30 per address), hashed at a real cost: the ones that cannot start hashing within
/// `PASSWORD_QUEUE_WAIT_MS` are refused with 503 `busy` and `Retry-After` (never left
/// waiting, never a 500), the rest sign in, the site answers meanwhile, and once the storm
/// has passed a sign-in works again.
#[actix_web::test]
async fn a_sign_in_storm_beyond_the_hashing_queue_is_refused_with_retry_after_and_heals() {
    const COST: u32 = 11;
    let app = TestApp::start_with(&[("BCRYPT_COST", COST.to_string()), ("PASSWORD_QUEUE_WAIT_MS", "300".into())]).await;
    let hash = actix_web::rt::task::spawn_blocking(|| {
        hometutor_auth::PasswordHasher::new(COST, 1).unwrap().hash(PASSWORD).unwrap()
    })
    .await
    .unwrap();
    let emails: Vec<String> = (0..8).map(|i| format!("storm{i}@example.com")).collect();
    for email in &emails {
        let account = hometutor_accounts::NewUser {
            fullname: "Asha Kumar",
            email,
            phone: "9876543210",
            password_hash: &hash,
            role: hometutor_core::Role::Parent,
            email_verified: true,
        };
        app.db()
            .write(|c| hometutor_accounts::insert(c, &account).map_err(hometutor_db::DbError::from))
            .expect("account");
    }

    let app = &app;
    let logins = (0..24).map(|i| {
        let email = emails[i % emails.len()].clone();
        async move { app.post("/api/auth/login", json!({"email": email, "password": PASSWORD})).await }
    });
    let site = async {
        // Asked while the logins are in flight: the rest of the site does not wait for the hashes.
        actix_web::rt::task::yield_now().await;
        app.call("GET", "/api/site", None, None).await
    };
    let (replies, site) = futures_util::future::join(futures_util::future::join_all(logins), site).await;
    assert_eq!(site.status, 200);

    let signed_in = replies.iter().filter(|r| r.status == 200).count();
    let refused: Vec<&common::Reply> = replies.iter().filter(|r| r.status == 503).collect();
    assert_eq!(
        signed_in + refused.len(),
        replies.len(),
        "only 200 or 503: {:?}",
        replies.iter().map(|r| r.status).collect::<Vec<_>>()
    );
    assert!(signed_in >= 2, "the hashing threads kept working: {signed_in} signed in");
    assert!(!refused.is_empty(), "24 hashes at cost {COST} cannot all start within 300 ms");
    for reply in refused {
        assert_eq!(reply.body["code"], "busy");
        assert_eq!(reply.body["message"], "Too many sign-ins right now. Please try again in a few seconds.");
        let retry: u64 = reply.headers["retry-after"].to_str().unwrap().parse().unwrap();
        assert!((1..=60).contains(&retry), "Retry-After {retry}");
    }

    // Healed: the queue has drained, and a sign-in after the storm goes through.
    app.login(&emails[0], PASSWORD).await;
}
