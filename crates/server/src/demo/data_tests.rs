//! The demo data's own checks: every row parses, names what exists, and its localities are where
//! the place search a person types into puts them.

use std::collections::HashSet;

use hometutor_geo::distance_km;
use hometutor_places::Places;
use hometutor_vocabulary::{self as vocabulary, Facet};

use super::data;

#[test]
fn every_locality_is_where_the_place_search_puts_it() {
    let places = Places::global();
    let mut wrong = Vec::new();
    for l in data::localities() {
        let hit = places.search_near(l.name, 1, Some(l.point));
        let Some(hit) = hit.first() else {
            wrong.push(format!("{}, {}: finds nothing", l.name, l.city));
            continue;
        };
        let d = distance_km(l.point, hometutor_geo::Point { lat: hit.lat, lng: hit.lng });
        if d > 2.0 {
            wrong.push(format!("{}, {}: the place search answers {} {d:.1} km away", l.name, l.city, hit.label()));
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn the_data_names_known_accounts_terms_and_places() {
    let localities: HashSet<(&str, &str)> = data::localities().iter().map(|l| (l.city, l.name)).collect();
    let tutors = data::tutors();
    let parents = data::parents();
    assert_eq!((tutors.len(), parents.len(), data::requests().len()), (60, 15, 40));
    let emails: HashSet<&str> = tutors.iter().map(|t| t.email).chain(parents.iter().map(|p| p.email)).collect();
    assert_eq!(emails.len(), 75, "no e-mail twice");
    let known = |facet: Facet, id: &str| vocabulary::find(facet, id).is_some();
    for t in &tutors {
        assert!(localities.contains(&(t.city, t.locality)), "{}: {}", t.email, t.locality);
        assert!(t.subjects.iter().all(|s| known(Facet::Subject, s)), "{}", t.email);
        assert!(t.classes.iter().all(|c| known(Facet::Class, c)), "{}", t.email);
        assert!(t.about.len() > 150 && !data::week(t.slots).is_empty(), "{}", t.email);
    }
    let abouts: HashSet<&str> = tutors.iter().map(|t| t.about).collect();
    assert_eq!(abouts.len(), 60, "every tutor says something of their own");
    for r in data::requests() {
        assert!(parents.iter().any(|p| p.email == r.parent), "{}", r.parent);
        assert!(known(Facet::Subject, r.subject) && known(Facet::Class, r.class), "{} {}", r.subject, r.class);
    }
    for r in data::reviews() {
        assert!(emails.contains(r.tutor) && emails.contains(r.parent) && (1..=5).contains(&r.rating));
    }
}
