//! Matching query words against the index's words: which words of the index a query word may
//! stand for, and how the words of a name and its district, sub-district or state match a query.

use std::cell::RefCell;
use std::rc::Rc;

use crate::fx::FxMap;
use crate::index::{Places, NO_REGION};
use crate::text::{alias, allowed_typos, edit_distance, fold, letter_mask};

/// How one query word matched one word of the index: 0 exact, 1 prefix, 2 one edit, 3 two.
pub(crate) type Quality = u8;
pub(crate) const EXACT: Quality = 0;
pub(crate) const PREFIX: Quality = 1;

/// The words of the index a query word may stand for, sorted by word id, with how well.
pub(crate) struct WordSet(pub(crate) Vec<(u32, Quality)>);

impl WordSet {
    #[inline]
    pub(crate) fn get(&self, id: u32) -> Option<Quality> {
        self.0.binary_search_by_key(&id, |&(w, _)| w).ok().map(|i| self.0[i].1)
    }
}

/// The word sets of one query, each computed once however often its readings ask for it.
pub(crate) struct SetCache<'p> {
    places: &'p Places,
    sets: RefCell<FxMap<(String, bool, bool), Rc<WordSet>>>,
}

impl<'p> SetCache<'p> {
    pub(crate) fn new(places: &'p Places) -> Self {
        Self { places, sets: RefCell::default() }
    }

    /// [`Places::word_set_with`] of `word`.
    pub(crate) fn get(&self, word: &str, prefix: bool, wide: bool) -> Rc<WordSet> {
        let key = (word.to_owned(), prefix, wide);
        if let Some(set) = self.sets.borrow().get(&key) {
            return Rc::clone(set);
        }
        let set = Rc::new(self.places.word_set_with(word, prefix, wide));
        self.sets.borrow_mut().insert(key, Rc::clone(&set));
        set
    }
}

/// Words that may name a district, sub-district or state, as the index spells them ('bangalore'
/// → 'bengaluru').
pub(crate) fn context_words<'w>(words: impl Iterator<Item = &'w String>) -> Vec<String> {
    words.map(|w| alias(w).map_or_else(|| w.clone(), fold)).collect()
}

/// Per-entry result of matching the name words.
#[derive(Clone, Copy)]
pub(crate) struct NameMatch {
    pub(crate) worst: Quality,
    pub(crate) edits: u8,
    pub(crate) at_start: bool,
    pub(crate) whole: bool,
}

impl Places {
    /// The index words `word` may stand for: itself; the words it starts (when `prefix`);
    /// and unless it is itself a word of the index, the words within the allowed edit distance.
    pub(crate) fn word_set(&self, word: &str, prefix: bool) -> WordSet {
        self.word_set_with(word, prefix, false)
    }

    /// [`Places::word_set`]; `wide`: with the words within the allowed edit distance even when
    /// `word` is itself a word of the index ('basant' also stands for 'vasant').
    pub(crate) fn word_set_with(&self, word: &str, prefix: bool, wide: bool) -> WordSet {
        if let Some(data) = alias(word) {
            return self.word_set(&fold(data), false);
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
        // A whole word found is what was meant; so is a word typed in full. The start of words
        // ('nagr' of 'nagra') may still be a typo ('nagar'): both are kept.
        let len = word.chars().count();
        // A whole word folded to three letters ('haus' → 'hos') was typed longer.
        let max = if len == 3 && !prefix { 1 } else { allowed_typos(len) };
        // Typos only for a word the data does not have, or does not start (a scan of the words of
        // a close length); `wide` for every word ('nagr' is a word of the data, and a typo of 'nagar').
        if max == 0 || (!wide && !set.is_empty()) {
            return WordSet(set);
        }
        // The words already in the set (the word itself, the words it starts) are consecutive.
        let prefixes = (from as u32)..(from + set.len()) as u32;
        let mask = letter_mask(word);
        for l in len.saturating_sub(max)..=len + max {
            for &id in self.by_len.get(l).map_or(&[][..], Vec::as_slice) {
                if (self.word_masks[id as usize] ^ mask).count_ones() as usize > 2 * max {
                    continue;
                }
                if prefixes.contains(&id) {
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

    #[inline]
    pub(crate) fn name_match(&self, entry: usize, sets: &[&WordSet]) -> Option<NameMatch> {
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

    /// Whether every context word (aliased and folded: [`context_words`]) names (exactly, by
    /// prefix or with a typo) a word of the entry's district, sub-district or state; returns the edits used, and whether a word
    /// named one only by its start ('nagr' of 'Kanpur Nagar').
    pub(crate) fn context_match(&self, entry: usize, context: &[String]) -> Option<(u8, bool)> {
        let m = self.meta[entry];
        let mut edits = 0u8;
        let mut by_prefix = false;
        for word in context {
            let len = word.chars().count();
            let max = allowed_typos(len);
            // (edits, 1 when by prefix): an exact word is the best.
            let best = [m.district, m.sub, m.state]
                .iter()
                .filter(|&&r| r != NO_REGION)
                .flat_map(|&r| self.regions[r as usize].iter())
                .filter_map(|w| {
                    if w == word {
                        Some((0, 0))
                    } else if len >= 2 && w.starts_with(word) {
                        Some((0, 1))
                    } else if max > 0 {
                        edit_distance(word, w, max).map(|d| (d, 0))
                    } else {
                        None
                    }
                })
                .min()?;
            edits += best.0 as u8;
            by_prefix |= best.1 == 1;
        }
        Some((edits, by_prefix))
    }
}
