//! The committed Hindi and Hinglish queries (`hindi_queries.tsv`): each must resolve to its term.
//! English keeps working beside them, and no Hindi word of one term names another.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use hometutor_vocabulary::{hindi, normalize, resolve, Facet};

fn facet(name: &str) -> Facet {
    match name {
        "subject" => Facet::Subject,
        "class" => Facet::Class,
        "board" => Facet::Board,
        "mode" => Facet::Mode,
        other => panic!("unknown facet {other}"),
    }
}

#[test]
fn every_committed_query_resolves_to_its_term() {
    let text = include_str!("hindi_queries.tsv");
    let (mut total, mut wrong) = (0, Vec::new());
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let [f, query, id] = line.split('\t').collect::<Vec<_>>()[..] else { panic!("bad line {line:?}") };
        total += 1;
        let got = resolve(facet(f), query).map(|t| t.id);
        if got != Some(id) {
            wrong.push(format!("{f} {query:?}: expected {id}, got {got:?}"));
        }
    }
    println!("{} of {total} Hindi and Hinglish vocabulary queries resolve", total - wrong.len());
    assert!(total >= 100, "only {total} queries");
    assert!(wrong.is_empty(), "{} of {total} wrong:\n{}", wrong.len(), wrong.join("\n"));
}

#[test]
fn hindi_words_name_their_own_term_only() {
    for f in [Facet::Subject, Facet::Class, Facet::Board, Facet::Mode] {
        let aliases = hindi::aliases(f);
        assert_eq!(aliases.len(), f.terms().len(), "every term has a Hindi name");
        for (a, t) in aliases.iter().zip(f.terms()) {
            assert_eq!(a.id, t.id, "same order as the English list");
            assert_eq!(hometutor_vocabulary::hindi_label(f, t.id), Some(a.hindi));
            for word in std::iter::once(&a.hindi).chain(a.also) {
                assert_eq!(resolve(f, word).map(|t| t.id), Some(a.id), "{word}");
            }
        }
    }
}

#[test]
fn english_and_numbers_still_resolve_and_nothing_crosses() {
    for (f, text, id) in [
        (Facet::Subject, "Mathematics", "maths"),
        (Facet::Subject, "S.St", "social-studies"),
        (Facet::Class, "Class 1", "class-1"),
        (Facet::Class, "Std X", "class-10"),
        (Facet::Class, "VI", "class-6"),
        (Facet::Class, "class vi", "class-6"),
        (Facet::Class, "10 th", "class-10"),
    ] {
        assert_eq!(resolve(f, text).map(|t| t.id), Some(id), "{text}");
    }
    // A cardinal alone is not a class ('do' is a word), an unknown ending is not a number.
    for text in ["do", "das", "8xyz", "कक्षा 13", "तेरहवीं", "kaksha"] {
        assert!(resolve(Facet::Class, text).is_none(), "{text}");
    }
    assert!(resolve(Facet::Subject, "पानी").is_none());
    // Only the words around a name are dropped: what is left must still name a term.
    for text in ["tuition", "ट्यूशन के लिए", "vedic maths tuition"] {
        assert!(resolve(Facet::Subject, text).is_none(), "{text}");
    }
    assert_eq!(normalize("  कक्षा—८ "), "कक्षा 8");
}
