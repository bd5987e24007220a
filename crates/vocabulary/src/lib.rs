//! The one vocabulary: subjects, classes, boards and teaching modes as stable
//! ids with labels. Requests, teaching areas, filters and alerts all speak in these ids,
//! so 'Class 1' never matches 'Class 10' and 'Maths' meets 'Mathematics'.
//!
//! Free text still exists (a subject we do not list is 'Other' plus the parent's words);
//! [`resolve`] maps text onto an id where it can: an id, a label or a synonym, ignoring
//! case, punctuation and spacing, and for classes also '10th', 'std X' or 'Grade 10'.
//! Hindi and Hinglish name the same terms ([`hindi`]: 'गणित', 'ganit', 'कक्षा 8', '8vi'),
//! with Devanagari folded to one spelling ([`devanagari`]).
//! Ids never change once published: clients, stored rows and alerts depend on them.

use serde::Serialize;

pub mod devanagari;
pub mod hindi;
mod numbers;
mod terms;

pub use hindi::hindi_label;
pub use terms::{BOARDS, CLASSES, MODES, SUBJECTS};

/// The id of 'Other': the text beside it says what.
pub const OTHER: &str = "other";
/// Stored prefix of free text a teaching area keeps beside ids (`other:Vedic maths`).
pub const OTHER_PREFIX: &str = "other:";

/// One entry: what is stored and sent (`id`) and what a person reads (`label`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Term {
    pub id: &'static str,
    pub label: &'static str,
    /// Other words people use for it; matched like the label.
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    pub synonyms: &'static [&'static str],
}

/// Which list a term belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Facet {
    Subject,
    Class,
    Board,
    Mode,
}

impl Facet {
    pub fn terms(self) -> &'static [Term] {
        match self {
            Facet::Subject => SUBJECTS,
            Facet::Class => CLASSES,
            Facet::Board => BOARDS,
            Facet::Mode => MODES,
        }
    }
}

/// The term with this exact id.
pub fn find(facet: Facet, id: &str) -> Option<&'static Term> {
    facet.terms().iter().find(|t| t.id == id)
}

/// The label of an id, or `None` for an id this vocabulary does not have.
pub fn label(facet: Facet, id: &str) -> Option<&'static str> {
    find(facet, id).map(|t| t.label)
}

/// The label of an id as a reader of `language` (an ISO 639-1 code: `en`, `hi`) sees it: the
/// Hindi name for `hi`, the English label for English and for any language without names here.
pub fn label_in(facet: Facet, id: &str, language: &str) -> Option<&'static str> {
    match language {
        "hi" => hindi_label(facet, id).or_else(|| label(facet, id)),
        _ => label(facet, id),
    }
}

/// Maps free text onto a term: its id, label, a synonym, or its Hindi name or words
/// ([`hindi`]), ignoring case, punctuation, spacing and Devanagari spelling variants; classes
/// also by number ('10th', 'Std X', 'Grade 10', '10', 'कक्षा 8', '8वीं', 'dasvi'). `None` when
/// the text names nothing here (the caller keeps it as 'Other').
pub fn resolve(facet: Facet, text: &str) -> Option<&'static Term> {
    let key = normalize(text);
    if key.is_empty() {
        return None;
    }
    resolve_key(facet, &key).or_else(|| {
        // 'maths tuition', 'गणित की ट्यूशन', 'ganit ke liye teacher': the words around the name.
        let bare: Vec<&str> = key.split(' ').filter(|w| !FILLER.contains(w)).collect();
        let bare = bare.join(" ");
        (!bare.is_empty() && bare != key).then(|| resolve_key(facet, &bare)).flatten()
    })
}

/// Words people put around a subject or class ('tuition', 'ke liye', 'ट्यूटर'), in English,
/// Hinglish and Devanagari (folded): [`resolve`] drops them when the whole text names nothing.
const FILLER: &[&str] = &[
    "tuition",
    "tuitions",
    "tution",
    "tutor",
    "tutors",
    "teacher",
    "teachers",
    "coaching",
    "classes",
    "subject",
    "home",
    "online",
    "for",
    "of",
    "ki",
    "ka",
    "ke",
    "liye",
    "lie",
    "ट्यूशन",
    "ट्यूटर",
    "टीचर",
    "शिक्षक",
    "कोचिंग",
    "क्लासेस",
    "विषय",
    "की",
    "का",
    "के",
    "लिए",
    "लिये",
    "होम",
    "ऑनलाइन",
    "आनलाइन",
];

fn resolve_key(facet: Facet, key: &str) -> Option<&'static Term> {
    let terms = facet.terms();
    if let Some(t) = terms
        .iter()
        .find(|t| normalize(t.id) == key || normalize(t.label) == key || t.synonyms.iter().any(|s| normalize(s) == key))
    {
        return Some(t);
    }
    if let Some(a) =
        hindi::aliases(facet).iter().find(|a| normalize(a.hindi) == key || a.also.iter().any(|s| normalize(s) == key))
    {
        return find(facet, a.id);
    }
    if facet == Facet::Class {
        return numbers::class_number(key).and_then(|n| find(Facet::Class, CLASS_IDS[n as usize - 1]));
    }
    None
}

/// Lower case; Devanagari folded to one spelling ([`devanagari::fold`]: 'हिन्दी' is 'हिंदी',
/// '८' is '8'); dots and apostrophes dropped (so 'C.B.S.E.' is 'cbse' and 'B.Com' 'bcom'),
/// every other run of characters outside words one space; trimmed.
pub fn normalize(text: &str) -> String {
    let text = devanagari::fold(text);
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '.' | '\'' | '’') {
            continue;
        }
        if devanagari::is_word_char(c) {
            out.extend(c.to_lowercase());
        } else if !out.ends_with(' ') && !out.is_empty() {
            out.push(' ');
        }
    }
    out.trim_end().to_string()
}

const CLASS_IDS: [&str; 12] = [
    "class-1", "class-2", "class-3", "class-4", "class-5", "class-6", "class-7", "class-8", "class-9", "class-10",
    "class-11", "class-12",
];

/// A stored value of a subject or class: a vocabulary id, or the person's own words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Choice {
    Known(&'static Term),
    Other(String),
}

impl Choice {
    /// From what a client sent: an id when given and known, else the text mapped by
    /// [`resolve`], else the trimmed text as 'Other'. `None` when both are empty or the id is
    /// unknown (the caller says so).
    pub fn from_input(facet: Facet, id: Option<&str>, text: &str) -> Result<Option<Choice>, UnknownId> {
        match id.map(str::trim).filter(|id| !id.is_empty()) {
            Some(OTHER) => {
                let text = text.trim();
                Ok((!text.is_empty()).then(|| Choice::Other(text.to_string())))
            }
            Some(id) => find(facet, id).map(|t| Some(Choice::Known(t))).ok_or(UnknownId),
            None => Ok(Choice::from_text(facet, text)),
        }
    }

    /// Free text mapped onto the vocabulary, or kept as 'Other'; `None` when empty.
    pub fn from_text(facet: Facet, text: &str) -> Option<Choice> {
        let text = text.trim();
        if text.is_empty() {
            return None;
        }
        Some(match resolve(facet, text) {
            Some(t) => Choice::Known(t),
            None => Choice::Other(text.to_string()),
        })
    }

    /// The id stored: the term's, or [`OTHER`].
    pub fn id(&self) -> &str {
        match self {
            Choice::Known(t) => t.id,
            Choice::Other(_) => OTHER,
        }
    }

    /// What a person reads: the label, or their own words.
    pub fn label(&self) -> &str {
        match self {
            Choice::Known(t) => t.label,
            Choice::Other(text) => text,
        }
    }

    /// The form a teaching area's list stores: the id, or `other:<text>`.
    pub fn list_entry(&self) -> String {
        match self {
            Choice::Known(t) => t.id.to_string(),
            Choice::Other(text) => format!("{OTHER_PREFIX}{text}"),
        }
    }

    /// Reads a teaching-area list entry back ([`Choice::list_entry`]); an entry that is
    /// neither a known id nor `other:` text is mapped as free text.
    pub fn from_list_entry(facet: Facet, entry: &str) -> Option<Choice> {
        match entry.strip_prefix(OTHER_PREFIX) {
            Some(text) => {
                let text = text.trim();
                (!text.is_empty()).then(|| Choice::Other(text.to_string()))
            }
            None => find(facet, entry).map(Choice::Known).or_else(|| Choice::from_text(facet, entry)),
        }
    }

    /// Whether a request's value matches an area's entry: the same id, or (both 'Other')
    /// the same words ignoring case and spacing.
    pub fn matches(&self, other: &Choice) -> bool {
        match (self, other) {
            (Choice::Known(a), Choice::Known(b)) => a.id == b.id,
            (Choice::Other(a), Choice::Other(b)) => normalize(a) == normalize(b),
            _ => false,
        }
    }
}

/// An id the vocabulary does not have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnknownId;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn synonyms_meet() {
        assert_eq!(resolve(Facet::Subject, "Mathematics").unwrap().id, "maths");
        assert_eq!(resolve(Facet::Subject, " maths ").unwrap().id, "maths");
        assert_eq!(resolve(Facet::Subject, "MATH").unwrap().id, "maths");
        assert_eq!(resolve(Facet::Subject, "S.St").unwrap().id, "social-studies");
        assert_eq!(resolve(Facet::Subject, "Computer Science").unwrap().id, "computer-science");
        assert_eq!(resolve(Facet::Board, "C.B.S.E.").unwrap().id, "cbse");
        assert_eq!(resolve(Facet::Mode, "Home tuition").unwrap().id, "home");
        assert!(resolve(Facet::Subject, "Underwater basket weaving").is_none());
    }

    #[test]
    fn classes_by_number_never_cross() {
        for (text, id) in [
            ("Class 1", "class-1"),
            ("class 10", "class-10"),
            ("10th", "class-10"),
            ("Std X", "class-10"),
            ("Grade 12", "class-12"),
            ("class-11", "class-11"),
            ("XII", "class-12"),
            ("1st", "class-1"),
            ("Class 1st", "class-1"),
            ("LKG", "kg"),
            ("UKG", "kg"),
            ("Pre-nursery", "nursery"),
            ("IIT JEE", "jee"),
            ("NEET UG", "neet"),
            ("B.Com", "college"),
        ] {
            assert_eq!(resolve(Facet::Class, text).map(|t| t.id), Some(id), "{text}");
        }
        assert_ne!(resolve(Facet::Class, "Class 1").unwrap().id, resolve(Facet::Class, "Class 10").unwrap().id);
        assert!(resolve(Facet::Class, "Class 13").is_none());
        assert!(resolve(Facet::Class, "class 0").is_none());
        assert!(resolve(Facet::Class, "10xyz").is_none());
    }

    #[test]
    fn ids_are_unique_kebab_case_and_labels_resolve_to_themselves() {
        for facet in [Facet::Subject, Facet::Class, Facet::Board, Facet::Mode] {
            let terms = facet.terms();
            for (i, t) in terms.iter().enumerate() {
                assert!(t.id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'), "{}", t.id);
                assert_ne!(t.id, OTHER);
                assert!(terms[i + 1..].iter().all(|u| u.id != t.id), "duplicate id {}", t.id);
                assert_eq!(resolve(facet, t.label).unwrap().id, t.id, "{}", t.label);
                for s in t.synonyms {
                    assert_eq!(resolve(facet, s).unwrap().id, t.id, "synonym {s} of {}", t.id);
                }
            }
        }
    }

    #[test]
    fn choices_from_input() {
        assert_eq!(Choice::from_input(Facet::Subject, Some("maths"), "").unwrap().unwrap().label(), "Mathematics");
        assert_eq!(Choice::from_input(Facet::Subject, None, "maths").unwrap().unwrap().id(), "maths");
        let other = Choice::from_input(Facet::Subject, Some("other"), " Vedic maths ").unwrap().unwrap();
        assert_eq!((other.id(), other.label()), ("other", "Vedic maths"));
        assert_eq!(other.list_entry(), "other:Vedic maths");
        assert_eq!(Choice::from_list_entry(Facet::Subject, "other:Vedic maths"), Some(other.clone()));
        assert!(other.matches(&Choice::Other("vedic  MATHS".into())));
        assert!(Choice::from_input(Facet::Subject, Some("astrology"), "").is_err());
        assert_eq!(Choice::from_input(Facet::Subject, None, "  ").unwrap(), None);
        assert_eq!(Choice::from_list_entry(Facet::Class, "Class 10").unwrap().id(), "class-10");
    }
}
