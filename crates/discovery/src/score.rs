//! The recommendation score: a documented, deterministic formula from 0 to 100, with no
//! paid boost (a featured tutor scores like any other).
//!
//! ```text
//! score = 35 × distance fit      1 at the area's centre → 0 at the tutor's radius
//!       + 30 × teaching fit      subject 15, class 10, board 5 (see below) ÷ 30
//!       + 20 × rating            Bayesian mean (C·m + Σ stars) / (C + n), C = 5, m = 4.0,
//!                                mapped from 1–5 stars onto 0–1
//!       + 10 × responsiveness    share of the tutor's conversations with parents started
//!                                in the last 90 days that the tutor answered within 24 h;
//!                                0.5 when unknown (no such conversation)
//!       +  5 × verified          approved by an admin
//! ```
//! rounded to the nearest integer. Teaching fit: the subject scores 15 when the tutor names
//! it, half (7.5) for 'All Subjects' or an empty list; the class 10 when named, half for an
//! empty list; the board 5 when named or when the parent gave none, half for an empty list.
//! Ties are broken by the exact (unrounded) score, then by the tutor's id, so the order
//! never depends on the database's.
//!
//! Reasons, in this order and only those that are true: '2.1 km away', 'Teaches Mathematics
//! for Class 8' (or 'Teaches Mathematics'), 'CBSE', '★ 4.6 from 12 reviews', 'Verified'
//! (a recommendation names the checks passed: 'Verified: ID and qualification checks'),
//! 'Usually replies within a day' (responsiveness known and at least 0.75).

use std::cmp::Ordering;

use hometutor_core::{Arg, Message};
use hometutor_profiles::verification::Checks;
use hometutor_vocabulary::{Choice, Facet};

use crate::card::{names, Candidate, ALL_SUBJECTS};
pub use crate::ratings::{RatingStats, PRIOR_MEAN, PRIOR_REVIEWS};
use crate::tutor_card::shown_distance;

pub const DISTANCE_WEIGHT: f64 = 35.0;
pub const FIT_WEIGHT: f64 = 30.0;
pub const RATING_WEIGHT: f64 = 20.0;
pub const RESPONSIVENESS_WEIGHT: f64 = 10.0;
pub const VERIFIED_WEIGHT: f64 = 5.0;
/// Responsiveness when the tutor has no conversation to judge by.
pub const UNKNOWN_RESPONSIVENESS: f64 = 0.5;
/// 'Usually replies within a day' from this share of answered conversations.
pub const REPLIES_REASON_FROM: f64 = 0.75;

/// What the request asks for, as the score compares it.
#[derive(Debug, Clone, Default)]
pub struct Wanted {
    pub subject: Option<Choice>,
    pub class: Option<Choice>,
    pub board: Option<String>,
}

/// One tutor's score and why.
#[derive(Debug, Clone, PartialEq)]
pub struct Score {
    /// 0–100, rounded.
    pub value: u8,
    /// Unrounded, for ties.
    pub exact: f64,
    /// In words, each a catalogue message (`tuition.ftl`'s `reason-*`), rendered in the reader's language.
    pub reasons: Vec<Message>,
}

fn credit(list: &[Choice], value: Option<&Choice>) -> f64 {
    match value {
        Some(v) if list.iter().any(|c| c.matches(v)) => 1.0,
        _ if list.is_empty() => 0.5,
        None => 1.0,
        Some(_) => 0.0,
    }
}

/// The teaching fit from 0 to 1, and whether subject and class are named (for the reason).
fn fit(tutor: &Candidate, wanted: &Wanted) -> (f64, bool, bool, bool) {
    let subject_named = wanted.subject.as_ref().is_some_and(|s| tutor.subjects.iter().any(|c| c.matches(s)));
    let subject = if subject_named || wanted.subject.is_none() {
        1.0
    } else if tutor.subjects.is_empty() || names(&tutor.subjects, ALL_SUBJECTS) {
        0.5
    } else {
        0.0
    };
    let class_named = wanted.class.as_ref().is_some_and(|w| tutor.classes.iter().any(|c| c.matches(w)));
    let class = credit(&tutor.classes, wanted.class.as_ref());
    let board_named = wanted.board.as_deref().is_some_and(|b| names(&tutor.boards, b));
    let board = match &wanted.board {
        None => 1.0,
        Some(_) if board_named => 1.0,
        Some(_) if tutor.boards.is_empty() => 0.5,
        Some(_) => 0.0,
    };
    ((15.0 * subject + 10.0 * class + 5.0 * board) / 30.0, subject_named, class_named, board_named)
}

/// The score of `tutor` for a request at `distance_km` from their centre.
pub fn score(
    tutor: &Candidate,
    wanted: &Wanted,
    distance_km: f64,
    rating: RatingStats,
    responsiveness: Option<f64>,
) -> Score {
    let distance_fit = if tutor.radius_km > 0.0 { (1.0 - distance_km / tutor.radius_km).clamp(0.0, 1.0) } else { 0.0 };
    let (fit, subject_named, class_named, board_named) = fit(tutor, wanted);
    let rating_fit = ((rating.shrunk() - 1.0) / 4.0).clamp(0.0, 1.0);
    let responsive = responsiveness.unwrap_or(UNKNOWN_RESPONSIVENESS).clamp(0.0, 1.0);
    let exact = DISTANCE_WEIGHT * distance_fit
        + FIT_WEIGHT * fit
        + RATING_WEIGHT * rating_fit
        + RESPONSIVENESS_WEIGHT * responsive
        + if tutor.verified { VERIFIED_WEIGHT } else { 0.0 };
    // As the card says it: a tutor in the same locality is not '0.0 km away'.
    let shown = shown_distance(distance_km);
    let mut reasons = vec![if shown < 0.1 {
        Message::new("reason-near")
    } else {
        // Written here, not by the catalogue's number format: always one decimal ('2.0 km away').
        Message::new("reason-away").arg("km", format!("{shown:.1}"))
    }];
    if subject_named {
        let subject = Arg::subject(
            wanted.subject.as_ref().map(Choice::id),
            wanted.subject.as_ref().map(Choice::label).unwrap_or_default(),
        );
        reasons.push(match wanted.class.as_ref().filter(|_| class_named) {
            Some(class) => Message::new("reason-teaches-for")
                .arg("subject", subject)
                .arg("class", Arg::class(Some(class.id()), class.label())),
            None => Message::new("reason-teaches").arg("subject", subject),
        });
    }
    if board_named {
        if let Some(board) = wanted.board.as_deref().filter(|b| hometutor_vocabulary::label(Facet::Board, b).is_some())
        {
            reasons.push(Message::new("reason-board").arg("board", Arg::board(board)));
        }
    }
    if let Some(mean) = rating.mean() {
        reasons.push(Message::new("reason-rating").arg("mean", format!("{mean:.1}")).arg("count", rating.count));
    }
    if tutor.verified {
        reasons.push(Message::new("reason-verified"));
    }
    if responsiveness.is_some_and(|r| r >= REPLIES_REASON_FROM) {
        reasons.push(Message::new("reason-replies"));
    }
    Score { value: exact.round().clamp(0.0, 100.0) as u8, exact, reasons }
}

/// The 'Verified' reason naming the checks an admin passed ('Verified: ID, qualification and
/// police checks'); plain 'Verified' when the standing approval names none (or is unknown).
/// The checks are one selector, so each language words the list in its own way.
pub fn verified_reason(checks: Option<Checks>) -> Message {
    let passed: Vec<&str> = checks
        .map(|c| [(c.id, "id"), (c.qualification, "qualification"), (c.police, "police")])
        .into_iter()
        .flatten()
        .filter_map(|(passed, name)| passed.then_some(name))
        .collect();
    if passed.is_empty() {
        return Message::new("reason-verified");
    }
    Message::new("reason-verified-checks").arg("checks", passed.join("-"))
}

/// Best first: the higher exact score, then the lower tutor id.
pub fn best_first(a: (&Score, i64), b: (&Score, i64)) -> Ordering {
    b.0.exact.total_cmp(&a.0.exact).then(a.1.cmp(&b.1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use hometutor_geo::Point;
    use hometutor_vocabulary::{find, Facet};

    fn known(facet: Facet, id: &str) -> Choice {
        Choice::Known(find(facet, id).unwrap())
    }

    fn tutor(id: i64) -> Candidate {
        Candidate {
            tutor: id,
            center: Point { lat: 28.57, lng: 77.24 },
            radius_km: 10.0,
            subjects: vec![known(Facet::Subject, "maths")],
            classes: vec![known(Facet::Class, "class-8")],
            boards: vec![known(Facet::Board, "cbse")],
            modes: vec![],
            verified: false,
            fee_per_hour: None,
        }
    }

    fn wanted() -> Wanted {
        Wanted {
            subject: Some(known(Facet::Subject, "maths")),
            class: Some(known(Facet::Class, "class-8")),
            board: Some("cbse".into()),
        }
    }

    fn stats(count: i64, mean: f64) -> RatingStats {
        RatingStats { count, sum: (mean * count as f64).round() as i64 }
    }

    #[test]
    fn nearer_beats_farther_all_else_equal() {
        let near = score(&tutor(2), &wanted(), 1.0, RatingStats::default(), None);
        let far = score(&tutor(1), &wanted(), 6.0, RatingStats::default(), None);
        assert!(near.exact > far.exact);
        assert!(near.value > far.value);
    }

    #[test]
    fn many_good_reviews_beat_one_great_review() {
        // 4.9 from 1 review (sum 5 → the closest integer stars) vs 4.7 from 40.
        let one = RatingStats { count: 1, sum: 5 };
        let forty = RatingStats { count: 40, sum: 188 }; // 4.7
        assert_eq!(forty.mean(), Some(4.7));
        let a = score(&tutor(1), &wanted(), 2.0, one, None);
        let b = score(&tutor(2), &wanted(), 2.0, forty, None);
        assert!(b.exact > a.exact, "{} vs {}", b.exact, a.exact);
        assert!(stats(40, 4.7).shrunk() > stats(1, 5.0).shrunk());
    }

    #[test]
    fn verified_breaks_a_tie_and_ids_break_the_rest() {
        let mut v = tutor(9);
        v.verified = true;
        let plain = score(&tutor(3), &wanted(), 2.0, RatingStats::default(), None);
        let verified = score(&v, &wanted(), 2.0, RatingStats::default(), None);
        assert_eq!(verified.exact - plain.exact, VERIFIED_WEIGHT);
        assert_eq!(best_first((&verified, 9), (&plain, 3)), Ordering::Less);
        let again = score(&tutor(4), &wanted(), 2.0, RatingStats::default(), None);
        assert_eq!(best_first((&plain, 3), (&again, 4)), Ordering::Less);
        assert_eq!(best_first((&again, 4), (&plain, 3)), Ordering::Greater);
    }

    #[test]
    fn the_formula_is_deterministic_and_bounded() {
        let mut best = tutor(1);
        best.verified = true;
        let top = score(&best, &wanted(), 0.0, RatingStats { count: 1000, sum: 5000 }, Some(1.0));
        assert!(top.value >= 99 && top.value <= 100, "{}", top.value);
        let mut worst = tutor(2);
        worst.subjects = vec![known(Facet::Subject, "science")];
        worst.classes = vec![known(Facet::Class, "class-1")];
        worst.boards = vec![known(Facet::Board, "icse")];
        let low = score(&worst, &wanted(), 10.0, RatingStats { count: 1000, sum: 1000 }, Some(0.0));
        assert!(low.value <= 1, "{}", low.value);
        assert_eq!(
            score(&best, &wanted(), 3.3, stats(3, 4.0), Some(0.6)),
            score(&best, &wanted(), 3.3, stats(3, 4.0), Some(0.6))
        );
    }

    /// The reasons as an English reader reads them.
    fn english(s: &Score) -> Vec<String> {
        s.reasons.iter().map(|m| m.render(hometutor_core::Language::En)).collect()
    }

    #[test]
    fn reasons_read_as_people_say_them_in_order() {
        let mut t = tutor(1);
        t.verified = true;
        let s = score(&t, &wanted(), 2.08, RatingStats { count: 12, sum: 55 }, Some(0.9));
        assert_eq!(
            english(&s),
            vec![
                "2.1 km away",
                "Teaches Mathematics for Class 8",
                "CBSE",
                "★ 4.6 from 12 reviews",
                "Verified",
                "Usually replies within a day",
            ]
        );
        // Only the true ones: all subjects, any class and board, no reviews, slow to answer.
        let mut any = tutor(2);
        any.subjects = vec![known(Facet::Subject, "all-subjects")];
        any.classes = vec![];
        any.boards = vec![];
        let s = score(&any, &wanted(), 0.5, RatingStats::default(), Some(0.2));
        assert_eq!(english(&s), vec!["0.5 km away"]);
        let next_door = score(&any, &wanted(), 0.04, RatingStats::default(), Some(0.2));
        assert_eq!(english(&next_door), vec!["less than 0.1 km away"], "as the card says it, never '0.0 km away'");
        let one = score(&tutor(3), &wanted(), 1.0, RatingStats { count: 1, sum: 5 }, None);
        assert!(english(&one).contains(&"★ 5.0 from 1 review".to_string()));
        // A named subject with another class reads without the class.
        let mut other_class = tutor(4);
        other_class.classes = vec![known(Facet::Class, "class-9")];
        let s = score(&other_class, &wanted(), 1.0, RatingStats::default(), None);
        assert_eq!(english(&s)[1], "Teaches Mathematics");
    }

    #[test]
    fn a_hindi_reader_reads_the_reasons_and_the_terms_in_hindi() {
        let mut t = tutor(1);
        t.verified = true;
        let s = score(&t, &wanted(), 2.08, RatingStats { count: 12, sum: 55 }, Some(0.9));
        let hindi: Vec<String> = s.reasons.iter().map(|m| m.render(hometutor_core::Language::Hi)).collect();
        assert_eq!(
            hindi,
            vec![
                "2.1 किमी दूर",
                "कक्षा 8 के लिए गणित पढ़ाते हैं",
                "सीबीएसई",
                "12 समीक्षाओं से ★ 4.6",
                "सत्यापित",
                "आम तौर पर एक दिन में जवाब देते हैं",
            ]
        );
    }

    #[test]
    fn half_credit_for_all_subjects_and_empty_lists() {
        let full = score(&tutor(1), &wanted(), 5.0, RatingStats::default(), None);
        let mut half = tutor(2);
        half.subjects = vec![known(Facet::Subject, "all-subjects")];
        half.classes = vec![];
        half.boards = vec![];
        let h = score(&half, &wanted(), 5.0, RatingStats::default(), None);
        assert!((full.exact - h.exact - FIT_WEIGHT / 2.0).abs() < 1e-9, "{} {}", full.exact, h.exact);
    }
}

#[cfg(test)]
mod verified_reason_tests {
    use super::*;
    use hometutor_core::Language;

    fn said(checks: Option<Checks>, language: Language) -> String {
        verified_reason(checks).render(language)
    }

    #[test]
    fn the_verified_reason_names_the_checks_that_passed_in_english_and_hindi() {
        let all = Checks { id: true, qualification: true, police: true };
        assert_eq!(said(Some(all), Language::En), "Verified: ID, qualification and police checks");
        assert_eq!(said(Some(all), Language::Hi), "सत्यापित: पहचान, योग्यता और पुलिस जाँच");
        let two = Checks { id: true, qualification: false, police: true };
        assert_eq!(said(Some(two), Language::En), "Verified: ID and police checks");
        assert_eq!(said(Some(two), Language::Hi), "सत्यापित: पहचान और पुलिस जाँच");
        let one = Checks { id: false, qualification: true, police: false };
        assert_eq!(said(Some(one), Language::En), "Verified: qualification check");
        assert_eq!(said(Some(one), Language::Hi), "सत्यापित: योग्यता की जाँच");
        let none = Checks { id: false, qualification: false, police: false };
        assert_eq!(said(Some(none), Language::En), "Verified");
        assert_eq!(said(None, Language::Hi), "सत्यापित");
    }
}
