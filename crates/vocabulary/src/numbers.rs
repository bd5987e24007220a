//! Class numbers in the ways people write them: 'class 10', '10th', 'Std X', 'Grade 10', '10',
//! and in Hindi and Hinglish 'कक्षा 8', '8वीं कक्षा', 'आठवीं', 'kaksha aath', '8vi', 'dasvi class'.
//! Reads a [`crate::normalize`]d key (so Devanagari digits are already ASCII).

/// Words that say 'class' before or after the number.
const CLASS_WORDS: &[&str] =
    &["class", "std", "standard", "grade", "cls", "year", "kaksha", "kaksa", "kakshaa", "कक्षा", "क्लास"];

/// Ordinal endings after digits: English, Hindi ('8वीं', '1ली', '6ठी') and romanised Hindi ('8vi').
const SUFFIXES: &[&str] = &[
    "",
    "st",
    "nd",
    "rd",
    "th",
    "वीं",
    "वी",
    "वां",
    "वें",
    "वा",
    "ली",
    "री",
    "थी",
    "ठी",
    "vi",
    "vin",
    "vee",
    "veen",
    "wi",
    "wee",
    "va",
    "ve",
    "ven",
];

/// 1–12 in words: Hindi cardinals and ordinals, in Devanagari (folded: anusvara for
/// chandrabindu) and romanised. Cardinals count only beside a class word ('कक्षा आठ'), since
/// 'do' alone is not a class; ordinals ('दसवीं', 'dasvi') stand alone.
const CARDINALS: [&[&str]; 12] = [
    &["एक", "ek"],
    &["दो", "do"],
    &["तीन", "teen", "tin"],
    &["चार", "char", "chaar"],
    &["पांच", "panch", "paanch", "pach"],
    &["छह", "छः", "छे", "chhah", "chhe", "chah", "che"],
    &["सात", "saat", "sat"],
    &["आठ", "aath", "ath"],
    &["नौ", "nau", "nou"],
    &["दस", "das"],
    &["ग्यारह", "gyarah", "gyara", "gyaarah"],
    &["बारह", "barah", "bara", "baarah"],
];
const ORDINALS: [&[&str]; 12] = [
    &["पहली", "pehli", "pahli", "pehlee"],
    &["दूसरी", "दुसरी", "doosri", "dusri", "dusari"],
    &["तीसरी", "तिसरी", "teesri", "tisri"],
    &["चौथी", "chauthi", "chouthi", "chothi"],
    &["पांचवीं", "पांचवी", "panchvi", "paanchvi", "panchvin", "panchavi"],
    &["छठी", "छठवीं", "chhathi", "chathi", "chhati", "chhatvi"],
    &["सातवीं", "सातवी", "satvi", "saatvi", "satvin", "saatvin"],
    &["आठवीं", "आठवी", "athvi", "aathvi", "athvin", "aathvin"],
    &["नौवीं", "नवीं", "नौवी", "nauvi", "nouvi", "navi", "nauvin", "nauveen"],
    &["दसवीं", "दसवी", "dasvi", "dasvin", "dasveen", "daswi"],
    &["ग्यारहवीं", "ग्यारहवी", "gyarahvi", "gyarvi", "gyarahvin", "gyaravi"],
    &["बारहवीं", "बारहवी", "barahvi", "barvi", "barahvin", "baravi"],
];

/// 1–12 from a normalised key; `None` otherwise.
pub(crate) fn class_number(key: &str) -> Option<u8> {
    // '8 वीं', '10 th': an ending typed apart is part of the number.
    let mut words: Vec<String> = Vec::new();
    for w in key.split(' ') {
        match words.last_mut() {
            Some(last) if !w.is_empty() && SUFFIXES.contains(&w) && last.bytes().all(|b| b.is_ascii_digit()) => {
                last.push_str(w)
            }
            _ => words.push(w.to_string()),
        }
    }
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let is_class = |w: &str| CLASS_WORDS.contains(&w);
    let (number, beside_class_word) = match words.as_slice() {
        [n] => (*n, false),
        [prefix, n] if is_class(prefix) => (*n, true),
        [n, suffix] if is_class(suffix) => (*n, true),
        // 'class 8 ki', 'कक्षा 8 की': a trailing 'of' people add.
        [prefix, n, "ki" | "की" | "ka" | "का"] if is_class(prefix) => (*n, true),
        _ => return None,
    };
    let n = digits(number).or_else(|| roman(number)).or_else(|| in_words(number, beside_class_word))?;
    (1..=12).contains(&n).then_some(n)
}

/// '10', '10th', '8वीं', '8vi'.
fn digits(word: &str) -> Option<u8> {
    let end = word.find(|c: char| !c.is_ascii_digit()).unwrap_or(word.len());
    if end == 0 || !SUFFIXES.contains(&&word[end..]) {
        return None;
    }
    word[..end].parse::<u8>().ok()
}

fn roman(word: &str) -> Option<u8> {
    const NUMERALS: [&str; 12] = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii"];
    NUMERALS.iter().position(|r| *r == word).map(|i| i as u8 + 1)
}

fn in_words(word: &str, beside_class_word: bool) -> Option<u8> {
    let find = |table: &[&[&str]; 12]| table.iter().position(|forms| forms.contains(&word)).map(|i| i as u8 + 1);
    find(&ORDINALS).or_else(|| if beside_class_word { find(&CARDINALS) } else { None })
}
