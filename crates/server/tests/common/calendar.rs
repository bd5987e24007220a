//! The `.ics` files of e-mails and feeds, read with a real iCalendar parser (the `ical` crate).

use base64::Engine;
use hometutor_testkit::ReceivedMail;

/// One calendar as read: its own properties and each event's, name → value.
#[derive(Debug, Clone)]
pub struct Calendar {
    pub properties: Vec<(String, String)>,
    pub events: Vec<Vec<(String, String)>>,
}

impl Calendar {
    pub fn get(&self, name: &str) -> Option<&str> {
        value(&self.properties, name)
    }

    /// The event whose UID is `uid`.
    pub fn event(&self, uid: &str) -> Option<&[(String, String)]> {
        self.events.iter().find(|e| value(e, "UID") == Some(uid)).map(Vec::as_slice)
    }
}

pub fn value<'a>(props: &'a [(String, String)], name: &str) -> Option<&'a str> {
    props.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
}

/// Parses `ics`; panics (the test fails) when it is not exactly one valid calendar.
pub fn parse(ics: &str) -> Calendar {
    let mut parser = ical::IcalParser::new(std::io::BufReader::new(ics.as_bytes()));
    let calendar = parser.next().expect("a calendar").expect("it parses");
    assert!(parser.next().is_none(), "one calendar");
    let props = |list: &[ical::property::Property]| {
        list.iter().map(|p| (p.name.clone(), p.value.clone().unwrap_or_default())).collect::<Vec<_>>()
    };
    Calendar { properties: props(&calendar.properties), events: calendar.events.iter().map(|e| props(&e.properties)).collect() }
}

/// The text of the mail's `text/calendar` attachment (base64 in its MIME part), as sent.
pub fn attachment(mail: &ReceivedMail) -> Option<String> {
    let raw = &mail.raw;
    let at = raw.find("Content-Type: text/calendar")?;
    let part = &raw[at..];
    let body_at = part.find("\n\n")? + 2;
    let encoded: String =
        part[body_at..].lines().take_while(|l| !l.starts_with("--") && !l.is_empty()).collect::<Vec<_>>().concat();
    let bytes = base64::engine::general_purpose::STANDARD.decode(encoded.trim()).ok()?;
    String::from_utf8(bytes).ok()
}
