//! Lessons after a demo (crates/scheduling's lessons): the tutor plans a recurring schedule, the
//! parent confirms or disputes each held lesson (undisputed ones confirm themselves 48 hours after
//! their end), the tutor cancels one before it starts and keeps the class diary, and either side
//! reads a month's statement. The routes parse, call the service and answer; the rules are the service's.

use actix_web::{get, post, put, web, HttpResponse};
use hometutor_scheduling::lessons::{Diary, Lesson, LessonPlan, PlanInput, Statement};
use hometutor_scheduling::Lessons;
use hometutor_vocabulary::Facet;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::blocking::blocking;
use crate::errors::{ApiError, ErrorBody};
use crate::extract::CurrentUser;
use crate::input::Json;
use crate::state::AppState;

/// A lesson plan as the tutor sends it: exactly one of `requestId` and `bookingId`.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NewPlanBody {
    /// A request the caller is the assigned tutor of (the parent's "continue" after a demo assigns it).
    #[serde(default)]
    pub request_id: Option<i64>,
    /// A demo of the caller's after which the parent said they continue.
    #[serde(default)]
    pub booking_id: Option<i64>,
    /// `mon` … `sun`, IST.
    #[schema(example = json!(["mon", "wed", "fri"]))]
    pub weekdays: Vec<String>,
    /// `HH:MM` IST on a quarter hour; the lesson lies within 06:00–22:00.
    #[schema(example = "17:00")]
    pub start: String,
    /// 30 to 180, in quarter hours.
    #[schema(example = 60)]
    pub minutes: i32,
    /// `YYYY-MM-DD` IST, today or later.
    #[schema(example = "2027-01-11")]
    pub start_date: String,
    /// `YYYY-MM-DD` IST, not before `startDate` and at most a year after it.
    #[schema(example = "2027-06-30")]
    pub end_date: String,
    /// Whole rupees, 1 to 100000.
    #[schema(example = 500)]
    pub fee_per_lesson: i64,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LessonNoteBody {
    #[schema(min_length = 1, max_length = 500)]
    pub note: String,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DiaryBody {
    /// What was taught (blank clears it).
    #[serde(default)]
    #[schema(max_length = 500)]
    pub topic: Option<String>,
    /// The homework set (blank clears it).
    #[serde(default)]
    #[schema(max_length = 500)]
    pub homework: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct LessonPlanList {
    pub plans: Vec<LessonPlan>,
}

#[derive(Deserialize, IntoParams)]
pub struct MonthParams {
    /// `YYYY-MM`, IST.
    #[param(example = "2027-01")]
    pub month: String,
}

#[derive(Deserialize, IntoParams)]
pub struct DiaryParams {
    /// The other side: the tutor (for a parent) or the parent (for a tutor).
    pub with: i64,
}

fn service(state: &AppState) -> Lessons {
    Lessons::new(state.db.clone())
}

/// The subject in the reader's language, when it is the vocabulary's.
fn relabel(me: &CurrentUser, subject: &mut Option<String>, id: Option<&str>) {
    if let (Some(labels), Some(subject)) = (crate::term_labels::labels(me.0.language), subject.as_mut()) {
        labels.relabel_text(Facet::Subject, id, subject);
    }
}

fn present(me: &CurrentUser, mut plan: LessonPlan) -> LessonPlan {
    relabel(me, &mut plan.subject, plan.subject_id.as_deref());
    plan
}

/// The tutor plans lessons with a family (for a request they are assigned to, or after a demo
/// whose parent continues): every chosen weekday from the start date to the end date at the
/// start time, none overlapping the tutor's other lessons or demo classes. A refused plan changes nothing.
#[utoipa::path(tag = "lessons", security(("bearer" = [])), request_body = NewPlanBody, responses(
    (status = 201, body = LessonPlan),
    (status = 400, description = "`validation`, with `fields.weekdays`, `start`, `minutes`, `startDate`, `endDate`, `feePerLesson`, `requestId` or `bookingId`", body = ErrorBody),
    (status = 403, description = "`not_a_tutor`", body = ErrorBody),
    (status = 409, description = "`lesson_overlap`, `lesson_unavailable`", body = ErrorBody),
))]
#[post("/lesson-plans")]
#[tracing::instrument(skip_all)]
pub async fn create_plan(
    state: web::Data<AppState>,
    me: CurrentUser,
    body: Json<NewPlanBody>,
) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let input = PlanInput {
        request_id: b.request_id,
        booking_id: b.booking_id,
        weekdays: b.weekdays,
        start: b.start,
        minutes: b.minutes,
        start_date: b.start_date,
        end_date: b.end_date,
        fee_per_lesson: b.fee_per_lesson,
    };
    let (service, who) = (service(&state), (me.0.id, me.0.role));
    let plan = blocking(move || service.create(who.0, who.1, &input)).await?;
    Ok(HttpResponse::Created().json(present(&me, plan)))
}

/// The caller's lesson plans, as tutor or parent, newest first (`lessons` empty: read one plan for them).
#[utoipa::path(tag = "lessons", security(("bearer" = [])), responses((status = 200, body = LessonPlanList)))]
#[get("/lesson-plans")]
#[tracing::instrument(skip_all)]
pub async fn list_plans(state: web::Data<AppState>, me: CurrentUser) -> Result<web::Json<LessonPlanList>, ApiError> {
    let (service, user) = (service(&state), me.0.id);
    let plans = blocking(move || service.list(user)).await?;
    Ok(web::Json(LessonPlanList { plans: plans.into_iter().map(|p| present(&me, p)).collect() }))
}

/// One plan with every lesson and its state: its tutor and parent only (anyone else 404).
#[utoipa::path(tag = "lessons", security(("bearer" = [])), params(("id" = i64, Path,)), responses(
    (status = 200, body = LessonPlan),
    (status = 404, description = "`lesson_plan_not_found`", body = ErrorBody),
))]
#[get("/lesson-plans/{id}")]
#[tracing::instrument(skip_all)]
pub async fn get_plan(
    state: web::Data<AppState>,
    me: CurrentUser,
    id: web::Path<i64>,
) -> Result<web::Json<LessonPlan>, ApiError> {
    let (service, user, id) = (service(&state), me.0.id, id.into_inner());
    let plan = blocking(move || service.get(user, id)).await?;
    Ok(web::Json(present(&me, plan)))
}

/// A month of the plan (IST): lessons held, confirmed, awaiting the parent, disputed, cancelled
/// and still to come, the fee per lesson and `total = confirmed × fee`. No money moves.
#[utoipa::path(tag = "lessons", security(("bearer" = [])), params(("id" = i64, Path,), MonthParams), responses(
    (status = 200, body = Statement),
    (status = 400, description = "`validation`, with `fields.month`", body = ErrorBody),
    (status = 404, description = "`lesson_plan_not_found`", body = ErrorBody),
))]
#[get("/lesson-plans/{id}/statement")]
#[tracing::instrument(skip_all)]
pub async fn statement(
    state: web::Data<AppState>,
    me: CurrentUser,
    id: web::Path<i64>,
    params: web::Query<MonthParams>,
) -> Result<web::Json<Statement>, ApiError> {
    let (service, user, id, month) = (service(&state), me.0.id, id.into_inner(), params.into_inner().month);
    let mut found = blocking(move || service.statement(user, id, &month)).await?;
    relabel(&me, &mut found.subject, found.subject_id.as_deref());
    Ok(web::Json(found))
}

/// The class diary between the caller and `with`: date, topic and homework of each lesson.
#[utoipa::path(tag = "lessons", security(("bearer" = [])), params(DiaryParams), responses(
    (status = 200, body = Diary),
    (status = 404, description = "`lesson_plan_not_found` (no plan between the two)", body = ErrorBody),
))]
#[get("/lessons/diary")]
#[tracing::instrument(skip_all)]
pub async fn diary(
    state: web::Data<AppState>,
    me: CurrentUser,
    params: web::Query<DiaryParams>,
) -> Result<web::Json<Diary>, ApiError> {
    let (service, user, with) = (service(&state), me.0.id, params.with);
    let mut found = blocking(move || service.diary(user, with)).await?;
    for e in &mut found.entries {
        relabel(&me, &mut e.subject, e.subject_id.as_deref());
    }
    Ok(web::Json(found))
}

/// The parent confirms a lesson that has ended (a disputed one too: the dispute is withdrawn).
#[utoipa::path(tag = "lessons", security(("bearer" = [])), params(("id" = i64, Path,)), responses(
    (status = 200, body = Lesson),
    (status = 403, description = "`not_a_parent` (the tutor)", body = ErrorBody),
    (status = 404, description = "`lesson_not_found`", body = ErrorBody),
    (status = 409, description = "`lesson_not_held`, `lesson_closed` (cancelled, or confirmed by the 48 hours)", body = ErrorBody),
))]
#[post("/lessons/{id}/confirm")]
#[tracing::instrument(skip_all)]
pub async fn confirm(
    state: web::Data<AppState>,
    me: CurrentUser,
    id: web::Path<i64>,
) -> Result<web::Json<Lesson>, ApiError> {
    let (service, user, id) = (service(&state), me.0.id, id.into_inner());
    Ok(web::Json(blocking(move || service.confirm(user, id)).await?))
}

/// The parent disputes a lesson that has ended and is not confirmed, with a note; it never confirms itself.
#[utoipa::path(tag = "lessons", security(("bearer" = [])), params(("id" = i64, Path,)), request_body = LessonNoteBody, responses(
    (status = 200, body = Lesson),
    (status = 400, description = "`validation`, with `fields.note`", body = ErrorBody),
    (status = 403, description = "`not_a_parent` (the tutor)", body = ErrorBody),
    (status = 404, description = "`lesson_not_found`", body = ErrorBody),
    (status = 409, description = "`lesson_not_held`, `lesson_closed`", body = ErrorBody),
))]
#[post("/lessons/{id}/dispute")]
#[tracing::instrument(skip_all)]
pub async fn dispute(
    state: web::Data<AppState>,
    me: CurrentUser,
    id: web::Path<i64>,
    body: Json<LessonNoteBody>,
) -> Result<web::Json<Lesson>, ApiError> {
    let (service, user, id, note) = (service(&state), me.0.id, id.into_inner(), body.into_inner().note);
    Ok(web::Json(blocking(move || service.dispute(user, id, &note)).await?))
}

/// The tutor cancels a lesson before it starts, with a note.
#[utoipa::path(tag = "lessons", security(("bearer" = [])), params(("id" = i64, Path,)), request_body = LessonNoteBody, responses(
    (status = 200, body = Lesson),
    (status = 400, description = "`validation`, with `fields.note`", body = ErrorBody),
    (status = 403, description = "`not_a_tutor` (the parent)", body = ErrorBody),
    (status = 404, description = "`lesson_not_found`", body = ErrorBody),
    (status = 409, description = "`lesson_started`, `lesson_closed`", body = ErrorBody),
))]
#[post("/lessons/{id}/cancel")]
#[tracing::instrument(skip_all)]
pub async fn cancel(
    state: web::Data<AppState>,
    me: CurrentUser,
    id: web::Path<i64>,
    body: Json<LessonNoteBody>,
) -> Result<web::Json<Lesson>, ApiError> {
    let (service, user, id, note) = (service(&state), me.0.id, id.into_inner(), body.into_inner().note);
    Ok(web::Json(blocking(move || service.cancel(user, id, &note)).await?))
}

/// The tutor writes a lesson's diary entry (topic, homework); both sides read it.
#[utoipa::path(tag = "lessons", security(("bearer" = [])), params(("id" = i64, Path,)), request_body = DiaryBody, responses(
    (status = 200, body = Lesson),
    (status = 400, description = "`validation`, with `fields.topic` or `fields.homework`", body = ErrorBody),
    (status = 403, description = "`not_a_tutor` (the parent)", body = ErrorBody),
    (status = 404, description = "`lesson_not_found`", body = ErrorBody),
    (status = 409, description = "`lesson_closed` (cancelled)", body = ErrorBody),
))]
#[put("/lessons/{id}/diary")]
#[tracing::instrument(skip_all)]
pub async fn write_diary(
    state: web::Data<AppState>,
    me: CurrentUser,
    id: web::Path<i64>,
    body: Json<DiaryBody>,
) -> Result<web::Json<Lesson>, ApiError> {
    let b = body.into_inner();
    let (service, user, id) = (service(&state), me.0.id, id.into_inner());
    Ok(web::Json(blocking(move || service.write_diary(user, id, b.topic.as_deref(), b.homework.as_deref())).await?))
}

pub fn config(cfg: &mut ServiceConfig) {
    // The literal `diary` before `{id}`.
    cfg.service(diary)
        .service(create_plan)
        .service(list_plans)
        .service(get_plan)
        .service(statement)
        .service(confirm)
        .service(dispute)
        .service(cancel)
        .service(write_diary);
}
