//! Bookings as iCalendar (RFC 5545): the `.ics` every booking e-mail carries, the download of one
//! booking and a user's private feed. One VEVENT per booking with a UID that never changes
//! (`booking-<id>@<host>`) and a SEQUENCE that rises with each change, so a calendar that holds it
//! replaces it. LOCATION is the booking's locality name only (never the home or a point).
//! Lines end in CRLF and are folded at 75 octets; text is escaped.

use chrono::NaiveDateTime;
use hometutor_core::UserId;
use hometutor_db::DbConnection;
use hometutor_core::Message;
use hometutor_notifications::{Attachment, Language};

use super::model::Status;
use super::store::Row;

/// What a calendar asks of the reader's calendar program.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// Add or update the event (an e-mail), or no method at all (a feed or a download).
    Request,
    /// Remove it (cancelled or declined).
    Cancel,
    /// A published calendar: a feed or a download.
    Publish,
}

impl Method {
    fn as_str(self) -> &'static str {
        match self {
            Method::Request => "REQUEST",
            Method::Cancel => "CANCEL",
            Method::Publish => "PUBLISH",
        }
    }
}

/// One booking as an event, in the words of one reader.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    pub uid: String,
    pub sequence: i32,
    pub start: NaiveDateTime,
    pub end: NaiveDateTime,
    pub summary: String,
    pub location: Option<String>,
    /// CONFIRMED, TENTATIVE or CANCELLED.
    pub status: &'static str,
    pub url: Option<String>,
}

/// The host of the public address (`hometutor.in` of `https://hometutor.in`), for UIDs.
pub fn host_of(public_url: &str) -> String {
    let rest = public_url.split("://").nth(1).unwrap_or(public_url);
    let host = rest.split(['/', '?', '#']).next().unwrap_or(rest);
    host.rsplit_once('@').map_or(host, |(_, h)| h).to_string()
}

/// `row` as `viewer` reads it (named after the other side), or `None` while it has no time.
pub fn event_of(
    c: &mut DbConnection,
    row: &Row,
    viewer: UserId,
    language: Language,
    public_url: &str,
) -> diesel::QueryResult<Option<Event>> {
    let (Some(start), Some(end)) = (row.starts_at, row.ends_at) else { return Ok(None) };
    let other = if viewer.0 == row.parent_id { UserId(row.tutor_id) } else { UserId(row.parent_id) };
    let name = hometutor_messaging::shown_name(c, viewer, other)?.unwrap_or_default();
    let summary = match &row.subject {
        Some(subject) => Message::new("calendar-summary").arg("subject", subject.clone()).arg("name", name),
        None => Message::new("calendar-summary-no-subject").arg("name", name),
    }
    .render(language);
    let status = match row.status() {
        Status::Confirmed => "CONFIRMED",
        Status::Requested | Status::Proposed => "TENTATIVE",
        Status::Declined | Status::Cancelled => "CANCELLED",
    };
    Ok(Some(Event {
        uid: format!("booking-{}@{}", row.id, host_of(public_url)),
        sequence: row.calendar_sequence,
        start,
        end,
        summary,
        location: row.place.clone(),
        status,
        // The class's own page, where its notifications lead too.
        url: Some(format!("{}/bookings/{}", public_url.trim_end_matches('/'), row.id)),
    }))
}

/// The `.ics` attachment of a booking e-mail to `viewer`: REQUEST, or CANCEL once it is off.
pub fn attachment_for(
    c: &mut DbConnection,
    row: &Row,
    viewer: UserId,
    public_url: &str,
) -> diesel::QueryResult<Vec<Attachment>> {
    let language = hometutor_accounts::language_of(c, viewer)?.unwrap_or_default();
    let Some(event) = event_of(c, row, viewer, language, public_url)? else { return Ok(Vec::new()) };
    let method = if event.status == "CANCELLED" { Method::Cancel } else { Method::Request };
    let name = Message::new("calendar-name").render(language);
    Ok(vec![Attachment {
        filename: format!("demo-class-{}.ics", row.id),
        content_type: format!("text/calendar; charset=utf-8; method={}", method.as_str()),
        content: document(method, &name, &[event], hometutor_db::now()),
    }])
}

/// A whole calendar: VCALENDAR with PRODID, VERSION and METHOD around `events`, stamped `stamp`.
pub fn document(method: Method, name: &str, events: &[Event], stamp: NaiveDateTime) -> String {
    let mut out = String::new();
    let mut line = |l: String| out.push_str(&fold(&l));
    line("BEGIN:VCALENDAR".into());
    line("PRODID:-//HomeTutor//Demo classes//EN".into());
    line("VERSION:2.0".into());
    line("CALSCALE:GREGORIAN".into());
    line(format!("METHOD:{}", method.as_str()));
    line(format!("X-WR-CALNAME:{}", escape(name)));
    for e in events {
        line("BEGIN:VEVENT".into());
        line(format!("UID:{}", escape(&e.uid)));
        line(format!("SEQUENCE:{}", e.sequence));
        line(format!("DTSTAMP:{}", utc(stamp)));
        line(format!("DTSTART:{}", utc(e.start)));
        line(format!("DTEND:{}", utc(e.end)));
        line(format!("SUMMARY:{}", escape(&e.summary)));
        if let Some(place) = &e.location {
            line(format!("LOCATION:{}", escape(place)));
        }
        if let Some(url) = &e.url {
            line(format!("URL:{url}"));
        }
        line(format!("STATUS:{}", e.status));
        if e.status != "CANCELLED" {
            // A reminder in the reader's calendar an hour before, as the app's own.
            line("BEGIN:VALARM".into());
            line("ACTION:DISPLAY".into());
            line(format!("DESCRIPTION:{}", escape(&e.summary)));
            line("TRIGGER:-PT1H".into());
            line("END:VALARM".into());
        }
        line("END:VEVENT".into());
    }
    line("END:VCALENDAR".into());
    out
}

/// `20270111T113000Z`.
fn utc(at: NaiveDateTime) -> String {
    at.format("%Y%m%dT%H%M%SZ").to_string()
}

/// TEXT escaping (RFC 5545 3.3.11): backslash, semicolon, comma and line breaks.
pub fn escape(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    for ch in raw.chars() {
        match ch {
            '\\' => out.push_str("\\\\"),
            ';' => out.push_str("\\;"),
            ',' => out.push_str("\\,"),
            '\n' => out.push_str("\\n"),
            '\r' => {}
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// One content line, CRLF-ended and folded so no line is over 75 octets (never inside a
/// character: Hindi is three octets a letter).
pub fn fold(line: &str) -> String {
    let mut out = String::with_capacity(line.len() + 8);
    let mut used = 0;
    for ch in line.chars() {
        let width = ch.len_utf8();
        if used + width > 75 {
            out.push_str("\r\n ");
            used = 1;
        }
        out.push(ch);
        used += width;
    }
    out.push_str("\r\n");
    out
}

#[cfg(test)]
#[path = "calendar_tests.rs"]
mod tests;
