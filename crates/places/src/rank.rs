//! Ranking the entries a query matched: the order of suggestions ([`rank_key`]) and the list a
//! person sees, best first and without duplicates.

use std::cmp::Reverse;

use hometutor_geo::UnitVector;

use crate::fx::FxMap;
use crate::index::Places;
use crate::place::{Place, PlaceKind};
use crate::text::normalize;

/// How an entry matched a query; smaller sorts first ([`rank_key`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Match {
    /// 0 exact or whole words, 1 prefix (or words not at the start of the name), 2 typo.
    pub quality: u8,
    /// 0 within [`NEAR_KM`] of the person's own place, 1 farther or when it is not known.
    pub far: u8,
    /// How big a city the place lies in (twice the log₂ of its population in thousands; 0
    /// outside the largest cities), more for a district, city-state or area.
    pub importance: u8,
    /// The size of the place: matching post offices in the district, or a region's offices.
    pub size: u32,
    /// Sum of the edits over the words (0 without typos).
    pub edits: u8,
    /// 0 when the name is exactly what was typed, 1 when it has more words.
    pub partial: u8,
    /// Accurate post offices around the point: a town over a village.
    pub density: u32,
    /// GeoNames' accuracy of the point (1 estimated … 4 exact).
    pub accuracy: u8,
}

/// A place this close to the person's own (their saved area, the last place they chose) is in
/// their city: among matches equally good it comes first.
pub const NEAR_KM: f64 = 40.0;

/// The order of suggestions. A place in one of the largest cities (`importance` > 0) counts one
/// step of quality better than it matched: 'Sarjapur' (the start of Bengaluru's Sarjapura) before
/// the villages named exactly Sarjapur, 'lajpat nagr' Delhi's. Then places near the person, the
/// largest cities' first, the better match, the bigger city (a district before a locality of its
/// name), exact names ('Noida' before 'Noida Sector 62'), larger places, fewer edits, denser
/// surroundings, more accurate points; the caller breaks ties by name.
#[allow(clippy::type_complexity)] // a sort key: a tuple reads as the order it is
pub fn rank_key(
    m: &Match,
) -> (u8, u8, Reverse<bool>, u8, Reverse<u8>, u8, Reverse<u32>, u8, Reverse<u32>, Reverse<u8>) {
    let listed = m.importance > 0;
    (
        m.quality.saturating_sub(u8::from(listed)),
        m.far,
        Reverse(listed),
        m.quality,
        Reverse(m.importance),
        m.partial,
        Reverse(m.size),
        m.edits,
        Reverse(m.density),
        Reverse(m.accuracy),
    )
}

impl Places {
    /// The best `limit` of the entries found, each `(entry, (quality, edits, partial))` once.
    /// `near`: the person's own place, when known.
    pub(crate) fn rank(&self, found: Vec<(u32, (u8, u8, u8))>, limit: usize, near: Option<UnitVector>) -> Vec<&Place> {
        let reach = UnitVector::chord2_of_km(NEAR_KM);
        // The size of a locality: how many post offices of its district matched this well.
        let mut per_district: FxMap<(u32, u8), u32> = FxMap::default();
        for &(e, (quality, _, _)) in &found {
            if self.meta[e as usize].kind == PlaceKind::Locality {
                *per_district.entry((self.meta[e as usize].district, quality)).or_default() += 1;
            }
        }
        let mut ranked: Vec<(Match, u32)> = found
            .iter()
            .map(|&(e, (quality, edits, partial))| {
                let meta = self.meta[e as usize];
                let size = match meta.kind {
                    PlaceKind::Locality => per_district.get(&(meta.district, quality)).copied().unwrap_or(1),
                    // A sub-district counts as one place (its post offices are mostly villages);
                    // a district as all of its post offices.
                    PlaceKind::SubDistrict => 1,
                    PlaceKind::District | PlaceKind::Area | PlaceKind::CityState => meta.size,
                };
                let far = near.map_or(1, |n| u8::from(n.chord2(&self.units[e as usize]) > reach));
                let importance = meta.importance;
                (
                    Match {
                        quality,
                        far,
                        importance,
                        size,
                        edits,
                        partial,
                        density: meta.density,
                        accuracy: meta.accuracy,
                    },
                    e,
                )
            })
            .collect();
        let order = |(ma, a): &(Match, u32), (mb, b): &(Match, u32)| {
            rank_key(ma)
                .cmp(&rank_key(mb))
                .then_with(|| self.places[*a as usize].name.cmp(&self.places[*b as usize].name))
                .then(a.cmp(b))
        };
        // Only the head needs sorting; duplicates (same name and district) rarely fill it.
        let head = (limit * 10).max(100);
        if ranked.len() > head {
            ranked.select_nth_unstable_by(head, order);
            ranked.truncate(head);
        }
        ranked.sort_unstable_by(order);
        let mut seen: Vec<(String, u32)> = Vec::new();
        let mut out = Vec::new();
        for (_, e) in ranked {
            let place = &self.places[e as usize];
            let key = (normalize(&place.name), self.meta[e as usize].district);
            if seen.contains(&key) {
                continue;
            }
            seen.push(key);
            out.push(place);
            if out.len() == limit {
                break;
            }
        }
        out
    }
}
