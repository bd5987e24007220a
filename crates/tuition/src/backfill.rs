//! The start-up fill-in of vocabulary ids, run right after the approximate
//! points ([`TuitionService::backfill_approximate_points`]):
//! - every request with a NULL `subject_id` or `class_id` gets the id its text maps to
//!   ([`Choice::from_text`]): a known term's id, the text itself kept as the parent wrote
//!   it; text the vocabulary does not know gets `other` and stays as it is;
//! - every teaching area with `vocabulary_mapped = FALSE` has its lists rewritten as ids
//!   (unknown text as `other:<text>`), and the flag set;
//! - then every mapped area without rows in tutor search's index gets them
//!   ([`TuitionService::backfill_search_index`]).
//!
//! Idempotent and batched; safe with several processes starting at once: each write is
//! guarded by the condition that selected the row (`subject_id IS NULL`,
//! `vocabulary_mapped = FALSE`), so a row another process (or a parent's or tutor's own
//! save) has written meanwhile is left alone, and the values written are the same
//! whoever writes them.

use diesel::prelude::*;
use hometutor_db::schema::{tuition_requests as tr, tutor_areas as ta};
use hometutor_vocabulary::{Choice, Facet, OTHER};

use crate::area::{choices_json, parse_choices};
use crate::{TuitionError, TuitionService};

/// Rows mapped per transaction.
const BATCH: i64 = 500;

/// id, subject, class, subject id, class id.
type RequestRow = (i64, String, String, Option<String>, Option<String>);

/// What one run changed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Backfilled {
    pub requests: usize,
    pub areas: usize,
}

/// The id free text maps to: a term's, or `other` (also for empty text).
fn id_of(facet: Facet, text: &str) -> String {
    Choice::from_text(facet, text).map_or_else(|| OTHER.to_string(), |c| c.id().to_string())
}

impl TuitionService {
    /// Maps every request and teaching area stored before the vocabulary onto it; returns
    /// how many rows it changed (none on a second run). Run at every start-up.
    #[tracing::instrument(skip_all)]
    pub fn backfill_vocabulary(&self) -> Result<Backfilled, TuitionError> {
        let mut done = Backfilled::default();
        // Requests: rows whose ids are still NULL, in id order, a batch per transaction.
        let mut after = 0i64;
        loop {
            let (seen, changed, last) = self.db.write(|c| -> Result<(usize, usize, i64), TuitionError> {
                let rows: Vec<RequestRow> = tr::table
                    .filter(tr::id.gt(after).and(tr::subject_id.is_null().or(tr::class_id.is_null())))
                    .order(tr::id)
                    .limit(BATCH)
                    .select((tr::id, tr::subject, tr::class_level, tr::subject_id, tr::class_id))
                    .load(c)?;
                let mut changed = 0;
                for (id, subject, class_level, subject_id, class_id) in &rows {
                    if subject_id.is_none() {
                        changed += diesel::update(tr::table.filter(tr::id.eq(*id).and(tr::subject_id.is_null())))
                            .set(tr::subject_id.eq(id_of(Facet::Subject, subject)))
                            .execute(c)?
                            .min(1);
                    }
                    if class_id.is_none() {
                        let n = diesel::update(tr::table.filter(tr::id.eq(*id).and(tr::class_id.is_null())))
                            .set(tr::class_id.eq(id_of(Facet::Class, class_level)))
                            .execute(c)?;
                        if subject_id.is_some() {
                            changed += n.min(1);
                        }
                    }
                }
                Ok((rows.len(), changed, rows.last().map_or(after, |r| r.0)))
            })?;
            done.requests += changed;
            after = last;
            if seen < BATCH as usize {
                break;
            }
        }
        // Areas not mapped yet.
        let mut after = 0i64;
        loop {
            let (seen, changed, last) = self.db.write(|c| -> Result<(usize, usize, i64), TuitionError> {
                let rows: Vec<(i64, String, String)> = ta::table
                    .filter(ta::tutor_id.gt(after).and(ta::vocabulary_mapped.eq(false)))
                    .order(ta::tutor_id)
                    .limit(BATCH)
                    .select((ta::tutor_id, ta::subjects, ta::classes))
                    .load(c)?;
                let mut changed = 0;
                for (tutor, raw_subjects, raw_classes) in &rows {
                    let mapped_subjects = parse_choices(Facet::Subject, raw_subjects);
                    let mapped_classes = parse_choices(Facet::Class, raw_classes);
                    // Claims the row: on PostgreSQL a second process waits here for this one's
                    // commit, then finds the flag set and writes nothing.
                    let claimed =
                        diesel::update(ta::table.filter(ta::tutor_id.eq(*tutor).and(ta::vocabulary_mapped.eq(false))))
                            .set((
                                ta::subjects.eq(choices_json(&mapped_subjects)),
                                ta::classes.eq(choices_json(&mapped_classes)),
                                ta::vocabulary_mapped.eq(true),
                            ))
                            .execute(c)?;
                    if claimed == 0 {
                        continue;
                    }
                    changed += 1;
                }
                Ok((rows.len(), changed, rows.last().map_or(after, |r| r.0)))
            })?;
            done.areas += changed;
            after = last;
            if seen < BATCH as usize {
                break;
            }
        }
        // Then tutor search's index of the areas stored before it (mapped ones only, so
        // after the areas above); not counted here: it changes no stored area.
        self.backfill_search_index()?;
        Ok(done)
    }
}
