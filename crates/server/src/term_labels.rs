//! Vocabulary labels in the request's language for the answers that carry terms (tutor cards,
//! profiles, recommendations, a tutor's own area, a tuition request's subject and class, for its
//! parent, a tutor and an admin). The domain crates label terms in English; the shell swaps a
//! term's label by its id just before answering. English answers are left as they are built, byte
//! for byte. The free words of an 'other' entry are never translated.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::OnceLock;

use hometutor_i18n::Language;
use hometutor_vocabulary::{label_in, Facet};

use crate::routes::vocabulary::TermDto;

const FACETS: [Facet; 4] = [Facet::Subject, Facet::Class, Facet::Board, Facet::Mode];

/// One language's labels that differ from the English ones, by facet and id; built once per
/// process, so relabelling a card costs a hash lookup per term and no allocation.
pub struct Labels {
    by_facet: [HashMap<&'static str, &'static str>; 4],
}

impl Labels {
    fn of(language: Language) -> Self {
        let by_facet = FACETS.map(|facet| {
            facet
                .terms()
                .iter()
                .filter_map(|t| label_in(facet, t.id, language.code()).filter(|l| *l != t.label).map(|l| (t.id, l)))
                .collect()
        });
        Self { by_facet }
    }

    fn table(&self, facet: Facet) -> &HashMap<&'static str, &'static str> {
        let index = FACETS.iter().position(|f| *f == facet).unwrap_or(0);
        &self.by_facet[index]
    }

    /// The label a reader of this language sees for `id`, when it is not the English one.
    #[cfg(test)]
    pub fn label(&self, facet: Facet, id: &str) -> Option<&'static str> {
        self.table(facet).get(id).copied()
    }

    /// Relabels the known terms of `list` (an 'other' entry keeps the person's words).
    pub fn relabel(&self, facet: Facet, list: &mut [TermDto]) {
        let table = self.table(facet);
        for term in list {
            if let Some(label) = table.get(term.id.as_str()) {
                term.label = Cow::Borrowed(label);
            }
        }
    }

    /// A request's subject or class as this reader reads it: the term's label when the request
    /// names one of the vocabulary's (`id`), else the words stored (an 'other' entry, or no id).
    pub fn relabel_text(&self, facet: Facet, id: Option<&str>, text: &mut String) {
        if let Some(label) = id.and_then(|id| self.table(facet).get(id)) {
            (*label).clone_into(text);
        }
    }

    /// A request's subject and class, each as `relabel_text` reads it: `(id, text)` pairs.
    pub fn relabel_request(&self, subject: (Option<&str>, &mut String), class: (Option<&str>, &mut String)) {
        self.relabel_text(Facet::Subject, subject.0, subject.1);
        self.relabel_text(Facet::Class, class.0, class.1);
    }

    /// Relabels the four lists an answer carries, in the vocabulary's facet order.
    pub fn relabel_all(&self, [subjects, classes, boards, modes]: [&mut [TermDto]; 4]) {
        self.relabel(Facet::Subject, subjects);
        self.relabel(Facet::Class, classes);
        self.relabel(Facet::Board, boards);
        self.relabel(Facet::Mode, modes);
    }
}

/// The labels for a reader of `language`; `None` for English, whose answers keep the labels
/// the domain gave them.
pub fn labels(language: Language) -> Option<&'static Labels> {
    static TABLES: OnceLock<Vec<(Language, Labels)>> = OnceLock::new();
    if language == Language::En {
        return None;
    }
    let tables = TABLES
        .get_or_init(|| Language::ALL.iter().filter(|l| **l != Language::En).map(|&l| (l, Labels::of(l))).collect());
    tables.iter().find(|(l, _)| *l == language).map(|(_, labels)| labels)
}

#[cfg(test)]
mod tests {
    use super::*;
    use hometutor_vocabulary::OTHER;

    fn term(id: &str, label: &str) -> TermDto {
        TermDto { id: id.to_string(), label: Cow::Owned(label.to_string()), synonyms: Vec::new() }
    }

    #[test]
    fn english_has_no_table_and_hindi_names_every_term() {
        assert!(labels(Language::En).is_none());
        let hindi = labels(Language::Hi).expect("Hindi labels");
        assert_eq!(hindi.label(Facet::Subject, "maths"), Some("गणित"));
        assert_eq!(hindi.label(Facet::Class, "class-8"), Some("कक्षा 8"));
        for facet in FACETS {
            for t in facet.terms() {
                let shown = hindi.label(facet, t.id).unwrap_or(t.label);
                assert_eq!(Some(shown), label_in(facet, t.id, "hi"), "{facet:?} {}", t.id);
            }
        }
    }

    #[test]
    fn an_other_entry_keeps_the_persons_words() {
        let hindi = labels(Language::Hi).expect("Hindi labels");
        let mut list = [term("maths", "Mathematics"), term(OTHER, "Maths"), term(OTHER, "maths")];
        hindi.relabel(Facet::Subject, &mut list);
        let shown: Vec<&str> = list.iter().map(|t| t.label.as_ref()).collect();
        assert_eq!(shown, ["गणित", "Maths", "maths"]);
    }

    #[test]
    fn a_requests_subject_and_class_read_in_hindi_unless_they_are_the_parents_own_words() {
        let hindi = labels(Language::Hi).expect("Hindi labels");
        let mut subject = "Mathematics".to_string();
        hindi.relabel_text(Facet::Subject, Some("maths"), &mut subject);
        assert_eq!(subject, "गणित");
        let mut class = "Class 8".to_string();
        hindi.relabel_text(Facet::Class, Some("class-8"), &mut class);
        assert_eq!(class, "कक्षा 8");
        for (id, words) in [(Some(OTHER), "CA Foundation"), (None, "Vedic maths"), (Some("no-such-id"), "Abacus")] {
            let mut text = words.to_string();
            hindi.relabel_text(Facet::Subject, id, &mut text);
            assert_eq!(text, words, "{id:?}");
        }
    }
}
