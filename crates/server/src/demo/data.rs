//! The demo marketplace as data: tab-separated files built into the binary, one row a line,
//! `#` lines are comments. Reviewed by hand; every name a person reads is in them.

use hometutor_geo::Point;

/// A locality tutors teach from: the places crate's reviewed point for it (see
/// `crates/places/data/corrections.tsv`; a test checks the places search still answers it).
pub struct Locality {
    pub city: &'static str,
    pub name: &'static str,
    pub point: Point,
}

pub struct Parent {
    pub email: &'static str,
    pub name: &'static str,
    pub phone: &'static str,
}

pub struct Tutor {
    pub email: &'static str,
    pub name: &'static str,
    pub phone: &'static str,
    pub city: &'static str,
    pub locality: &'static str,
    pub radius_km: f64,
    pub subjects: Vec<&'static str>,
    pub classes: Vec<&'static str>,
    pub boards: Vec<&'static str>,
    pub modes: Vec<&'static str>,
    pub fee_per_hour: i64,
    pub subscribed: bool,
    /// The checks an admin passed (`id`, `qualification`, `police`); empty: not verified.
    pub checks: Vec<&'static str>,
    pub education: &'static str,
    /// `mon,wed 16:00-19:00; sat 10:00-13:00`.
    pub slots: &'static str,
    pub about: &'static str,
}

pub struct Request {
    pub parent: &'static str,
    pub subject: &'static str,
    pub class: &'static str,
    pub board: &'static str,
    pub mode: &'static str,
    pub preferred_time: &'static str,
    pub point: Point,
}

pub struct Review {
    pub tutor: &'static str,
    pub parent: &'static str,
    pub rating: i32,
    pub comment: &'static str,
}

fn rows(text: &'static str, columns: usize) -> impl Iterator<Item = Vec<&'static str>> {
    text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')).map(move |line| {
        let fields: Vec<&'static str> = line.split('\t').collect();
        assert_eq!(fields.len(), columns, "demo data line: {line}");
        fields
    })
}

fn list(field: &'static str) -> Vec<&'static str> {
    field.split(',').map(str::trim).filter(|s| !s.is_empty()).collect()
}

fn number(field: &str) -> f64 {
    field.trim().parse().unwrap_or_else(|_| panic!("demo data number: {field}"))
}

pub fn localities() -> Vec<Locality> {
    rows(include_str!("localities.tsv"), 4)
        .map(|f| Locality { city: f[0], name: f[1], point: Point { lat: number(f[2]), lng: number(f[3]) } })
        .collect()
}

pub fn parents() -> Vec<Parent> {
    rows(include_str!("parents.tsv"), 4).map(|f| Parent { email: f[0], name: f[1], phone: f[2] }).collect()
}

pub fn tutors() -> Vec<Tutor> {
    rows(include_str!("tutors.tsv"), 16)
        .map(|f| Tutor {
            email: f[0],
            name: f[1],
            phone: f[2],
            city: f[3],
            locality: f[4],
            radius_km: number(f[5]),
            subjects: list(f[6]),
            classes: list(f[7]),
            boards: list(f[8]),
            modes: list(f[9]),
            fee_per_hour: number(f[10]) as i64,
            subscribed: f[11] == "yes",
            checks: if f[12] == "-" { Vec::new() } else { f[12].split('+').collect() },
            education: f[13],
            slots: f[14],
            about: f[15],
        })
        .collect()
}

pub fn requests() -> Vec<Request> {
    rows(include_str!("requests.tsv"), 8)
        .map(|f| Request {
            parent: f[0],
            subject: f[1],
            class: f[2],
            board: f[3],
            mode: f[4],
            preferred_time: f[5],
            point: Point { lat: number(f[6]), lng: number(f[7]) },
        })
        .collect()
}

pub fn reviews() -> Vec<Review> {
    rows(include_str!("reviews.tsv"), 4)
        .map(|f| Review { tutor: f[0], parent: f[1], rating: number(f[2]) as i32, comment: f[3] })
        .collect()
}

/// `mon,wed 16:00-19:00; sat 10:00-13:00` as (weekday, start, end) triples (a malformed part
/// gives none; the data's tests check every tutor has a week).
pub fn week(slots: &'static str) -> Vec<(&'static str, &'static str, &'static str)> {
    let mut out = Vec::new();
    for part in slots.split(';').map(str::trim).filter(|p| !p.is_empty()) {
        let Some((days, times)) = part.split_once(' ') else { continue };
        let Some((start, end)) = times.trim().split_once('-') else { continue };
        out.extend(days.split(',').map(|d| (d.trim(), start, end)));
    }
    out
}
