//! Numbers for the admin's reports: who uses the site, what tutors search for,
//! which tutors parents pick, and what confirmed payments brought in.

use chrono::{Datelike, Duration, NaiveDate, NaiveDateTime};
use diesel::dsl::count_star;
use diesel::prelude::*;
use hometutor_accounts as accounts;
use hometutor_core::Role;
use hometutor_db::schema::{payment_orders as po, reviews as rv, search_events as se};
use hometutor_db::DbConnection;

use crate::{AdminError, AdminService};

// These read models are what the admin's analytics routes answer with.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = UserStatsDto))]
#[serde(rename_all = "camelCase")]
pub struct UserStats {
    pub total_users: i64,
    pub tutors: i64,
    /// Parents (students' families).
    pub students: i64,
    pub active: i64,
    pub inactive: i64,
    /// Tutors per parent; null without parents.
    // To two decimals.
    pub tutor_student_ratio: Option<f64>,
}

#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = SearchTrendDto))]
pub struct SearchTrend {
    pub term: String,
    pub count: i64,
}

#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = PopularTutorDto))]
pub struct PopularTutor {
    pub id: i64,
    pub name: String,
    /// Interests shown plus reviews received.
    // Requests they marked interest in plus reviews they received.
    pub count: i64,
    pub interests: i64,
    pub reviews: i64,
}

// In rupees, from paid orders only.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = RevenueDto))]
#[serde(rename_all = "camelCase")]
pub struct Revenue {
    /// Rupees, confirmed payments only.
    pub total: f64,
    /// This calendar month in India (IST).
    pub this_month: f64,
    pub last_month: f64,
}

const TOP: usize = 10;

/// Months are India's calendar months (IST, UTC+5:30), returned as naive UTC.
fn ist_month_starts(now: NaiveDateTime) -> (NaiveDateTime, NaiveDateTime) {
    const IST: Duration = Duration::minutes(330);
    let local = (now + IST).date();
    let this = NaiveDate::from_ymd_opt(local.year(), local.month(), 1).unwrap_or(local);
    let last = (this - Duration::days(1)).with_day(1).unwrap_or(this);
    let to_utc = |d: NaiveDate| d.and_hms_opt(0, 0, 0).unwrap_or_default() - IST;
    (to_utc(this), to_utc(last))
}

fn paise_sum(c: &mut DbConnection, from: Option<NaiveDateTime>, to: Option<NaiveDateTime>) -> QueryResult<i64> {
    let mut q = po::table.filter(po::status.eq("paid")).filter(po::paid_at.is_not_null()).into_boxed();
    if let Some(from) = from {
        q = q.filter(po::paid_at.ge(from));
    }
    if let Some(to) = to {
        q = q.filter(po::paid_at.lt(to));
    }
    // SUM over BIGINT is NUMERIC on PostgreSQL; add the amounts here instead.
    let amounts: Vec<i64> = q.select(po::amount_paise).load(c)?;
    Ok(amounts.iter().sum())
}

impl AdminService {
    #[tracing::instrument(skip_all)]
    pub fn user_stats(&self) -> Result<UserStats, AdminError> {
        self.db.read(|c| {
            let by_role = accounts::count_by_role_and_activity(c)?;
            let count = |pred: &dyn Fn(Role, bool) -> bool| -> i64 {
                by_role.iter().filter(|(r, a, _)| pred(*r, *a)).map(|(_, _, n)| n).sum()
            };
            let tutors = count(&|r, _| r == Role::Tutor);
            let students = count(&|r, _| r == Role::Parent);
            Ok(UserStats {
                total_users: count(&|_, _| true),
                tutors,
                students,
                active: count(&|_, a| a),
                inactive: count(&|_, a| !a),
                tutor_student_ratio: (students > 0).then(|| (tutors as f64 / students as f64 * 100.0).round() / 100.0),
            })
        })
    }

    /// The subject and class filters tutors searched with, most used first.
    #[tracing::instrument(skip_all)]
    pub fn search_trends(&self) -> Result<Vec<SearchTrend>, AdminError> {
        self.db.read(|c| {
            let rows: Vec<(String, i64)> = se::table
                .group_by(se::term)
                .select((se::term, count_star()))
                .order((count_star().desc(), se::term.asc()))
                .limit(TOP as i64 * 2)
                .load(c)?;
            Ok(rows.into_iter().map(|(term, count)| SearchTrend { term, count }).collect())
        })
    }

    #[tracing::instrument(skip_all)]
    pub fn popular_tutors(&self) -> Result<Vec<PopularTutor>, AdminError> {
        self.db.read(|c| {
            let interests = hometutor_tuition::analytics::interests_per_tutor(c)?;
            let reviews: Vec<(i64, i64)> =
                rv::table.group_by(rv::tutor_id).select((rv::tutor_id, count_star())).load(c)?;
            let mut tally: std::collections::HashMap<i64, (i64, i64)> = std::collections::HashMap::new();
            for (id, n) in interests {
                tally.entry(id).or_default().0 += n;
            }
            for (id, n) in reviews {
                tally.entry(id).or_default().1 += n;
            }
            let mut ranked: Vec<(i64, (i64, i64))> = tally.into_iter().collect();
            ranked.sort_by(|a, b| (b.1 .0 + b.1 .1).cmp(&(a.1 .0 + a.1 .1)).then(a.0.cmp(&b.0)));
            ranked.truncate(TOP);
            let ids: Vec<i64> = ranked.iter().map(|(id, _)| *id).collect();
            let tutors = accounts::people(c, &ids)?;
            let names: std::collections::HashMap<i64, String> =
                tutors.into_values().filter(|p| p.role == Role::Tutor).map(|p| (p.id.0, p.fullname)).collect();
            Ok(ranked
                .into_iter()
                .filter_map(|(id, (interests, reviews))| {
                    names.get(&id).map(|name| PopularTutor {
                        id,
                        name: name.clone(),
                        count: interests + reviews,
                        interests,
                        reviews,
                    })
                })
                .collect())
        })
    }

    #[tracing::instrument(skip_all)]
    pub fn revenue(&self) -> Result<Revenue, AdminError> {
        self.revenue_at(hometutor_db::now())
    }

    /// Revenue as it stood at `now` (tests pick the month).
    pub fn revenue_at(&self, now: NaiveDateTime) -> Result<Revenue, AdminError> {
        let (this_month, last_month) = ist_month_starts(now);
        self.db.read(|c| {
            let rupees = |paise: i64| paise as f64 / 100.0;
            Ok(Revenue {
                total: rupees(paise_sum(c, None, None)?),
                this_month: rupees(paise_sum(c, Some(this_month), None)?),
                last_month: rupees(paise_sum(c, Some(last_month), Some(this_month))?),
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn months_follow_india_time() {
        // 20:00 UTC on 31 Oct is already 1 Nov in India.
        let at = NaiveDate::from_ymd_opt(2026, 10, 31).and_then(|d| d.and_hms_opt(20, 0, 0)).unwrap_or_default();
        let (this, last) = ist_month_starts(at);
        assert_eq!(this.to_string(), "2026-10-31 18:30:00");
        assert_eq!(last.to_string(), "2026-09-30 18:30:00");
    }
}
