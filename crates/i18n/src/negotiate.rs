//! Choosing a language from `Accept-Language` (RFC 9110 §12.5.4).

use crate::Language;

/// The language the server speaks that the header ranks highest: each range's q-value
/// (1 when absent; 0 means "not this one"), the earlier range winning a tie. `*` stands
/// for the fallback. A header that names none of ours, or that cannot be read, gives
/// the fallback (English).
pub fn negotiate(accept_language: &str) -> Language {
    let mut best: Option<(u16, Language)> = None;
    for range in accept_language.split(',') {
        let mut parts = range.split(';');
        let tag = parts.next().unwrap_or_default().trim();
        if tag.is_empty() {
            continue;
        }
        let Some(weight) = weight(parts) else { continue };
        if weight == 0 {
            continue;
        }
        let language = if tag == "*" { Some(Language::FALLBACK) } else { Language::from_tag(tag) };
        let Some(language) = language else { continue };
        if best.is_none_or(|(top, _)| weight > top) {
            best = Some((weight, language));
        }
    }
    best.map_or(Language::FALLBACK, |(_, language)| language)
}

/// The range's q-value in thousandths; `None` for a malformed one (the range is skipped).
fn weight<'a>(params: impl Iterator<Item = &'a str>) -> Option<u16> {
    let mut weight = 1000;
    for param in params {
        let (name, value) = param.split_once('=')?;
        if name.trim().eq_ignore_ascii_case("q") {
            weight = qvalue(value.trim())?;
        }
    }
    Some(weight)
}

/// `qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )`
fn qvalue(raw: &str) -> Option<u16> {
    let (whole, fraction) = raw.split_once('.').unwrap_or((raw, ""));
    if fraction.len() > 3 || !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let thousandths: u16 = format!("{fraction:0<3}").parse().ok()?;
    match whole {
        "0" => Some(thousandths),
        "1" if thousandths == 0 => Some(1000),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Language::{En, Hi};

    #[test]
    fn hindi_when_it_ranks_highest_among_ours() {
        assert_eq!(negotiate("hi"), Hi);
        assert_eq!(negotiate("hi-IN"), Hi);
        assert_eq!(negotiate("hi-IN,hi;q=0.9,en-US;q=0.8,en;q=0.7"), Hi);
        assert_eq!(negotiate("en;q=0.5, hi;q=0.8"), Hi);
        assert_eq!(negotiate("fr-FR, hi;q=0.3"), Hi);
        assert_eq!(negotiate("HI-in ; Q=1.0"), Hi);
    }

    #[test]
    fn english_otherwise() {
        assert_eq!(negotiate(""), En);
        assert_eq!(negotiate("en-US,en;q=0.9,hi;q=0.8"), En);
        assert_eq!(negotiate("fr, de;q=0.9"), En);
        assert_eq!(negotiate("hi;q=0"), En);
        assert_eq!(negotiate("hi;q=0.000"), En);
        assert_eq!(negotiate("*, hi;q=0.5"), En);
        assert_eq!(negotiate("en, hi"), En, "a tie goes to the earlier range");
        assert_eq!(negotiate(";;,,"), En);
    }

    #[test]
    fn malformed_q_values_drop_their_range() {
        assert_eq!(negotiate("hi;q=2, en;q=0.1"), En);
        assert_eq!(negotiate("hi;q=0.5555, en;q=0.1"), En);
        assert_eq!(negotiate("hi;q=abc"), En);
        assert_eq!(negotiate("hi;q=1.000"), Hi);
        assert_eq!(negotiate("hi;q=.5"), En);
        assert_eq!(negotiate("en;q=0.001, hi;q=0.01"), Hi);
    }
}
