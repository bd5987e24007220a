//! `one_of` finds exactly the listed rows on both backends, for any number of ids (written out,
//! padded, or as one JSON array on SQLite; `= ANY` on PostgreSQL).

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

use diesel::prelude::*;
use hometutor_db::id_list::{one_of, MAX_LISTED};
use hometutor_db::schema::{testimonials, users};
use hometutor_db::{now, DbError};
use hometutor_testkit::{insert_users, TestDatabase, TestUser};

#[test]
fn one_of_finds_exactly_the_listed_rows_however_many_ids_there_are() {
    let database = TestDatabase::in_memory();
    let db = database.db();
    let emails: Vec<String> = (0..40).map(|i| format!("p{i}@example.com")).collect();
    let people: Vec<TestUser<'_>> =
        emails.iter().map(|email| TestUser { name: "Parent", email, role: "parent" }).collect();
    let ids = insert_users(&db, &people);
    let found = |wanted: &[i64]| -> Vec<i64> {
        db.read(|c| {
            users::table
                .filter(one_of(c, users::id, wanted))
                .select(users::id)
                .order(users::id)
                .load(c)
                .map_err(DbError::from)
        })
        .expect("query")
    };
    assert_eq!(found(&[]), Vec::<i64>::new(), "no ids, no rows");
    assert_eq!(found(&[ids[3]]), vec![ids[3]]);
    // Duplicates, unknown ids (negative, past the last, beyond 2^53) and every size up to all.
    assert_eq!(found(&[ids[5], ids[5], -1, i64::MAX, 9_007_199_254_740_993, ids[1]]), vec![ids[1], ids[5]]);
    for n in 0..=ids.len() {
        assert_eq!(found(&ids[..n]), ids[..n].to_vec(), "the first {n} ids");
    }
    // The same statement again with other ids (the kept statement is bound afresh).
    assert_eq!(found(&ids[10..12]), ids[10..12].to_vec());
    // Past the longest list written out (SQLite then binds one JSON array).
    let many: Vec<i64> = (1..=(MAX_LISTED as i64 + 500)).map(|i| -i).chain([ids[7], ids[2]]).collect();
    assert_eq!(found(&many), vec![ids[2], ids[7]]);
}

#[test]
fn one_of_works_on_a_nullable_column_and_in_a_boxed_query() {
    let database = TestDatabase::in_memory();
    let db = database.db();
    let author = hometutor_testkit::insert_user(&db, "Parent", "parent@example.com", "parent");
    let written: Vec<i64> = (0..3)
        .map(|i| {
            db.write(|c| {
                diesel::insert_into(testimonials::table)
                    .values((
                        testimonials::author_id.eq(Some(author)),
                        testimonials::name.eq("Parent"),
                        testimonials::text.eq(format!("Thanks, number {i}")),
                        testimonials::created_at.eq(now()),
                    ))
                    .returning(testimonials::id)
                    .get_result(c)
                    .map_err(DbError::from)
            })
            .expect("testimonial")
        })
        .collect();
    let by_authors = |authors: &[i64]| -> Vec<i64> {
        db.read(|c| {
            testimonials::table
                .filter(one_of(c, testimonials::author_id.assume_not_null(), authors))
                .select(testimonials::id)
                .order(testimonials::id)
                .into_boxed()
                .load(c)
                .map_err(DbError::from)
        })
        .expect("query")
    };
    assert_eq!(by_authors(&[author]), written, "one author wrote them all");
    assert_eq!(by_authors(&[author + 1, author - 1]), Vec::<i64>::new());
}
