//! India Standard Time, the one zone tutors and families plan in. Asia/Kolkata has kept
//! UTC+05:30 all year since 1945 (no daylight saving), so a wall-clock time in IST and an
//! instant in UTC convert by a fixed offset, with no ambiguous or missing hours.

use chrono::{Datelike, Duration, NaiveDate, NaiveDateTime, NaiveTime};

/// The zone's name as the API states it beside every wall-clock time.
pub const TIME_ZONE: &str = "Asia/Kolkata";

/// IST is UTC plus this many minutes.
pub const OFFSET_MINUTES: i64 = 5 * 60 + 30;

/// A day of the week as the API writes it (`mon` … `sun`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum Weekday {
    Mon,
    Tue,
    Wed,
    Thu,
    Fri,
    Sat,
    Sun,
}

impl Weekday {
    pub const ALL: [Weekday; 7] =
        [Weekday::Mon, Weekday::Tue, Weekday::Wed, Weekday::Thu, Weekday::Fri, Weekday::Sat, Weekday::Sun];

    /// ISO 8601's number: Monday 1 … Sunday 7 (what the database keeps).
    pub fn number(self) -> i32 {
        match self {
            Weekday::Mon => 1,
            Weekday::Tue => 2,
            Weekday::Wed => 3,
            Weekday::Thu => 4,
            Weekday::Fri => 5,
            Weekday::Sat => 6,
            Weekday::Sun => 7,
        }
    }

    pub fn from_number(n: i32) -> Option<Self> {
        usize::try_from(n - 1).ok().and_then(|i| Self::ALL.get(i)).copied()
    }

    /// `mon` … `sun`.
    pub fn code(self) -> &'static str {
        match self {
            Weekday::Mon => "mon",
            Weekday::Tue => "tue",
            Weekday::Wed => "wed",
            Weekday::Thu => "thu",
            Weekday::Fri => "fri",
            Weekday::Sat => "sat",
            Weekday::Sun => "sun",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|d| d.code() == raw.trim().to_ascii_lowercase())
    }

    pub fn of(date: NaiveDate) -> Self {
        Self::ALL[date.weekday().num_days_from_monday() as usize]
    }
}

/// The IST calendar date at the UTC instant `now`.
pub fn today(now: NaiveDateTime) -> NaiveDate {
    (now + Duration::minutes(OFFSET_MINUTES)).date()
}

/// The UTC instant of `minute` minutes after midnight IST on `date`.
pub fn to_utc(date: NaiveDate, minute: i32) -> NaiveDateTime {
    date.and_time(NaiveTime::MIN) + Duration::minutes(i64::from(minute) - OFFSET_MINUTES)
}

/// `HH:MM` for minutes after midnight.
pub fn clock(minute: i32) -> String {
    format!("{:02}:{:02}", minute / 60, minute % 60)
}

/// Minutes after midnight of an `HH:MM` time (`9:30` too), or `None`.
pub fn parse_clock(raw: &str) -> Option<i32> {
    let (h, m) = raw.trim().split_once(':')?;
    if h.is_empty() || h.len() > 2 || m.len() != 2 || !h.bytes().chain(m.bytes()).all(|b| b.is_ascii_digit()) {
        return None;
    }
    let (h, m): (i32, i32) = (h.parse().ok()?, m.parse().ok()?);
    (h <= 24 && m < 60 && h * 60 + m <= 24 * 60).then_some(h * 60 + m)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ist_is_utc_plus_five_thirty_all_year() {
        let date = NaiveDate::from_ymd_opt(2027, 6, 14).unwrap();
        assert_eq!(to_utc(date, 17 * 60).to_string(), "2027-06-14 11:30:00");
        assert_eq!(to_utc(date, 6 * 60).to_string(), "2027-06-14 00:30:00");
        let winter = NaiveDate::from_ymd_opt(2027, 1, 4).unwrap();
        assert_eq!(to_utc(winter, 22 * 60).to_string(), "2027-01-04 16:30:00");
        // 19:00 UTC is already the next day in India.
        let late = NaiveDate::from_ymd_opt(2027, 1, 4).unwrap().and_hms_opt(19, 0, 0).unwrap();
        assert_eq!(today(late), NaiveDate::from_ymd_opt(2027, 1, 5).unwrap());
        assert_eq!(Weekday::of(winter), Weekday::Mon);
    }

    #[test]
    fn clock_times_parse_and_print() {
        assert_eq!(parse_clock("17:30"), Some(1050));
        assert_eq!(parse_clock("9:00"), Some(540));
        assert_eq!(clock(540), "09:00");
        for bad in ["", "17", "17:3", "24:01", "25:00", "ab:cd", "-1:00", "17:30:00", "１７:００"] {
            assert_eq!(parse_clock(bad), None, "{bad}");
        }
        assert_eq!(Weekday::parse("Mon"), Some(Weekday::Mon));
        assert_eq!(Weekday::parse("monday"), None);
        assert!(Weekday::ALL.iter().all(|d| Weekday::from_number(d.number()) == Some(*d)));
    }
}
