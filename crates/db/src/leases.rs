//! Leases on periodic jobs (table `job_leases`), so that N server processes run
//! a job once per period between them, not N times. Claiming is one conditional
//! `UPDATE` (`held_until <= now` → `now + period`): on PostgreSQL a concurrent
//! claim waits for the row and then finds it taken; on SQLite writes are serial.
//! Nothing is held while the job runs, so a process that dies mid-run costs at
//! most one period. Times are the processes' clocks: keep them in sync (NTP).

use std::time::Duration;

use diesel::prelude::*;

use crate::schema::job_leases as jl;
use crate::{now, Db, DbConnection, DbError};

/// Claims `job` for the next `period` if nobody holds it now. Blocking.
pub fn claim_lease(db: &Db, job: &str, period: Duration) -> Result<bool, DbError> {
    let at = now();
    let until = at + chrono::Duration::from_std(period).unwrap_or(chrono::Duration::MAX);
    db.write(|c| {
        let free = (jl::name.eq(job), jl::held_until.eq(chrono::DateTime::UNIX_EPOCH.naive_utc()));
        match c {
            DbConnection::Sqlite(lite) => {
                diesel::insert_into(jl::table).values(free).on_conflict(jl::name).do_nothing().execute(lite)?
            }
            DbConnection::Pg(pg) => {
                diesel::insert_into(jl::table).values(free).on_conflict(jl::name).do_nothing().execute(pg)?
            }
        };
        let claimed = diesel::update(jl::table.filter(jl::name.eq(job).and(jl::held_until.le(at))))
            .set(jl::held_until.eq(until))
            .execute(c)?;
        Ok::<_, DbError>(claimed == 1)
    })
}
