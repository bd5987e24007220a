//! `hometutor seed-demo`: a believable marketplace for a first look. Five cities (Delhi, Mumbai,
//! Bengaluru, Pune, Hyderabad), 60 tutors teaching from well-known localities (profiles, fees,
//! teaching areas, weekly availability, verifications, reviews; most subscribed, so search lists
//! them), 15 parents and 40 requests. The data is the tab-separated files beside this one.
//!
//! Deterministic (no randomness) and safe to run twice: an account that exists is left as it is,
//! and a tutor's set-up, a parent's requests and a review are only made with the accounts this run
//! created.

use std::collections::HashMap;
use std::sync::Arc;

use futures_util::{stream, StreamExt, TryStreamExt};

use hometutor_auth::{AuthError, AuthService, NewAccount};
use hometutor_core::{Role, UserId};
use hometutor_db::Db;
use hometutor_payments::{PaymentService, SimulatedProvider};
use hometutor_profiles::ProfileService;
use hometutor_scheduling::Availability;
use hometutor_tuition::{RequestInput, TuitionService};

pub mod data;
mod tutors;

/// The password of every demo account (they are for looking around, not for real use).
pub const DEMO_PASSWORD: &str = "demo-password";

/// Whether `public_url` names a site only its own machine or network reaches (loopback, a
/// `localhost` / `.local` / `.test` name, a private or link-local address). Demo accounts share a
/// published password, so anywhere else they would be open doors.
pub fn is_local_site(public_url: &str) -> bool {
    let Ok(url) = url::Url::parse(public_url) else { return false };
    match url.host() {
        Some(url::Host::Domain(name)) => {
            let name = name.trim_end_matches('.').to_ascii_lowercase();
            name == "localhost" || [".localhost", ".local", ".test"].iter().any(|suffix| name.ends_with(suffix))
        }
        Some(url::Host::Ipv4(ip)) => ip.is_loopback() || ip.is_private() || ip.is_link_local(),
        Some(url::Host::Ipv6(ip)) => {
            ip.is_loopback() || (ip.segments()[0] & 0xfe00) == 0xfc00 || (ip.segments()[0] & 0xffc0) == 0xfe80
        }
        None => false,
    }
}

pub struct DemoSummary {
    pub created_accounts: usize,
    pub created_requests: usize,
}

pub async fn seed(db: Db, auth: AuthService, tuition: TuitionService, public_url: &str) -> anyhow::Result<DemoSummary> {
    let payments = PaymentService::new(db.clone(), Arc::new(SimulatedProvider::new(db.clone())), public_url);
    let profiles = ProfileService::new(
        db.clone(),
        hometutor_tuition::contacts::tutor_interested,
        hometutor_messaging::first_messages,
    );
    let services = tutors::Services {
        db: db.clone(),
        tuition: tuition.clone(),
        profiles,
        availability: Availability::new(db.clone()),
    };
    let mut summary = DemoSummary { created_accounts: 0, created_requests: 0 };

    // Two accounts at a time: hashing the password is most of a run's time, and the hasher refuses
    // work that would wait too long for its threads (`AuthError::Busy`).
    let parents = data::parents();
    let made: Vec<Option<UserId>> =
        stream::iter(parents.iter().map(|p| account(&auth, p.name, p.email, p.phone, Role::Parent)))
            .buffered(2)
            .try_collect()
            .await?;
    let new_parents: HashMap<&str, UserId> =
        parents.iter().zip(made).filter_map(|(p, made)| made.map(|id| (p.email, id))).collect();
    let all_tutors = data::tutors();
    let made: Vec<Option<UserId>> =
        stream::iter(all_tutors.iter().map(|t| account(&auth, t.name, t.email, t.phone, Role::Tutor)))
            .buffered(2)
            .try_collect()
            .await?;
    let new_tutors: HashMap<&str, UserId> =
        all_tutors.iter().zip(made).filter_map(|(t, made)| made.map(|id| (t.email, id))).collect();
    summary.created_accounts = new_parents.len() + new_tutors.len();

    let localities = data::localities();
    for tutor in &all_tutors {
        let Some(&user) = new_tutors.get(tutor.email) else { continue };
        if tutor.subscribed {
            tutors::subscribe(&payments, user).await?;
        }
    }
    let (services, new_tutor_ids) = (services.clone(), new_tutors.clone());
    tokio::task::spawn_blocking(move || -> anyhow::Result<()> {
        let places = localities.iter().map(|l| ((l.city, l.name), l)).collect();
        for tutor in &all_tutors {
            if let Some(&user) = new_tutor_ids.get(tutor.email) {
                tutors::set_up(&services, user, tutor, &places)?;
            }
        }
        Ok(())
    })
    .await??;

    let requests: Vec<(UserId, RequestInput)> = data::requests()
        .into_iter()
        .filter_map(|r| {
            let parent = *new_parents.get(r.parent)?;
            Some((
                parent,
                RequestInput {
                    subject: r.subject.into(),
                    class_level: r.class.into(),
                    preferred_time: r.preferred_time.into(),
                    location: Some([r.point.lng, r.point.lat]),
                    subject_id: Some(r.subject.into()),
                    class_id: Some(r.class.into()),
                    board: Some(r.board.into()).filter(|b: &String| !b.is_empty()),
                    mode: Some(r.mode.into()),
                },
            ))
        })
        .collect();
    summary.created_requests = requests.len();
    let reviews: Vec<(UserId, UserId, data::Review)> = data::reviews()
        .into_iter()
        .filter_map(|r| Some((*new_tutors.get(r.tutor)?, *new_parents.get(r.parent)?, r)))
        .collect();
    tokio::task::spawn_blocking(move || -> anyhow::Result<()> {
        for (parent, input) in requests {
            tuition.create(parent, Role::Parent, input)?;
        }
        db.write(|c| -> anyhow::Result<()> {
            for (tutor, parent, review) in &reviews {
                hometutor_profiles::demo::add_review(c, *tutor, *parent, review.rating, review.comment)?;
            }
            Ok(())
        })
    })
    .await??;
    Ok(summary)
}

/// The account's id when this run created it; `None` when it was there already.
async fn account(
    auth: &AuthService,
    name: &'static str,
    email: &'static str,
    phone: &'static str,
    role: Role,
) -> anyhow::Result<Option<UserId>> {
    let auth = auth.clone();
    let created = tokio::task::spawn_blocking(move || {
        auth.create_verified(NewAccount { fullname: name, email, phone: Some(phone), password: DEMO_PASSWORD, role })
    })
    .await?;
    match created {
        Ok(user) => Ok(Some(user.id)),
        Err(AuthError::AlreadyExists) => Ok(None),
        Err(e) => Err(e.into()),
    }
}

#[cfg(test)]
mod tests {
    use super::is_local_site;

    #[test]
    fn local_sites_are_this_machine_or_network_only() {
        for local in [
            "http://localhost:8080",
            "http://LOCALHOST.:3000",
            "http://app.localhost",
            "http://hometutor.local",
            "http://hometutor.test",
            "http://127.0.0.1:8080",
            "http://10.0.0.5",
            "http://192.168.1.20:8080",
            "http://172.16.0.1",
            "http://169.254.1.1",
            "http://[::1]:8080",
            "http://[fd12:3456::1]",
            "http://[fe80::1]",
        ] {
            assert!(is_local_site(local), "{local}");
        }
        for public in [
            "https://hometutor.in",
            "https://localhost.example.com",
            "https://mylocal",
            "http://8.8.8.8",
            "http://172.32.0.1",
            "http://[2001:db8::1]",
            "not a url",
        ] {
            assert!(!is_local_site(public), "{public}");
        }
    }
}

#[cfg(test)]
mod data_tests;
