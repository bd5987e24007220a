//! The reviewed corrections to the shipped data, applied as it loads: points of localities
//! that GeoNames' postal data puts at their district's point (Andheri, Kothrud and Koramangala
//! 15–150 km from where they are), well-known localities it lacks, and the locality people mean
//! by a PIN code that several post offices share. The lists are `data/corrections.tsv` and
//! `data/pin-names.tsv`; see `data/README.md` for how they are kept.

use crate::row::Row;
use crate::text::words_of;

static CORRECTIONS: &str = include_str!("../data/corrections.tsv");
static PIN_NAMES: &str = include_str!("../data/pin-names.tsv");

/// One line of the corrections list.
struct Correction {
    words: Vec<String>,
    name: &'static str,
    city: &'static str,
    lat: f64,
    lng: f64,
    pincode: &'static str,
}

fn corrections() -> &'static [Correction] {
    static LIST: std::sync::OnceLock<Vec<Correction>> = std::sync::OnceLock::new();
    LIST.get_or_init(parse)
}

/// The listed point of a sub-district or area named exactly as a listed locality of its city
/// ('Bandra', 'Secunderabad'): their post offices' median is no better than theirs was.
pub(crate) fn region_point(name: &str, district: &str, state: &str) -> Option<(f64, f64)> {
    let words = words_of(name);
    corrections()
        .iter()
        .find(|c| (c.city.eq_ignore_ascii_case(district) || c.city.eq_ignore_ascii_case(state)) && c.words == words)
        .map(|c| (c.lat, c.lng))
}

fn parse() -> Vec<Correction> {
    CORRECTIONS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|line| {
            let mut f = line.split('\t').map(str::trim);
            let (name, city) = (f.next()?, f.next()?);
            let (lat, lng) = (f.next()?.parse().ok()?, f.next()?.parse().ok()?);
            let pincode = f.next().filter(|p| *p != "-").unwrap_or("");
            Some(Correction { words: words_of(name), name, city, lat, lng, pincode })
        })
        .collect()
}

/// Moves every post office of a listed locality in its city (its name starting with the
/// locality's words; the longest listed name wins: 'Andheri East' over 'Andheri') to the listed
/// point, marked exact; adds a listed locality the data lacks; marks each PIN's named locality.
pub(crate) fn apply(rows: &mut Vec<Row<'_>>) {
    let list = corrections();
    let in_city = |r: &Row<'_>, city: &str| r.district.eq_ignore_ascii_case(city) || r.state.eq_ignore_ascii_case(city);
    let mut used = vec![false; list.len()];
    for row in rows.iter_mut() {
        if !list.iter().any(|c| in_city(row, c.city)) {
            continue;
        }
        let words = words_of(row.name);
        let best = list
            .iter()
            .enumerate()
            .filter(|(_, c)| in_city(row, c.city) && words.starts_with(&c.words))
            .max_by_key(|(_, c)| c.words.len());
        if let Some((i, c)) = best {
            (row.lat, row.lng, row.accuracy) = (c.lat, c.lng, 4);
            used[i] = true;
        }
    }
    for (c, _) in list.iter().zip(used).filter(|(_, used)| !used) {
        // A locality the data lacks: in the listed district, with its sub-district and state.
        let Some(like) = rows.iter().find(|r| r.district.eq_ignore_ascii_case(c.city)) else { continue };
        let (district, sub, state) = (like.district, like.sub, like.state);
        rows.push(Row {
            name: c.name,
            district,
            sub,
            state,
            pincode: c.pincode,
            lat: c.lat,
            lng: c.lng,
            accuracy: 4,
            principal: false,
        });
    }
    for line in PIN_NAMES.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let mut f = line.split('\t').map(str::trim);
        let (Some(pin), Some(name)) = (f.next(), f.next()) else { continue };
        let words = words_of(name);
        for row in rows.iter_mut().filter(|r| r.pincode == pin) {
            row.principal = words_of(row.name) == words;
        }
    }
}
