//! The points are right too: the best-known localities of the largest cities are found within
//! 2 km of where they are (a metro or railway station, a market or the locality's centre),
//! whatever the shipped postal data put them at (many post offices sit at their district's
//! point; `data/corrections.tsv` moves them).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use hometutor_geo::{distance_km, Point};
use hometutor_places::{Places, MAX_SUGGESTIONS};

/// (what is typed, the city's district in the data, known latitude, longitude)
const KNOWN: [(&str, &str, f64, f64); 49] = [
    ("Connaught Place", "Central Delhi", 28.6304, 77.2177),
    ("Karol Bagh", "Central Delhi", 28.6440, 77.1880),
    ("Lajpat Nagar", "South Delhi", 28.5700, 77.2373),
    ("Hauz Khas", "South West Delhi", 28.5494, 77.2001),
    ("Saket Delhi", "South Delhi", 28.5245, 77.2066),
    ("Chandni Chowk", "North Delhi", 28.6562, 77.2300),
    ("Greater Kailash Delhi", "South Delhi", 28.5485, 77.2343),
    ("Dwarka Delhi", "South West Delhi", 28.5810, 77.0573),
    ("Vasant Kunj", "South West Delhi", 28.5200, 77.1580),
    ("Defence Colony", "South Delhi", 28.5741, 77.2311),
    ("Janakpuri", "West Delhi", 28.6294, 77.0797),
    ("Andheri", "Mumbai", 19.1197, 72.8468),
    ("Bandra", "Mumbai", 19.0544, 72.8406),
    ("Borivali", "Mumbai", 19.2290, 72.8573),
    ("Dadar", "Mumbai", 19.0187, 72.8431),
    ("Colaba", "Mumbai", 18.9067, 72.8147),
    ("Powai", "Mumbai", 19.1197, 72.9051),
    ("Juhu", "Mumbai", 19.0988, 72.8267),
    ("Kurla", "Mumbai", 19.0653, 72.8793),
    ("Ghatkopar", "Mumbai", 19.0863, 72.9081),
    ("Chembur", "Mumbai", 19.0623, 72.9005),
    ("Koramangala", "Bengaluru", 12.9279, 77.6271),
    ("Indiranagar Bangalore", "Bengaluru", 12.9784, 77.6408),
    ("Jayanagar Bangalore", "Bengaluru", 12.9308, 77.5838),
    ("Whitefield", "Bengaluru", 12.9698, 77.7500),
    ("Malleswaram", "Bengaluru", 13.0031, 77.5643),
    ("HSR Layout", "Bengaluru", 12.9121, 77.6446),
    ("Yelahanka", "Bengaluru", 13.1005, 77.5940),
    ("Kothrud", "Pune", 18.5040, 73.8090),
    ("Shivajinagar Pune", "Pune", 18.5308, 73.8475),
    ("Aundh Pune", "Pune", 18.5580, 73.8075),
    ("Hadapsar", "Pune", 18.5089, 73.9260),
    ("Viman Nagar", "Pune", 18.5679, 73.9143),
    ("Banjara Hills", "Hyderabad", 17.4138, 78.4398),
    ("Jubilee Hills", "Hyderabad", 17.4325, 78.4071),
    ("Kukatpally", "Hyderabad", 17.4847, 78.4117),
    ("Madhapur Hyderabad", "Hyderabad", 17.4483, 78.3915),
    ("Secunderabad", "Hyderabad", 17.4337, 78.5016),
    ("T Nagar Chennai", "Chennai", 13.0405, 80.2337),
    ("Adyar", "Chennai", 13.0063, 80.2574),
    ("Anna Nagar Chennai", "Chennai", 13.0860, 80.2101),
    ("Mylapore", "Chennai", 13.0339, 80.2619),
    ("Egmore", "Chennai", 13.0780, 80.2610),
    ("Nungambakkam", "Chennai", 13.0590, 80.2420),
    ("Ballygunge", "Kolkata", 22.5276, 88.3642),
    ("Park Street", "Kolkata", 22.5526, 88.3520),
    ("Behala", "Kolkata", 22.4980, 88.3100),
    ("Jadavpur", "Kolkata", 22.4989, 88.3714),
    ("Esplanade", "Kolkata", 22.5646, 88.3510),
];

#[test]
fn the_best_known_localities_are_within_two_km_of_where_they_are() {
    let mut wrong = Vec::new();
    let cities = ["Delhi", "Mumbai", "Bengaluru", "Pune", "Hyderabad", "Chennai", "Kolkata"];
    for city in cities {
        let n = KNOWN.iter().filter(|(_, d, _, _)| d.contains(city)).count();
        assert!(n >= 4, "{city}: only {n} localities");
    }
    for (query, district, lat, lng) in KNOWN {
        let got = Places::global().search(query, MAX_SUGGESTIONS);
        let first = got.first().expect(query);
        let km = distance_km(Point { lat, lng }, Point { lat: first.lat, lng: first.lng });
        println!("{query:24} → {} at ({}, {}): {km:.2} km", first.label(), first.lat, first.lng);
        if first.district != district || km > 2.0 {
            wrong.push(format!("{query}: {} is {km:.1} km from ({lat}, {lng})", first.label()));
        }
    }
    assert!(wrong.is_empty(), "{} of {}:\n{}", wrong.len(), KNOWN.len(), wrong.join("\n"));
}
