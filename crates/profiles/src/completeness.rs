//! How complete a tutor's profile is: which of the onboarding steps are done, a percentage, what
//! is missing, and whether the profile is complete enough for a parent to judge (the rule public
//! tutor search lists by, [`judgeable`]).
//!
//! The steps' facts live with three owners: subjects, classes, boards, modes and the teaching area
//! in crates/tuition (`tutor_areas`), the weekly availability in crates/scheduling, the fee, photo
//! and about here. Whoever builds the answer reads them there and hands them in as [`ProfileFacts`];
//! this file alone says what they mean.

use serde::Serialize;

/// One step of a tutor's onboarding, in the order the guided flow asks for them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum Step {
    Subjects,
    Classes,
    Boards,
    Modes,
    Area,
    Fee,
    Availability,
    Photo,
    About,
}

impl Step {
    /// Every step, in the flow's order.
    pub const ALL: [Step; 9] = [
        Step::Subjects,
        Step::Classes,
        Step::Boards,
        Step::Modes,
        Step::Area,
        Step::Fee,
        Step::Availability,
        Step::Photo,
        Step::About,
    ];

    /// The steps a profile needs before search lists it: without them a parent cannot judge the
    /// tutor (what they teach, where, for how much, who they are). Classes are not among them: an
    /// empty class list means "any class" to search and to new-request alerts.
    pub const JUDGEABLE: [Step; 4] = [Step::Subjects, Step::Area, Step::Fee, Step::About];
}

/// What is saved of a tutor, step by step.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ProfileFacts {
    /// A teaching area with at least one subject.
    pub subjects: bool,
    /// A teaching area with at least one class.
    pub classes: bool,
    pub boards: bool,
    pub modes: bool,
    /// A saved teaching area.
    pub area: bool,
    /// A fee per hour.
    pub fee: bool,
    /// At least one weekly slot.
    pub availability: bool,
    pub photo: bool,
    /// An about text that is not blank.
    pub about: bool,
}

impl ProfileFacts {
    /// Whether `step` is done.
    pub fn done(&self, step: Step) -> bool {
        match step {
            Step::Subjects => self.subjects,
            Step::Classes => self.classes,
            Step::Boards => self.boards,
            Step::Modes => self.modes,
            Step::Area => self.area,
            Step::Fee => self.fee,
            Step::Availability => self.availability,
            Step::Photo => self.photo,
            Step::About => self.about,
        }
    }

    /// The facts that search reads of a tutor's area and profile: subjects named, a fee, an
    /// about text (the area itself is there, or search would not have found the tutor).
    pub fn of_listing(subjects: usize, fee_per_hour: Option<i32>, about: Option<&str>) -> Self {
        ProfileFacts {
            subjects: subjects > 0,
            area: true,
            fee: fee_per_hour.is_some(),
            about: about.is_some_and(|a| !a.trim().is_empty()),
            ..ProfileFacts::default()
        }
    }
}

/// Whether the profile is complete enough to judge: every step of [`Step::JUDGEABLE`] is done.
/// Public tutor search lists only such tutors.
pub fn judgeable(facts: &ProfileFacts) -> bool {
    Step::JUDGEABLE.iter().all(|s| facts.done(*s))
}

/// A tutor's progress through the onboarding steps.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Completeness {
    /// The steps done, in the flow's order.
    pub done: Vec<Step>,
    /// The steps still to do, in the flow's order (the first is where to continue).
    pub missing: Vec<Step>,
    /// Steps done of all steps, 0 to 100, rounded down.
    pub percent: u8,
    /// Complete enough for public tutor search to list the tutor.
    pub searchable: bool,
}

impl Completeness {
    pub fn of(facts: &ProfileFacts) -> Self {
        let (done, missing): (Vec<Step>, Vec<Step>) = Step::ALL.iter().partition(|s| facts.done(**s));
        let percent = (done.len() * 100 / Step::ALL.len()) as u8;
        Completeness { done, missing, percent, searchable: judgeable(facts) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_saved_is_zero_percent_and_not_searchable() {
        let c = Completeness::of(&ProfileFacts::default());
        assert_eq!((c.percent, c.searchable, c.done.len()), (0, false, 0));
        assert_eq!(c.missing, Step::ALL.to_vec());
    }

    #[test]
    fn the_judgeable_steps_make_a_profile_searchable_before_it_is_complete() {
        let facts = ProfileFacts { subjects: true, area: true, fee: true, about: true, ..ProfileFacts::default() };
        let c = Completeness::of(&facts);
        assert!(c.searchable);
        assert_eq!(c.percent, 44);
        assert_eq!(c.missing.first(), Some(&Step::Classes));
        for step in Step::JUDGEABLE {
            let mut short = facts;
            match step {
                Step::Subjects => short.subjects = false,
                Step::Area => short.area = false,
                Step::Fee => short.fee = false,
                Step::About => short.about = false,
                _ => unreachable!(),
            }
            assert!(!judgeable(&short), "{step:?}");
        }
    }

    #[test]
    fn everything_saved_is_a_hundred_percent() {
        let all = ProfileFacts {
            subjects: true,
            classes: true,
            boards: true,
            modes: true,
            area: true,
            fee: true,
            availability: true,
            photo: true,
            about: true,
        };
        let c = Completeness::of(&all);
        assert_eq!((c.percent, c.missing.len(), c.searchable), (100, 0, true));
    }

    #[test]
    fn a_blank_about_does_not_count() {
        assert!(!ProfileFacts::of_listing(1, Some(500), Some("  \n")).about);
        assert!(judgeable(&ProfileFacts::of_listing(1, Some(500), Some("Maths for 10 years"))));
        assert!(!judgeable(&ProfileFacts::of_listing(0, Some(500), Some("Maths"))));
        assert!(!judgeable(&ProfileFacts::of_listing(1, None, Some("Maths"))));
    }
}
