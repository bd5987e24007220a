//! Managing users: listing, removing, deactivating, creating, resetting passwords, tutors' standing.

use diesel::prelude::*;
use hometutor_admin::{Actor, AdminError, BulkAction, NewUser, UserFilter, UserUpdate};
use hometutor_core::{Role, UserId};
use hometutor_db::schema::users;

use crate::support::{account, audit_actions, fixture, login, PASSWORD};

#[test]
fn users_are_listed_with_filters_search_and_pages() {
    let f = fixture();
    for i in 0..25 {
        account(&f.auth, &format!("tutor{i:02}@example.com"), Role::Tutor, &format!("Tutor {i:02}"));
    }
    account(&f.auth, "meera@example.com", Role::Parent, "Meera SHARMA");
    let first = f.admin.users(&UserFilter { page: 1, limit: 20, ..Default::default() }).unwrap();
    assert_eq!((first.users.len(), first.total), (20, 27));
    let third = f.admin.users(&UserFilter { page: 2, limit: 20, ..Default::default() }).unwrap();
    assert_eq!(third.users.len(), 7);
    assert!(first.users.iter().all(|u| !third.users.iter().any(|t| t.id == u.id)), "pages do not overlap");

    let tutors =
        f.admin.users(&UserFilter { role: Some(Role::Tutor), page: 1, limit: 20, ..Default::default() }).unwrap();
    assert_eq!(tutors.total, 25);
    assert!(tutors.users.iter().all(|u| u.role == Role::Tutor));

    let found = f.admin.users(&UserFilter { search: Some("sharma".into()), page: 1, limit: 20, ..Default::default() });
    let found = found.unwrap();
    assert_eq!(found.total, 1, "search ignores case");
    assert_eq!(found.users[0].email, "meera@example.com");
    let by_mail =
        f.admin.users(&UserFilter { search: Some("TUTOR0".into()), page: 1, limit: 20, ..Default::default() });
    assert_eq!(by_mail.unwrap().total, 10);
    let wildcard = f.admin.users(&UserFilter { search: Some("%".into()), page: 1, limit: 20, ..Default::default() });
    assert_eq!(wildcard.unwrap().total, 0, "% is a character, not a wildcard");
}

#[test]
fn an_admin_cannot_remove_themself_or_the_last_admin() {
    let f = fixture();
    let own = f.me.id.0;
    let refused = |r: Result<_, AdminError>| matches!(r, Err(AdminError::Refused(_)));
    assert!(refused(f.admin.set_user_active(&f.me, own, false).map(|_| ())));
    assert!(refused(f.admin.delete_user(&f.me, own)));
    assert!(refused(
        f.admin.update_user(&f.me, own, &UserUpdate { role: Some(Role::Tutor), ..Default::default() }).map(|_| ())
    ));
    assert!(refused(f.admin.bulk(&f.me, &[own], BulkAction::Deactivate).map(|_| ())));

    // A second admin may be removed while the actor remains; the actor as the last one may not.
    let other = account(&f.auth, "second@example.com", Role::Admin, "Second Admin");
    f.admin.set_user_active(&f.me, other.0, false).unwrap();
    let second = Actor { id: other, email: "second@example.com".into(), address: "192.0.2.1".into() };
    f.admin.set_user_active(&f.me, other.0, true).unwrap();
    f.admin.set_user_active(&second, own, false).unwrap();
    let error = f
        .admin
        .delete_user(&Actor { id: UserId(own), email: f.me.email.clone(), address: "192.0.2.1".into() }, other.0);
    assert!(refused(error), "the only active admin left cannot be deleted");
    let still: i64 =
        f.db.read(|c| {
            users::table.filter(users::role.eq("admin")).count().get_result(c).map_err(hometutor_db::DbError::from)
        })
        .unwrap();
    assert_eq!(still, 2, "nothing was deleted");
}

#[test]
fn deactivation_ends_sessions_and_bulk_is_all_or_nothing() {
    let f = fixture();
    let parent = account(&f.auth, "parent@example.com", Role::Parent, "Parent");
    let tutor = account(&f.auth, "tutor@example.com", Role::Tutor, "Tutor");
    let token = login(&f.auth, "parent@example.com").unwrap();
    assert!(f.auth.authenticate(&token).is_ok());
    f.admin.set_user_active(&f.me, parent.0, false).unwrap();
    assert!(f.auth.authenticate(&token).is_err(), "a deactivated user's token stops working");
    f.admin.set_user_active(&f.me, parent.0, true).unwrap();
    assert!(f.auth.authenticate(&token).is_err(), "and stays dead after reactivation");

    // Bulk including the actor: refused, and nobody else changed either.
    let refused = f.admin.bulk(&f.me, &[parent.0, tutor.0, f.me.id.0], BulkAction::Deactivate);
    assert!(matches!(refused, Err(AdminError::Refused(_))));
    assert!(f.admin.user(parent.0).unwrap().active && f.admin.user(tutor.0).unwrap().active);
    assert!(
        matches!(f.admin.bulk(&f.me, &[], BulkAction::Delete), Err(AdminError::Validation(e)) if e[0].message == "Please select users first")
    );
    assert!(matches!(f.admin.bulk(&f.me, &[parent.0, 999_999], BulkAction::Delete), Err(AdminError::NotFound(_))));
    assert!(f.admin.user(parent.0).is_ok(), "an unknown id in the selection changes nothing");

    assert_eq!(f.admin.bulk(&f.me, &[parent.0, tutor.0], BulkAction::Deactivate).unwrap(), 2);
    assert!(!f.admin.user(tutor.0).unwrap().active);
    assert_eq!(f.admin.bulk(&f.me, &[parent.0, tutor.0], BulkAction::Delete).unwrap(), 2);
    assert!(matches!(f.admin.user(parent.0), Err(AdminError::NotFound(_))));
    let actions = audit_actions(&f.db);
    assert!(actions.contains(&"user.bulk_delete".to_string()) && actions.contains(&"user.deactivate".to_string()));
}

#[test]
fn created_users_can_log_in_and_reset_passwords_revoke_tokens() {
    let f = fixture();
    let new = NewUser {
        fullname: "New Admin".into(),
        email: "New.Admin@Example.com".into(),
        phone: String::new(),
        password: PASSWORD.into(),
        role: Role::Admin,
    };
    let created = f.admin.create_user(&f.me, &new).unwrap();
    assert_eq!((created.email.as_str(), created.role.as_str()), ("new.admin@example.com", "admin"));
    let token = login(&f.auth, "new.admin@example.com").unwrap();
    assert!(matches!(
        f.admin.create_user(&f.me, &new),
        Err(AdminError::Auth(hometutor_auth::AuthError::AlreadyExists))
    ));
    // A role that is none of the three cannot be expressed here: admin_api's
    // `a_value_outside_a_documented_enum_is_a_field_error` sends one over HTTP.

    f.admin.reset_user_password(&f.me, created.id.0, "another long password").unwrap();
    assert!(f.auth.authenticate(&token).is_err(), "old tokens die with the reset");
    assert!(login(&f.auth, "new.admin@example.com").is_err(), "the old password no longer works");
    assert!(matches!(f.admin.reset_user_password(&f.me, created.id.0, "short"), Err(AdminError::Auth(_))));

    let updated = f.admin.update_user(
        &f.me,
        created.id.0,
        &UserUpdate { fullname: Some("Renamed".into()), phone: Some("12".into()), ..Default::default() },
    );
    assert!(matches!(updated, Err(AdminError::Validation(_))), "phone must be 10 digits");
    assert_eq!(f.admin.user(created.id.0).unwrap().fullname, "New Admin", "nothing half-written");
}

#[test]
fn tutors_get_featured_and_non_tutors_are_refused() {
    let f = fixture();
    let tutor = account(&f.auth, "tutor@example.com", Role::Tutor, "Tutor");
    let parent = account(&f.auth, "parent@example.com", Role::Parent, "Parent");
    assert!(f.admin.set_tutor_featured(&f.me, tutor.0, true).unwrap().featured);
    assert!(matches!(f.admin.set_tutor_featured(&f.me, parent.0, true), Err(AdminError::NotFound("Tutor"))));
}
