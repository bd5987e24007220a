//! "This column is one of these ids" in a statement whose text does not depend on how many ids
//! there are, so the connection keeps its prepared form.
//!
//! Diesel writes `eq_any` as `IN (?, ?, …)` on SQLite, one bound parameter per id, and never
//! keeps such a statement: every call parses and plans it again (14 % of a nearby search's time
//! through HTTP, measured with `perf` for issue 22). On SQLite [`one_of`] binds the ids as a single
//! JSON array read by `json_each`; on PostgreSQL diesel's own `= ANY($1)` already binds one array
//! and is kept.

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
        DbConnection::Sqlite(_) => OneOf::Json { column, ids: json_array(ids) },
        DbConnection::Pg(_) => OneOf::Any(column.eq_any(ids.to_vec())),
    }
}

/// See [`one_of`]: `A` is diesel's `= ANY` of the column.
#[derive(Debug, Clone)]
pub enum OneOf<C, A> {
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
    DB: Backend + HasSqlType<Text>,
    C: QueryFragment<DB>,
    A: QueryFragment<DB>,
    String: ToSql<Text, DB>,
{
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, DB>) -> QueryResult<()> {
        match self {
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

/// Ids as a JSON array: `[1,2,3]`.
pub fn json_array(ids: &[i64]) -> String {
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
    fn writes_ids_as_a_json_array() {
        assert_eq!(json_array(&[]), "[]");
        assert_eq!(json_array(&[7]), "[7]");
        assert_eq!(json_array(&[1, -2, 9_007_199_254_740_993]), "[1,-2,9007199254740993]");
    }
}
