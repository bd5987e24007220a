//! Place search in Hindi: the committed queries (`hindi_queries.tsv`, Devanagari names of cities
//! and localities, spelling variants, a PIN code in Devanagari digits) find their district first,
//! and English queries give the same answers as before.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use hometutor_places::{Places, MAX_SUGGESTIONS};

#[test]
fn every_committed_hindi_query_finds_its_district_first() {
    let text = include_str!("hindi_queries.tsv");
    let (mut total, mut wrong) = (0, Vec::new());
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let (query, district) = line.split_once('\t').expect("query<TAB>district");
        total += 1;
        let got = Places::global().search(query, MAX_SUGGESTIONS);
        let shown: Vec<String> = got.iter().take(3).map(|p| p.label()).collect();
        println!("{query:24} → {shown:?}");
        if got.first().map(|p| p.district.as_str()) != Some(district) {
            wrong.push(format!("{query}: expected {district}, got {shown:?}"));
        }
    }
    println!("{} of {total} Hindi place queries find their district first", total - wrong.len());
    assert!(total >= 100, "only {total} queries");
    assert!(wrong.is_empty(), "{} of {total} wrong:\n{}", wrong.len(), wrong.join("\n"));
}

#[test]
fn hindi_and_english_names_find_the_same_place() {
    for (hindi, english) in
        [("लाजपत नगर", "Lajpat Nagar"), ("लखनऊ", "Lucknow"), ("कोरमंगला", "Koramangala"), ("नई दिल्ली", "New Delhi")]
    {
        let first = |q: &str| Places::global().search(q, MAX_SUGGESTIONS).first().map(|p| p.label());
        assert_eq!(first(hindi), first(english), "{hindi}");
    }
}

#[test]
fn devanagari_junk_finds_nothing_and_one_letter_is_too_short() {
    for q in ["।", "्", "ञ", "?!।"] {
        assert!(Places::global().search(q, MAX_SUGGESTIONS).is_empty(), "{q:?}");
    }
}
