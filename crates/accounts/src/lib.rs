//! The one owner of the `users` table, as vaultwarden's `db/models/user.rs` owns
//! its own: the row and what is read from it ([`User`], and the narrow [`Person`]
//! other crates show beside their own rows), every query and every write. Other
//! crates call these functions with the connection of their own transaction
//! (`&mut DbConnection`), so a check and the change it guards stay atomic, and
//! nobody else names `users` in a query.
//!
//! A subscription is read from the row only as a [`hometutor_core::Subscription`]
//! and shown only through its `at(now)`: nothing clears the stored flag when the
//! expiry passes.
//!
//! Depends on core and db alone, so auth, admin, payments, tuition, messaging and
//! profiles can all use it without depending on each other.

mod directory;
mod store;
mod user;

pub use directory::{
    count_by_role_and_activity, every_listable_tutor, list, listable_at, listable_tutors, listed_tutors, names, people,
    ListedTutor, Listing,
};
pub use store::{
    count_active_admins_except, count_admins, delete, end_sessions, exists, extend_subscription, find, find_by_email,
    find_credentials, insert, insert_many, language_of, languages_of, lock, mark_email_verified, replace_registration,
    reset_password, role_of, roles_of, set_active, set_password, set_subscription, subscription, subscriptions_ending,
    token_check, update,
};
pub use user::{Changes, Credentials, NewUser, Person, TokenCheck, User};
