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
    words
}

pub(crate) fn letter_mask(word: &str) -> u32 {
    word.chars().fold(0u32, |mask, c| match c {
        'a'..='z' => mask | 1 << (c as u32 - 'a' as u32),
        '0'..='9' => mask | 1 << 26,
        _ => mask | 1 << 27,
    })
}

/// Names people type that the data spells otherwise (old or new names of cities).
const ALIASES: [(&str, &str); 15] = [
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
