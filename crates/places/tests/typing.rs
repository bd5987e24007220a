//! Place search as people in India type: the committed queries (`typing_queries.tsv`: typos,
//! Hinglish spellings, words run together or split, sectors and blocks, PIN codes, with or
//! without the person's own city) find the place meant first in at least 95 % of cases and
//! among the first three in at least 99 %. Every miss is printed.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use hometutor_places::{normalize, Places, Point, MAX_SUGGESTIONS};

/// Where the person is, for the queries that name it (a city's centre).
fn city(name: &str) -> Point {
    let (lat, lng) = match name {
        "delhi" => (28.6139, 77.2090),
        "mumbai" => (19.0760, 72.8777),
        "bengaluru" => (12.9716, 77.5946),
        "pune" => (18.5204, 73.8567),
        "hyderabad" => (17.3850, 78.4867),
        "chennai" => (13.0827, 80.2707),
        "kolkata" => (22.5726, 88.3639),
        "lucknow" => (26.8467, 80.9462),
        "jaipur" => (26.9124, 75.7873),
        other => panic!("unknown city {other}"),
    };
    Point { lat, lng }
}

#[test]
fn queries_typed_as_people_type_find_the_place_meant() {
    let places = Places::global();
    let (mut total, mut first, mut top3, mut misses) = (0usize, 0usize, 0usize, Vec::new());
    for line in include_str!("typing_queries.tsv").lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [query, names, district, rest @ ..] = &fields[..] else { panic!("query<TAB>place<TAB>district: {line}") };
        let (query, district) = (*query, *district);
        let near = rest.first().map(|c| city(c));
        let names: Vec<String> = names.split('|').map(normalize).collect();
        let got = places.search_near(query, MAX_SUGGESTIONS, near);
        let at = got.iter().position(|p| p.district == district && names.contains(&normalize(&p.name)));
        total += 1;
        first += usize::from(at == Some(0));
        top3 += usize::from(at.is_some_and(|i| i < 3));
        if at != Some(0) {
            let shown: Vec<String> = got.iter().take(3).map(|p| p.label()).collect();
            let rank = at.map_or("not in the first 10".to_owned(), |i| format!("#{}", i + 1));
            misses.push(format!("{query:28} expected {}, {district} ({rank}); got {shown:?}", names.join("|")));
        }
    }
    let pct = |n: usize| 100.0 * n as f64 / total as f64;
    println!("misses:\n{}", misses.join("\n"));
    println!("{total} queries: top-1 {first} ({:.1} %), top-3 {top3} ({:.1} %)", pct(first), pct(top3));
    assert!(total >= 300, "only {total} queries");
    assert!(pct(first) >= 95.0, "top-1 {:.1} % < 95 %", pct(first));
    assert!(pct(top3) >= 99.0, "top-3 {:.1} % < 99 %", pct(top3));
}
