//! A tutor as search and recommendations show them: the card.

use std::collections::HashMap;

use diesel::prelude::*;
use hometutor_db::schema::tutor_profiles as tp;
use hometutor_db::DbConnection;
use hometutor_geo::Point;
use hometutor_places::Places;
use hometutor_vocabulary::Choice;

use crate::card::{Candidate, ProfileFields, TermRef};
use crate::ratings::RatingStats;

/// A card's `about`: at most this many characters (an ellipsis ends a cut one).
pub const ABOUT_CHARS: usize = 160;

/// A tutor as search and recommendations show them: never an e-mail or a phone number.
#[derive(Debug, Clone, PartialEq)]
pub struct TutorCard {
    pub id: i64,
    pub fullname: String,
    /// The stored name of the square photo (the server makes the URL).
    pub photo: Option<String>,
    /// At most [`ABOUT_CHARS`] characters.
    pub about: String,
    pub subjects: Vec<TermRef>,
    pub classes: Vec<TermRef>,
    pub boards: Vec<TermRef>,
    pub modes: Vec<TermRef>,
    pub fee_per_hour: Option<i32>,
    /// The free-text fees field of the profile.
    pub fee_notes: String,
    /// Mean to one decimal; `None` without reviews.
    pub rating: Option<f64>,
    pub review_count: i64,
    /// From the point searched to the area's centre, to 0.1 km.
    pub distance_km: f64,
    /// 'Lajpat Nagar, South Delhi': where the area's centre is, roughly.
    pub place_name: Option<String>,
    /// `[longitude, latitude]` of that place (its post office, public data), where a map puts the
    /// tutor: never the area's own centre.
    pub place_location: Option<[f64; 2]>,
    pub verified: bool,
    pub featured: bool,
    /// The standing verification: its checks and date (`None` for a tutor not verified).
    pub verification: Option<hometutor_profiles::verification::Badge>,
}

/// Distances are shown, and ordered, to 0.1 km.
pub fn shown_distance(km: f64) -> f64 {
    (km * 10.0).round() / 10.0
}

/// `about` cut to [`ABOUT_CHARS`] characters, on a character boundary, an ellipsis ending a cut one.
pub(crate) fn short_about(about: &str) -> String {
    let about = about.trim();
    if about.chars().count() <= ABOUT_CHARS {
        return about.to_string();
    }
    let mut cut: String = about.chars().take(ABOUT_CHARS - 1).collect();
    cut = cut.trim_end().to_string();
    cut.push('…');
    cut
}

type ProfileRow = (i64, String, String, Option<String>);

/// The cards of `shown` (candidate, distance to the point), in that order.
pub(crate) fn cards(
    c: &mut DbConnection,
    shown: &[(&Candidate, f64)],
    stats: &HashMap<i64, RatingStats>,
) -> QueryResult<Vec<TutorCard>> {
    let ids: Vec<i64> = shown.iter().map(|(cand, _)| cand.tutor).collect();
    let rows: Vec<ProfileRow> =
        tp::table.filter(tp::user_id.eq_any(&ids)).select((tp::user_id, tp::about, tp::fees, tp::photo)).load(c)?;
    let profiles: HashMap<i64, ProfileFields> = rows.into_iter().map(|(id, a, f, p)| (id, (a, f, p))).collect();
    cards_with(c, shown, stats, &profiles)
}

/// [`cards`] with the profile fields already read.
pub(crate) fn cards_with(
    c: &mut DbConnection,
    shown: &[(&Candidate, f64)],
    stats: &HashMap<i64, RatingStats>,
    profiles: &HashMap<i64, ProfileFields>,
) -> QueryResult<Vec<TutorCard>> {
    let ids: Vec<i64> = shown.iter().map(|(cand, _)| cand.tutor).collect();
    let people = hometutor_accounts::listed_tutors(c, &ids)?;
    let verifications = hometutor_profiles::verification::badges(c, &ids)?;
    let terms = |list: &[Choice]| list.iter().map(TermRef::from).collect::<Vec<_>>();
    Ok(shown
        .iter()
        .filter_map(|(cand, d)| {
            let person = people.get(&cand.tutor)?;
            let (about, fees, photo) = match profiles.get(&cand.tutor) {
                Some((about, fees, photo)) => (about.as_str(), fees.clone(), photo.clone()),
                None => ("", String::new(), None),
            };
            let st = stats.get(&cand.tutor).copied().unwrap_or_default();
            let place = near_place(cand.center);
            Some(TutorCard {
                id: cand.tutor,
                fullname: person.fullname.clone(),
                photo,
                about: short_about(about),
                subjects: terms(&cand.subjects),
                classes: terms(&cand.classes),
                boards: terms(&cand.boards),
                modes: terms(&cand.modes),
                fee_per_hour: cand.fee_per_hour,
                fee_notes: fees,
                rating: st.mean(),
                review_count: st.count,
                distance_km: shown_distance(*d),
                place_name: place.as_ref().map(|p| p.name.clone()),
                place_location: place.map(|p| p.location),
                verified: cand.verified,
                featured: person.featured,
                verification: verifications.get(&cand.tutor).copied(),
            })
        })
        .collect())
}

/// The place an area's centre is near, as a card shows it.
#[derive(Debug, Clone)]
struct NearPlace {
    /// 'Lajpat Nagar, South Delhi'.
    name: String,
    /// The place's own point, `[longitude, latitude]`.
    location: [f64; 2],
}

/// The place near an area's centre, remembered: a pure function of the point that reads many
/// places near a city centre, asked again for the same tutors' centres by every search near
/// them. The memory is bounded (emptied past [`PLACE_NAMES`] points).
fn near_place(center: Point) -> Option<NearPlace> {
    use std::sync::{Mutex, OnceLock};
    type Remembered = Mutex<HashMap<(u64, u64), Option<NearPlace>>>;
    static NAMES: OnceLock<Remembered> = OnceLock::new();
    let key = (center.lat.to_bits(), center.lng.to_bits());
    let names = NAMES.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(place) = names.lock().ok().and_then(|m| m.get(&key).cloned()) {
        return place;
    }
    let place = Places::global()
        .nearest(center.lat, center.lng)
        .map(|p| NearPlace { name: p.display_name(), location: [p.lng, p.lat] });
    if let Ok(mut m) = names.lock() {
        if m.len() >= PLACE_NAMES {
            m.clear();
        }
        m.insert(key, place.clone());
    }
    place
}

/// The most area centres whose place names are remembered at once.
const PLACE_NAMES: usize = 200_000;
