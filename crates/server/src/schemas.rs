//! The request schemas several routes share in the OpenAPI document: kinds of
//! text, an e-mail address, a phone number, a one-time code, a password, a
//! point on the map. Each is built from the limit the domain enforces (its
//! constant), so the document cannot drift from the rule; a request type points a
//! field at one with `#[schema(schema_with = …)]`, through a function of its own
//! when the limit is the field's.
//!
//! Patterns list their character classes instead of using `\s` or `\S`, whose
//! meaning differs between ECMA 262 (the dialect of JSON Schema), Python and
//! Rust: whitespace here is exactly what Rust's `str::trim` removes, control
//! characters exactly what `char::is_control` counts.
//!
//! Not stated per field: no string may contain NUL (U+0000), in any body, query
//! or path. That rule holds for every string alike (`crate::input`), so the
//! document says it once, in its description, rather than in a pattern on every
//! string, which would crowd every generated client with a check of its own.

use hometutor_core::{Email, Otp, Password, Phone};
use hometutor_geo::Point;
use utoipa::openapi::schema::{Object, ObjectBuilder, SchemaType, Type};
use utoipa::openapi::{RefOr, Schema};

/// What `str::trim` removes: Unicode White_Space, as `char::is_whitespace` has it.
const WHITESPACE: &str = r"\t\n\x0B\f\r \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000";
/// [`WHITESPACE`] without the control characters among it.
const SPACES: &str = r" \xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000";
/// Control characters, as `char::is_control` has them (Unicode Cc).
const CONTROL: &str = r"\x00-\x1F\x7F-\x9F";
/// The control characters multi-line text refuses: all but tab, line feed and carriage return.
const CONTROL_BUT_BREAKS: &str = r"\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F";

fn string(nullable: bool) -> ObjectBuilder {
    let schema_type = match nullable {
        true => SchemaType::from_iter([Type::String, Type::Null]),
        false => SchemaType::Type(Type::String),
    };
    ObjectBuilder::new().schema_type(schema_type)
}

/// One line of text (`hometutor_core::single_line`): no control character anywhere, not
/// blank, at most `max` characters.
pub fn one_line(max: usize) -> ObjectBuilder {
    string(false)
        .description(Some(format!("One line without control characters, not blank, at most {max} characters.")))
        .max_length(Some(max))
        .pattern(Some(format!("^[^{CONTROL}]*[^{CONTROL}{WHITESPACE}][^{CONTROL}]*$")))
}

/// [`one_line`], or null for "leave it as it is".
pub fn one_line_or_null(max: usize) -> ObjectBuilder {
    let one_line = one_line(max).build();
    string(true)
        .description(Some(format!("{} Null or absent: unchanged.", one_line.description.unwrap_or_default())))
        .max_length(one_line.max_length)
        .pattern(one_line.pattern)
}

/// Text of several lines checked as sent (`hometutor_core::multi_line`): line breaks and tabs
/// are the only control characters; may be blank; at most `max` characters.
pub fn multi_line(max: usize) -> ObjectBuilder {
    string(false)
        .description(Some(format!(
            "Text; line breaks and tabs are the only control characters allowed; at most {max} characters."
        )))
        .max_length(Some(max))
        .pattern(Some(format!("^[^{CONTROL_BUT_BREAKS}]*$")))
}

/// Text of several lines checked once trimmed: not blank, and between its first and last
/// visible character line breaks and tabs are the only control characters.
pub fn multi_line_trimmed(max: usize) -> ObjectBuilder {
    let (ws, visible) = (WHITESPACE, format!("[^{CONTROL_BUT_BREAKS}{WHITESPACE}]"));
    string(false)
        .description(Some(format!(
            "Text, not blank; line breaks and tabs are the only control characters allowed; at most {max} \
             characters."
        )))
        .max_length(Some(max))
        .pattern(Some(format!("^[{ws}]*{visible}(?:[^{CONTROL_BUT_BREAKS}]*{visible})?[{ws}]*$")))
}

/// Any text that is not blank (all whitespace, or empty).
pub fn not_blank() -> ObjectBuilder {
    string(false).description(Some("Not blank.")).pattern(Some(format!("[^{WHITESPACE}]")))
}

/// [`not_blank`], at most `max` characters.
pub fn not_blank_at_most(max: usize) -> ObjectBuilder {
    not_blank().description(Some(format!("Not blank; at most {max} characters."))).max_length(Some(max))
}

/// `ws* <digits> ws*`: what `Phone` and `Otp` take, trimmed.
fn digits(count: usize) -> String {
    format!("^[{WHITESPACE}]*[0-9]{{{count}}}[{WHITESPACE}]*$")
}

/// An address as `hometutor_core::Email::parse` takes it.
pub fn email() -> Object {
    email_around(WHITESPACE)
}

/// An address to log in with: [`email`], though login, which only looks the address up, refuses
/// a control character even in the whitespace around it (`hometutor_core::single_line`).
pub fn login_email() -> Object {
    email_around(SPACES)
}

/// An address with any of `around` before and after it.
fn email_around(around: &str) -> Object {
    let visible = format!("{WHITESPACE}{CONTROL}");
    // Not `format: email`: RFC 5321 and the server differ both ways (the server takes `a..b@x.in`,
    // which RFC 5321 refuses, and refuses `x@localhost`, which it allows).
    string(false)
        .description(Some(format!(
            "An e-mail address: one `@`, a dotted domain, no spaces or control characters, at most {} bytes \
             ({} before the `@`); surrounding spaces are ignored and letters are lowercased.",
            Email::MAX_BYTES,
            Email::MAX_LOCAL_BYTES
        )))
        .max_length(Some(Email::MAX_BYTES))
        .pattern(Some(format!(
            "^[{around}]*[^@{visible}]{{1,{local}}}@[^@.{visible}]+(?:\\.[^@.{visible}]+)+[{around}]*$",
            local = Email::MAX_LOCAL_BYTES
        )))
        .build()
}

/// [`email`], or null for "leave it as it is".
pub fn email_or_null() -> Object {
    let email = email();
    string(true)
        .description(email.description.map(|d| format!("{d} Null or absent: unchanged.")))
        .max_length(email.max_length)
        .pattern(email.pattern)
        .build()
}

/// A phone number people can call, as `hometutor_admin::check_support_phone` takes it: 7 to 15
/// digits, with spaces, dashes and brackets, and a leading `+`; or null for "leave it as it is".
pub fn support_phone_or_null() -> Object {
    let sep = "[ ()-]*";
    string(true)
        .description(Some(format!(
            "7 to 15 digits, with spaces, dashes, brackets and a leading +; at most {} characters. Null or \
             absent: unchanged.",
            hometutor_admin::MAX_SUPPORT_PHONE_CHARS
        )))
        .max_length(Some(hometutor_admin::MAX_SUPPORT_PHONE_CHARS))
        .pattern(Some(format!("^[{WHITESPACE}]*\\+?{sep}(?:[0-9]{sep}){{7,15}}[{WHITESPACE}]*$")))
        .build()
}

/// An Indian mobile number as `Phone::parse` takes it.
pub fn phone() -> Object {
    phone_schema(false).build()
}

/// [`phone`], or null for "leave it as it is".
pub fn phone_or_null() -> Object {
    phone_schema(true).build()
}

fn phone_schema(nullable: bool) -> ObjectBuilder {
    let unchanged = if nullable { " Null or absent: unchanged." } else { "" };
    string(nullable)
        .description(Some(format!("Exactly {} digits.{unchanged}", Phone::DIGITS)))
        .pattern(Some(digits(Phone::DIGITS)))
}

/// The code of a verification or reset e-mail, as `Otp::parse` takes it.
pub fn otp() -> Object {
    string(false)
        .description(Some(format!("The {}-digit code from the e-mail.", Otp::DIGITS)))
        .pattern(Some(digits(Otp::DIGITS)))
        .build()
}

/// A password being chosen, as `Password::parse` takes it. JSON Schema counts characters, so
/// `maxLength` is the byte limit, exact for ASCII; longer UTF-8 is refused by the server.
pub fn new_password() -> Object {
    string(false)
        .description(Some(format!(
            "At least {} characters and at most {} bytes in UTF-8 (bcrypt reads no further).",
            Password::MIN_CHARS,
            Password::MAX_BYTES
        )))
        .min_length(Some(Password::MIN_CHARS))
        .max_length(Some(Password::MAX_BYTES))
        .build()
}

/// The token of an e-mailed verification link.
pub fn link_token() -> Object {
    string(false)
        .description(Some("The token of the link."))
        .min_length(Some(1))
        .max_length(Some(hometutor_auth::MAX_LINK_TOKEN_BYTES))
        .build()
}

// The text pattern of `coordinates_text` below spells these ranges out.
const _: () = assert!(Point::MAX_LAT == 90.0 && Point::MAX_LNG == 180.0);

/// The nearby search's centre as a query string, `[longitude,latitude]` (brackets optional), as
/// `routes::tuition::parse_coordinates` takes it, plain decimals within the ranges.
pub fn coordinates_text() -> Object {
    let ws = format!("[{WHITESPACE}]*");
    let lat = r"[+-]?(?:90(?:\.0*)?|[1-8]?[0-9](?:\.[0-9]*)?)";
    let lng = r"[+-]?(?:180(?:\.0*)?|(?:1[0-7][0-9]|[1-9]?[0-9])(?:\.[0-9]*)?)";
    string(false)
        .description(Some("`[longitude,latitude]` of the search centre in degrees, e.g. `[77.209,28.6139]`."))
        .pattern(Some(format!(r"^{ws}\[*{ws}{lng}{ws},{ws}{lat}{ws}\]*{ws}$")))
        .build()
}

/// Types whose schema is one of the functions above, for query parameters: there utoipa's
/// `schema_with` drops `required`, and `#[param(value_type = …, inline)]` keeps it.
macro_rules! parameter_schemas {
    ($($(#[$doc:meta])* $name:ident => $schema:expr),* $(,)?) => {
        $(
            $(#[$doc])*
            pub struct $name;

            impl utoipa::PartialSchema for $name {
                fn schema() -> RefOr<Schema> {
                    RefOr::T($schema.into())
                }
            }

            impl utoipa::ToSchema for $name {}
        )*
    };
}

parameter_schemas! {
    /// [`email`] as a query parameter.
    EmailParameter => email(),
    /// [`link_token`] as a query parameter.
    LinkTokenParameter => link_token(),
    /// [`coordinates_text`] as a query parameter.
    CoordinatesParameter => coordinates_text(),
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use hometutor_core::{multi_line as multi_line_rule, single_line, Email, Otp, Phone};
    use regex::Regex;
    use utoipa::openapi::Object;

    /// The schema's pattern for Rust's regex crate, which spells `\u1680` as `\x{1680}`.
    fn pattern(schema: &Object) -> Regex {
        let ecma = schema.pattern.as_deref().expect("a pattern");
        let unicode = Regex::new(r"\\u([0-9A-Fa-f]{4})").unwrap();
        Regex::new(&unicode.replace_all(ecma, r"\x{$1}")).unwrap()
    }

    /// Text that tells the dialects apart: Rust trims U+0085 and not U+FEFF, ECMA 262's `\s` is the
    /// other way round, Python's `\s` takes U+001C; and the control characters either side.
    const AWKWARD: &[&str] =
        &["", " ", "\t", "\u{85}", "\u{a0}", "\u{3000}", "\u{feff}", "\u{1c}", "\u{200b}", "\u{7f}", "\u{9f}", "\r\n"];

    /// Every sample, and each with awkward characters before, inside and after it.
    fn variants(samples: &[&str]) -> Vec<String> {
        let mut all: Vec<String> = samples.iter().map(|s| s.to_string()).collect();
        for s in samples {
            for a in AWKWARD {
                let mid = s.len() / 2;
                let mid = (0..=mid).rev().find(|i| s.is_char_boundary(*i)).unwrap_or(0);
                all.extend([format!("{a}{s}"), format!("{s}{a}"), format!("{}{a}{}", &s[..mid], &s[mid..])]);
            }
        }
        all
    }

    /// The document accepts exactly what the server's rule accepts.
    fn agree(schema: Object, rule: impl Fn(&str) -> bool, samples: &[&str]) {
        let pattern = pattern(&schema);
        for text in variants(samples) {
            assert_eq!(pattern.is_match(&text), rule(&text), "{text:?} against {pattern}");
        }
    }

    /// `\s`, `\d`, `\w` and their negations mean different characters in ECMA 262, Python and Rust:
    /// the patterns spell their classes out instead.
    #[test]
    fn the_patterns_use_no_dialect_dependent_class() {
        let schemas = [
            super::email(),
            super::login_email(),
            super::phone(),
            super::support_phone_or_null(),
            super::email_or_null(),
            super::otp(),
            super::one_line(1).build(),
            super::multi_line(1).build(),
            super::multi_line_trimmed(1).build(),
            super::not_blank().build(),
            super::coordinates_text(),
        ];
        for schema in schemas {
            let pattern = schema.pattern.expect("a pattern");
            for class in [r"\s", r"\S", r"\d", r"\D", r"\w", r"\W", r"\b"] {
                assert!(!pattern.contains(class), "{pattern} uses {class}");
            }
        }
    }

    #[test]
    fn the_email_pattern_is_the_servers_rule() {
        let samples = [
            "a@b.in",
            "Asha.K@Example.COM",
            "a..b@x.in",
            "x@localhost",
            "a b@x.in",
            "a@b@c.in",
            "@b.in",
            "a@.b.in",
            "a@b..in",
            "a@b.in.",
            "ü@x.de",
            "plain",
        ];
        agree(super::email(), |s| Email::parse(s).is_ok(), &samples);
        // Login takes any address of one line; what its pattern takes, login and `Email` take.
        let login = pattern(&super::login_email());
        for text in variants(&samples).iter().filter(|t| login.is_match(t)) {
            assert!(single_line("email", "Email", text).is_ok() && Email::parse(text).is_ok(), "{text:?}");
        }
    }

    #[test]
    fn the_phone_and_code_patterns_are_the_servers_rules() {
        agree(super::phone(), |s| Phone::parse(s).is_ok(), &["9876543210", "987654321", "98765432101", "98765x3210"]);
        agree(super::otp(), |s| Otp::parse(s).is_ok(), &["012345", "12345", "1234567", "12a456"]);
        let support = ["+91 98765 43210", "011-2345-6789", "(080) 1234567", "123456", "1234567890123456", "+-1234567"];
        let more = ["1234567+", "( +1234567", "1234567 (", "91x2345678", "+91 (0)11 2345 6789"];
        let samples: Vec<&str> = support.iter().chain(more.iter()).copied().collect();
        agree(super::support_phone_or_null(), |s| hometutor_admin::check_support_phone(s).is_ok(), &samples);
    }

    #[test]
    fn the_text_patterns_are_the_servers_rules() {
        let samples = ["Maths", "Class 10", "two\nlines", "tab\there", "x", "नमस्ते दुनिया"];
        let one_line_rule = |s: &str| single_line("f", "F", s).is_ok_and(|t| !t.is_empty());
        agree(super::one_line(100).build(), one_line_rule, &samples);
        agree(super::multi_line(100).build(), |s| multi_line_rule("f", "F", s).is_ok(), &samples);
        let trimmed_rule = |s: &str| !s.trim().is_empty() && multi_line_rule("f", "F", s.trim()).is_ok();
        agree(super::multi_line_trimmed(100).build(), trimmed_rule, &samples);
        agree(super::not_blank().build(), |s| !s.trim().is_empty(), &samples);
    }

    #[test]
    fn the_coordinates_pattern_is_the_servers_rule() {
        let samples = [
            "[77.209,28.6139]",
            "77.2, 28.6",
            "[180,90]",
            "[-180,-90]",
            "[180.0,90.00]",
            "[180.5,0]",
            "[0,90.1]",
            "[200,10]",
            "[77.2]",
            "[77.2,28.6,1]",
            "[x,y]",
            "[[77.2,28.6]]",
            "[1.,2.]",
            "[+5,-0]",
            "[100,0]",
            "[99,89]",
        ];
        agree(super::coordinates_text(), |s| crate::routes::tuition::parse_coordinates(s).is_some(), &samples);
        // Spellings the document leaves out though the server reads them.
        let narrower = pattern(&super::coordinates_text());
        for text in ["[1e1,2]", "[.5,1]", "[007,1]"] {
            assert!(!narrower.is_match(text) && crate::routes::tuition::parse_coordinates(text).is_some(), "{text}");
        }
    }
}
