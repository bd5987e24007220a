//! A tutor's teaching area as their public profile summarises it: roughly where (never the
//! centre itself), how far they travel and what they teach, as tuition reads it.

use hometutor_core::UserId;
use hometutor_places::Places;
use hometutor_tuition::area;
use hometutor_vocabulary::{Choice, Term};

use crate::card::TermRef;
use crate::{DiscoveryError, DiscoveryService};

#[derive(Debug, Clone, PartialEq)]
pub struct AreaSummary {
    /// 'Lajpat Nagar, South Delhi'.
    pub place_name: Option<String>,
    pub radius_km: f64,
    pub subjects: Vec<TermRef>,
    pub classes: Vec<TermRef>,
    pub boards: Vec<TermRef>,
    pub modes: Vec<TermRef>,
}

impl DiscoveryService {
    /// The tutor's area summary, `None` when they saved none.
    #[tracing::instrument(skip_all, fields(tutor = tutor))]
    pub fn area_summary(&self, tutor: i64) -> Result<Option<AreaSummary>, DiscoveryError> {
        let area = self.db.read(|c| -> Result<_, DiscoveryError> { Ok(area::load(c, UserId(tutor))?) })?;
        let choices = |list: &[Choice]| list.iter().map(TermRef::from).collect::<Vec<_>>();
        let terms = |list: &[&Term]| {
            list.iter().map(|t| TermRef { id: t.id.to_string(), label: t.label.to_string() }).collect::<Vec<_>>()
        };
        Ok(area.map(|a| AreaSummary {
            // Named after the point searches use, so the name tells no more than they do.
            place_name: {
                let shown = area::shown_center(a.center);
                Places::global().describe(shown.lat, shown.lng)
            },
            radius_km: a.radius_km,
            subjects: choices(&a.subjects),
            classes: choices(&a.classes),
            boards: terms(&a.boards),
            modes: terms(&a.modes),
        }))
    }
}
