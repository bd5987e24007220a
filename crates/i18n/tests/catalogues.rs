//! The catalogues themselves: every file parses, every language has every English
//! message with the same variables, and rendering is what the code relies on.

use hometutor_i18n::{ids, negotiate, parse_errors, text, variables, Arg, Language, Message};

#[test]
fn every_file_parses() {
    assert_eq!(parse_errors(), Vec::<String>::new());
}

#[test]
fn every_language_has_every_message_with_the_same_variables() {
    let english = variables(Language::En);
    assert!(english.len() > 20, "the English catalogue is loaded");
    for &language in Language::ALL {
        let other = variables(language);
        let missing: Vec<_> = english.keys().filter(|id| !other.contains_key(*id)).collect();
        assert!(missing.is_empty(), "{language} lacks {missing:?}");
        let extra: Vec<_> = other.keys().filter(|id| !english.contains_key(*id)).collect();
        assert!(extra.is_empty(), "{language} has messages English lacks: {extra:?}");
        for (id, names) in &english {
            assert_eq!(other.get(id), Some(names), "{language}: {id} uses other variables than English");
        }
    }
}

#[test]
fn blank_lines_inside_a_message_are_kept_and_no_isolation_marks_are_added() {
    let body = text(Language::En, "email-password-reset-body", &[("otp", Arg::from("123456"))]);
    assert!(body.starts_with("Hello,\n\nYour password reset code: 123456\n\nThe code is valid"), "{body:?}");
    assert!(body.ends_with("stays the same.\n\n— HomeTutor"), "{body:?}");
    for &language in Language::ALL {
        for id in ids(language) {
            let rendered = text(language, &id, &[("name", Arg::from("x")), ("count", Arg::from(2))]);
            assert!(!rendered.contains(['\u{2068}', '\u{2069}']), "{language}/{id}");
        }
    }
}

#[test]
fn plurals_and_dates_follow_the_language() {
    let one = [("count", Arg::from(1))];
    let five = [("count", Arg::from(5))];
    assert_eq!(text(Language::En, "email-digest-subject", &one), "1 new tuition request in your area");
    assert_eq!(text(Language::En, "email-digest-subject", &five), "5 new tuition requests in your area");
    assert_eq!(text(Language::Hi, "email-digest-subject", &one), "आपके क्षेत्र में ट्यूशन का 1 नया अनुरोध");
    assert_eq!(text(Language::Hi, "email-digest-subject", &five), "आपके क्षेत्र में ट्यूशन के 5 नए अनुरोध");
    let on = Message::new("notice-expired-body").arg("date", Arg::date(2027, 1, 5));
    assert!(on.render(Language::En).contains("ended on 5 January 2027."));
    assert!(on.render(Language::Hi).contains("5 जनवरी 2027 को"));
}

#[test]
fn a_missing_message_falls_back_to_english_then_to_its_id() {
    assert_eq!(text(Language::Hi, "no-such-message", &[]), "no-such-message");
    assert_eq!(text(Language::En, "month-3", &[]), "March");
    assert_eq!(text(Language::Hi, "month-3", &[]), "मार्च");
}

#[test]
fn negotiation_picks_hindi_for_hindi_browsers() {
    assert_eq!(negotiate("hi-IN,hi;q=0.9,en;q=0.8"), Language::Hi);
    assert_eq!(negotiate("en-IN,en;q=0.9"), Language::En);
}
