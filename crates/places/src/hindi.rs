//! Place names typed in Devanagari, turned into the Latin words the index holds before the
//! search proper: first the reviewed names of `data/hindi-names.tsv` (cities, localities and the
//! words locality names are made of: 'लाजपत नगर' → 'lajpat nagar', 'लखनऊ' → 'lucknow'), longest
//! phrase first; the word still being typed by the start of a listed name ('लख' → 'lucknow');
//! any other word romanised ([`romanise`]), which the typo tolerance then brings to the data's
//! spelling ('सरिता' → 'sarita'). Queries without Devanagari pass through untouched.

use std::collections::HashMap;
use std::sync::OnceLock;

use hometutor_vocabulary::devanagari::has_devanagari;

use crate::text::words_of;

static NAMES: &str = include_str!("../data/hindi-names.tsv");

/// The listed names: Devanagari words (folded) → the data's words, and the order of the list.
struct Names {
    by_words: HashMap<String, Vec<String>>,
    /// The listed names in the list's order (the largest places first).
    ordered: Vec<Listed>,
    longest: usize,
}

struct Listed {
    /// The Devanagari words, folded, joined by a space.
    key: String,
    latin: Vec<String>,
    /// One of the words names are made of ('नगर'), not a name.
    word: bool,
}

fn names() -> &'static Names {
    static LOADED: OnceLock<Names> = OnceLock::new();
    LOADED.get_or_init(|| {
        let mut names = Names { by_words: HashMap::new(), ordered: Vec::new(), longest: 1 };
        for line in NAMES.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
            let mut columns = line.split('\t');
            let (Some(hindi), Some(latin)) = (columns.next(), columns.next()) else { continue };
            let (key, latin) = (words_of(hindi), words_of(latin));
            names.longest = names.longest.max(key.len());
            let key = key.join(" ");
            names.by_words.entry(key.clone()).or_insert_with(|| latin.clone());
            names.ordered.push(Listed { key, latin, word: columns.next() == Some("word") });
        }
        names
    })
}

/// The query's words with every Devanagari word in the index's Latin spelling.
pub(crate) fn in_latin(words: Vec<String>) -> Vec<String> {
    if !words.iter().any(|w| has_devanagari(w)) {
        return words;
    }
    let names = names();
    let mut out = Vec::with_capacity(words.len());
    let mut i = 0;
    'words: while i < words.len() {
        if !has_devanagari(&words[i]) {
            out.push(words[i].clone());
            i += 1;
            continue;
        }
        for len in (1..=names.longest.min(words.len() - i)).rev() {
            if let Some(latin) = names.by_words.get(&words[i..i + len].join(" ")) {
                out.extend(latin.iter().cloned());
                i += len;
                continue 'words;
            }
        }
        // The rest of the query is a listed name still being typed ('लाजपत न', 'लख'): the first
        // that starts so; for a last word after others, one of the words names are made of first
        // ('सरिता व' → 'sarita vihar', not Vadodara).
        let rest = words[i..].join(" ");
        let starts = |l: &&Listed| l.key.starts_with(rest.as_str());
        let after_others = i + 1 == words.len() && i > 0;
        let typed = names
            .ordered
            .iter()
            .filter(|l| l.word || !after_others)
            .find(starts)
            .or_else(|| names.ordered.iter().find(starts));
        if let Some(listed) = typed {
            out.extend(listed.latin.iter().cloned());
            break;
        }
        out.push(romanise(&words[i]));
        i += 1;
    }
    out
}

/// A Devanagari word in Latin letters the way Indian place names are usually spelt (Hunterian,
/// without diacritics): 'नगर' → 'nagar', 'द्वारका' → 'dwarka'. The inherent vowel is dropped at
/// the end of the word and between a vowel and a consonant that carries one (the usual schwa
/// deletion of Hindi); anything else passes through.
pub(crate) fn romanise(word: &str) -> String {
    #[derive(Clone, Copy, PartialEq)]
    enum Unit {
        Consonant(&'static str),
        Vowel(&'static str),
        Anusvara,
        Other(char),
    }
    /// The vowel a consonant carries.
    #[derive(Clone, Copy, PartialEq)]
    enum Carries {
        Inherent,
        Sign(&'static str),
        Nothing,
    }
    let mut units: Vec<(Unit, Carries)> = Vec::new();
    let mut after_virama = false;
    for c in word.chars().filter(|&c| c != '\u{093C}') {
        if let Some(cons) = consonant(c) {
            // व in a cluster is a w ('द्वारका' → 'dwarka', 'स्वरूप' → 'swarup'); ड and ढ after a
            // vowel are ड़ and ढ़ whose nukta the search key dropped ('बुराड़ी' → 'burari').
            let after_vowel =
                units.last().is_some_and(|(u, carries)| matches!(u, Unit::Vowel(_)) || *carries != Carries::Nothing);
            let cons = match c {
                'व' if after_virama => "w",
                'ड' if after_vowel => "r",
                'ढ' if after_vowel => "rh",
                _ => cons,
            };
            units.push((Unit::Consonant(cons), Carries::Inherent));
            after_virama = false;
            continue;
        }
        after_virama = false;
        let last = units.last_mut().filter(|(u, _)| matches!(u, Unit::Consonant(_)));
        match (last, c, vowel_sign(c)) {
            (Some(last), '\u{094D}', _) => {
                last.1 = Carries::Nothing;
                after_virama = true;
            }
            (Some(last), _, Some(sign)) => last.1 = Carries::Sign(sign),
            _ => match vowel(c) {
                Some(v) => units.push((Unit::Vowel(v), Carries::Nothing)),
                None if c == 'ं' => units.push((Unit::Anusvara, Carries::Nothing)),
                None if c == 'ः' || c == '\u{094D}' || vowel_sign(c).is_some() => {}
                None => units.push((Unit::Other(c), Carries::Nothing)),
            },
        }
    }
    // Schwa deletion, right to left: the final one, and a medial one after a vowel and before
    // a consonant that keeps its vowel ('कमला' → 'kamla', 'नगर' → 'nagar').
    let has_vowel = |u: &(Unit, Carries)| matches!(u.0, Unit::Vowel(_)) || u.1 != Carries::Nothing;
    for i in (1..units.len()).rev() {
        if units[i].1 != Carries::Inherent {
            continue;
        }
        let last = i + 1 == units.len();
        let medial = has_vowel(&units[i - 1])
            && units.get(i + 1).is_some_and(|u| matches!(u.0, Unit::Consonant(_)) && u.1 != Carries::Nothing);
        if last || medial {
            units[i].1 = Carries::Nothing;
        }
    }
    let mut out = String::new();
    for (i, (unit, carries)) in units.iter().enumerate() {
        match unit {
            Unit::Consonant(c) | Unit::Vowel(c) => out.push_str(c),
            // An anusvara before p, b or m is an m ('चेंबूर' → 'chembur').
            Unit::Anusvara => {
                let labial = matches!(units.get(i + 1), Some((Unit::Consonant("p" | "ph" | "b" | "bh" | "m"), _)));
                out.push(if labial { 'm' } else { 'n' });
            }
            Unit::Other(c) => out.push(*c),
        }
        match carries {
            Carries::Inherent => out.push('a'),
            Carries::Sign(v) => out.push_str(v),
            Carries::Nothing => {}
        }
    }
    out
}

fn consonant(c: char) -> Option<&'static str> {
    Some(match c {
        'क' => "k",
        'ख' => "kh",
        'ग' => "g",
        'घ' => "gh",
        'ङ' | 'ञ' | 'ण' | 'न' => "n",
        'च' => "ch",
        'छ' => "chh",
        'ज' => "j",
        'झ' => "jh",
        'ट' | 'त' => "t",
        'ठ' | 'थ' => "th",
        'ड' | 'द' => "d",
        'ढ' | 'ध' => "dh",
        'प' => "p",
        'फ' => "ph",
        'ब' => "b",
        'भ' => "bh",
        'म' => "m",
        'य' => "y",
        'र' => "r",
        'ल' | 'ळ' => "l",
        'व' => "v",
        'श' | 'ष' => "sh",
        'स' => "s",
        'ह' => "h",
        '\u{0958}' => "q",
        '\u{0959}' => "kh",
        '\u{095A}' => "gh",
        '\u{095B}' => "z",
        '\u{095C}' => "r",
        '\u{095D}' => "rh",
        '\u{095E}' => "f",
        '\u{095F}' => "y",
        _ => return None,
    })
}

fn vowel_sign(c: char) -> Option<&'static str> {
    Some(match c {
        'ा' => "a",
        'ि' | 'ी' => "i",
        'ु' | 'ू' => "u",
        'ृ' => "ri",
        'े' => "e",
        'ै' => "ai",
        'ो' => "o",
        'ौ' => "au",
        _ => return None,
    })
}

fn vowel(c: char) -> Option<&'static str> {
    Some(match c {
        'अ' | 'आ' => "a",
        'इ' | 'ई' => "i",
        'उ' | 'ऊ' => "u",
        'ऋ' => "ri",
        'ए' => "e",
        'ऐ' => "ai",
        'ओ' => "o",
        'औ' => "au",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_romanised_as_place_names_are_spelt() {
        for (hindi, latin) in [
            ("नगर", "nagar"),
            ("द्वारका", "dwarka"),
            ("करोल", "karol"),
            ("सरिता", "sarita"),
            ("चेंबूर", "chembur"),
            ("बुराड़ी", "burari"),
            ("डाबड़ी", "dabri"),
            ("लक्ष्मी", "lakshmi"),
            ("इंदिरापुरम", "indirapuram"),
        ] {
            assert_eq!(romanise(hindi), latin, "{hindi}");
        }
    }

    #[test]
    fn listed_names_longest_first_and_prefixes_of_the_last_word() {
        let latin = |q: &str| in_latin(words_of(q)).join(" ");
        assert_eq!(latin("लाजपत नगर दिल्ली"), "lajpat nagar delhi");
        assert_eq!(latin("नई दिल्ली"), "new delhi");
        assert_eq!(latin("लखन"), "lucknow");
        assert_eq!(latin("लाजपत न"), "lajpat nagar");
        assert_eq!(latin("सरिता व"), "sarita vihar");
        assert_eq!(latin("Lajpat नगर"), "lajpat nagar");
        assert_eq!(latin("Lajpat Nagar"), "lajpat nagar");
    }
}
