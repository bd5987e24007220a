//! Times are stored without a zone, always in UTC (`NaiveDateTime`, the one type both
//! databases load). A read model that the API answers with directly marks each such
//! field `#[serde(serialize_with = "hometutor_core::utc::serialize")]`, so the answer
//! carries the zone (`2026-01-02T03:04:05Z`) as every other time in the API does.

use chrono::NaiveDateTime;
use serde::{Serialize, Serializer};

/// A stored time as UTC with its `Z`.
pub fn serialize<S: Serializer>(time: &NaiveDateTime, serializer: S) -> Result<S::Ok, S::Error> {
    time.and_utc().serialize(serializer)
}

/// [`serialize`] for a time that may be missing (null).
pub fn serialize_option<S: Serializer>(time: &Option<NaiveDateTime>, serializer: S) -> Result<S::Ok, S::Error> {
    time.map(|t| t.and_utc()).serialize(serializer)
}

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;

    #[derive(serde::Serialize)]
    struct At(#[serde(serialize_with = "super::serialize")] chrono::NaiveDateTime);

    #[derive(serde::Serialize)]
    struct Maybe(#[serde(serialize_with = "super::serialize_option")] Option<chrono::NaiveDateTime>);

    #[test]
    fn a_stored_time_is_written_with_its_zone() {
        let time = NaiveDate::from_ymd_opt(2026, 1, 2).unwrap().and_hms_opt(3, 4, 5).unwrap();
        assert_eq!(serde_json::to_string(&At(time)).unwrap(), "\"2026-01-02T03:04:05Z\"");
        assert_eq!(serde_json::to_string(&Maybe(Some(time))).unwrap(), "\"2026-01-02T03:04:05Z\"");
        assert_eq!(serde_json::to_string(&Maybe(None)).unwrap(), "null");
    }
}
