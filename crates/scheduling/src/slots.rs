//! A tutor's recurring weekly slots: the `availability_slots` table's one owner, and the rules a
//! week must keep. A slot is a wall-clock time in IST (weekday, start and end in minutes after
//! midnight), kept as the tutor said it: "Mondays 17:00–19:00" stays that in every week.

use diesel::prelude::*;
use hometutor_core::{Arg, Message, UserId};
use hometutor_db::schema::availability_slots as s;
use hometutor_db::{now, DbConnection};

use crate::ist::{self, Weekday};
use crate::SchedulingError;

/// The earliest a slot may start, in minutes after midnight IST (06:00)…
pub const DAY_STARTS: i32 = 6 * 60;
/// …and the latest it may end (22:00).
pub const DAY_ENDS: i32 = 22 * 60;
/// Slots start and end on the hour or the half hour: the week grid's cells, and lessons' lengths.
pub const STEP_MINUTES: i32 = 30;
/// At most this many slots in a week (eight a day would already be a full day in half hours).
pub const MAX_SLOTS: usize = 56;

/// A slot as a tutor sends it: `mon`, `17:00`, `19:00`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SlotInput {
    pub weekday: String,
    pub start: String,
    pub end: String,
}

/// A checked weekly slot (IST wall clock).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Slot {
    pub weekday: Weekday,
    pub start_minute: i32,
    pub end_minute: i32,
}

impl Slot {
    fn label(&self) -> String {
        format!("{}–{}", ist::clock(self.start_minute), ist::clock(self.end_minute))
    }
}

/// A weekly slot as its tutor reads it back.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WeeklySlot))]
#[serde(rename_all = "camelCase")]
pub struct WeeklySlot {
    pub weekday: Weekday,
    /// IST wall clock, `HH:MM`.
    #[cfg_attr(feature = "openapi", schema(example = "17:00"))]
    pub start: String,
    /// IST wall clock, `HH:MM`, after `start`.
    #[cfg_attr(feature = "openapi", schema(example = "19:00"))]
    pub end: String,
}

impl From<Slot> for WeeklySlot {
    fn from(s: Slot) -> Self {
        Self { weekday: s.weekday, start: ist::clock(s.start_minute), end: ist::clock(s.end_minute) }
    }
}

/// Checks a whole week: every slot parses, lies within 06:00–22:00 IST on the half-hour steps, ends
/// after it starts, and no two on one day overlap (touching is fine). The first broken rule is
/// the answer; the slots come back sorted by day and time.
pub fn check_week(inputs: &[SlotInput]) -> Result<Vec<Slot>, SchedulingError> {
    if inputs.len() > MAX_SLOTS {
        return Err(SchedulingError::field("slots", Message::new("validation-slots-max").arg("max", MAX_SLOTS)));
    }
    let mut slots = Vec::with_capacity(inputs.len());
    for input in inputs {
        slots.push(check_slot(input)?);
    }
    slots.sort();
    for pair in slots.windows(2) {
        if let [a, b] = pair {
            if a.weekday == b.weekday && b.start_minute < a.end_minute {
                let text = Message::new("validation-slot-overlap")
                    .arg("day", Arg::message(format!("weekday-{}", a.weekday.code())))
                    .arg("first", a.label())
                    .arg("second", b.label());
                return Err(SchedulingError::field("slots", text));
            }
        }
    }
    Ok(slots)
}

fn check_slot(input: &SlotInput) -> Result<Slot, SchedulingError> {
    let weekday = Weekday::parse(&input.weekday)
        .ok_or_else(|| SchedulingError::field("slots", Message::new("validation-slot-weekday")))?;
    let (Some(start), Some(end)) = (ist::parse_clock(&input.start), ist::parse_clock(&input.end)) else {
        return Err(SchedulingError::field("slots", Message::new("validation-slot-clock")));
    };
    let day = Arg::message(format!("weekday-{}", weekday.code()));
    let label = format!("{}–{}", input.start.trim(), input.end.trim());
    let rule = |id: &'static str| {
        SchedulingError::field("slots", Message::new(id).arg("day", day.clone()).arg("slot", label.clone()))
    };
    if start >= end {
        return Err(rule("validation-slot-order"));
    }
    if start < DAY_STARTS || end > DAY_ENDS {
        return Err(rule("validation-slot-hours"));
    }
    if start % STEP_MINUTES != 0 || end % STEP_MINUTES != 0 {
        return Err(rule("validation-slot-step"));
    }
    Ok(Slot { weekday, start_minute: start, end_minute: end })
}

/// The tutor's week, sorted by day and time.
pub fn of(c: &mut DbConnection, tutor: UserId) -> QueryResult<Vec<Slot>> {
    let rows: Vec<(i32, i32, i32)> = s::table
        .filter(s::tutor_id.eq(tutor.0))
        .order((s::weekday, s::start_minute))
        .select((s::weekday, s::start_minute, s::end_minute))
        .load(c)?;
    Ok(rows
        .into_iter()
        .filter_map(|(day, start_minute, end_minute)| {
            Some(Slot { weekday: Weekday::from_number(day)?, start_minute, end_minute })
        })
        .collect())
}

/// Puts `slots` (checked) in place of the tutor's week, in the caller's transaction.
pub(crate) fn replace(c: &mut DbConnection, tutor: UserId, slots: &[Slot]) -> QueryResult<()> {
    diesel::delete(s::table.filter(s::tutor_id.eq(tutor.0))).execute(c)?;
    let at = now();
    let rows: Vec<_> = slots
        .iter()
        .map(|slot| {
            (
                s::tutor_id.eq(tutor.0),
                s::weekday.eq(slot.weekday.number()),
                s::start_minute.eq(slot.start_minute),
                s::end_minute.eq(slot.end_minute),
                s::time_zone.eq(ist::TIME_ZONE),
                s::created_at.eq(at),
            )
        })
        .collect();
    // The multi-backend connection does not batch inserts itself.
    if !rows.is_empty() {
        match c {
            DbConnection::Sqlite(c) => diesel::insert_into(s::table).values(&rows).execute(c),
            DbConnection::Pg(c) => diesel::insert_into(s::table).values(&rows).execute(c),
        }?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use hometutor_core::Language;

    fn slot(day: &str, start: &str, end: &str) -> SlotInput {
        SlotInput { weekday: day.into(), start: start.into(), end: end.into() }
    }

    fn refusal(inputs: &[SlotInput]) -> String {
        match check_week(inputs) {
            Err(SchedulingError::Validation(errors)) => {
                assert_eq!(errors[0].field, "slots");
                errors[0].message.clone()
            }
            other => panic!("expected a refusal, got {other:?}"),
        }
    }

    #[test]
    fn a_week_is_sorted_and_touching_slots_are_fine() {
        let week =
            check_week(&[slot("wed", "17:00", "18:00"), slot("mon", "18:00", "19:30"), slot("mon", "06:00", "18:00")])
                .unwrap();
        assert_eq!(
            week.iter()
                .map(|s| WeeklySlot::from(*s))
                .map(|w| format!("{:?} {}-{}", w.weekday, w.start, w.end))
                .collect::<Vec<_>>(),
            ["Mon 06:00-18:00", "Mon 18:00-19:30", "Wed 17:00-18:00"]
        );
        assert!(check_week(&[slot("sun", "21:30", "22:00")]).is_ok());
    }

    #[test]
    fn each_broken_rule_is_named() {
        assert_eq!(
            refusal(&[slot("mon", "05:30", "07:00")]),
            "Monday 05:30–07:00: slots must lie between 06:00 and 22:00 IST."
        );
        assert_eq!(
            refusal(&[slot("tue", "21:00", "22:30")]),
            "Tuesday 21:00–22:30: slots must lie between 06:00 and 22:00 IST."
        );
        assert_eq!(
            refusal(&[slot("wed", "18:00", "17:00")]),
            "Wednesday 18:00–17:00: a slot must end after it starts."
        );
        assert_eq!(refusal(&[slot("thu", "18:00", "18:00")]), "Thursday 18:00–18:00: a slot must end after it starts.");
        assert_eq!(
            refusal(&[slot("fri", "17:15", "18:00")]),
            "Friday 17:15–18:00: slots start and end on the hour or half past."
        );
        assert_eq!(refusal(&[slot("funday", "17:00", "18:00")]), "Choose a day of the week.");
        assert_eq!(refusal(&[slot("sat", "5pm", "18:00")]), "Write times as HH:MM, for example 17:00.");
        assert_eq!(
            refusal(&[slot("sun", "17:00", "19:00"), slot("mon", "17:00", "18:00"), slot("sun", "18:30", "20:00")]),
            "Two slots on Sunday overlap: 17:00–19:00 and 18:30–20:00."
        );
        let many: Vec<SlotInput> = (0..=MAX_SLOTS).map(|_| slot("mon", "06:00", "06:30")).collect();
        assert_eq!(refusal(&many), format!("At most {MAX_SLOTS} slots a week, please."));
    }

    #[test]
    fn refusals_read_in_hindi() {
        let Err(SchedulingError::Validation(errors)) =
            check_week(&[slot("sun", "17:00", "19:00"), slot("sun", "18:00", "20:00")])
        else {
            panic!("overlap refused")
        };
        assert_eq!(errors[0].message_in(Language::Hi), "रविवार के दो स्लॉट आपस में टकराते हैं: 17:00–19:00 और 18:00–20:00।");
    }
}
