//! Recommended tutors for a parent's request, and the parent's invitations.
//!
//! Candidates: listable tutors (see the crate's documentation) other than the parent, whose
//! profile is complete enough to judge (crates/profiles' `judgeable`, the rule search lists by:
//! a subject, a fee per hour, an about text), whose teaching area covers the request's point,
//! who teach its subject (named, or 'All Subjects'; for a subject in the parent's own words,
//! the same words), and whose class, board and mode lists admit the request's (an empty list
//! admits anything). Each is
//! scored ([`crate::score`]); the best [`MAX_RECOMMENDATIONS`] come back, best first.
//! A block either way keeps a tutor out (one who blocked the parent, or whom the parent
//! blocked), before the top list is cut, so it is never shorter for it.
//!
//! Responsiveness needs the tutor's conversations, so it is read only for the candidates
//! that can still reach the top: a candidate whose score without it is more than its
//! weight below the last place of the top list cannot, whatever it comes to.

use std::collections::{HashMap, HashSet};

use chrono::{Duration, NaiveDateTime};
use diesel::prelude::*;
use hometutor_core::{Role, UserId};
use hometutor_db::schema::{conversations as cv, messages as ms, tuition_invites as inv};
use hometutor_db::{now, DbConnection};
use hometutor_geo::Point;
use hometutor_moderation::blocks;
use hometutor_notifications::{Arg, Kind, Message, Notice, Notification};
use hometutor_tuition::{own_request_needs, Openness, RequestNeeds};
use hometutor_vocabulary::{find, Choice, Facet, OTHER};
use serde_json::json;

use crate::card::{self, admits, admits_choice, names, Candidate, ALL_SUBJECTS};
use crate::ratings::rating_stats;
use crate::score::{self, best_first, RatingStats, Score, Wanted, RESPONSIVENESS_WEIGHT};
use crate::tutor_card::{cards, TutorCard};
use crate::{DiscoveryError, DiscoveryService};

/// Recommended tutors per request, at most.
pub const MAX_RECOMMENDATIONS: usize = 10;
/// Invitations one request may send, at most.
pub const MAX_INVITES_PER_REQUEST: i64 = 20;
/// Responsiveness looks at conversations started this many days back.
pub const RESPONSIVENESS_DAYS: i64 = 90;
/// …and counts an answer within this many hours.
pub const ANSWER_HOURS: i64 = 24;

/// One recommended tutor: the card, the score and its reasons, and whether the parent
/// has invited them to this request already.
#[derive(Debug, Clone, PartialEq)]
pub struct RecommendedTutor {
    pub card: TutorCard,
    pub score: u8,
    /// Rendered in the reader's language by the shell.
    pub reasons: Vec<hometutor_core::Message>,
    pub invited: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Recommendation {
    pub tutors: Vec<RecommendedTutor>,
}

/// What a request says it is for, read through tuition.
struct RequestFacts {
    point: Point,
    wanted: Wanted,
    mode: String,
    openness: Openness,
    subject_label: String,
    class_label: String,
}

/// A stored id and its text as a choice: an id names a term; 'other' (or no id yet, before
/// the start-up backfill) goes by the text.
fn choice(facet: Facet, id: Option<&str>, text: &str) -> Option<Choice> {
    match id {
        Some(OTHER) => {
            let text = text.trim();
            (!text.is_empty()).then(|| Choice::Other(text.to_string()))
        }
        Some(id) => find(facet, id).map(Choice::Known).or_else(|| Choice::from_text(facet, text)),
        None => Choice::from_text(facet, text),
    }
}

/// The parent's own request (anyone else's: not found).
fn own_request(c: &mut DbConnection, parent: UserId, id: i64) -> Result<RequestFacts, DiscoveryError> {
    let RequestNeeds { point, subject, class_level, subject_id, class_id, board, mode, openness } =
        own_request_needs(c, parent, id)?.ok_or(DiscoveryError::NotFound)?;
    let subject_choice = choice(Facet::Subject, subject_id.as_deref(), &subject);
    let class_choice = choice(Facet::Class, class_id.as_deref(), &class_level);
    Ok(RequestFacts {
        point,
        subject_label: subject_choice.as_ref().map(|c| c.label().to_string()).unwrap_or(subject),
        class_label: class_choice.as_ref().map(|c| c.label().to_string()).unwrap_or(class_level),
        wanted: Wanted {
            subject: subject_choice,
            class: class_choice,
            board: board.filter(|b| find(Facet::Board, b).is_some()),
        },
        mode,
        openness,
    })
}

/// Whether a candidate teaches what the request asks for (see the module's documentation).
fn suits(cand: &Candidate, facts: &RequestFacts) -> bool {
    let subject = match &facts.wanted.subject {
        None => true,
        Some(s) => cand.subjects.iter().any(|c| c.matches(s)) || names(&cand.subjects, ALL_SUBJECTS),
    };
    subject
        && admits_choice(&cand.classes, facts.wanted.class.as_ref())
        && admits(&cand.boards, facts.wanted.board.as_deref())
        && admits(&cand.modes, find(Facet::Mode, &facts.mode).map(|t| t.id))
}

/// Each tutor's share of conversations with parents, started since `since`, that they
/// answered within [`ANSWER_HOURS`] of the parent's first message; absent when there is none.
pub fn responsiveness(c: &mut DbConnection, tutors: &[i64], since: NaiveDateTime) -> QueryResult<HashMap<i64, f64>> {
    if tutors.is_empty() {
        return Ok(HashMap::new());
    }
    let convs: Vec<(i64, i64, i64)> = cv::table
        .filter(cv::user_a.eq_any(tutors).or(cv::user_b.eq_any(tutors)))
        .filter(cv::created_at.ge(since))
        .select((cv::id, cv::user_a, cv::user_b))
        .load(c)?;
    let wanted: HashSet<i64> = tutors.iter().copied().collect();
    let others: Vec<i64> = convs.iter().flat_map(|(_, a, b)| [*a, *b]).collect();
    let parents: HashSet<i64> = if others.is_empty() {
        HashSet::new()
    } else {
        hometutor_accounts::roles_of(c, &others)?
            .into_iter()
            .filter(|(_, role)| *role == Role::Parent)
            .map(|(id, _)| id.0)
            .collect()
    };
    // (conversation, tutor, parent)
    let pairs: Vec<(i64, i64, i64)> = convs
        .into_iter()
        .filter_map(|(id, a, b)| {
            if wanted.contains(&a) && parents.contains(&b) {
                Some((id, a, b))
            } else if wanted.contains(&b) && parents.contains(&a) {
                Some((id, b, a))
            } else {
                None
            }
        })
        .collect();
    let mut firsts: HashMap<i64, Vec<(i64, NaiveDateTime)>> = HashMap::new();
    for chunk in pairs.chunks(5_000) {
        let ids: Vec<i64> = chunk.iter().map(|p| p.0).collect();
        let rows: Vec<(i64, i64, NaiveDateTime)> = ms::table
            .filter(ms::conversation_id.eq_any(ids))
            .order((ms::conversation_id, ms::seq))
            .select((ms::conversation_id, ms::sender_id, ms::created_at))
            .load(c)?;
        for (conv, sender, at) in rows {
            firsts.entry(conv).or_default().push((sender, at));
        }
    }
    let mut tally: HashMap<i64, (u32, u32)> = HashMap::new();
    for (conv, tutor, parent) in pairs {
        let Some(messages) = firsts.get(&conv) else { continue };
        // Only conversations the parent started: the tutor's first answer after it counts.
        let Some(&(first_sender, asked)) = messages.first() else { continue };
        if first_sender != parent {
            continue;
        }
        let answered = messages
            .iter()
            .find(|(sender, _)| *sender == tutor)
            .is_some_and(|(_, at)| *at - asked <= Duration::hours(ANSWER_HOURS));
        let t = tally.entry(tutor).or_default();
        t.1 += 1;
        if answered {
            t.0 += 1;
        }
    }
    Ok(tally.into_iter().map(|(tutor, (yes, all))| (tutor, f64::from(yes) / f64::from(all))).collect())
}

/// The recommended tutors for a request the caller may read (see [`DiscoveryService::recommendations`]).
pub fn recommend(c: &mut DbConnection, parent: UserId, id: i64) -> Result<Recommendation, DiscoveryError> {
    let facts = own_request(c, parent, id)?;
    let at = now();
    let mut blocked = blocks::blockers_of(c, parent)?;
    blocked.extend(blocks::blocked_by(c, parent)?.into_iter().map(|(tutor, _)| tutor.0));
    let subject_filter: Option<&str> = match &facts.wanted.subject {
        Some(Choice::Known(t)) => Some(t.id),
        _ => None,
    };
    let candidates: Vec<(Candidate, f64)> = card::candidates_at(c, facts.point, subject_filter, None, at)?
        .into_iter()
        .filter(|cand| cand.tutor != parent.0 && !blocked.contains(&cand.tutor) && suits(cand, &facts))
        .filter_map(|cand| {
            let d = cand.distance_to(facts.point);
            (d <= cand.radius_km).then_some((cand, d))
        })
        .collect();
    // Only profiles complete enough to judge, as search lists them.
    let near: Vec<i64> = candidates.iter().map(|(cand, _)| cand.tutor).collect();
    let judgeable = card::judgeable(c, &near)?;
    let candidates: Vec<(Candidate, f64)> =
        candidates.into_iter().filter(|(cand, _)| judgeable.contains(&cand.tutor)).collect();
    let ids: Vec<i64> = candidates.iter().map(|(cand, _)| cand.tutor).collect();
    let stats = rating_stats(c, &ids)?;
    let stat = |t: i64| stats.get(&t).copied().unwrap_or_default();
    // Scores without responsiveness; then responsiveness for those who can still make the list.
    let mut base: Vec<f64> = candidates
        .iter()
        .map(|(cand, d)| score::score(cand, &facts.wanted, *d, stat(cand.tutor), Some(0.0)).exact)
        .collect();
    let threshold = {
        let mut sorted = base.clone();
        sorted.sort_by(|a, b| b.total_cmp(a));
        sorted.get(MAX_RECOMMENDATIONS - 1).copied().unwrap_or(f64::NEG_INFINITY) - RESPONSIVENESS_WEIGHT
    };
    let contenders: Vec<usize> = (0..candidates.len()).filter(|&i| base[i] >= threshold).collect();
    let contender_ids: Vec<i64> = contenders.iter().map(|&i| candidates[i].0.tutor).collect();
    let responsive = responsiveness(c, &contender_ids, at - Duration::days(RESPONSIVENESS_DAYS))?;
    let mut scored: Vec<(Score, usize)> = contenders
        .into_iter()
        .map(|i| {
            let (cand, d) = &candidates[i];
            (score::score(cand, &facts.wanted, *d, stat(cand.tutor), responsive.get(&cand.tutor).copied()), i)
        })
        .collect();
    base.clear();
    scored.sort_by(|a, b| best_first((&a.0, candidates[a.1].0.tutor), (&b.0, candidates[b.1].0.tutor)));
    scored.truncate(MAX_RECOMMENDATIONS);
    let shown: Vec<(&Candidate, f64)> = scored.iter().map(|(_, i)| (&candidates[*i].0, candidates[*i].1)).collect();
    let shown_stats: HashMap<i64, RatingStats> = shown.iter().map(|(cand, _)| (cand.tutor, stat(cand.tutor))).collect();
    let cards = cards(c, &shown, &shown_stats)?;
    let invited: HashSet<i64> =
        inv::table.filter(inv::request_id.eq(id)).select(inv::tutor_id).load::<i64>(c)?.into_iter().collect();
    let by_id: HashMap<i64, TutorCard> = cards.into_iter().map(|card| (card.id, card)).collect();
    let tutors = scored
        .into_iter()
        .filter_map(|(s, i)| {
            let tutor = candidates[i].0.tutor;
            let card = by_id.get(&tutor)?;
            // The card carries the standing approval's checks: the reason names them.
            let checks = card.verification.map(|badge| badge.checks);
            let reasons = s
                .reasons
                .into_iter()
                .map(|m| if m.id == "reason-verified" { score::verified_reason(checks) } else { m })
                .collect();
            Some(RecommendedTutor {
                card: card.clone(),
                score: s.value,
                reasons,
                invited: invited.contains(&tutor),
            })
        })
        .collect();
    Ok(Recommendation { tutors })
}

/// What the invited tutor is told: what the request is for, nothing of who or where.
fn invite_notice(tutor: i64, id: i64, facts: &RequestFacts) -> Notice {
    // Labelled by the ids the request stores, never by its words: a parent's own words stay as typed.
    let subject = Arg::subject(facts.wanted.subject.as_ref().map(Choice::id), &facts.subject_label);
    let class = Arg::class(facts.wanted.class.as_ref().map(Choice::id), &facts.class_label);
    Notice {
        user: UserId(tutor),
        kind: Kind::TuitionInvite,
        title: Message::new("notice-invite-title").arg("subject", subject.clone()),
        body: Message::new("notice-invite-body").arg("subject", subject).arg("classLevel", class),
        link: Some(format!("/nearby?request={id}")),
        data: json!({ "requestId": id, "subject": facts.subject_label, "classLevel": facts.class_label }),
        dedupe_key: Some(format!("tuition_invite:{id}")),
    }
}

impl DiscoveryService {
    /// The recommended tutors for one of the parent's own requests: other parents' requests
    /// answer [`DiscoveryError::NotFound`], tutors and admins [`DiscoveryError::NotAParent`].
    #[tracing::instrument(skip_all, fields(caller = caller.0, id = id))]
    pub fn recommendations(&self, caller: UserId, role: Role, id: i64) -> Result<Recommendation, DiscoveryError> {
        if role != Role::Parent {
            return Err(DiscoveryError::NotAParent);
        }
        self.db.read(|c| recommend(c, caller, id))
    }

    /// Invites a tutor to one of the parent's own open requests; `Ok(true)` the first time,
    /// `Ok(false)` when already invited. The tutor is notified in the same transaction.
    #[tracing::instrument(skip_all, fields(caller = caller.0, id = id, tutor = tutor))]
    pub fn invite(&self, caller: UserId, role: Role, id: i64, tutor: i64) -> Result<bool, DiscoveryError> {
        if role != Role::Parent {
            return Err(DiscoveryError::NotAParent);
        }
        let (created, told) = self.db.write(|c| -> Result<_, DiscoveryError> {
            let facts = own_request(c, caller, id)?;
            // Only a tutor search could list: another account, or a tutor without a current
            // subscription (who could not open the request), is not found.
            if hometutor_accounts::listable_tutors(c, &[tutor], now())?.is_empty() {
                return Err(DiscoveryError::NotFound);
            }
            // Nor one whose profile is not complete enough to judge: never recommended either.
            if card::judgeable(c, &[tutor])?.is_empty() {
                return Err(DiscoveryError::NotFound);
            }
            // Nor a tutor a block either way keeps out of the recommendations: the invitation
            // would reach a tutor who refuses to hear from this parent.
            if blocks::either_blocks(c, caller, UserId(tutor))? {
                return Err(DiscoveryError::NotFound);
            }
            let already: i64 =
                inv::table.filter(inv::request_id.eq(id).and(inv::tutor_id.eq(tutor))).count().get_result(c)?;
            // Only a request open to tutors takes invitations (tuition's rule, as for their
            // interest and their first message): a flagged one never, a closed one once its
            // parent reopens it.
            if !facts.openness.open_to_tutors() {
                return Err(if facts.openness.hidden() { DiscoveryError::Hidden } else { DiscoveryError::Closed });
            }
            if already > 0 {
                return Ok((false, Vec::<Notification>::new()));
            }
            let sent: i64 = inv::table.filter(inv::request_id.eq(id)).count().get_result(c)?;
            if sent >= MAX_INVITES_PER_REQUEST {
                return Err(DiscoveryError::TooManyInvites(MAX_INVITES_PER_REQUEST));
            }
            diesel::insert_into(inv::table)
                .values((inv::request_id.eq(id), inv::tutor_id.eq(tutor), inv::created_at.eq(now())))
                .execute(c)?;
            let told: Vec<Notification> =
                self.notifier.notify(c, &invite_notice(tutor, id, &facts))?.into_iter().collect();
            Ok((true, told))
        })?;
        self.notifier.announce(&told);
        Ok(created)
    }
}
