//! The site's settings and content, testimonials and support tickets.

use hometutor_admin::{Actor, AdminError, NewTicket, SettingsChanges, Theme};
use hometutor_core::Role;
use serde_json::json;

use crate::support::{account, fixture};

#[test]
fn settings_and_content_are_validated_and_kept() {
    let f = fixture();
    let defaults = f.admin.settings().unwrap();
    assert_eq!(defaults.site_title, "HomeTutor");
    assert!(defaults.gpt5_mini_preview_enabled, "the preview flag defaults to on");
    assert!(!defaults.maintenance_mode);

    let new = SettingsChanges {
        site_title: Some("  Tutors of Delhi ".into()),
        theme: Some(Theme::Dark),
        maintenance_mode: Some(true),
        gpt5_mini_preview_enabled: Some(false),
        ..SettingsChanges::default()
    };
    let saved = f.admin.change_settings(&f.me, &new).unwrap();
    assert_eq!(
        (saved.site_title.as_str(), saved.theme, saved.maintenance_mode),
        ("Tutors of Delhi", Theme::Dark, true)
    );
    assert_eq!(f.admin.settings().unwrap(), saved);
    let empty = SettingsChanges { site_title: Some(" ".into()), ..SettingsChanges::default() };
    assert!(matches!(f.admin.change_settings(&f.me, &empty), Err(AdminError::Validation(_))));

    // The operator's own support contacts replace the defaults everywhere they are shown.
    assert_eq!(
        (defaults.support_email.as_str(), defaults.support_phone.as_str()),
        ("support@hometutor.in", "+91 98765 43210")
    );
    let contacts = SettingsChanges {
        support_email: Some(" Help@Tutors-Delhi.in ".into()),
        support_phone: Some(" +91 (11) 4050-6070 ".into()),
        ..SettingsChanges::default()
    };
    let with_contacts = f.admin.change_settings(&f.me, &contacts).unwrap();
    assert_eq!(
        (with_contacts.support_email.as_str(), with_contacts.support_phone.as_str()),
        ("help@tutors-delhi.in", "+91 (11) 4050-6070")
    );
    for (email, phone, field, message) in [
        ("", "+91 11 4050 6070", "supportEmail", "Support e-mail is required."),
        ("help@", "+91 11 4050 6070", "supportEmail", "Please enter a valid support e-mail address."),
        ("help@tutors.in", " ", "supportPhone", "Support phone is required."),
        ("help@tutors.in", "12345", "supportPhone", "Please enter a valid support phone number (7 to 15 digits)."),
        (
            "help@tutors.in",
            "call 9876543210",
            "supportPhone",
            "Please enter a valid support phone number (7 to 15 digits).",
        ),
        (
            "help@tutors.in",
            "98+76543210",
            "supportPhone",
            "Please enter a valid support phone number (7 to 15 digits).",
        ),
    ] {
        let bad = SettingsChanges {
            support_email: Some(email.into()),
            support_phone: Some(phone.into()),
            ..SettingsChanges::default()
        };
        match f.admin.change_settings(&f.me, &bad) {
            Err(AdminError::Validation(errors)) => {
                assert_eq!((errors[0].field, errors[0].message.as_str()), (field, message), "{email} / {phone}")
            }
            other => panic!("{email} / {phone} was not refused: {other:?}"),
        }
    }
    assert_eq!(f.admin.settings().unwrap(), with_contacts, "a refused save changes nothing");

    let faqs = json!(r#"[{"q": "Is it free for parents?", "a": "Yes."}]"#);
    let content = f.admin.save_content(&f.me, "Welcome", &["Admissions open".into()], &faqs, &json!([])).unwrap();
    assert_eq!(content.faqs[0]["a"], "Yes.");
    let broken = f.admin.save_content(&f.me, "Welcome", &[], &json!("[{\"q\": "), &json!([]));
    match broken {
        Err(AdminError::Validation(e)) => {
            assert_eq!(e[0].field, "faqs");
            assert!(e[0].message.starts_with("FAQs is not valid JSON"), "{}", e[0].message);
        }
        other => panic!("expected a validation error, got {other:?}"),
    }
    let object = f.admin.save_content(&f.me, "", &[], &json!([]), &json!({"text": "not a list"}));
    assert!(matches!(object, Err(AdminError::Validation(e)) if e[0].field == "announcements"));
    assert_eq!(f.admin.content().unwrap().faqs.len(), 1, "a refused save changes nothing");

    let announcement = f.admin.broadcast(&f.me, "Site maintenance tonight at 11 PM").unwrap();
    assert_eq!(announcement["text"], "Site maintenance tonight at 11 PM");
    assert_eq!(f.admin.content().unwrap().announcements[0]["text"], "Site maintenance tonight at 11 PM");
    assert!(matches!(f.admin.broadcast(&f.me, "  "), Err(AdminError::Validation(_))));
}

/// Each round, two admins change different settings at the same moment (a barrier
/// lets both threads go at once): both changes are kept, neither overwrites the
/// other with the settings it read before the other's change was saved.
#[test]
fn two_admins_changing_different_settings_at_once_both_keep_their_change() {
    let f = fixture();
    let other = account(&f.auth, "second@example.com", Role::Admin, "Second Admin");
    let other = Actor { id: other, email: "second@example.com".into(), address: "192.0.2.1".into() };
    for round in 0..20 {
        let title = format!("Tutors of Delhi {round}");
        let email = format!("help{round}@tutors-delhi.in");
        let changes = [
            (&f.me, SettingsChanges { site_title: Some(title.clone()), ..SettingsChanges::default() }),
            (&other, SettingsChanges { support_email: Some(email.clone()), ..SettingsChanges::default() }),
        ];
        let start = std::sync::Barrier::new(changes.len());
        std::thread::scope(|threads| {
            for (actor, change) in &changes {
                let (admin, start) = (&f.admin, &start);
                threads.spawn(move || {
                    start.wait();
                    admin.change_settings(actor, change).unwrap()
                });
            }
        });
        let stored = f.admin.settings().unwrap();
        assert_eq!((stored.site_title, stored.support_email), (title, email), "round {round}");
    }
}

#[test]
fn testimonials_come_from_parents_and_show_once_approved() {
    let f = fixture();
    let parent = account(&f.auth, "parent@example.com", Role::Parent, "Kavya Rao");
    let tutor = account(&f.auth, "tutor@example.com", Role::Tutor, "Tutor");
    assert!(matches!(f.admin.submit_testimonial(tutor, Role::Tutor, "Great"), Err(AdminError::NotAParent)));
    assert!(matches!(f.admin.submit_testimonial(parent, Role::Parent, " "), Err(AdminError::Validation(_))));
    let mine = f.admin.submit_testimonial(parent, Role::Parent, "Found a maths tutor in two days.").unwrap();
    assert_eq!((mine.name.as_str(), mine.approved), ("Kavya Rao", false));
    assert!(f.admin.approved_testimonials(10).unwrap().is_empty(), "not shown before approval");
    f.admin.approve_testimonial(&f.me, mine.id, true).unwrap();
    assert_eq!(f.admin.approved_testimonials(10).unwrap()[0].text, "Found a maths tutor in two days.");
    f.admin.approve_testimonial(&f.me, mine.id, false).unwrap();
    assert!(f.admin.approved_testimonials(10).unwrap().is_empty());
    for _ in 0..2 {
        f.admin.submit_testimonial(parent, Role::Parent, "More").unwrap();
    }
    assert!(matches!(f.admin.submit_testimonial(parent, Role::Parent, "Spam"), Err(AdminError::Refused(_))));
}

#[test]
fn support_tickets_are_validated_and_listed_newest_first() {
    let f = fixture();
    let bad = f.admin.submit_ticket(&NewTicket { name: "".into(), email: "nope".into(), ..Default::default() });
    match bad {
        Err(AdminError::Validation(errors)) => {
            let fields: Vec<_> = errors.iter().map(|e| e.field).collect();
            assert_eq!(fields, ["name", "email", "subject", "message"]);
        }
        other => panic!("{other:?}"),
    }
    for subject in ["First", "Second"] {
        let ticket = NewTicket {
            name: "Asha".into(),
            email: "Asha@Example.com".into(),
            subject: subject.into(),
            message: "My payment shows pending.".into(),
        };
        f.admin.submit_ticket(&ticket).unwrap();
    }
    let list = f.admin.tickets(10).unwrap();
    assert_eq!(list.iter().map(|t| t.subject.as_str()).collect::<Vec<_>>(), ["Second", "First"]);
    assert_eq!(list[0].email, "asha@example.com");
}

/// A document written before a field existed reads with that field's default, and every field
/// is there when the settings are answered (the API states them all as always sent).
#[test]
fn a_stored_document_without_newer_fields_reads_with_their_defaults() {
    use diesel::prelude::*;
    use hometutor_db::schema::site_documents as sd;

    let f = fixture();
    f.db.write(|c| {
        diesel::insert_into(sd::table)
            .values((
                sd::name.eq("settings"),
                sd::body.eq(r#"{"siteTitle":"Old Tutors"}"#),
                sd::updated_at.eq(hometutor_db::now()),
            ))
            .execute(c)
            .map_err(hometutor_db::DbError::from)
    })
    .unwrap();
    let settings = f.admin.settings().unwrap();
    assert_eq!(settings.site_title, "Old Tutors");
    assert_eq!((settings.support_email.as_str(), settings.theme), ("support@hometutor.in", Theme::Light));
    let sent = serde_json::to_value(&settings).unwrap();
    for field in ["siteTitle", "siteDescription", "theme", "maintenanceMode", "gpt5MiniPreviewEnabled", "logoUrl"] {
        assert!(sent.get(field).is_some(), "{field} is sent: {sent}");
    }
    // A document that is no object reads as the defaults.
    f.db.write(|c| {
        diesel::update(sd::table.find("settings"))
            .set(sd::body.eq("[]"))
            .execute(c)
            .map_err(hometutor_db::DbError::from)
    })
    .unwrap();
    f.admin.change_settings(&f.me, &SettingsChanges::default()).unwrap();
    assert_eq!(f.admin.settings().unwrap().site_title, "HomeTutor");
}
