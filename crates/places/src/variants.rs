//! The spaces people leave out or put in where the data has none or one: 'lajpatnagar' for
//! 'Lajpat Nagar', 'indira nagar' for 'Indiranagar'. The search looks these variants of the
//! words up besides the words as typed, and ranks all they find together.

use crate::index::Places;
use crate::matching::SetCache;
use crate::text::{fold, initials};

/// A word is split only when it has at least this many letters …
const SPLIT_MIN: usize = 6;
/// … into parts of at least this many letters ('rk' + 'puram').
const PART_MIN: usize = 2;
/// At most this many variants are looked up besides the words as typed (each costs a search).
const MAX_VARIANTS: usize = 4;

impl Places {
    /// The words with one pair joined, or one word split, where the result is in the data.
    pub(crate) fn variants(&self, words: &[String], sets: &SetCache<'_>) -> Vec<Vec<String>> {
        let mut out = Vec::new();
        let last = words.len() - 1;
        for (i, word) in words.iter().enumerate() {
            if let Some(long) = initials(word) {
                let mut variant = words[..i].to_vec();
                variant.extend(long.split(' ').map(fold));
                variant.extend_from_slice(&words[i + 1..]);
                out.push(variant);
            }
            if i < last {
                let joined = format!("{word}{}", words[i + 1]);
                // The last pair may still be being typed ('indira naga').
                if self.is_word(&joined) || (i + 1 == last && self.starts_word(&joined)) {
                    let mut variant = words.to_vec();
                    variant[i] = joined;
                    variant.remove(i + 1);
                    out.push(variant);
                }
            }
            let letters = word.bytes().all(|b| b.is_ascii_lowercase());
            // Even a word of the data: 'malviyanagar' is a village's name as well as Malviya Nagar.
            if letters && word.len() >= SPLIT_MIN {
                for (a, b) in self.best_splits(word, i == last, sets) {
                    let mut variant = words.to_vec();
                    variant[i] = b.to_owned();
                    variant.insert(i, a.to_owned());
                    out.push(variant);
                }
            }
        }
        out.truncate(MAX_VARIANTS);
        out
    }

    /// Where to split a word: into two words of the data, the split whose shorter part is
    /// longest ('lajpat' + 'nagar', not 'lajpatna' + 'gar'), and the same with the letter at the
    /// split in both parts ('vimannagar' is folded to 'vimanagar': 'viman' + 'nagar'); failing
    /// both, a word and the start of one (the last word, still being typed) or a word within a
    /// typo of one ('lajpat' + 'nagr').
    fn best_splits<'w>(&self, word: &'w str, last: bool, sets: &SetCache<'_>) -> Vec<(&'w str, &'w str)> {
        let best = |shared: bool| {
            (PART_MIN..=word.len() - PART_MIN)
                .map(|k| (&word[..k], &word[k - usize::from(shared)..]))
                .filter(|(a, b)| self.is_word(a) && self.is_word(b))
                .max_by_key(|(a, b)| a.len().min(b.len()))
        };
        let both: Vec<(&str, &str)> = best(false).into_iter().chain(best(true)).collect();
        if !both.is_empty() {
            return both;
        }
        // The longest word that starts it, with a rest of 4 letters or more; the rest's typos are
        // a scan, so only for that one split.
        (PART_MIN..=word.len() - PART_MIN)
            .map(|k| word.split_at(k))
            .filter(|(a, b)| b.len() >= 4 && self.is_word(a))
            .last()
            .filter(|&(_, b)| (last && self.starts_word(b)) || !sets.get(b, false, false).0.is_empty())
            .into_iter()
            .collect()
    }

    pub(crate) fn is_word(&self, word: &str) -> bool {
        self.words.binary_search_by(|w| w.as_str().cmp(word)).is_ok()
    }

    fn starts_word(&self, prefix: &str) -> bool {
        let from = self.words.partition_point(|w| w.as_str() < prefix);
        self.words.get(from).is_some_and(|w| w.starts_with(prefix))
    }
}
