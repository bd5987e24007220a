//! Devanagari as people type it, folded to one search key: the same word reaches the index
//! however a keyboard or phone wrote it. Only search keys are folded; what people read keeps
//! its spelling (the glossary's ज़रूरत, हिन्दी, जाएँ).
//!
//! * Unicode forms: a precomposed nukta letter (U+0958 'क़') and its decomposition ('क' + U+093C)
//!   are both the plain letter, so NFC and NFD text give one key; and the nukta itself is dropped,
//!   since many keyboards have none (ज़ = ज, फ़ = फ, ड़ = ड).
//! * Nasals: chandrabindu is anusvara (ँ = ं), and a nasal consonant with a virama before a
//!   consonant is anusvara too (हिन्दी = हिंदी, मुम्बई = मुंबई, गङ्गा = गंगा).
//! * Zero-width joiner and non-joiner (the ्‍ half forms) are dropped.
//! * Candra vowels are their plain ones (कॉलेज = कालेज): many keyboards lack ॉ.
//! * Devanagari digits are ASCII digits (८ = 8).

use std::borrow::Cow;

const VIRAMA: char = '\u{094D}';
const ANUSVARA: char = '\u{0902}';

/// Whether `c` belongs inside a word: a letter or digit of any script, or a Devanagari vowel
/// sign, virama or other mark (Rust's `is_alphanumeric` says no to the virama, which would cut
/// 'हिन्दी' in two).
#[inline]
pub fn is_word_char(c: char) -> bool {
    c.is_alphanumeric()
        || matches!(c, '\u{0900}'..='\u{0903}' | '\u{093A}'..='\u{094F}' | '\u{0951}'..='\u{0957}' | '\u{0962}' | '\u{0963}')
}

/// Whether the text has any Devanagari letter.
#[inline]
pub fn has_devanagari(text: &str) -> bool {
    text.chars().any(|c| ('\u{0900}'..='\u{097F}').contains(&c))
}

fn is_consonant(c: char) -> bool {
    matches!(c, '\u{0915}'..='\u{0939}' | '\u{0958}'..='\u{095F}')
}

fn is_nasal(c: char) -> bool {
    matches!(c, 'ङ' | 'ञ' | 'ण' | 'न' | 'म')
}

/// One character's folded form, or `None` to drop it.
fn fold_char(c: char) -> Option<char> {
    Some(match c {
        '\u{093C}' | '\u{200C}' | '\u{200D}' => return None,
        '\u{0958}' => 'क',
        '\u{0959}' => 'ख',
        '\u{095A}' => 'ग',
        '\u{095B}' => 'ज',
        '\u{095C}' => 'ड',
        '\u{095D}' => 'ढ',
        '\u{095E}' => 'फ',
        '\u{095F}' => 'य',
        '\u{0929}' => 'न',
        '\u{0931}' => 'र',
        '\u{0934}' => 'ळ',
        'ँ' => ANUSVARA,
        'ॉ' => 'ा',
        'ऑ' => 'आ',
        'ॅ' => 'े',
        'ऍ' => 'ए',
        '०'..='९' => char::from(b'0' + (c as u32 - '०' as u32) as u8),
        _ => c,
    })
}

/// The search key of Devanagari in `text` (other scripts pass through unchanged, and text
/// without Devanagari or joiners is not copied: English queries and names pay one scan, inlined
/// into the caller, which place search runs over every name it ranks).
#[inline]
pub fn fold(text: &str) -> Cow<'_, str> {
    if text.is_ascii() || !text.chars().any(|c| matches!(c, '\u{0900}'..='\u{097F}' | '\u{200C}' | '\u{200D}')) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(fold_devanagari(text))
}

fn fold_devanagari(text: &str) -> String {
    let chars: Vec<char> = text.chars().filter_map(fold_char).collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        // A nasal half-letter before a consonant: the anusvara spelling of the same sound.
        if is_nasal(c) && chars.get(i + 1) == Some(&VIRAMA) && chars.get(i + 2).is_some_and(|&n| is_consonant(n)) {
            out.push(ANUSVARA);
            i += 2;
            continue;
        }
        out.push(c);
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_of_one_word_fold_together() {
        for (a, b) in [
            ("हिन्दी", "हिंदी"),
            ("मुम्बई", "मुंबई"),
            ("अंग्रेज़ी", "अंग्रेजी"),
            // U+091C U+093C (decomposed) and U+095B (precomposed).
            ("\u{091C}\u{093C}", "\u{095B}"),
            ("पाँचवीं", "पांचवीं"),
            ("कॉलेज", "कालेज"),
            ("क्\u{200D}ष", "क्ष"),
            ("कक्षा ८", "कक्षा 8"),
            ("१२", "12"),
        ] {
            assert_eq!(fold(a), fold(b), "{a} / {b}");
        }
        // Not every nasal is an anusvara: a final one, or one before a vowel sign, stays.
        assert_eq!(fold("नमन"), "नमन");
        assert_eq!(fold("Lajpat Nagar"), "Lajpat Nagar");
    }

    #[test]
    fn marks_are_part_of_words() {
        assert!("हिन्दी".chars().all(is_word_char));
        assert!(!is_word_char('।'));
        assert!(has_devanagari("class ८") && !has_devanagari("class 8"));
    }
}
