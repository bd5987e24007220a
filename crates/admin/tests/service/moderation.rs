//! What admins' actions leave behind: the audit log, and a flagged request's reason told to its parent.

use hometutor_admin::{AdminError, SettingsChanges};
use hometutor_core::{Role, UserId};

use crate::support::{account, fixture};

#[test]
fn every_change_is_in_the_audit_log_with_its_admin() {
    let f = fixture();
    let tutor = account(&f.auth, "tutor@example.com", Role::Tutor, "Tutor");
    f.admin.set_tutor_featured(&f.me, tutor.0, true).unwrap();
    f.admin.change_settings(&f.me, &SettingsChanges::default()).unwrap();
    let log = f.admin.audit_log(10).unwrap();
    assert_eq!(log.iter().map(|e| e.action.as_str()).collect::<Vec<_>>(), ["settings.save", "tutor.feature"]);
    assert!(log.iter().all(|e| e.admin_email == "root@example.com" && e.admin_id == f.me.id.0));
    assert_eq!(log[1].target, format!("user {}", tutor.0));
    // A refused change writes no entry.
    let _ = f.admin.delete_user(&f.me, f.me.id.0);
    assert_eq!(f.admin.audit_log(10).unwrap().len(), 2);
}

#[test]
fn flagging_a_request_tells_its_parent_the_reason_and_unflagging_does_not() {
    let f = fixture();
    let parent = account(&f.auth, "asha@example.com", Role::Parent, "Asha Verma");
    let other = account(&f.auth, "neha@example.com", Role::Parent, "Neha Gupta");
    let request = hometutor_tuition::testing::insert_request(&f.db, parent.0, false);
    let told = |user: UserId| {
        f.db.read(|c| hometutor_notifications::recent(c, user.0, 50).map_err(hometutor_db::DbError::from)).unwrap()
    };

    f.admin.flag_request(&f.me, request, true, "Phone number in the subject").unwrap();
    let notes = told(parent);
    assert_eq!(notes.len(), 1);
    assert_eq!(notes[0].kind, "request_flagged");
    assert_eq!(notes[0].title, "Your Mathematics request was flagged");
    assert!(notes[0].body.contains("Phone number in the subject"), "{}", notes[0].body);
    assert_eq!(notes[0].link.as_deref(), Some("/dashboard"));
    assert!(told(other).is_empty(), "only the request's parent is told");

    f.admin.flag_request(&f.me, request, true, "Phone number in the subject").unwrap();
    assert_eq!(told(parent).len(), 1, "the same flag again tells nothing new");
    f.admin.flag_request(&f.me, request, false, "").unwrap();
    assert_eq!(told(parent).len(), 1, "unflagging tells nothing");
    f.admin.flag_request(&f.me, request, true, "").unwrap();
    assert_eq!(told(parent).len(), 2, "flagged again later: told again");
    assert!(matches!(f.admin.flag_request(&f.me, request + 1000, true, "x"), Err(AdminError::NotFound(_))));
}
