//! A real contact between a parent and a tutor, as reviews need it: both have written to each
//! other in the chat, and a day has passed.

use serde_json::json;

use super::TestApp;

impl TestApp {
    /// `from` writes to `to` through the API (tokens both).
    pub async fn write_to(&self, from: &str, to: &str) {
        let to_id = self.call("GET", "/api/auth/profile", Some(to), None).await.body["user"]["id"].clone();
        let sent = self.call("POST", "/api/messages", Some(from), Some(json!({"to": to_id, "text": "Hello"}))).await;
        assert_eq!(sent.status, 201, "{:?}", sent.body);
    }

    /// The parent writes to the tutor, the tutor answers, and a day passes on this process's
    /// clock (which the in-process server reads): the parent may now review the tutor.
    pub async fn real_contact(&self, parent: &str, tutor: &str) {
        self.write_to(parent, tutor).await;
        self.write_to(tutor, parent).await;
        hometutor_db::clock::advance(hometutor_profiles::REVIEW_WAIT.to_std().expect("a day"));
    }
}
