//! A tutor's reviews as search and recommendations weigh them.

use std::collections::HashMap;

use diesel::prelude::*;
use hometutor_db::schema::reviews as rv;
use hometutor_db::DbConnection;

/// The Bayesian rating's prior: worth this many reviews…
pub const PRIOR_REVIEWS: f64 = 5.0;
/// …of this many stars.
pub const PRIOR_MEAN: f64 = 4.0;
/// A tutor's reviews: how many, and their stars added up.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RatingStats {
    pub count: i64,
    pub sum: i64,
}

impl RatingStats {
    /// The mean to one decimal, as shown; `None` without reviews.
    pub fn mean(self) -> Option<f64> {
        (self.count > 0).then(|| ((self.sum as f64 / self.count as f64) * 10.0).round() / 10.0)
    }

    /// The Bayesian (shrunk) mean in stars: few reviews pull it towards [`PRIOR_MEAN`].
    pub fn shrunk(self) -> f64 {
        (PRIOR_REVIEWS * PRIOR_MEAN + self.sum as f64) / (PRIOR_REVIEWS + self.count as f64)
    }
}

/// Each tutor's review count and sum of stars (tutors without reviews are absent).
pub(crate) fn rating_stats(c: &mut DbConnection, tutors: &[i64]) -> QueryResult<HashMap<i64, RatingStats>> {
    let mut stats: HashMap<i64, RatingStats> = HashMap::new();
    // In slices, to stay under SQLite's limit on bound parameters.
    for chunk in tutors.chunks(5_000) {
        let rows: Vec<(i64, i32)> =
            rv::table.filter(rv::tutor_id.eq_any(chunk)).select((rv::tutor_id, rv::rating)).load(c)?;
        for (tutor, rating) in rows {
            let s = stats.entry(tutor).or_default();
            s.count += 1;
            s.sum += i64::from(rating);
        }
    }
    Ok(stats)
}
