//! The two tables: submissions and their documents.

use std::collections::{HashMap, HashSet};

use chrono::{NaiveDateTime, TimeDelta};
use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use hometutor_core::{Role, UserId};
use hometutor_db::schema::{verification_documents as vd, verification_submissions as vs};
use hometutor_db::{now, DbConnection};

use super::model::{Badge, Checks, Document, NewSubmission, QueueItem, Status, Submission, VerificationError};
use super::rules;

/// A decided submission's files are deleted this many days after the decision.
pub const FILES_KEPT_DAYS: i64 = 30;

type Row = (
    (i64, i64, String, bool, String, String, String, NaiveDateTime, NaiveDateTime, bool),
    (Option<NaiveDateTime>, bool, bool, bool, Option<String>, Option<String>, Option<NaiveDateTime>),
);

/// The selected columns, in [`Row`]'s order.
macro_rules! columns {
    () => {
        (
            (
                vs::id,
                vs::tutor_id,
                vs::id_kind,
                vs::aadhaar_masked,
                vs::qualification,
                vs::note,
                vs::status,
                vs::submitted_at,
                vs::queued_at,
                vs::name_changed,
            ),
            (
                vs::decided_at,
                vs::id_checked,
                vs::qualification_checked,
                vs::police_checked,
                vs::reject_reason,
                vs::reject_text,
                vs::files_deleted_at,
            ),
        )
    };
}

fn from_row(row: Row, documents: Vec<Document>) -> Submission {
    let (
        (id, tutor_id, id_kind, aadhaar_masked, qualification, note, status, submitted_at, queued_at, name_changed),
        d,
    ) = row;
    let (decided_at, id_checked, qualification_checked, police_checked, reject_reason, reject_text, files_deleted) = d;
    Submission {
        id,
        tutor_id,
        id_kind,
        aadhaar_masked,
        qualification,
        note,
        status,
        name_changed,
        submitted_at,
        queued_at,
        decided_at,
        checks: Checks { id: id_checked, qualification: qualification_checked, police: police_checked },
        reject_reason,
        reject_text,
        files_deleted: files_deleted.is_some(),
        documents,
    }
}

fn documents_of(c: &mut DbConnection, submissions: &[i64]) -> QueryResult<HashMap<i64, Vec<Document>>> {
    type DocRow = (i64, i64, String, String, String, i64, Option<NaiveDateTime>, String);
    let rows: Vec<DocRow> = vd::table
        .filter(vd::submission_id.eq_any(submissions))
        .order(vd::id)
        .select((
            vd::id,
            vd::submission_id,
            vd::slot,
            vd::original_name,
            vd::mimetype,
            vd::size,
            vd::deleted_at,
            vd::object_name,
        ))
        .load(c)?;
    let mut out: HashMap<i64, Vec<Document>> = HashMap::new();
    for (id, submission, slot, original_name, mimetype, size, deleted_at, object_name) in rows {
        out.entry(submission).or_default().push(Document {
            id,
            slot,
            original_name,
            mimetype,
            size,
            deleted: deleted_at.is_some(),
            object_name,
        });
    }
    Ok(out)
}

pub(super) fn load(c: &mut DbConnection, rows: Vec<Row>) -> QueryResult<Vec<Submission>> {
    let ids: Vec<i64> = rows.iter().map(|r| r.0 .0).collect();
    let mut docs = documents_of(c, &ids)?;
    Ok(rows
        .into_iter()
        .map(|r| {
            let id = r.0 .0;
            from_row(r, docs.remove(&id).unwrap_or_default())
        })
        .collect())
}

pub(super) fn by_id(c: &mut DbConnection, id: i64) -> QueryResult<Option<Submission>> {
    let rows: Vec<Row> = vs::table.filter(vs::id.eq(id)).select(columns!()).load(c)?;
    Ok(load(c, rows)?.pop())
}

/// Records a tutor's submission (its files already stored privately). Refused while another
/// is in review. The caller removes the stored objects when this fails.
pub fn submit(
    c: &mut DbConnection,
    tutor: UserId,
    role: Role,
    new: NewSubmission,
) -> Result<Submission, VerificationError> {
    if role != Role::Tutor {
        return Err(VerificationError::NotATutor);
    }
    let new = rules::validate(new)?;
    let at = now();
    let id_kind = new.id_kind.map(|k| k.as_str()).unwrap_or_default();
    let inserted = diesel::insert_into(vs::table)
        .values((
            vs::tutor_id.eq(tutor.0),
            vs::id_kind.eq(id_kind),
            vs::aadhaar_masked.eq(new.aadhaar_masked),
            vs::qualification.eq(&new.qualification),
            vs::note.eq(&new.note),
            vs::status.eq("pending"),
            vs::submitted_at.eq(at),
            vs::queued_at.eq(at),
        ))
        .returning(vs::id)
        .get_result::<i64>(c);
    let id = match inserted {
        // The one-in-review index: a second submission, or two sent at once.
        Err(DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => {
            return Err(VerificationError::AlreadyPending)
        }
        other => other?,
    };
    for d in &new.documents {
        diesel::insert_into(vd::table)
            .values((
                vd::submission_id.eq(id),
                vd::slot.eq(d.slot.as_str()),
                vd::object_name.eq(&d.object_name),
                vd::original_name.eq(&d.original_name),
                vd::mimetype.eq(&d.mimetype),
                vd::size.eq(d.size as i64),
            ))
            .execute(c)?;
    }
    by_id(c, id)?.ok_or(VerificationError::NotFound)
}

/// A tutor's submissions, newest first (the first is what their page shows).
pub fn latest_of(c: &mut DbConnection, tutor: UserId, limit: i64) -> QueryResult<Vec<Submission>> {
    let rows: Vec<Row> =
        vs::table.filter(vs::tutor_id.eq(tutor.0)).order(vs::id.desc()).limit(limit).select(columns!()).load(c)?;
    load(c, rows)
}

/// The tutor's verification page: their latest submission, their badge, and whether they may
/// submit now (nothing in review).
pub fn status_of(c: &mut DbConnection, tutor: UserId) -> QueryResult<Status> {
    let latest = latest_of(c, tutor, 1)?.pop();
    let badge = badges(c, &[tutor.0])?.remove(&tutor.0);
    let can_submit = latest.as_ref().is_none_or(|s| s.status != "pending");
    Ok(Status { latest, badge, can_submit })
}

/// The badge of each of `tutors` who has a standing approval (and whose account still
/// says so: a name change clears it at once).
pub fn badges(c: &mut DbConnection, tutors: &[i64]) -> QueryResult<HashMap<i64, Badge>> {
    use hometutor_db::schema::users;
    let mut out = HashMap::new();
    // In slices: SQLite bounds the number of parameters of one statement.
    for chunk in tutors.chunks(5_000) {
        let rows: Vec<(i64, Option<NaiveDateTime>, bool, bool, bool)> = vs::table
            .inner_join(users::table.on(users::id.eq(vs::tutor_id)))
            .filter(vs::tutor_id.eq_any(chunk).and(vs::status.eq("approved")).and(users::approved.eq(true)))
            .select((vs::tutor_id, vs::decided_at, vs::id_checked, vs::qualification_checked, vs::police_checked))
            .load(c)?;
        for (tutor, decided_at, id, qualification, police) in rows {
            if let Some(checked_at) = decided_at {
                out.insert(tutor, Badge { checks: Checks { id, qualification, police }, checked_at });
            }
        }
    }
    Ok(out)
}

/// The admins' queue: submissions in review, the longest waiting first, each beside the
/// tutor's name and what their profile says about them.
pub fn queue(c: &mut DbConnection, limit: i64) -> QueryResult<Vec<QueueItem>> {
    use hometutor_db::schema::tutor_profiles as tp;
    let rows: Vec<Row> = vs::table
        .filter(vs::status.eq("pending"))
        .order((vs::queued_at.asc(), vs::id.asc()))
        .limit(limit)
        .select(columns!())
        .load(c)?;
    let submissions = load(c, rows)?;
    let tutors: Vec<i64> = submissions.iter().map(|s| s.tutor_id).collect();
    let people = hometutor_accounts::people(c, &tutors)?;
    let profiles: HashMap<i64, (String, String, String, Option<String>)> = tp::table
        .filter(tp::user_id.eq_any(&tutors))
        .select((tp::user_id, (tp::education, tp::subjects, tp::about, tp::photo)))
        .load::<(i64, (String, String, String, Option<String>))>(c)?
        .into_iter()
        .collect();
    Ok(submissions
        .into_iter()
        .filter_map(|submission| {
            let person = people.get(&UserId(submission.tutor_id))?;
            let (education, subjects, about, photo) = profiles.get(&submission.tutor_id).cloned().unwrap_or_default();
            Some(QueueItem {
                tutor_name: person.fullname.clone(),
                tutor_email: person.email.clone(),
                tutor_phone: person.phone.clone(),
                education,
                subjects,
                about,
                photo_url: photo.map(|p| format!("/api/uploads/{p}")),
                submission,
            })
        })
        .collect())
}

/// Document `id` if `caller` may read it: its tutor, or an admin. Deleted files are not found.
pub fn document_for(
    c: &mut DbConnection,
    caller: UserId,
    role: Role,
    id: i64,
) -> Result<(i64, Document), VerificationError> {
    let row: Option<(i64, i64)> = vd::table
        .inner_join(vs::table)
        .filter(vd::id.eq(id).and(vd::deleted_at.is_null()))
        .select((vd::submission_id, vs::tutor_id))
        .first(c)
        .optional()?;
    let (submission, tutor) = row.ok_or(VerificationError::NotFound)?;
    if tutor != caller.0 && role != Role::Admin {
        // Others learn nothing about whose documents exist.
        return Err(VerificationError::NotFound);
    }
    let doc = documents_of(c, &[submission])?
        .remove(&submission)
        .and_then(|docs| docs.into_iter().find(|d| d.id == id))
        .ok_or(VerificationError::NotFound)?;
    Ok((tutor, doc))
}

/// Marks the files of submissions decided at least [`FILES_KEPT_DAYS`] before `at` deleted
/// (the decision and its checks stay) and returns their objects' names, for the caller to
/// remove from the store once this has committed.
pub fn expire_files(c: &mut DbConnection, at: NaiveDateTime) -> QueryResult<Vec<String>> {
    let cutoff = at - TimeDelta::days(FILES_KEPT_DAYS);
    let due: Vec<i64> = vs::table
        .filter(vs::status.ne("pending").and(vs::decided_at.le(cutoff)).and(vs::files_deleted_at.is_null()))
        .select(vs::id)
        .limit(500)
        .load(c)?;
    if due.is_empty() {
        return Ok(Vec::new());
    }
    let names: Vec<String> = vd::table
        .filter(vd::submission_id.eq_any(&due).and(vd::deleted_at.is_null()))
        .select(vd::object_name)
        .load(c)?;
    diesel::update(vd::table.filter(vd::submission_id.eq_any(&due))).set(vd::deleted_at.eq(at)).execute(c)?;
    diesel::update(vs::table.filter(vs::id.eq_any(&due))).set(vs::files_deleted_at.eq(at)).execute(c)?;
    Ok(names)
}

/// Of `object_names`, the private objects a document whose file is kept still names (the orphan
/// sweep deletes the others' objects; a document past its 30 days names its object no more).
pub fn referenced_objects(c: &mut DbConnection, object_names: &[String]) -> QueryResult<HashSet<String>> {
    let rows: Vec<String> = vd::table
        .filter(vd::object_name.eq_any(object_names).and(vd::deleted_at.is_null()))
        .select(vd::object_name)
        .load(c)?;
    Ok(rows.into_iter().collect())
}
