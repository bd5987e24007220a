//! The figures admins read: revenue by month, users by role and state, the most sought tutors.

use chrono::NaiveDate;
use diesel::prelude::*;
use hometutor_core::{Role, UserId};
use hometutor_db::schema::payment_orders;
use hometutor_db::{now, Db};

use crate::support::{account, fixture};

fn order(db: &Db, user: UserId, status: &str, paid_at: Option<chrono::NaiveDateTime>, n: &mut i32) {
    *n += 1;
    let id = format!("ht_test_{n}");
    db.write(|c| {
        diesel::insert_into(payment_orders::table)
            .values((
                payment_orders::order_id.eq(id),
                payment_orders::user_id.eq(user.0),
                payment_orders::provider.eq("simulated"),
                payment_orders::amount_paise.eq(49_900i64),
                payment_orders::currency.eq("INR"),
                payment_orders::status.eq(status),
                payment_orders::created_at.eq(now()),
                payment_orders::updated_at.eq(now()),
                payment_orders::paid_at.eq(paid_at),
                payment_orders::expires_at.eq(now()),
            ))
            .execute(c)
            .map_err(hometutor_db::DbError::from)
    })
    .unwrap();
}

#[test]
fn revenue_counts_confirmed_payments_only_by_india_month() {
    let f = fixture();
    let tutor = account(&f.auth, "tutor@example.com", Role::Tutor, "Tutor");
    let at = |d: u32, m: u32, h: u32| NaiveDate::from_ymd_opt(2026, m, d).unwrap().and_hms_opt(h, 0, 0).unwrap();
    let mut n = 0;
    order(&f.db, tutor, "paid", Some(at(10, 11, 9)), &mut n); // this month
    order(&f.db, tutor, "paid", Some(at(31, 10, 20)), &mut n); // 1 Nov 01:30 IST: this month
    order(&f.db, tutor, "paid", Some(at(15, 10, 9)), &mut n); // last month
    order(&f.db, tutor, "paid", Some(at(15, 8, 9)), &mut n); // earlier
    order(&f.db, tutor, "created", None, &mut n);
    order(&f.db, tutor, "failed", None, &mut n);
    order(&f.db, tutor, "pending", Some(at(12, 11, 9)), &mut n); // never confirmed
    let revenue = f.admin.revenue_at(at(21, 11, 12)).unwrap();
    assert_eq!((revenue.total, revenue.this_month, revenue.last_month), (1996.0, 998.0, 499.0));

    // Deleting the paying account keeps its payments: they are financial records.
    f.admin.delete_user(&f.me, tutor.0).unwrap();
    let after = f.admin.revenue_at(at(21, 11, 12)).unwrap();
    assert_eq!((after.total, after.this_month, after.last_month), (1996.0, 998.0, 499.0));
    let owners: Vec<Option<i64>> = f
        .db
        .read(|c| payment_orders::table.select(payment_orders::user_id).load(c).map_err(hometutor_db::DbError::from))
        .unwrap();
    assert_eq!(owners, vec![None; 7], "every order kept, none pointing at the deleted account");
}

#[test]
fn user_stats_count_roles_and_states() {
    let f = fixture();
    for i in 0..3 {
        account(&f.auth, &format!("t{i}@example.com"), Role::Tutor, "T");
    }
    let parents: Vec<_> = (0..6).map(|i| account(&f.auth, &format!("p{i}@example.com"), Role::Parent, "P")).collect();
    f.admin.set_user_active(&f.me, parents[0].0, false).unwrap();
    let stats = f.admin.user_stats().unwrap();
    assert_eq!((stats.total_users, stats.tutors, stats.students), (10, 3, 6));
    assert_eq!((stats.active, stats.inactive), (9, 1));
    assert_eq!(stats.tutor_student_ratio, Some(0.5));
}

#[test]
fn popular_tutors_count_the_requests_they_said_they_are_interested_in() {
    use hometutor_tuition::testing::{insert_interest, insert_request};
    let f = fixture();
    let busy = account(&f.auth, "busy@example.com", Role::Tutor, "Busy Tutor");
    let quiet = account(&f.auth, "quiet@example.com", Role::Tutor, "Quiet Tutor");
    account(&f.auth, "idle@example.com", Role::Tutor, "Idle Tutor");
    let parent = account(&f.auth, "parent@example.com", Role::Parent, "Parent");
    let requests = [insert_request(&f.db, parent.0, false), insert_request(&f.db, parent.0, false)];
    for request in requests {
        insert_interest(&f.db, request, busy.0);
    }
    insert_interest(&f.db, requests[0], quiet.0);
    let popular: Vec<(String, i64, i64)> =
        f.admin.popular_tutors().unwrap().into_iter().map(|t| (t.name, t.interests, t.count)).collect();
    assert_eq!(
        popular,
        [("Busy Tutor".to_string(), 2, 2), ("Quiet Tutor".to_string(), 1, 1)],
        "no interest, not listed"
    );
}
