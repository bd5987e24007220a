//! Searching by what a person typed: a name (through [`crate::matching`], ranked by
//! [`crate::rank`]) or a PIN code, and the cached answers to the shortest prefixes.

use crate::hindi::in_latin;
use crate::index::Places;
use crate::matching::{WordSet, EXACT, PREFIX};
use crate::place::Place;
use crate::text::words_of;

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
        let limit = limit.min(MAX_SUGGESTIONS);
        let words = words_of(query);
        let typed: usize = words.iter().map(|w| w.chars().count()).sum();
        if limit == 0 || words.is_empty() || typed < 2 {
            return Vec::new();
        }
        // 'लाजपत नगर' is looked up as 'lajpat nagar'.
        let words = in_latin(words);
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

    fn search_words(&self, words: &[String], limit: usize) -> Vec<&Place> {
        self.search_words_with(words, limit, &mut Vec::new())
    }

    /// `whole` keeps each word's set as a whole word across the splits and the retry without
    /// the last word: a typo's scan ('Indarpuri Delhi') is done once, not once per split.
    fn search_words_with(&self, words: &[String], limit: usize, whole: &mut Vec<WordSet>) -> Vec<&Place> {
        // The splits read every word but the last as a whole word, and the last as a prefix (still
        // being typed) when it is in the name at all.
        while whole.len() + 1 < words.len() {
            whole.push(self.word_set(&words[whole.len()], false));
        }
        let last = self.word_set(&words[words.len() - 1], true);
        // (entry, (quality, edits, partial)) for each way of splitting the words into a name
        // and a context; an entry's best is kept below.
        let mut found: Vec<(u32, (u8, u8, u8))> = Vec::new();
        let mut splits = 0;
        for k in (1..=words.len()).rev() {
            let (_, context) = words.split_at(k);
            let sets: Vec<&WordSet> =
                (0..k).map(|i| if k == words.len() && i + 1 == k { &last } else { &whole[i] }).collect();
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
            return self.search_words_with(&words[..words.len() - 1], limit, whole);
        }
        if splits > 1 {
            found.sort_unstable();
            found.dedup_by_key(|(e, _)| *e);
        }
        self.rank(found, limit)
    }
}
