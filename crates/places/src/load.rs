//! Loading the shipped GeoNames data: the gzipped file built into the binary, parsed into an
//! index of post offices plus the sub-districts, districts, areas and city-states they make up.

use std::io::Read;

use hometutor_geo::{distance_km, Point, UnitVector};

use crate::fx::FxMap;
use crate::index::{Meta, Places, NO_REGION};
use crate::nearest::cell;
use crate::place::{Place, PlaceKind};
use crate::row::Row;
use crate::text::{fold, letter_mask, words_of};

/// An [`PlaceKind::Area`] needs this many post offices in one district named after it …
const AREA_MIN_OFFICES: usize = 3;
/// … and at least this share of all the country's post offices whose name starts with that word.
const AREA_MIN_SHARE: f64 = 0.6;
/// What a district or city-state adds to its city's importance (more than any city has) …
const REGION_IMPORTANCE: u8 = 64;
/// … and an area ('Noida'), which is part of a district.
const AREA_IMPORTANCE: u8 = 48;
/// A state whose post offices all lie within this many km of its median is a city.
const CITY_STATE_MAX_KM: f64 = 60.0;

static DATA: &[u8] = include_bytes!("../data/in-places.tsv.gz");

impl Places {
    /// The index built into the binary, loaded on first use.
    pub fn global() -> &'static Places {
        static PLACES: std::sync::OnceLock<Places> = std::sync::OnceLock::new();
        PLACES.get_or_init(|| {
            let mut text = String::new();
            match flate2::read::GzDecoder::new(DATA).read_to_string(&mut text) {
                Ok(_) => Places::build(&text, true),
                Err(_) => Places::build("", true),
            }
        })
    }

    /// Builds an index from the derived file's text (`name, district, sub-district, state,
    /// pincode, lat, lng, accuracy`, tab-separated, one place a line). Bad lines are skipped.
    /// (The shipped data's reviewed corrections are [`Places::global`]'s only.)
    pub fn from_tsv(text: &str) -> Places {
        Places::build(text, false)
    }

    fn build(text: &str, corrected: bool) -> Places {
        let mut rows: Vec<Row<'_>> = text
            .lines()
            .filter_map(|line| {
                let mut f = line.split('\t');
                let name = f.next()?.trim();
                let district = f.next()?.trim();
                let sub = f.next()?.trim();
                let state = f.next()?.trim();
                let pincode = f.next()?.trim();
                let lat: f64 = f.next()?.trim().parse().ok()?;
                let lng: f64 = f.next()?.trim().parse().ok()?;
                let accuracy: u8 = f.next().and_then(|a| a.trim().parse().ok()).unwrap_or(1);
                Point::new(lat, lng)?;
                (!name.is_empty()).then_some(Row {
                    name,
                    district,
                    sub,
                    state,
                    pincode,
                    lat,
                    lng,
                    accuracy,
                    principal: false,
                })
            })
            .collect();
        if corrected {
            crate::corrections::apply(&mut rows);
        }
        rows.sort_by(|a, b| (a.pincode, a.name, a.district).cmp(&(b.pincode, b.name, b.district)));
        rows.dedup_by(|a, b| {
            (a.pincode, a.name, a.district, a.lat, a.lng) == (b.pincode, b.name, b.district, b.lat, b.lng)
        });

        let mut regions = Regions::default();
        let mut pin_sizes: FxMap<&str, u32> = FxMap::default();
        for r in &rows {
            *pin_sizes.entry(r.pincode).or_default() += 1;
        }

        let mut places = Vec::with_capacity(rows.len() + 12_000);
        let mut meta = Vec::with_capacity(rows.len() + 12_000);
        // Region (district or sub-district) → its post offices.
        let mut districts: FxMap<(&str, &str), Vec<usize>> = FxMap::default();
        let mut subs: FxMap<(&str, &str, &str), Vec<usize>> = FxMap::default();
        for (i, r) in rows.iter().enumerate() {
            let district = regions.id(r.district);
            let sub = regions.id(r.sub);
            let state = regions.id(r.state);
            places.push(Place {
                name: r.name.to_owned(),
                district: r.district.to_owned(),
                state: r.state.to_owned(),
                pincode: r.pincode.to_owned(),
                lat: r.lat,
                lng: r.lng,
            });
            meta.push(Meta {
                kind: PlaceKind::Locality,
                district,
                sub,
                state,
                accuracy: r.accuracy,
                size: pin_sizes.get(r.pincode).copied().unwrap_or(1),
                density: 0,
                importance: 0,
                principal: r.principal,
            });
            if !r.district.is_empty() {
                districts.entry((r.district, r.state)).or_default().push(i);
                if sub != NO_REGION && regions.words[sub as usize] != regions.words[district as usize] {
                    subs.entry((r.sub, r.district, r.state)).or_default().push(i);
                }
            }
        }
        let localities = places.len();
        let median_point = |members: &[usize]| -> (f64, f64) {
            let good: Vec<usize> = members.iter().copied().filter(|&i| rows[i].accuracy >= 3).collect();
            let members = if good.is_empty() { members.to_vec() } else { good };
            let median = |mut v: Vec<f64>| {
                v.sort_by(f64::total_cmp);
                v[v.len() / 2]
            };
            (
                median(members.iter().map(|&i| rows[i].lat).collect()),
                median(members.iter().map(|&i| rows[i].lng).collect()),
            )
        };
        let mut subs: Vec<_> = subs.into_iter().collect();
        subs.sort_by(|a, b| a.0.cmp(&b.0));
        // The reviewed point of a sub-district or area named as a listed locality, when corrected.
        let region_point = |name: &str, district: &str, state: &str, median: (f64, f64)| {
            corrected.then(|| crate::corrections::region_point(name, district, state)).flatten().unwrap_or(median)
        };
        for ((sub, district, state), members) in subs {
            let (lat, lng) = region_point(sub, district, state, median_point(&members));
            let entry = Region { kind: PlaceKind::SubDistrict, name: sub.to_owned(), district, sub: Some(sub), state };
            entry.push(&mut places, &mut meta, &mut regions, (lat, lng), members.len());
        }
        let mut districts: Vec<_> = districts.into_iter().collect();
        districts.sort_by(|a, b| a.0.cmp(&b.0));
        for ((district, state), members) in districts {
            let (lat, lng) = median_point(&members);
            let entry = Region { kind: PlaceKind::District, name: district.to_owned(), district, sub: None, state };
            entry.push(&mut places, &mut meta, &mut regions, (lat, lng), members.len());
        }

        // Areas: the leading word of several post offices' names in one district, when that
        // district holds most of the country's names starting so ('Noida Sector 62' …, 'Dwarka Sec-6' …).
        let first_words: Vec<Option<String>> = rows
            .iter()
            .map(|r| {
                let words = words_of(r.name);
                (words.len() >= 2).then(|| words.into_iter().next()).flatten()
            })
            .collect();
        let mut starting: FxMap<&str, usize> = FxMap::default();
        let mut areas: FxMap<(&str, &str, &str), Vec<usize>> = FxMap::default();
        for (i, (r, first)) in rows.iter().zip(&first_words).enumerate() {
            let Some(first) = first else { continue };
            *starting.entry(first.as_str()).or_default() += 1;
            let named = first.chars().count() >= 4 && first.chars().all(char::is_alphabetic) && first != "sector";
            if named && !r.district.is_empty() {
                areas.entry((first.as_str(), r.district, r.state)).or_default().push(i);
            }
        }
        let mut areas: Vec<_> = areas
            .into_iter()
            .filter(|((first, _, _), members)| {
                members.len() >= AREA_MIN_OFFICES
                    && members.len() as f64 >= AREA_MIN_SHARE * starting.get(first).copied().unwrap_or(0) as f64
            })
            .collect();
        areas.sort_by(|a, b| a.0.cmp(&b.0));
        for ((_, district, state), members) in areas {
            // The name as the data spells it: the first member's name up to its first word's end.
            let spelled = rows[members[0]].name;
            let end = spelled.find(|c: char| !c.is_alphanumeric()).unwrap_or(spelled.len());
            let (lat, lng) = region_point(&spelled[..end], district, state, median_point(&members));
            let entry = Region { kind: PlaceKind::Area, name: spelled[..end].to_owned(), district, sub: None, state };
            entry.push(&mut places, &mut meta, &mut regions, (lat, lng), members.len());
        }
        // City-states: 'Delhi' is a state whose districts are North Delhi, South Delhi …
        let mut states: FxMap<&str, Vec<usize>> = FxMap::default();
        for (i, r) in rows.iter().enumerate() {
            if !r.state.is_empty() {
                states.entry(r.state).or_default().push(i);
            }
        }
        let mut states: Vec<_> = states.into_iter().collect();
        states.sort_by(|a, b| a.0.cmp(b.0));
        for (state, members) in states {
            let (lat, lng) = median_point(&members);
            let centre = Point { lat, lng };
            let compact = members
                .iter()
                .filter(|&&i| rows[i].accuracy >= 3)
                .all(|&i| distance_km(centre, Point { lat: rows[i].lat, lng: rows[i].lng }) <= CITY_STATE_MAX_KM);
            if !compact {
                continue;
            }
            let entry =
                Region { kind: PlaceKind::CityState, name: state.to_owned(), district: state, sub: None, state };
            entry.push(&mut places, &mut meta, &mut regions, (lat, lng), members.len());
        }

        // Words of the names: interned in order of appearance, then renumbered in sorted order.
        let mut interned: FxMap<String, u32> = FxMap::default();
        let mut name_words: Vec<Vec<u32>> = Vec::with_capacity(places.len());
        for p in &places {
            let ids = words_of(&p.name)
                .iter()
                .map(|w| fold(w))
                .map(|w| match interned.get(&w) {
                    Some(&id) => id,
                    None => {
                        let id = interned.len() as u32;
                        interned.insert(w, id);
                        id
                    }
                })
                .collect();
            name_words.push(ids);
        }
        let mut words: Vec<(String, u32)> = interned.into_iter().collect();
        words.sort_unstable();
        let mut renumber = vec![0u32; words.len()];
        for (new, (_, old)) in words.iter().enumerate() {
            renumber[*old as usize] = new as u32;
        }
        let words: Vec<String> = words.into_iter().map(|(w, _)| w).collect();
        let mut postings: Vec<Vec<u32>> = vec![Vec::new(); words.len()];
        let mut first_postings: Vec<Vec<u32>> = vec![Vec::new(); words.len()];
        for (e, ids) in name_words.iter_mut().enumerate() {
            if let Some(first) = ids.first() {
                first_postings[renumber[*first as usize] as usize].push(e as u32);
            }
            for id in ids.iter_mut() {
                *id = renumber[*id as usize];
                let list = &mut postings[*id as usize];
                if list.last() != Some(&(e as u32)) {
                    list.push(e as u32);
                }
            }
        }
        let word_masks = words.iter().map(|w| letter_mask(w)).collect();
        let head_office_word = words.binary_search_by(|w| w.as_str().cmp("ho")).ok().map(|i| i as u32);
        let mut by_len: Vec<Vec<u32>> = Vec::new();
        for (i, w) in words.iter().enumerate() {
            let len = w.chars().count();
            if by_len.len() <= len {
                by_len.resize(len + 1, Vec::new());
            }
            by_len[len].push(i as u32);
        }

        let mut grid: FxMap<(i32, i32), Vec<u32>> = FxMap::default();
        for (i, m) in meta.iter().enumerate().take(localities) {
            if m.accuracy >= 3 {
                grid.entry(cell(places[i].lat, places[i].lng)).or_default().push(i as u32);
            }
        }

        let units = places.iter().map(|p| UnitVector::of(Point { lat: p.lat, lng: p.lng })).collect();

        let cities = city_importance();
        for (p, m) in places.iter().zip(meta.iter_mut()) {
            let city = cities.get(p.district.as_str()).or_else(|| cities.get(p.state.as_str())).copied().unwrap_or(0);
            // A district, a city-state or an area ('Noida') named as typed is the place meant
            // before any locality of the same name, the bigger first.
            let rank = match m.kind {
                PlaceKind::District | PlaceKind::CityState => REGION_IMPORTANCE,
                PlaceKind::Area => AREA_IMPORTANCE,
                PlaceKind::SubDistrict | PlaceKind::Locality => 0,
            };
            m.importance = rank + city;
        }

        let counts: FxMap<(i32, i32), u32> = grid.iter().map(|(&c, v)| (c, v.len() as u32)).collect();
        for (p, m) in places.iter().zip(meta.iter_mut()) {
            let (row, col) = cell(p.lat, p.lng);
            m.density = (row - 1..=row + 1)
                .flat_map(|r| (col - 1..=col + 1).map(move |c| (r, c)))
                .map(|c| counts.get(&c).copied().unwrap_or(0))
                .sum();
        }

        Places {
            places,
            meta,
            localities,
            regions: regions.words,
            words,
            word_masks,
            by_len,
            postings,
            first_postings,
            name_words,
            head_office_word,
            grid,
            units,
            short_answers: std::sync::RwLock::default(),
        }
    }
}

/// The listed cities (`data/cities.tsv`): district or state → twice the log₂ of the population
/// in thousands (a step per factor of √2).
fn city_importance() -> FxMap<&'static str, u8> {
    include_str!("../data/cities.tsv")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| {
            let (name, thousands) = l.split_once('\t')?;
            let thousands: u32 = thousands.trim().parse().ok()?;
            Some((name.trim(), (2.0 * f64::from(thousands.max(1)).log2()) as u8))
        })
        .collect()
}

/// Interned region names (districts, sub-districts, states) with their words.
#[derive(Default)]
struct Regions {
    ids: FxMap<String, u32>,
    words: Vec<Vec<String>>,
}

impl Regions {
    fn id(&mut self, name: &str) -> u32 {
        if name.is_empty() {
            return NO_REGION;
        }
        if let Some(&id) = self.ids.get(name) {
            return id;
        }
        self.words.push(words_of(name).iter().map(|w| fold(w)).collect());
        let id = (self.words.len() - 1) as u32;
        self.ids.insert(name.to_owned(), id);
        id
    }
}

/// An entry the index adds to the post offices (a sub-district, district, area or city-state):
/// no PIN code, at the median of its post offices, as big as their number.
struct Region<'a> {
    kind: PlaceKind,
    name: String,
    district: &'a str,
    sub: Option<&'a str>,
    state: &'a str,
}

impl Region<'_> {
    fn push(
        self,
        places: &mut Vec<Place>,
        meta: &mut Vec<Meta>,
        regions: &mut Regions,
        (lat, lng): (f64, f64),
        size: usize,
    ) {
        meta.push(Meta {
            kind: self.kind,
            district: regions.id(self.district),
            sub: self.sub.map_or(NO_REGION, |sub| regions.id(sub)),
            state: regions.id(self.state),
            accuracy: 3,
            size: size as u32,
            density: 0,
            importance: 0,
            principal: false,
        });
        places.push(Place {
            name: self.name,
            district: self.district.to_owned(),
            state: self.state.to_owned(),
            pincode: String::new(),
            lat,
            lng,
        });
    }
}
