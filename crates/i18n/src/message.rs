//! A message by id with its arguments: what domain crates hand to the shell, and what a
//! notification stores so that it can be rendered in its reader's language later.

use std::borrow::Cow;
use std::collections::BTreeMap;

use hometutor_vocabulary::Facet;
use serde::{Deserialize, Serialize};

use crate::Language;

/// A value a message's placeholder (`{ $name }`) takes. Numbers choose plural forms.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Arg {
    Int(i64),
    Float(f64),
    Text(String),
    /// A calendar day, written the language's way (`5 January 2027`, `5 जनवरी 2027`).
    Date {
        date: String,
    },
    /// Another message of the catalogue, without arguments (a field's name), in the same language.
    Message {
        message: String,
    },
    /// A subject or a class: with a vocabulary id, the id's label in the reader's language
    /// ('maths' reads 'गणित' in Hindi); without one, a parent's own words as they are.
    Term {
        /// `subject`, `class` or `board`.
        term: String,
        /// The vocabulary's id, when the words name one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<String>,
        text: String,
    },
}

impl Arg {
    /// The catalogue message `id` (one without arguments), rendered in the language of the text it goes into.
    pub fn message(id: impl Into<String>) -> Self {
        Arg::Message { message: id.into() }
    }

    /// A request's subject as stored: `id` its vocabulary id (`other`, or none, when the text is
    /// the parent's own words), `text` the words stored beside it. Labelled by the id, never by
    /// matching the words: a parent's own 'Mathematics' stays as typed in every language.
    pub fn subject(id: Option<&str>, text: &str) -> Self {
        Self::term(Facet::Subject, "subject", id, text)
    }

    /// A request's class as stored, like [`Arg::subject`] ('Class 8', or a parent's own words).
    pub fn class(id: Option<&str>, text: &str) -> Self {
        Self::term(Facet::Class, "class", id, text)
    }

    /// A board by its id ('CBSE', 'सीबीएसई').
    pub fn board(id: &str) -> Self {
        let text = hometutor_vocabulary::label(Facet::Board, id).unwrap_or(id);
        Arg::Term { term: "board".into(), id: Some(id.into()), text: text.into() }
    }

    /// Only an id the vocabulary knows is kept (not `other`, nor one it no longer has).
    fn term(facet: Facet, term: &str, id: Option<&str>, text: &str) -> Self {
        let id = id.and_then(|id| hometutor_vocabulary::find(facet, id)).map(|t| t.id.to_string());
        Arg::Term { term: term.into(), id, text: text.into() }
    }

    /// The text of a [`Arg::Term`] in `language`: the id's label there; the words themselves
    /// without an id.
    pub(crate) fn term_in(term: &str, id: Option<&str>, text: &str, language: &str) -> String {
        let facet = match term {
            "subject" => Facet::Subject,
            "class" => Facet::Class,
            "board" => Facet::Board,
            _ => return text.to_string(),
        };
        id.and_then(|id| hometutor_vocabulary::label_in(facet, id, language)).unwrap_or(text).to_string()
    }

    /// The day `year-month-day` (month 1 to 12).
    pub fn date(year: i32, month: u32, day: u32) -> Self {
        Arg::Date { date: format!("{year:04}-{month:02}-{day:02}") }
    }
}

impl From<&str> for Arg {
    fn from(v: &str) -> Self {
        Arg::Text(v.to_string())
    }
}

impl From<String> for Arg {
    fn from(v: String) -> Self {
        Arg::Text(v)
    }
}

impl From<&String> for Arg {
    fn from(v: &String) -> Self {
        Arg::Text(v.clone())
    }
}

macro_rules! int_args {
    ($($t:ty),+) => {
        $(impl From<$t> for Arg {
            fn from(v: $t) -> Self {
                Arg::Int(i64::try_from(v).unwrap_or(i64::MAX))
            }
        })+
    };
}
int_args!(i32, i64, u32, u64, usize);

impl From<f64> for Arg {
    fn from(v: f64) -> Self {
        Arg::Float(v)
    }
}

/// A message id and its arguments.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Message {
    pub id: Cow<'static, str>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub args: BTreeMap<String, Arg>,
}

impl Message {
    pub fn new(id: impl Into<Cow<'static, str>>) -> Self {
        Self { id: id.into(), args: BTreeMap::new() }
    }

    /// The message with one more argument.
    pub fn arg(mut self, name: &str, value: impl Into<Arg>) -> Self {
        self.args.insert(name.to_string(), value.into());
        self
    }

    /// The text in `language` (in English when the language lacks it).
    pub fn render(&self, language: Language) -> String {
        crate::catalogue::render(language, &self.id, self.args.iter().map(|(k, v)| (k.as_str(), v)))
    }
}

impl Message {
    /// A text that is no catalogue message (a person's own words, a chat preview): it reads
    /// the same in every language.
    pub fn plain(text: impl Into<String>) -> Self {
        Message::new(PLAIN).arg("text", text.into())
    }
}

/// The catalogue message that renders its `text` argument as it is.
pub(crate) const PLAIN: &str = "plain-text";

/// A string is a [`Message::plain`] text; a message from the catalogue is [`Message::new`].
impl From<&str> for Message {
    fn from(text: &str) -> Self {
        Message::plain(text)
    }
}

impl From<String> for Message {
    fn from(text: String) -> Self {
        Message::plain(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_subject_and_a_class_read_in_the_readers_language_and_own_words_as_written() {
        let invite = Message::new("notice-invite-body")
            .arg("subject", Arg::subject(Some("maths"), "Mathematics"))
            .arg("classLevel", Arg::class(Some("class-8"), "Class 8"));
        let stored: Message = serde_json::from_str(&serde_json::to_string(&invite).unwrap_or_default()).expect("json");
        assert_eq!(stored, invite);
        assert!(
            stored.render(Language::Hi).starts_with("विषय: गणित · कक्षा: कक्षा 8।"),
            "{}",
            stored.render(Language::Hi)
        );
        assert!(stored.render(Language::En).starts_with("Subject: Mathematics · Class: Class 8."));
        let own = Message::new("notice-closed-title").arg("subject", Arg::subject(Some("other"), "Vedic maths"));
        assert!(own.render(Language::Hi).contains("Vedic maths"), "{}", own.render(Language::Hi));
    }

    #[test]
    fn a_term_is_labelled_by_its_id_never_by_its_words() {
        // A parent's own words that equal a label, with no id or 'other', stay as typed.
        for id in [None, Some("other")] {
            let own = Message::new("notice-closed-title").arg("subject", Arg::subject(id, "Mathematics"));
            assert!(own.render(Language::Hi).contains("Mathematics"), "{id:?}: {}", own.render(Language::Hi));
        }
        // A chosen term whose words differ from its label reads as its label, in each language.
        let chosen = Message::new("notice-flagged-title").arg("subject", Arg::subject(Some("maths"), "maths tuition"));
        assert_eq!(chosen.render(Language::Hi), "आपके गणित अनुरोध को फ़्लैग किया गया है");
        assert_eq!(chosen.render(Language::En), "Your Mathematics request was flagged");
        // An id the vocabulary does not have is no label: the words as stored.
        let unknown = Message::new("notice-flagged-title").arg("subject", Arg::subject(Some("no-such-id"), "Abacus"));
        assert_eq!(unknown.render(Language::Hi), "आपके Abacus अनुरोध को फ़्लैग किया गया है");
    }

    #[test]
    fn a_message_round_trips_through_json() {
        let message =
            Message::new("x").arg("name", "Asha").arg("count", 3).arg("km", 2.5).arg("on", Arg::date(2027, 1, 5));
        let json = serde_json::to_string(&message).unwrap_or_default();
        assert_eq!(json, r#"{"id":"x","args":{"count":3,"km":2.5,"name":"Asha","on":{"date":"2027-01-05"}}}"#);
        assert_eq!(serde_json::from_str::<Message>(&json).ok(), Some(message));
        assert_eq!(serde_json::from_str::<Message>(r#"{"id":"y"}"#).ok(), Some(Message::new("y")));
        let said = Message::from("नमस्ते, {$x} as typed");
        assert_eq!(
            (said.render(Language::En), said.render(Language::Hi)),
            (said.render(Language::Hi), "नमस्ते, {$x} as typed".into())
        );
    }
}
