//! The languages the server speaks. Adding one: a folder `locales/<code>/` with the same
//! files as `locales/en/`, and one line in the `languages!` call below.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use unic_langid::LanguageIdentifier;

/// The catalogue files of a language, by the folder's code. A new file is one line here.
macro_rules! catalogue_files {
    ($code:literal) => {
        [
            ("emails.ftl", include_str!(concat!("../locales/", $code, "/emails.ftl"))),
            ("notifications.ftl", include_str!(concat!("../locales/", $code, "/notifications.ftl"))),
            ("errors.ftl", include_str!(concat!("../locales/", $code, "/errors.ftl"))),
            ("validation.ftl", include_str!(concat!("../locales/", $code, "/validation.ftl"))),
            ("messages.ftl", include_str!(concat!("../locales/", $code, "/messages.ftl"))),
            ("tuition.ftl", include_str!(concat!("../locales/", $code, "/tuition.ftl"))),
            ("site.ftl", include_str!(concat!("../locales/", $code, "/site.ftl"))),
            ("http.ftl", include_str!(concat!("../locales/", $code, "/http.ftl"))),
            ("moderation.ftl", include_str!(concat!("../locales/", $code, "/moderation.ftl"))),
            ("verification.ftl", include_str!(concat!("../locales/", $code, "/verification.ftl"))),
            ("reviews.ftl", include_str!(concat!("../locales/", $code, "/reviews.ftl"))),
            ("scheduling.ftl", include_str!(concat!("../locales/", $code, "/scheduling.ftl"))),
            ("bookings.ftl", include_str!(concat!("../locales/", $code, "/bookings.ftl"))),
            ("calendar.ftl", include_str!(concat!("../locales/", $code, "/calendar.ftl"))),
            ("lessons.ftl", include_str!(concat!("../locales/", $code, "/lessons.ftl"))),
        ]
    };
}

macro_rules! languages {
    ($($variant:ident => $code:literal),+ $(,)?) => {
        /// A language the server speaks, stored and sent as its code (`en`, `hi`).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Language {
            $($variant),+
        }

        impl Language {
            /// Every language, English (the reference and fallback) first.
            pub const ALL: &'static [Language] = &[$(Language::$variant),+];

            /// The code it is stored and sent as (an ISO 639-1 language subtag).
            pub fn code(self) -> &'static str {
                match self {
                    $(Language::$variant => $code),+
                }
            }

            /// The Fluent files of this language: (file name, source).
            pub(crate) fn sources(self) -> &'static [(&'static str, &'static str)] {
                match self {
                    $(Language::$variant => &catalogue_files!($code)),+
                }
            }
        }
    };
}

languages! {
    En => "en",
    Hi => "hi",
}

impl Language {
    /// What a message missing in another language is rendered in, and what a visitor
    /// whose browser asks for no language the server speaks reads.
    pub const FALLBACK: Language = Language::En;

    /// Exactly one of the codes (`en`, `hi`), as stored and as the API takes it.
    pub fn parse(code: &str) -> Option<Language> {
        Self::ALL.iter().copied().find(|l| l.code() == code)
    }

    /// The language of a BCP 47 tag (`hi-IN` → Hindi), by its primary subtag.
    pub fn from_tag(tag: &str) -> Option<Language> {
        let id: LanguageIdentifier = tag.trim().parse().ok()?;
        Self::parse(id.language.as_str())
    }

    pub(crate) fn identifier(self) -> LanguageIdentifier {
        self.code().parse().unwrap_or_default()
    }

    /// A stored code as a language; anything unknown (none is stored) reads as the fallback.
    pub fn from_stored(code: &str) -> Language {
        Self::parse(code).unwrap_or(Self::FALLBACK)
    }
}

impl Default for Language {
    fn default() -> Self {
        Self::FALLBACK
    }
}

impl std::fmt::Display for Language {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

impl Serialize for Language {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.code())
    }
}

impl<'de> Deserialize<'de> for Language {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let code = String::deserialize(deserializer)?;
        Language::parse(&code).ok_or_else(|| serde::de::Error::custom(format!("unknown language '{code}'")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_and_tags_match_by_primary_subtag() {
        for &lang in Language::ALL {
            assert_eq!(Language::parse(lang.code()), Some(lang));
        }
        assert_eq!(Language::from_tag("hi-IN"), Some(Language::Hi));
        assert_eq!(Language::from_tag("HI"), Some(Language::Hi));
        assert_eq!(Language::from_tag("en-GB"), Some(Language::En));
        assert_eq!(Language::from_tag("fr"), None);
        assert_eq!(Language::parse("hi-IN"), None);
        assert_eq!(Language::from_stored("xx"), Language::En);
    }
}
