//! Searching by what a person typed: a name (through [`crate::matching`], ranked by
//! [`crate::rank`]) or a PIN code, and the cached answers to the shortest prefixes.

use hometutor_geo::{Point, UnitVector};

use crate::hindi::in_latin;
use crate::index::Places;
use crate::rank::NEAR_KM;
use std::rc::Rc;

use crate::matching::{context_words, SetCache, WordSet, EXACT};
use crate::place::Place;
use crate::text::{fold, words_of};

/// A query of one word this short (in characters) matches the first word of names only.
pub(crate) const SHORT_PREFIX: usize = 3;

/// [`Places::warm`] computes the two-letter prefixes that start at least this many names (the
/// others take well under a millisecond).
const WARM_MIN_NAMES: usize = 1_000;

/// At most this many suggestions come back.
pub const MAX_SUGGESTIONS: usize = 10;

impl Places {
    /// At most `limit` (≤ [`MAX_SUGGESTIONS`]) places for what a person typed: a name
    /// (prefix and typo tolerant, optionally followed by a district or state), or a PIN code.
    pub fn search(&self, query: &str, limit: usize) -> Vec<&Place> {
        self.search_near(query, limit, None)
    }

    /// [`Places::search`] for a person in or near `near` (their saved area, or the last place
    /// they chose): among matches equally good, places within [`NEAR_KM`](crate::NEAR_KM) of it come first, so
    /// 'Saket' in Delhi is Delhi's and in Meerut Meerut's. Names of up to three letters typed
    /// alone ignore it (their answers are kept for everyone).
    pub fn search_near(&self, query: &str, limit: usize, near: Option<Point>) -> Vec<&Place> {
        let limit = limit.min(MAX_SUGGESTIONS);
        let words = words_of(query);
        let typed: usize = words.iter().map(|w| w.chars().count()).sum();
        if limit == 0 || words.is_empty() || typed < 2 {
            return Vec::new();
        }
        // 'लाजपत नगर' is looked up as 'lajpat nagar'.
        let words: Vec<String> = in_latin(words).iter().map(|w| fold(w)).collect();
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
        let near = near.map(UnitVector::of);
        let found = self.find(words, near);
        self.rank(found, limit, near)
    }

    /// The entries the words match, each once with its best `(quality, edits, partial)`. Read
    /// in turn until something matches: the words as typed, and with 'lajpatnagar' or 'indira
    /// nagar' spaced as the data spaces them; when that finds nothing in the largest cities, with
    /// typos of words the data also has ('basant kunj' for Vasant Kunj, where Basant is a
    /// village); then with the first word naming the city ('chandigarh sector 22'); when nothing
    /// at all, without the last word (a landmark, or 'West' where the data has no West).
    fn find(&self, mut words: Vec<String>, near: Option<UnitVector>) -> Vec<(u32, (u8, u8, u8))> {
        let mut found = Vec::new();
        // Each word's sets, computed once across the readings: a typo's scan ('Indarpuri Delhi')
        // is done once.
        let sets = SetCache::new(self);
        loop {
            let n = words.len();
            let whole: Vec<Rc<WordSet>> = words[..n - 1].iter().map(|w| sets.get(w, false, false)).collect();
            let last = sets.get(&words[n - 1], true, false);
            self.collect(&words, &whole, &last, 0, &mut found);
            for variant in self.variants(&words, &sets) {
                let (head, tail) = variant.split_at(variant.len() - 1);
                let whole: Vec<Rc<WordSet>> = head.iter().map(|w| sets.get(w, false, false)).collect();
                self.collect(&variant, &whole, &sets.get(&tail[0], true, false), 0, &mut found);
            }
            // Typos of words the data has, when nothing in the largest cities matched ('malvia nagar'
            // is a street of Durg, and one letter off Delhi's Malviya Nagar), or nothing there
            // exactly though the last word is one of the data's ('lajpat nagr': 'nagr' is a word).
            // The same when the person's place is known and nothing near it matched ('mansarover'
            // in Jaipur is its Mansarovar, not Delhi's Mansarover Garden).
            let reach = UnitVector::chord2_of_km(NEAR_KM);
            let wanted = |e: u32| match near {
                Some(n) => n.chord2(&self.units[e as usize]) <= reach,
                None => self.meta[e as usize].importance > 0,
            };
            let none_wanted = found.iter().all(|&(e, _)| !wanted(e));
            let none_exact = found.iter().all(|&(e, (q, _, _))| !wanted(e) || q > 0);
            if none_wanted || (none_exact && last.0.iter().any(|&(_, q)| q == EXACT)) {
                let wide: Vec<Rc<WordSet>> = words[..n - 1].iter().map(|w| sets.get(w, false, true)).collect();
                let before = found.len();
                self.collect(&words, &wide, &sets.get(&words[n - 1], true, true), 0, &mut found);
                for variant in self.variants(&words, &sets) {
                    let (head, tail) = variant.split_at(variant.len() - 1);
                    let wide: Vec<Rc<WordSet>> = head.iter().map(|w| sets.get(w, false, true)).collect();
                    self.collect(&variant, &wide, &sets.get(&tail[0], true, true), 0, &mut found);
                }
                if found.len() == before && n > 1 {
                    self.collect(&words, &whole, &last, 1, &mut found);
                }
            }
            if !found.is_empty() || n == 1 {
                break;
            }
            words.pop();
        }
        found.sort_unstable();
        found.dedup_by_key(|(e, _)| *e);
        found
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
        // The locality people mean by the PIN first (the reviewed list's; else an exact point, then
        // a head office named after its area, 'Andheri H.O'), then the others by name.
        let key = |missing: usize, i: usize| {
            let (p, m) = (&self.places[i], &self.meta[i]);
            let head = self.name_words[i].len() >= 2 && self.name_words[i].last() == self.head_office_word.as_ref();
            (missing, &p.pincode, !m.principal, std::cmp::Reverse(m.accuracy), !head, &p.name)
        };
        found.sort_by(|&(ma, a), &(mb, b)| key(ma, a).cmp(&key(mb, b)));
        found.into_iter().take(limit).map(|(_, i)| &self.places[i]).collect()
    }

    fn search_words(&self, words: &[String], limit: usize) -> Vec<&Place> {
        let found = self.find(words.to_vec(), None);
        self.rank(found, limit, None)
    }

    /// The entries `words` match, each `(entry, (quality, edits, partial))`, added to `out`
    /// (an entry may come more than once). `whole` holds the sets of every word but the last
    /// as whole words, `last` the last's as a prefix (still being typed). The words after the
    /// name, and the first `lead` words, may name its district, sub-district or state.
    fn collect(
        &self,
        words: &[String],
        whole: &[Rc<WordSet>],
        last: &WordSet,
        lead: usize,
        out: &mut Vec<(u32, (u8, u8, u8))>,
    ) {
        for k in (lead + 1..=words.len()).rev() {
            let context = context_words(words[..lead].iter().chain(&words[k..]));
            let sets: Vec<&WordSet> =
                (lead..k).map(|i| if k == words.len() && i + 1 == k { last } else { &*whole[i] }).collect();
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
                // Set bits by their trailing zeros: the words of a prefix are few among the entries.
                let mut entries = Vec::new();
                for (i, &bits) in seen.iter().enumerate() {
                    let mut bits = bits;
                    while bits != 0 {
                        entries.push((i * 64) as u32 + bits.trailing_zeros());
                        bits &= bits - 1;
                    }
                }
                entries
            };
            for e in candidates {
                let Some(m) = self.name_match(e as usize, &sets) else { continue };
                let Some((context_edits, context_prefix)) = self.context_match(e as usize, &context) else {
                    continue;
                };
                // One letter off ('lajpat nagr'), in the name or the district, is as good as a
                // word still being typed; a place that needs more is a guess.
                let edits = m.edits.saturating_add(context_edits);
                let quality = match m.worst {
                    // Two or three letters typed are the start of a word, not the word 'Ka'.
                    _ if short_prefix => 1,
                    _ if edits > 1 => 2,
                    EXACT if m.at_start && !context_prefix && edits == 0 => 0,
                    _ => 1,
                };
                out.push((e, (quality, edits, u8::from(!m.whole))));
            }
        }
    }
}
