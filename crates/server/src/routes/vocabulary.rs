//! The vocabulary: the subjects, classes, boards and teaching modes that
//! requests, teaching areas, filters and alerts speak in, as ids with labels.

use std::borrow::Cow;
use std::sync::OnceLock;

use actix_web::web::Bytes;
use actix_web::{get, HttpRequest, HttpResponse};
use hometutor_i18n::Language;
use hometutor_vocabulary::{label_in, Choice, Facet, Term, OTHER};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::errors::ApiError;
use crate::public_cache;

/// One entry: the id stored and sent, and the label a person reads. An 'other' entry
/// (a teaching area's own words) is `{id: "other", label: "<text>"}`.
// Not `Term` itself: labels are swapped for the reader's language (`term_labels`), and an 'other'
// entry carries a person's own words.
#[derive(Serialize, ToSchema, Clone, Debug, PartialEq, Eq)]
pub struct TermDto {
    pub id: String,
    /// In the request's language for a term of the vocabulary; a person's own words as written.
    // Borrowed when relabelled from the per-language tables (`term_labels`): no allocation per term.
    #[schema(value_type = String)]
    pub label: Cow<'static, str>,
    /// Other words people use for it (matched like the label when text is mapped).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schema(required = false)]
    pub synonyms: Vec<String>,
}

impl From<&Term> for TermDto {
    fn from(t: &Term) -> Self {
        Self {
            id: t.id.to_string(),
            label: Cow::Borrowed(t.label),
            synonyms: t.synonyms.iter().map(|s| s.to_string()).collect(),
        }
    }
}

/// A term as discovery read it (a card's or an area's, without synonyms).
impl From<hometutor_discovery::TermRef> for TermDto {
    fn from(t: hometutor_discovery::TermRef) -> Self {
        Self { id: t.id, label: t.label.into(), synonyms: Vec::new() }
    }
}

impl TermDto {
    /// A stored choice as an answer shows it: the term (without synonyms), or 'other' with the words.
    pub fn of_choice(c: &Choice) -> Self {
        match c {
            Choice::Known(t) => Self::brief(t),
            Choice::Other(text) => {
                Self { id: OTHER.to_string(), label: Cow::Owned(text.clone()), synonyms: Vec::new() }
            }
        }
    }

    /// A term as an answer about someone's choice shows it (without synonyms).
    pub fn brief(t: &Term) -> Self {
        Self { id: t.id.to_string(), label: Cow::Borrowed(t.label), synonyms: Vec::new() }
    }
}

/// Every list of the vocabulary, each in the order pickers show it.
#[derive(Serialize, ToSchema)]
pub struct VocabularyDto {
    pub subjects: Vec<TermDto>,
    pub classes: Vec<TermDto>,
    pub boards: Vec<TermDto>,
    pub modes: Vec<TermDto>,
}

/// A facet's terms labelled for a reader of `language`. Where the label is not the English one,
/// the English label joins the synonyms: a Hindi reader who types "Mathematics" still finds it.
fn list(facet: Facet, language: Language) -> Vec<TermDto> {
    facet
        .terms()
        .iter()
        .map(|t| {
            let mut dto = TermDto::from(t);
            let label = label_in(facet, t.id, language.code()).unwrap_or(t.label);
            if label != t.label {
                let english = std::mem::replace(&mut dto.label, Cow::Borrowed(label));
                dto.synonyms.insert(0, english.into_owned());
            }
            dto
        })
        .collect()
}

fn body_in(language: Language) -> Result<Bytes, ApiError> {
    let dto = VocabularyDto {
        subjects: list(Facet::Subject, language),
        classes: list(Facet::Class, language),
        boards: list(Facet::Board, language),
        modes: list(Facet::Mode, language),
    };
    Ok(serde_json::to_vec(&dto).map_err(ApiError::internal)?.into())
}

/// The vocabulary: subjects, classes, boards and modes, labelled in the request's language
/// (`Accept-Language`; ids are the same in every language). Public; cacheable for an hour.
/// Ids never change once published; `other` is not listed (it is always allowed with text).
#[utoipa::path(tag = "vocabulary", responses(
    (status = 200, body = VocabularyDto, headers(("ETag" = String), ("Cache-Control" = String, description = "public, max-age=3600"), ("Vary" = String, description = "Authorization, Accept-Language"))),
    (status = 304, description = "Unchanged since the ETag in If-None-Match"),
))]
#[get("/vocabulary")]
#[tracing::instrument(skip_all)]
pub async fn vocabulary(req: HttpRequest) -> Result<HttpResponse, ApiError> {
    // Compiled in: serialised once per process and language.
    static BODIES: OnceLock<Vec<(Language, Bytes)>> = OnceLock::new();
    let bodies = match BODIES.get() {
        Some(bodies) => bodies,
        None => {
            let bodies = Language::ALL.iter().map(|&l| Ok((l, body_in(l)?))).collect::<Result<Vec<_>, ApiError>>()?;
            BODIES.get_or_init(|| bodies)
        }
    };
    let language = crate::language::accepted(&req);
    let body = bodies.iter().find(|(l, _)| *l == language).map_or_else(|| bodies[0].1.clone(), |(_, b)| b.clone());
    Ok(public_cache::bytes_per_language(&req, body, "public, max-age=3600"))
}

pub fn config(cfg: &mut ServiceConfig) {
    cfg.service(vocabulary);
}
