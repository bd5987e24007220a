//! "This column is one of these ids" in a statement whose text does not depend on exactly how
//! many ids there are, so the connection keeps its prepared form.
//!
//! Diesel writes `eq_any` as `IN (?, ?, …)` on SQLite, one bound parameter per id, and never
//! keeps such a statement: every call parses and plans it again (14 % of a nearby search's time
//! through HTTP, measured with `perf`). On SQLite [`one_of`] pads the list to the next
//! power of two by repeating its last id, so a handful of statement texts cover every length and
//! each is kept; past [`MAX_LISTED`] ids it binds them as one JSON array read by `json_each`. (A
//! JSON array for every length was tried first: SQLite's planner cannot count the rows of
//! `json_each`, and with `ANALYZE`'s statistics it chose a worse index for the nearby search's cell
//! batches, 0.21 → 0.74 ms.) On PostgreSQL diesel's own `= ANY($1)` already binds one array and is
//! kept.

use diesel::backend::Backend;
use diesel::expression::{AppearsOnTable, Expression, ValidGrouping};
use diesel::query_builder::{AstPass, QueryFragment, QueryId};
use diesel::serialize::ToSql;
use diesel::sql_types::{BigInt, Bool, HasSqlType, Text};
use diesel::{ExpressionMethods, QueryResult};

use crate::DbConnection;

/// `column` is one of `ids`, written for the connection's backend. (A nullable column goes
/// in as `column.assume_not_null()`: a NULL is one of no list.)
pub fn one_of<C>(conn: &DbConnection, column: C, ids: &[i64]) -> OneOf<C, diesel::dsl::EqAny<C, Vec<i64>>>
where
    C: ExpressionMethods + Expression<SqlType = BigInt>,
{
    match conn {
        DbConnection::Sqlite(_) if ids.len() > MAX_LISTED => OneOf::Json { column, ids: json_array(ids) },
        DbConnection::Sqlite(_) => OneOf::List { column, ids: padded(ids) },
        DbConnection::Pg(_) => OneOf::Any(column.eq_any(ids.to_vec())),
    }
}

/// Longest list written out as bound parameters (padded, 1,024 at most: SQLite allows 32,766).
pub const MAX_LISTED: usize = 1024;

/// See [`one_of`]: `A` is diesel's `= ANY` of the column.
#[derive(Debug, Clone)]
pub enum OneOf<C, A> {
    /// `column IN (?, ?, …)` with a power of two of ids (none: `1 = 0`).
    List { column: C, ids: Vec<i64> },
    /// `column IN (SELECT value FROM json_each(?))`, the ids bound as `[1,2,3]`.
    Json { column: C, ids: String },
    /// `column = ANY(?)`.
    Any(A),
}

impl<C, A> Expression for OneOf<C, A> {
    type SqlType = Bool;
}

impl<C: AppearsOnTable<QS>, A: AppearsOnTable<QS>, QS> AppearsOnTable<QS> for OneOf<C, A> where Self: Expression {}

impl<C, A, GB> ValidGrouping<GB> for OneOf<C, A>
where
    C: ValidGrouping<GB>,
{
    type IsAggregate = C::IsAggregate;
}

/// Not a static id: the two forms differ, so the connection keeps each by its SQL text.
impl<C, A> QueryId for OneOf<C, A> {
    type QueryId = ();
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl<C, A, DB> QueryFragment<DB> for OneOf<C, A>
where
    DB: Backend + HasSqlType<Text> + HasSqlType<BigInt>,
    C: QueryFragment<DB>,
    A: QueryFragment<DB>,
    String: ToSql<Text, DB>,
    i64: ToSql<BigInt, DB>,
{
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, DB>) -> QueryResult<()> {
        match self {
            Self::List { ids, .. } if ids.is_empty() => {
                out.push_sql("1 = 0");
                Ok(())
            }
            Self::List { column, ids } => {
                column.walk_ast(out.reborrow())?;
                out.push_sql(" IN (");
                for (i, id) in ids.iter().enumerate() {
                    if i > 0 {
                        out.push_sql(", ");
                    }
                    out.push_bind_param::<BigInt, i64>(id)?;
                }
                out.push_sql(")");
                Ok(())
            }
            Self::Json { column, ids } => {
                column.walk_ast(out.reborrow())?;
                out.push_sql(" IN (SELECT value FROM json_each(");
                out.push_bind_param::<Text, String>(ids)?;
                out.push_sql("))");
                Ok(())
            }
            Self::Any(any) => any.walk_ast(out),
        }
    }
}

/// The ids, the last repeated up to the next power of two: `[5, 7, 9]` → `[5, 7, 9, 9]`.
fn padded(ids: &[i64]) -> Vec<i64> {
    let mut out = Vec::with_capacity(ids.len().next_power_of_two());
    out.extend_from_slice(ids);
    if let Some(&last) = ids.last() {
        out.resize(ids.len().next_power_of_two(), last);
    }
    out
}

/// Ids as a JSON array: `[1,2,3]`.
fn json_array(ids: &[i64]) -> String {
    use std::fmt::Write;
    let mut out = String::with_capacity(ids.len() * 8 + 2);
    out.push('[');
    for (i, id) in ids.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(out, "{id}");
    }
    out.push(']');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pads_a_list_to_a_power_of_two_with_its_last_id() {
        assert_eq!(padded(&[]), Vec::<i64>::new());
        assert_eq!(padded(&[4]), vec![4]);
        assert_eq!(padded(&[5, 7, 9]), vec![5, 7, 9, 9]);
        assert_eq!(padded(&[1, 2, 3, 4]), vec![1, 2, 3, 4]);
        assert_eq!(padded(&(0..1000).collect::<Vec<_>>()).len(), 1024);
    }

    #[test]
    fn writes_ids_as_a_json_array() {
        assert_eq!(json_array(&[]), "[]");
        assert_eq!(json_array(&[7]), "[7]");
        assert_eq!(json_array(&[1, -2, 9_007_199_254_740_993]), "[1,-2,9007199254740993]");
    }
}
