//! Free times: the concrete upcoming occurrences of a tutor's weekly slots, minus their time off,
//! as UTC intervals. Bookings subtract their own intervals from these with [`Interval::minus`].

use chrono::{Duration, NaiveDateTime, Timelike};

use crate::ist::{self, Weekday};
use crate::slots::{Slot, STEP_MINUTES};
use crate::time_off::TimeOff;

/// A half-open span of time `[start, end)`, in UTC.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = FreeInterval))]
#[serde(rename_all = "camelCase")]
pub struct Interval {
    #[serde(serialize_with = "hometutor_core::utc::serialize")]
    #[cfg_attr(feature = "openapi", schema(value_type = chrono::DateTime<chrono::Utc>))]
    pub start: NaiveDateTime,
    #[serde(serialize_with = "hometutor_core::utc::serialize")]
    #[cfg_attr(feature = "openapi", schema(value_type = chrono::DateTime<chrono::Utc>))]
    pub end: NaiveDateTime,
}

impl Interval {
    /// What is left of `free` (sorted, not overlapping) once every `busy` span is taken out:
    /// still sorted and not overlapping; empty pieces vanish.
    pub fn minus(free: &[Interval], busy: &[Interval]) -> Vec<Interval> {
        let mut left = Vec::with_capacity(free.len());
        for f in free {
            let mut pieces = vec![*f];
            for b in busy.iter().filter(|b| b.start < f.end && f.start < b.end) {
                pieces = pieces
                    .into_iter()
                    .flat_map(|p| {
                        [
                            Interval { start: p.start, end: b.start.min(p.end) },
                            Interval { start: b.end.max(p.start), end: p.end },
                        ]
                    })
                    .filter(|p| p.start < p.end)
                    .collect();
            }
            left.extend(pieces);
        }
        left
    }
}

/// `now` rounded up to the next slot step (a slot under way is offered from there on).
fn next_step(now: NaiveDateTime) -> NaiveDateTime {
    let step = i64::from(STEP_MINUTES) * 60;
    let into = (i64::from(now.minute()) * 60 + i64::from(now.second())) % step;
    let whole = now.with_nanosecond(0).unwrap_or(now);
    let bump = whole != now || into != 0;
    if bump {
        whole + Duration::seconds(step - into)
    } else {
        whole
    }
}

/// The free intervals from `now` over `days` IST calendar days (today included): each day's slots
/// unless time off covers that day, the one under way from the next step, past ones left out.
pub fn occurrences(slots: &[Slot], time_off: &[TimeOff], now: NaiveDateTime, days: i64) -> Vec<Interval> {
    let (today, from) = (ist::today(now), next_step(now));
    let mut free = Vec::new();
    for offset in 0..days {
        let day = today + Duration::days(offset);
        if time_off.iter().any(|t| t.covers(day)) {
            continue;
        }
        let weekday = Weekday::of(day);
        for slot in slots.iter().filter(|s| s.weekday == weekday) {
            let start = ist::to_utc(day, slot.start_minute).max(from);
            let end = ist::to_utc(day, slot.end_minute);
            if start < end {
                free.push(Interval { start, end });
            }
        }
    }
    free.sort();
    free
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    fn utc(s: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M").unwrap()
    }

    fn span(a: &str, b: &str) -> Interval {
        Interval { start: utc(a), end: utc(b) }
    }

    fn slot(weekday: Weekday, start: i32, end: i32) -> Slot {
        Slot { weekday, start_minute: start * 60, end_minute: end * 60 }
    }

    #[test]
    fn weekly_slots_become_utc_intervals_minus_time_off() {
        // Monday 4 January 2027, 10:00 IST.
        let now = utc("2027-01-04 04:30");
        let slots = [slot(Weekday::Mon, 17, 19), slot(Weekday::Wed, 6, 8)];
        let away = TimeOff {
            id: 1,
            start_date: NaiveDate::from_ymd_opt(2027, 1, 11).unwrap(),
            end_date: NaiveDate::from_ymd_opt(2027, 1, 11).unwrap(),
            note: None,
        };
        assert_eq!(
            occurrences(&slots, &[away], now, 14),
            [
                span("2027-01-04 11:30", "2027-01-04 13:30"),
                span("2027-01-06 00:30", "2027-01-06 02:30"),
                span("2027-01-13 00:30", "2027-01-13 02:30"),
            ]
        );
    }

    #[test]
    fn a_slot_under_way_is_offered_from_the_next_half_hour() {
        // Monday 17:40 IST: 17:00–19:00 is offered from 18:00; at 19:00 nothing is left.
        let slots = [slot(Weekday::Mon, 17, 19)];
        assert_eq!(
            occurrences(&slots, &[], utc("2027-01-04 12:10"), 1),
            [span("2027-01-04 12:30", "2027-01-04 13:30")]
        );
        assert_eq!(
            occurrences(&slots, &[], utc("2027-01-04 12:00"), 1),
            [span("2027-01-04 12:00", "2027-01-04 13:30")]
        );
        assert!(occurrences(&slots, &[], utc("2027-01-04 13:30"), 1).is_empty());
    }

    #[test]
    fn bookings_subtract_from_free_times() {
        let free = [span("2027-01-04 11:30", "2027-01-04 13:30"), span("2027-01-05 11:30", "2027-01-05 12:30")];
        let busy = [span("2027-01-04 12:00", "2027-01-04 12:30"), span("2027-01-05 11:00", "2027-01-05 13:00")];
        assert_eq!(
            Interval::minus(&free, &busy),
            [span("2027-01-04 11:30", "2027-01-04 12:00"), span("2027-01-04 12:30", "2027-01-04 13:30")]
        );
        assert_eq!(Interval::minus(&free, &[]), free);
    }
}
