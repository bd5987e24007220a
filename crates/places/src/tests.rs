//! Unit tests of the index on the shipped data and on a small fixture.

use hometutor_geo::{distance_km, Point};

use crate::{allowed_typos, edit_distance, normalize, rank_key, Match, Place, PlaceKind, Places, NEAREST_MAX_KM};

#[test]
fn the_ring_search_finds_what_reading_every_cell_finds() {
    // Points all over India and past its edges (where nothing may be in reach), in dense
    // cities and empty land; the same place, or none, either way.
    let places = Places::global();
    let mut seed = 7u64;
    let mut next = || {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (seed >> 11) as f64 / (1u64 << 53) as f64
    };
    let mut found = 0;
    for i in 0..4_000 {
        let (lat, lng) = if i % 2 == 0 {
            (6.0 + next() * 32.0, 67.0 + next() * 31.0)
        } else {
            // Near the ten largest cities' centres, where cells are fullest.
            let cities = [(28.61, 77.21), (19.08, 72.88), (12.97, 77.59), (13.08, 80.27), (22.57, 88.36)];
            let (clat, clng) = cities[i % cities.len()];
            (clat + (next() - 0.5) * 0.6, clng + (next() - 0.5) * 0.6)
        };
        let fast = places.nearest_within_rings(lat, lng, true).map(|p| p as *const Place);
        let every = places.nearest_within_rings(lat, lng, false).map(|p| p as *const Place);
        assert_eq!(fast, every, "({lat}, {lng})");
        found += usize::from(fast.is_some());
    }
    assert!(found > 2_000, "most points lie near a place ({found})");
}

#[test]
fn the_nearest_place_is_the_nearest_by_great_circle_distance() {
    // Chords stand in for distances: check them against the haversine over every gridded place.
    let places = Places::global();
    let gridded: Vec<u32> = places.grid.values().flatten().copied().collect();
    let mut seed = 3u64;
    let mut next = || {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (seed >> 11) as f64 / (1u64 << 53) as f64
    };
    for _ in 0..200 {
        let (lat, lng) = (8.0 + next() * 24.0, 70.0 + next() * 18.0);
        let here = Point { lat, lng };
        let truth = gridded
            .iter()
            .map(|&i| {
                distance_km(here, Point { lat: places.places[i as usize].lat, lng: places.places[i as usize].lng })
            })
            .filter(|&d| d <= NEAREST_MAX_KM)
            .fold(None, |best: Option<f64>, d| Some(best.map_or(d, |b| b.min(d))));
        let found = places.nearest(lat, lng).map(|p| distance_km(here, Point { lat: p.lat, lng: p.lng }));
        match (found, truth) {
            (Some(f), Some(t)) => assert!((f - t).abs() < 1e-9, "({lat}, {lng}): {f} km against {t} km"),
            (f, t) => assert_eq!(f.is_some(), t.is_some(), "({lat}, {lng})"),
        }
    }
}

#[test]
fn normalize_lowercases_and_strips_punctuation() {
    assert_eq!(normalize("Lajpat-Nagar, (Delhi)"), "lajpat nagar delhi");
    assert_eq!(normalize("  St. Xavier's  H.O "), "st xaviers h o");
    assert_eq!(normalize("!!!"), "");
    assert_eq!(normalize("KORAMANGALA   VI Bk"), "koramangala vi bk");
}

#[test]
fn edit_distance_is_bounded_and_counts_swaps_once() {
    assert_eq!(edit_distance("koramangla", "koramangala", 2), Some(1));
    assert_eq!(edit_distance("lajapt", "lajpat", 1), Some(1));
    assert_eq!(edit_distance("pune", "pune", 1), Some(0));
    assert_eq!(edit_distance("pune", "puri", 1), None);
    assert_eq!(edit_distance("abcdefgh", "a", 2), None);
    assert_eq!(allowed_typos(3), 0);
    assert_eq!(allowed_typos(7), 1);
    assert_eq!(allowed_typos(8), 2);
}

const FIXTURE: &str = "\
Andheri\tDahod\tLimkheda\tGujarat\t389140\t23.0167\t73.9504\t3
Andheri East\tMumbai\tMumbai\tMaharashtra\t400069\t18.9808\t72.8338\t4
Andheri West\tMumbai\tMumbai\tMaharashtra\t400058\t19.1363\t72.8277\t4
Andheri H.O\tMumbai\tMumbai\tMaharashtra\t400053\t18.9808\t72.8338\t1
Lajpat Nagar\tSouth Delhi\tNew Delhi\tDelhi\t110024\t28.5733\t77.2402\t4
Lajpat Nagar\tJalandhar\tJalandhar - I\tPunjab\t144001\t31.2121\t75.5684\t1
Amar Colony\tSouth Delhi\tNew Delhi\tDelhi\t110024\t28.5724\t77.2365\t3
Lajpat Kunj\tAgra\t\tUttar Pradesh\t282002\t27.0374\t78.0809\t3
Pune City\tPune\tPune City\tMaharashtra\t411002\t18.5204\t73.8567\t4
Shivaji Nagar\tPune\tPune City\tMaharashtra\t411005\t18.53\t73.85\t4
Pune\tBareilly\tBareilly\tUttar Pradesh\t243001\t28.36\t79.41\t3
";

fn names(places: &[&Place]) -> Vec<String> {
    places.iter().map(|p| p.display_name()).collect()
}

#[test]
fn ranking_prefers_exact_then_size_then_accuracy() {
    let index = Places::from_tsv(FIXTURE);
    // Three Andheris in Mumbai outweigh the one village named exactly Andheri.
    let got = index.search("Andheri", 10);
    assert_eq!(got[0].district, "Mumbai", "{:?}", names(&got));
    assert!(got.iter().any(|p| p.district == "Dahod"));
    // Whole words tie on size: the more accurate point first.
    let got = index.search("lajpat", 10);
    assert_eq!(names(&got), ["Lajpat Nagar, South Delhi", "Lajpat Kunj, Agra", "Lajpat Nagar, Jalandhar"]);
    // A prefix ranks below whole words.
    let got = index.search("lajpat n", 10);
    assert_eq!(names(&got), ["Lajpat Nagar, South Delhi", "Lajpat Nagar, Jalandhar"]);
    let got = index.search("Lajpat Nagar", 10);
    assert_eq!(names(&got), ["Lajpat Nagar, South Delhi", "Lajpat Nagar, Jalandhar"]);
    // A district beats a village of the same name.
    let got = index.search("pune", 10);
    assert_eq!(got[0].display_name(), "Pune");
    assert_eq!(index.kind(got[0]), PlaceKind::District);
    assert!(got[0].pincode.is_empty());
    // A trailing word naming the state or district narrows the choice.
    let got = index.search("Lajpat Nagar Punjab", 10);
    assert_eq!(names(&got), ["Lajpat Nagar, Jalandhar"]);
    // Typos: one edit in 4–7 letters.
    let got = index.search("Lajpt Nagar", 10);
    assert_eq!(got[0].display_name(), "Lajpat Nagar, South Delhi");
}

#[test]
fn match_keys_order_quality_before_size() {
    let village = Match { quality: 0, far: 1, importance: 0, size: 1, edits: 0, partial: 0, density: 1, accuracy: 1 };
    // A big city's place counts one step of quality better: its prefix beats a village's exact
    // name, its two-edit guess does not.
    let city_prefix = Match { quality: 1, importance: 27, ..village };
    assert!(rank_key(&city_prefix) < rank_key(&village));
    assert!(rank_key(&village) < rank_key(&Match { quality: 2, ..city_prefix }));
    // Near the person first; within a city the better match, then the bigger city.
    let near = Match { far: 0, ..village };
    assert!(rank_key(&near) < rank_key(&city_prefix));
    let city_exact = Match { quality: 0, ..city_prefix };
    assert!(rank_key(&city_exact) < rank_key(&city_prefix));
    assert!(rank_key(&Match { importance: 28, ..city_prefix }) < rank_key(&city_prefix));
    // Then the whole name before a bigger place, and a bigger place before a smaller one.
    let bigger = Match { size: 3, partial: 1, ..village };
    assert!(rank_key(&village) < rank_key(&bigger));
    assert!(rank_key(&Match { size: 3, ..village }) < rank_key(&village));
}

#[test]
fn pin_codes_and_prefixes() {
    let index = Places::from_tsv(FIXTURE);
    let got = index.search("110024", 10);
    assert_eq!(names(&got), ["Lajpat Nagar, South Delhi", "Amar Colony, South Delhi"]);
    assert_eq!(names(&index.search("110024 amar", 10))[0], "Amar Colony, South Delhi");
    assert_eq!(index.search("4000", 10).len(), 3);
    assert!(index.search("12", 10).is_empty());
    assert!(index.search("999999", 10).is_empty());
}

#[test]
fn nearest_and_describe() {
    let index = Places::from_tsv(FIXTURE);
    assert_eq!(index.describe(28.5735, 77.2400).as_deref(), Some("Lajpat Nagar, South Delhi"));
    // Accuracy-1 points are not used for nearest.
    assert_eq!(index.nearest(31.2121, 75.5684), None);
    assert_eq!(index.nearest(0.0, 0.0), None);
    assert_eq!(
        index.places.iter().find(|p| p.name == "Lajpat Nagar").map(Place::label).as_deref(),
        Some("Lajpat Nagar, South Delhi, Delhi 110024")
    );
}
