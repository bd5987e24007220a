//! The sweep of orphan objects: objects in the store that no row references. They are left
//! by a crash or a failed insert between storing an object and recording it, and by a store
//! that was down when a row was deleted (a file deleted, an account deleted, a verification
//! document past its 30 days). Public uploads are referenced by their `uploads` row; private
//! objects by their recording module's rows, which the caller asks about.
//!
//! An object is deleted only once it has stayed unreferenced for the grace period, counted on
//! the server's clock (`unreferenced_objects` keeps when a pass first saw it so): an upload
//! whose row is still being written is never taken, and the store's own clock (a bucket's
//! `LastModified`, a file's mtime) is never compared with the server's.

use std::collections::{HashMap, HashSet};

use chrono::NaiveDateTime;
use diesel::prelude::*;
use hometutor_db::schema::{unreferenced_objects as uo, uploads as up};
use hometutor_db::DbConnection;

use crate::private::valid_private_name;
use crate::{valid_stored_name, MediaError, MediaStore};

/// Names asked of the database at a time.
const CHUNK: usize = 500;

/// What one pass did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Swept {
    /// Public uploads' objects deleted (no `uploads` row for the grace period).
    pub public: usize,
    /// Private objects deleted (no live row of their recording module for the grace period).
    pub private: usize,
    /// Unreferenced objects younger than the grace period, kept for now.
    pub waiting: usize,
    /// Objects whose delete the store refused (tried again next pass).
    pub failed: usize,
}

/// Of `names` (private objects' names), the ones a live row still references.
pub type PrivateReferences<'a> = &'a dyn Fn(&mut DbConnection, &[String]) -> QueryResult<HashSet<String>>;

impl MediaStore {
    /// One pass at `at` (the server's clock): lists the store, notes the objects no row
    /// references, and deletes those that were already unreferenced `grace` before `at`.
    /// `private_refs` tells which private objects are referenced. Blocking.
    #[tracing::instrument(skip_all)]
    pub fn sweep_orphans(
        &self,
        at: NaiveDateTime,
        grace: std::time::Duration,
        private_refs: PrivateReferences<'_>,
    ) -> Result<Swept, MediaError> {
        let (mut public, mut private) = (Vec::new(), Vec::new());
        for (name, _) in self.objects.list()? {
            if valid_stored_name(&name) {
                public.push(name);
            } else if valid_private_name(&name) {
                private.push(name);
            }
        }
        let unreferenced: HashSet<String> = self.db.read(|c| -> Result<_, MediaError> {
            let mut referenced = HashSet::new();
            for chunk in public.chunks(CHUNK) {
                let rows: Vec<String> = up::table.filter(up::filename.eq_any(chunk)).select(up::filename).load(c)?;
                referenced.extend(rows);
            }
            for chunk in private.chunks(CHUNK) {
                referenced.extend(private_refs(c, chunk)?);
            }
            Ok(public.iter().chain(&private).filter(|n| !referenced.contains(*n)).cloned().collect())
        })?;
        let cutoff = at - chrono::TimeDelta::from_std(grace).unwrap_or(chrono::TimeDelta::hours(1));
        let due = self.db.write(|c| -> Result<_, MediaError> { Ok(note(c, &unreferenced, at, cutoff)?) })?;
        let mut swept = Swept { waiting: unreferenced.len() - due.len(), ..Swept::default() };
        for name in due {
            match self.objects.delete(&name) {
                Ok(()) => {
                    self.db.write(|c| -> Result<_, MediaError> {
                        diesel::delete(uo::table.filter(uo::name.eq(&name))).execute(c)?;
                        Ok(())
                    })?;
                    match valid_private_name(&name) {
                        true => swept.private += 1,
                        false => swept.public += 1,
                    }
                    tracing::info!(object = %name, "an orphan object was deleted");
                }
                Err(e) => {
                    swept.failed += 1;
                    tracing::warn!(object = %name, error = %e, "an orphan object stays until the next sweep");
                }
            }
        }
        Ok(swept)
    }
}

/// Brings `unreferenced_objects` to this pass's view (forgets what is referenced again or
/// gone, notes what is new at `at`) and returns the names unreferenced since `cutoff` or before.
fn note(
    c: &mut DbConnection,
    unreferenced: &HashSet<String>,
    at: NaiveDateTime,
    cutoff: NaiveDateTime,
) -> QueryResult<Vec<String>> {
    let seen: HashMap<String, NaiveDateTime> =
        uo::table.select((uo::name, uo::first_seen_at)).load(c)?.into_iter().collect();
    let settled: Vec<&String> = seen.keys().filter(|n| !unreferenced.contains(*n)).collect();
    for chunk in settled.chunks(CHUNK) {
        diesel::delete(uo::table.filter(uo::name.eq_any(chunk))).execute(c)?;
    }
    // One by one: orphans are few, and one multi-row insert is not written alike on both backends.
    for name in unreferenced.iter().filter(|n| !seen.contains_key(*n)) {
        diesel::insert_into(uo::table).values((uo::name.eq(name), uo::first_seen_at.eq(at))).execute(c)?;
    }
    Ok(seen.into_iter().filter(|(n, since)| *since <= cutoff && unreferenced.contains(n)).map(|(n, _)| n).collect())
}
