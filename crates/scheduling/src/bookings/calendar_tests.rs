//! The writer's output read back with a real iCalendar parser (the `ical` crate).

use chrono::NaiveDate;

use super::*;

fn at(h: u32, m: u32) -> NaiveDateTime {
    NaiveDate::from_ymd_opt(2027, 1, 11).and_then(|d| d.and_hms_opt(h, m, 0)).unwrap_or_default()
}

fn event(summary: &str, location: Option<&str>, status: &'static str) -> Event {
    Event {
        uid: "booking-7@hometutor.in".into(),
        sequence: 3,
        start: at(11, 30),
        end: at(12, 30),
        summary: summary.into(),
        location: location.map(str::to_string),
        status,
        url: Some("https://hometutor.in/bookings/7".into()),
    }
}

/// (calendar properties, each event's properties) as name → value.
type Parsed = (Vec<(String, String)>, Vec<Vec<(String, String)>>);

fn parse(ics: &str) -> Parsed {
    let mut parser = ical::IcalParser::new(std::io::BufReader::new(ics.as_bytes()));
    let calendar = parser.next().expect("a calendar").expect("it parses");
    assert!(parser.next().is_none(), "one calendar");
    let props = |list: &[ical::property::Property]| {
        list.iter().map(|p| (p.name.clone(), p.value.clone().unwrap_or_default())).collect::<Vec<_>>()
    };
    (props(&calendar.properties), calendar.events.iter().map(|e| props(&e.properties)).collect())
}

fn value<'a>(props: &'a [(String, String)], name: &str) -> Option<&'a str> {
    props.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
}

#[test]
fn a_parser_reads_the_event_back_with_its_uid_times_place_and_method() {
    let ics = document(Method::Request, "HomeTutor", &[event("Demo class: Maths with Asha K.", Some("Lajpat Nagar, South Delhi"), "CONFIRMED")], at(9, 0));
    let (calendar, events) = parse(&ics);
    assert_eq!(value(&calendar, "VERSION"), Some("2.0"));
    assert_eq!(value(&calendar, "METHOD"), Some("REQUEST"));
    assert!(value(&calendar, "PRODID").is_some_and(|p| p.contains("HomeTutor")));
    assert_eq!(events.len(), 1);
    let e = &events[0];
    assert_eq!(value(e, "UID"), Some("booking-7@hometutor.in"));
    assert_eq!(value(e, "SEQUENCE"), Some("3"));
    assert_eq!(value(e, "DTSTART"), Some("20270111T113000Z"));
    assert_eq!(value(e, "DTEND"), Some("20270111T123000Z"));
    assert_eq!(value(e, "DTSTAMP"), Some("20270111T090000Z"));
    assert_eq!(value(e, "STATUS"), Some("CONFIRMED"));
    // The parser leaves TEXT escapes as written.
    assert_eq!(value(e, "LOCATION"), Some("Lajpat Nagar\\, South Delhi"));
    assert_eq!(value(e, "SUMMARY"), Some("Demo class: Maths with Asha K."));
}

#[test]
fn lines_end_in_crlf_and_fold_at_75_octets_without_splitting_a_letter() {
    let long = "डेमो क्लास: गणित, आशा कुमार के साथ; एक बहुत लंबा शीर्षक जो पंक्ति से लंबा है";
    let ics = document(Method::Cancel, "होमट्यूटर", &[event(long, None, "CANCELLED")], at(9, 0));
    assert!(ics.ends_with("END:VCALENDAR\r\n"));
    for line in ics.split("\r\n") {
        assert!(line.len() <= 75, "{line:?} is {} octets", line.len());
        assert!(!line.contains('\n') && !line.contains('\r'));
    }
    let (calendar, events) = parse(&ics);
    assert_eq!(value(&calendar, "METHOD"), Some("CANCEL"));
    let summary = value(&events[0], "SUMMARY").unwrap_or_default();
    assert_eq!(summary, escape(long), "unfolded it is the whole title");
    assert_eq!(value(&events[0], "STATUS"), Some("CANCELLED"));
    assert_eq!(value(&events[0], "LOCATION"), None);
}

#[test]
fn text_is_escaped_so_nothing_in_it_starts_a_property() {
    assert_eq!(escape("a;b,c\\d\nEND:VEVENT\r"), "a\\;b\\,c\\\\d\\nEND:VEVENT");
    let ics = document(Method::Publish, "x", &[event("Maths\nLOCATION:Flat 4, 12 MG Road", None, "TENTATIVE")], at(9, 0));
    let (_, events) = parse(&ics);
    assert_eq!(value(&events[0], "LOCATION"), None, "{ics}");
    assert!(!ics.contains("\r\nLOCATION"));
}

#[test]
fn the_uid_host_is_the_public_address_host() {
    assert_eq!(host_of("https://hometutor.in"), "hometutor.in");
    assert_eq!(host_of("http://localhost:8080/"), "localhost:8080");
    assert_eq!(host_of("https://user@example.com/path?q"), "example.com");
}
