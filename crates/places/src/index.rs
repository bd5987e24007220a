//! The loaded index ([`Places`]): its entries, what is known of each, and the word and grid
//! tables the searches read. [`crate::load`] builds it; the search and the point lookup read it.

use hometutor_geo::UnitVector;

use crate::fx::FxMap;
use crate::place::{Place, PlaceKind};

/// The region id of an entry without that region (no sub-district, say).
pub(crate) const NO_REGION: u32 = u32::MAX;

/// What the index knows of an entry besides its [`Place`]: its kind, regions and weight.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Meta {
    pub(crate) kind: PlaceKind,
    pub(crate) district: u32,
    pub(crate) sub: u32,
    pub(crate) state: u32,
    pub(crate) accuracy: u8,
    /// Post offices sharing the PIN (a locality) or in the district / sub-district.
    pub(crate) size: u32,
    /// Accurate post offices within ≈ 15 km (the 3×3 grid cells around the point): how
    /// urban the place is.
    pub(crate) density: u32,
    /// How big a city the entry lies in (twice the log₂ of its population in thousands,
    /// `data/cities.tsv`; 0 outside the listed cities), more for a district, city-state or area.
    pub(crate) importance: u8,
    /// The locality people mean by its PIN code, when the reviewed list names one.
    pub(crate) principal: bool,
}

/// The loaded index; one per process ([`Places::global`]).
pub struct Places {
    /// Localities first (sorted by PIN code, then name), then sub-districts, then districts.
    pub(crate) places: Vec<Place>,
    pub(crate) meta: Vec<Meta>,
    pub(crate) localities: usize,
    /// Normalised words of each region (district, sub-district, state) name, by region id.
    pub(crate) regions: Vec<Vec<String>>,
    /// Distinct normalised words of the names, sorted.
    pub(crate) words: Vec<String>,
    pub(crate) word_masks: Vec<u32>,
    /// Word ids by length in characters.
    pub(crate) by_len: Vec<Vec<u32>>,
    /// Entry ids per word id (ascending).
    pub(crate) postings: Vec<Vec<u32>>,
    /// Entry ids whose name starts with the word, per word id (ascending): the candidates of a
    /// short prefix ('Ba'), which would otherwise be a good part of the index.
    pub(crate) first_postings: Vec<Vec<u32>>,
    /// The word ids of each entry's name, in order.
    pub(crate) name_words: Vec<Vec<u32>>,
    /// The word id of 'H.O' (a head office, named after its area), if the data has it.
    pub(crate) head_office_word: Option<u32>,
    pub(crate) grid: FxMap<(i32, i32), Vec<u32>>,
    /// Each entry's point as a unit vector, by entry id: [`Places::nearest`] compares chords,
    /// not haversine distances (a quarter of a nearby search's CPU went to their sines and cosines).
    pub(crate) units: Vec<UnitVector>,
    /// The answers to one-word queries of up to [`SHORT_PREFIX`](crate::search::SHORT_PREFIX)
    /// letters, kept once computed: they are what everyone types first, and 'ka' starts tens of
    /// thousands of names. Only prefixes that start a name are kept, so the map is bounded by the data.
    pub(crate) short_answers: std::sync::RwLock<FxMap<String, Vec<u32>>>,
}

impl Places {
    /// How many entries the index holds (post offices, sub-districts and districts).
    pub fn len(&self) -> usize {
        self.places.len()
    }

    /// Whether the index holds nothing (the data failed to load).
    pub fn is_empty(&self) -> bool {
        self.places.is_empty()
    }

    /// How many post offices (localities) the index holds.
    pub fn localities(&self) -> usize {
        self.localities
    }

    /// What kind of entry a place returned by this index is.
    pub fn kind(&self, place: &Place) -> PlaceKind {
        self.index_of(place).map_or(PlaceKind::Locality, |i| self.meta[i].kind)
    }

    pub(crate) fn index_of(&self, place: &Place) -> Option<usize> {
        let start = self.places.as_ptr() as usize;
        let at = place as *const Place as usize;
        let size = std::mem::size_of::<Place>();
        (at >= start && at < start + self.places.len() * size).then(|| (at - start) / size)
    }
}
