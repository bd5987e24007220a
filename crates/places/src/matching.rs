//! Matching query words against the index's words: which words of the index a query word may
//! stand for, and how the words of a name and its district, sub-district or state match a query.

use crate::index::{Places, NO_REGION};
use crate::text::{alias, allowed_typos, edit_distance, letter_mask};

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
    /// and only when neither exists, the words within the allowed edit distance.
    pub(crate) fn word_set(&self, word: &str, prefix: bool) -> WordSet {
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

    /// Whether every context word names (exactly, by prefix or with a typo) a word of the
    /// entry's district, sub-district or state; returns the edits used.
    pub(crate) fn context_match(&self, entry: usize, context: &[String]) -> Option<u8> {
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
}
