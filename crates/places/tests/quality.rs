//! Search quality on the real data: 50 Indian localities and PIN codes with the district the
//! first suggestion must be in, prefixes, typos, limits, nearest and junk.

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "support/cases.rs"]
mod cases;

use hometutor_places::{normalize, PlaceKind, Places, MAX_SUGGESTIONS};

fn first_district(q: &str) -> Option<String> {
    Places::global().search(q, MAX_SUGGESTIONS).first().map(|p| p.district.clone())
}

#[test]
fn the_data_is_loaded() {
    let places = Places::global();
    assert!(places.localities() > 150_000, "{}", places.localities());
    assert!(places.len() > places.localities());
}

#[test]
fn fifty_localities_and_pin_codes_find_their_district() {
    let mut wrong = Vec::new();
    for (q, district) in cases::CASES {
        let got = Places::global().search(q, MAX_SUGGESTIONS);
        let shown: Vec<String> = got.iter().take(3).map(|p| p.label()).collect();
        println!("{q:24} → {shown:?}");
        if got.first().map(|p| p.district.as_str()) != Some(district) {
            wrong.push(format!("{q}: expected {district}, got {shown:?}"));
        }
    }
    assert!(wrong.is_empty(), "{} wrong:\n{}", wrong.len(), wrong.join("\n"));
}

#[test]
fn prefixes_find_the_locality_being_typed() {
    for (typed, name, district) in [
        ("Lajpat", "Lajpat Nagar", "South Delhi"),
        ("Lajpat Na", "Lajpat Nagar", "South Delhi"),
        ("Koraman", "Koramangala", "Bengaluru"),
        ("Connaught Pl", "Connaught Place", "Central Delhi"),
        ("Banjara H", "Banjara Hills", "Hyderabad"),
    ] {
        let got = Places::global().search(typed, MAX_SUGGESTIONS);
        assert!(
            got.iter().take(3).any(|p| p.name == name && p.district == district),
            "{typed}: {:?}",
            got.iter().map(|p| p.label()).collect::<Vec<_>>()
        );
    }
}

#[test]
fn a_trailing_word_that_matches_nothing_does_not_hide_the_place() {
    assert_eq!(first_district("Andheri West").as_deref(), Some("Mumbai"));
    assert_eq!(first_district("Salt Lake City").as_deref(), Some("North 24 Parganas"));
    assert_eq!(first_district("Lajpat Nagar 4").as_deref(), Some("South Delhi"));
}

#[test]
fn typos_are_forgiven_by_length() {
    // One edit in 4–7 letters, two in 8 and more.
    assert_eq!(first_district("Koramangla").as_deref(), Some("Bengaluru"));
    assert_eq!(first_district("Koramanagla").as_deref(), Some("Bengaluru"));
    assert_eq!(first_district("Kormangla").as_deref(), Some("Bengaluru"));
    assert!(Places::global().search("Kothrd", MAX_SUGGESTIONS).iter().any(|p| p.name == "Kothrud"));
    // Two edits in a short word are too many.
    assert!(Places::global().search("Kthrd", MAX_SUGGESTIONS).iter().all(|p| p.name != "Kothrud"));
}

#[test]
fn district_names_find_the_district_itself() {
    for name in ["Bengaluru", "Pune", "Lucknow", "Mumbai"] {
        let got = Places::global().search(name, MAX_SUGGESTIONS);
        let first = got.first().copied().unwrap();
        assert_eq!(first.name, name);
        assert_eq!(Places::global().kind(first), PlaceKind::District);
        assert!(first.pincode.is_empty());
    }
}

#[test]
fn pin_codes_and_prefixes() {
    let got = Places::global().search("110024", MAX_SUGGESTIONS);
    assert!(!got.is_empty() && got.iter().all(|p| p.pincode == "110024"));
    assert!(got.iter().any(|p| p.name == "Lajpat Nagar"));
    let got = Places::global().search("1100", MAX_SUGGESTIONS);
    assert_eq!(got.len(), MAX_SUGGESTIONS);
    assert!(got.iter().all(|p| p.pincode.starts_with("1100")));
    assert_eq!(Places::global().search("110024 lajpat", 10)[0].name, "Lajpat Nagar");
    assert!(Places::global().search("000000", 10).is_empty());
}

#[test]
fn at_most_ten_and_at_most_the_limit() {
    for q in ["nagar", "ram", "sector", "11", "56", "colony"] {
        assert!(Places::global().search(q, 50).len() <= MAX_SUGGESTIONS, "{q}");
    }
    assert_eq!(Places::global().search("nagar", 3).len(), 3);
    assert!(Places::global().search("nagar", 0).is_empty());
}

#[test]
fn empty_short_and_junk_queries_find_nothing() {
    for q in ["", " ", "a", "?!", "--", "xqzxqzxqz", "zzzzzzzz qqqq", "'; --", "1", "1234567"] {
        assert!(Places::global().search(q, MAX_SUGGESTIONS).is_empty(), "{q:?}");
    }
    assert_eq!(normalize("Lajpat-Nagar!"), "lajpat nagar");
}

#[test]
fn nearest_names_the_place_a_point_lies_in() {
    let places = Places::global();
    let p = places.nearest(28.5733, 77.2402).unwrap();
    assert_eq!((p.name.as_str(), p.district.as_str()), ("Lajpat Nagar", "South Delhi"));
    assert_eq!(places.describe(28.5735, 77.2401).as_deref(), Some("Lajpat Nagar, South Delhi"));
    // Central Bengaluru (MG Road) lies in Bengaluru.
    assert_eq!(places.nearest(12.9756, 77.6050).unwrap().district, "Bengaluru");
    // The sea, and far from India.
    assert!(places.nearest(15.0, 65.0).is_none());
    assert!(places.nearest(51.5, -0.12).is_none());
    assert!(places.describe(0.0, 0.0).is_none());
    assert!(places.nearest(f64::NAN, 77.0).is_none());
}

#[test]
fn initials_match_however_they_are_written() {
    // GeoNames writes 'M.G. Road', 'M.G.Road' and 'M G Road'; people type 'MG Road'.
    for q in ["MG Road", "M.G. Road", "m g road"] {
        let got = Places::global().search(q, MAX_SUGGESTIONS);
        assert!(got.len() >= 3, "{q}: {got:?}");
        assert!(got.iter().all(|p| normalize(&p.name).replace(' ', "").contains("mgroad")), "{q}: {got:?}");
    }
}

#[test]
fn cities_without_a_district_of_their_name_are_places() {
    let places = Places::global();
    // Delhi's districts are North Delhi, South Delhi …: the city is the territory.
    let delhi = places.search("Delhi", MAX_SUGGESTIONS)[0];
    assert_eq!((delhi.name.as_str(), places.kind(delhi)), ("Delhi", PlaceKind::CityState));
    assert!((28.4..28.8).contains(&delhi.lat) && (76.9..77.4).contains(&delhi.lng), "{delhi:?}");
    // Noida's post offices are 'Noida Sector 62', 'Noida H.O' …: Noida is their area.
    let noida = places.search("Noida", MAX_SUGGESTIONS)[0];
    assert_eq!((noida.name.as_str(), noida.district.as_str()), ("Noida", "Gautam Buddha Nagar"));
    assert_eq!(places.kind(noida), PlaceKind::Area);
    // A big state is no city; a district of the same name is not shown twice.
    assert!(places.search("Maharashtra", MAX_SUGGESTIONS).iter().all(|p| places.kind(p) != PlaceKind::CityState));
    let chandigarh = places.search("Chandigarh", MAX_SUGGESTIONS);
    assert_eq!(chandigarh.iter().filter(|p| p.name == "Chandigarh" && p.district == "Chandigarh").count(), 1);
}

#[test]
fn two_letters_suggest_the_biggest_places_they_start() {
    let places = Places::global();
    // 'Ka' is the start of Kangra or Kanpur, not the village 'Ka Farm'.
    let got = places.search("Ka", MAX_SUGGESTIONS);
    assert_eq!(got.len(), MAX_SUGGESTIONS);
    assert!(got.iter().all(|p| normalize(&p.name).starts_with("ka")), "{got:?}");
    assert_eq!(places.kind(got[0]), PlaceKind::District, "{got:?}");
    // Warming and remembering answers changes none of them.
    let before: Vec<String> =
        ["Ka", "Ma", "Ab", "kor"].iter().flat_map(|q| places.search(q, 5)).map(|p| p.label()).collect();
    places.warm();
    let after: Vec<String> =
        ["Ka", "Ma", "Ab", "kor"].iter().flat_map(|q| places.search(q, 5)).map(|p| p.label()).collect();
    assert_eq!(before, after);
    assert_eq!(places.search("Ka", 3).len(), 3);
}
