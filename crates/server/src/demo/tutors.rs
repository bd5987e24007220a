//! One demo tutor made whole: profile and fee, teaching area, weekly availability, a
//! subscription paid through the simulated provider, and an admin's verification.

use std::collections::HashMap;

use hometutor_core::{Role, UserId};
use hometutor_db::Db;
use hometutor_payments::PaymentService;
use hometutor_profiles::verification::Checks;
use hometutor_profiles::{ProfileFields, ProfileService};
use hometutor_scheduling::slots::SlotInput;
use hometutor_scheduling::Availability;
use hometutor_tuition::area::AreaInput;
use hometutor_tuition::TuitionService;

use super::data::{self, Locality, Tutor};

/// What a tutor's set-up needs.
#[derive(Clone)]
pub struct Services {
    pub db: Db,
    pub tuition: TuitionService,
    pub profiles: ProfileService,
    pub availability: Availability,
}

fn weekday_name(code: &str) -> &'static str {
    match code {
        "mon" => "Mon",
        "tue" => "Tue",
        "wed" => "Wed",
        "thu" => "Thu",
        "fri" => "Fri",
        "sat" => "Sat",
        _ => "Sun",
    }
}

/// "Mon, Wed 16:00–19:00; Sat 10:00–13:00": the profile's free-text availability beside the grid.
fn availability_text(slots: &str) -> String {
    slots
        .split(';')
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(|part| {
            let (days, times) = part.split_once(' ').unwrap_or((part, ""));
            let days: Vec<&str> = days.split(',').map(|d| weekday_name(d.trim())).collect();
            format!("{} {}", days.join(", "), times.replace('-', "–"))
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// Everything but the account and the payment, in the blocking pool's thread.
pub fn set_up(
    services: &Services,
    user: UserId,
    tutor: &Tutor,
    places: &HashMap<(&str, &str), &Locality>,
) -> anyhow::Result<()> {
    let key = user.0.to_string();
    let fields = ProfileFields {
        about: tutor.about.into(),
        subjects: String::new(),
        availability: availability_text(tutor.slots),
        methodology: "Concepts first, then practice: a short test every week and a note to parents after it.".into(),
        testimonials: String::new(),
        education: tutor.education.into(),
        fees: format!("₹{} an hour; monthly packages for four classes a week.", tutor.fee_per_hour),
        demo_offer: "The first class is a free demo.".into(),
    };
    services.profiles.update_with_fee(user, Role::Tutor, &key, fields, Some(Some(tutor.fee_per_hour)))?;
    let place = places
        .get(&(tutor.city, tutor.locality))
        .ok_or_else(|| anyhow::anyhow!("demo data: no locality {} in {}", tutor.locality, tutor.city))?;
    let owned = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let area = AreaInput {
        location: Some([place.point.lng, place.point.lat]),
        radius_km: Some(tutor.radius_km),
        subjects: owned(&tutor.subjects),
        classes: owned(&tutor.classes),
        boards: owned(&tutor.boards),
        modes: owned(&tutor.modes),
    };
    services.tuition.save_area(user, Role::Tutor, &area)?;
    let week: Vec<SlotInput> = data::week(tutor.slots)
        .into_iter()
        .map(|(weekday, start, end)| SlotInput { weekday: weekday.into(), start: start.into(), end: end.into() })
        .collect();
    services.availability.set_week(user, Role::Tutor, &week)?;
    if !tutor.checks.is_empty() {
        let checks = Checks {
            id: tutor.checks.contains(&"id"),
            qualification: tutor.checks.contains(&"qualification"),
            police: tutor.checks.contains(&"police"),
        };
        services.db.write(|c| -> anyhow::Result<()> {
            Ok(hometutor_profiles::demo::add_approved_verification(c, user, tutor.education, checks)?)
        })?;
    }
    Ok(())
}

/// A real (simulated) order, confirmed the way any payment is.
pub async fn subscribe(payments: &PaymentService, user: UserId) -> anyhow::Result<()> {
    let order = payments.create_session(user).await?;
    payments.simulate_checkout(user, &order.order_id, true).await?;
    payments.verify(user, &order.order_id).await?;
    Ok(())
}
