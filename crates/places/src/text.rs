//! Queries and names as words: normalising ([`normalize`]), splitting into words, the aliases of
//! renamed cities and typo tolerance ([`edit_distance`]).

use hometutor_vocabulary::devanagari;

/// Lower case, Devanagari folded to one spelling (nukta, chandrabindu, half nasals, joiners,
/// digits: [`devanagari::fold`]), apostrophes dropped, every other character that is not part
/// of a word a space, spaces collapsed: `"Lajpat-Nagar, (Delhi)"` → `"lajpat nagar delhi"`.
pub fn normalize(text: &str) -> String {
    let text = devanagari::fold(text);
    let mut out = String::with_capacity(text.len());
    let mut space = false;
    for c in text.chars() {
        if c == '\'' || c == '’' || c == '`' {
            continue;
        }
        if devanagari::is_word_char(c) {
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
pub(crate) fn words_of(text: &str) -> Vec<String> {
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
    canonical_forms(words)
}

/// Short forms of the words that number parts of a locality, and what people use for them.
const DESIGNATORS: [(&str, &str); 16] = [
    ("stage", "stage"),
    ("stg", "stage"),
    ("sector", "sector"),
    ("sec", "sector"),
    ("sect", "sector"),
    ("sectr", "sector"),
    ("block", "block"),
    ("blk", "block"),
    ("bk", "block"),
    ("phase", "phase"),
    ("ph", "phase"),
    ("pocket", "pocket"),
    ("pkt", "pocket"),
    ("extension", "extension"),
    ("extn", "extension"),
    ("ext", "extension"),
];

/// Initials people use for a few famous localities, and the words the data has for them.
const INITIALS: [(&str, &str); 2] = [("cp", "connaught place"), ("gk", "greater kailash")];

/// The words for a locality's initials ('cp' → 'connaught place').
pub(crate) fn initials(word: &str) -> Option<&'static str> {
    INITIALS.iter().find(|(short, _)| *short == word).map(|&(_, long)| long)
}

/// Short forms of words of addresses, in the data and in what people type ('Subhash Ngr').
const ABBREVIATIONS: [(&str, &str); 5] =
    [("ngr", "nagar"), ("rd", "road"), ("mkt", "market"), ("clny", "colony"), ("chauk", "chowk")];

const ROMAN: [&str; 12] = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii"];

/// One spelling for the numbered parts of a locality, in the data and in queries alike:
/// 'Sec-10', 'sec 10', 'Sector10' and 'sector 10' are `["sector", "10"]`; 'VI Bk' and '6th block'
/// are `["block", "6"]`; 'Ph-I' is `["phase", "1"]`. A Roman numeral counts only after the first
/// word ('Vi' could start a name).
fn canonical_forms(words: Vec<String>) -> Vec<String> {
    let mut out = Vec::with_capacity(words.len() + 1);
    for (i, word) in words.into_iter().enumerate() {
        // 'sector10', 'sec10', 'ph2': the designator and its number.
        let letters = word.trim_end_matches(|c: char| c.is_ascii_digit());
        if letters.len() < word.len() && !letters.is_empty() {
            if let Some(&(_, full)) = DESIGNATORS.iter().find(|(short, _)| *short == letters) {
                out.push(full.to_owned());
                out.push(word[letters.len()..].to_owned());
                continue;
            }
        }
        if let Some(&(_, full)) = DESIGNATORS.iter().chain(&ABBREVIATIONS).find(|(short, _)| *short == word) {
            out.push(full.to_owned());
            continue;
        }
        // '6th', '1st', '22nd' → the number.
        let digits = word.trim_end_matches(|c: char| c.is_ascii_lowercase());
        let suffix = &word[digits.len()..];
        if !digits.is_empty()
            && digits.bytes().all(|b| b.is_ascii_digit())
            && matches!(suffix, "st" | "nd" | "rd" | "th")
        {
            out.push(digits.to_owned());
            continue;
        }
        if i > 0 {
            if let Some(n) = ROMAN.iter().position(|r| *r == word) {
                out.push((n + 1).to_string());
                continue;
            }
        }
        out.push(word);
    }
    // '6 block' and 'VIII Phase' as 'block 6' and 'phase 8': the number after its designator.
    for i in 1..out.len() {
        let number = out[i - 1].bytes().all(|b| b.is_ascii_digit());
        if number && i >= 2 && DESIGNATORS.iter().any(|(_, full)| *full == out[i]) {
            out.swap(i - 1, i);
        }
    }
    out
}

pub(crate) fn letter_mask(word: &str) -> u32 {
    word.chars().fold(0u32, |mask, c| match c {
        'a'..='z' => mask | 1 << (c as u32 - 'a' as u32),
        '0'..='9' => mask | 1 << 26,
        _ => mask | 1 << 27,
    })
}

/// Names people type that the data spells otherwise (old or new names of cities).
const ALIASES: &[(&str, &str)] = &[
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
    ("prayagraj", "allahabad"),
    // Spellings of cities people type that the data has as other places' names (or not at all).
    ("banglore", "bengaluru"),
    ("bengalore", "bengaluru"),
    ("puna", "pune"),
    ("lakhnau", "lucknow"),
    ("dehradoon", "dehradun"),
    ("calcuta", "kolkata"),
    ("amdavad", "ahmedabad"),
    ("ahemdabad", "ahmedabad"),
    ("haora", "howrah"),
    ("noyda", "noida"),
    ("gurgoan", "gurgaon"),
    ("gaziabad", "ghaziabad"),
    ("bombai", "mumbai"),
];

/// The spelling the data uses for a name people type otherwise ('bangalore' → 'bengaluru').
/// `word` may be folded (`fold`) or not; the answer is not.
pub fn alias(word: &str) -> Option<&'static str> {
    // (typed, typed folded, the data's spelling), folded once.
    static FOLDED: std::sync::OnceLock<Vec<(&str, String, &str)>> = std::sync::OnceLock::new();
    let folded = FOLDED.get_or_init(|| {
        ALIASES.iter().filter(|(typed, data)| fold(typed) != fold(data)).map(|&(t, d)| (t, fold(t), d)).collect()
    });
    folded.iter().find(|(typed, folded, _)| *typed == word || folded == word).map(|&(_, _, data)| data)
}

/// One spelling for the sounds Indian names are written down in several ways (Hinglish): 'ksh'
/// and 'x' (Lakshmi, Laxmi), 'ee' and 'i' (Geeta, Gita), 'oo' and 'u', 'au', 'ow' and 'o'
/// (Mehrauli, Mehroli; chowk, chauk), 'w' and 'v' (Dwarka, Dvarka), 'ph' and 'f', 'th' and 't'
/// (Kothrud, Kotrud), doubled letters and single (Nungambakkam, Nungambakam), '-pore' and
/// '-pur' (Mylapore). The index holds
/// its words folded and a query is folded before it is looked up; what people read is never
/// folded. Devanagari passes unchanged.
pub(crate) fn fold(word: &str) -> String {
    if !word.is_ascii() {
        return word.to_owned();
    }
    const RULES: [(&[u8], &[u8]); 8] = [
        (b"ksh", b"x"),
        (b"ee", b"i"),
        (b"oo", b"u"),
        (b"au", b"o"),
        (b"ow", b"o"),
        (b"ph", b"f"),
        (b"th", b"t"),
        (b"w", b"v"),
    ];
    let bytes = word.as_bytes();
    let mut out: Vec<u8> = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let rest = &bytes[i..];
        let (with, used) = RULES
            .iter()
            .find(|(from, _)| rest.starts_with(from))
            .map_or((&rest[..1], 1), |&(from, to)| (to, from.len()));
        // A letter doubled (not a run of three or more: 'zzzz' is no name) is written once.
        let next = bytes.get(i + used);
        for &c in with {
            if out.last() != Some(&c) || !c.is_ascii_alphabetic() || next == Some(&c) {
                out.push(c);
            }
        }
        i += used;
    }
    // '-pore' and '-pur' are one ending (Mylapore, Mylapur).
    if out.ends_with(b"pore") {
        out.truncate(out.len() - 4);
        out.extend_from_slice(b"pur");
    }
    String::from_utf8(out).unwrap_or_else(|_| word.to_owned())
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
