//! `hometutor seed-demo`: a few parents, tutors and requests around New Delhi,
//! so a first look at the product has something in it. Safe to run twice.

use std::sync::Arc;

use hometutor_auth::{AuthError, AuthService, NewAccount};
use hometutor_core::Role;
use hometutor_db::Db;
use hometutor_payments::{PaymentService, SimulatedProvider};
use hometutor_tuition::{RequestInput, TuitionService};

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

const PARENTS: [(&str, &str, &str); 3] = [
    ("Anita Verma", "anita.parent@demo.hometutor.in", "9810000001"),
    ("Rahul Mehta", "rahul.parent@demo.hometutor.in", "9810000002"),
    ("Sana Khan", "sana.parent@demo.hometutor.in", "9810000003"),
];

/// Name, e-mail, phone, and whether the tutor has paid (through the simulated provider).
const TUTORS: [(&str, &str, &str, bool); 3] = [
    ("Priya Sharma", "priya.tutor@demo.hometutor.in", "9820000001", true),
    ("Arjun Singh", "arjun.tutor@demo.hometutor.in", "9820000002", true),
    ("Meera Iyer", "meera.tutor@demo.hometutor.in", "9820000003", false),
];

/// Subject, class, preferred time, [longitude, latitude] — all within 10 km of Connaught Place.
const REQUESTS: [(&str, &str, &str, [f64; 2]); 8] = [
    ("Mathematics", "Class 10", "Weekday evenings", [77.2167, 28.6315]),
    ("Physics", "Class 12", "Weekends", [77.2090, 28.5672]),
    ("English", "Class 6", "Mon/Wed/Fri 5 pm", [77.1855, 28.6517]),
    ("Chemistry", "Class 11", "Weekday mornings", [77.2507, 28.5921]),
    ("Science", "Class 8", "Tuesday and Thursday", [77.2295, 28.6129]),
    ("Accounts", "Class 12", "Sunday", [77.1910, 28.5355]),
    ("Hindi", "Class 5", "Evenings", [77.2760, 28.6280]),
    ("Mathematics", "Class 9", "Weekends", [77.1630, 28.6692]),
];

pub async fn seed(db: Db, auth: AuthService, tuition: TuitionService, public_url: &str) -> anyhow::Result<DemoSummary> {
    let payments = PaymentService::new(db.clone(), Arc::new(SimulatedProvider::new(db)), public_url);
    let mut summary = DemoSummary { created_accounts: 0, created_requests: 0 };
    let mut parent_ids = Vec::new();
    for (name, email, phone) in PARENTS {
        let (user, created) = account(&auth, name, email, phone, Role::Parent).await?;
        summary.created_accounts += usize::from(created);
        if created {
            parent_ids.push(user);
        }
    }
    for (name, email, phone, paid) in TUTORS {
        let (user, created) = account(&auth, name, email, phone, Role::Tutor).await?;
        summary.created_accounts += usize::from(created);
        if created && paid {
            // A real (simulated) order, confirmed the way any payment is.
            let order = payments.create_session(user).await?;
            payments.simulate_checkout(user, &order.order_id, true).await?;
            payments.verify(user, &order.order_id).await?;
        }
    }
    for (i, (subject, class_level, time, location)) in REQUESTS.into_iter().enumerate() {
        let Some(parent) = parent_ids.get(i % parent_ids.len().max(1)).copied() else { break };
        let tuition = tuition.clone();
        let input = RequestInput {
            subject: subject.into(),
            class_level: class_level.into(),
            preferred_time: time.into(),
            location: Some(location),
            ..Default::default()
        };
        tokio::task::spawn_blocking(move || tuition.create(parent, Role::Parent, input)).await??;
        summary.created_requests += 1;
    }
    Ok(summary)
}

/// The account's id, and whether this run created it.
async fn account(
    auth: &AuthService,
    name: &'static str,
    email: &'static str,
    phone: &'static str,
    role: Role,
) -> anyhow::Result<(hometutor_core::UserId, bool)> {
    let auth = auth.clone();
    let created = tokio::task::spawn_blocking(move || {
        auth.create_verified(NewAccount { fullname: name, email, phone: Some(phone), password: DEMO_PASSWORD, role })
    })
    .await?;
    match created {
        Ok(user) => Ok((user.id, true)),
        Err(AuthError::AlreadyExists) => Ok((hometutor_core::UserId(0), false)),
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
