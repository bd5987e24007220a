//! A tutor's teaching area as their public profile summarises it: roughly where (never the
//! centre itself), how far they travel and what they teach.

use diesel::prelude::*;
use hometutor_db::schema::tutor_areas as ta;
use hometutor_places::Places;
use hometutor_vocabulary::Facet;

use crate::card::{parse, TermRef};
use crate::{DiscoveryError, DiscoveryService};

#[derive(Debug, Clone, PartialEq)]
pub struct AreaSummary {
    /// 'near Lajpat Nagar, South Delhi'.
    pub place_name: Option<String>,
    pub radius_km: f64,
    pub subjects: Vec<TermRef>,
    pub classes: Vec<TermRef>,
    pub boards: Vec<TermRef>,
    pub modes: Vec<TermRef>,
}

type Row = (f64, f64, f64, String, String, String, String);

impl DiscoveryService {
    /// The tutor's area summary, `None` when they saved none.
    #[tracing::instrument(skip_all, fields(tutor = tutor))]
    pub fn area_summary(&self, tutor: i64) -> Result<Option<AreaSummary>, DiscoveryError> {
        let row: Option<Row> = self.db.read(|c| -> Result<_, DiscoveryError> {
            Ok(ta::table
                .find(tutor)
                .select((ta::lat, ta::lng, ta::radius_km, ta::subjects, ta::classes, ta::boards, ta::modes))
                .first(c)
                .optional()?)
        })?;
        let terms = |facet, raw: &str| parse(facet, raw).iter().map(TermRef::from).collect::<Vec<_>>();
        Ok(row.map(|(lat, lng, radius_km, subjects, classes, boards, modes)| AreaSummary {
            place_name: Places::global().describe(lat, lng),
            radius_km,
            subjects: terms(Facet::Subject, &subjects),
            classes: terms(Facet::Class, &classes),
            boards: terms(Facet::Board, &boards),
            modes: terms(Facet::Mode, &modes),
        }))
    }
}
