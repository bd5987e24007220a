//! The bundles, built once per process from the embedded files, and rendering.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use fluent_syntax::ast;

use crate::{Arg, Language};

type Bundle = FluentBundle<FluentResource>;

/// One bundle per language, in the order of [`Language::ALL`].
fn bundles() -> &'static [Bundle] {
    static BUNDLES: OnceLock<Vec<Bundle>> = OnceLock::new();
    BUNDLES.get_or_init(|| Language::ALL.iter().map(|&l| build(l)).collect())
}

fn bundle(language: Language) -> Option<&'static Bundle> {
    let index = Language::ALL.iter().position(|&l| l == language)?;
    bundles().get(index)
}

fn build(language: Language) -> Bundle {
    let mut bundle = FluentBundle::new_concurrent(vec![language.identifier()]);
    // Isolation marks (U+2068/U+2069 around each placeholder) help bidirectional text on
    // screens; in e-mails and JSON they are stray invisible characters.
    bundle.set_use_isolating(false);
    for (file, source) in language.sources() {
        let resource = match FluentResource::try_new(source.to_string()) {
            Ok(resource) => resource,
            Err((resource, errors)) => {
                tracing::error!(language = %language, file, ?errors, "catalogue file does not parse");
                resource
            }
        };
        if let Err(errors) = bundle.add_resource(resource) {
            tracing::error!(language = %language, file, ?errors, "catalogue file repeats a message");
        }
    }
    bundle
}

/// The text of message `id` in `language` with `args`. An id that `language` lacks is
/// rendered in English; one that English lacks too renders as the id itself.
pub fn text(language: Language, id: &str, args: &[(&str, Arg)]) -> String {
    render(language, id, args.iter().map(|(k, v)| (*k, v)))
}

pub(crate) fn render<'a>(language: Language, id: &str, args: impl Iterator<Item = (&'a str, &'a Arg)>) -> String {
    let mut fluent_args = FluentArgs::new();
    for (name, value) in args {
        let value = match value {
            Arg::Int(n) => FluentValue::from(*n),
            Arg::Float(x) => FluentValue::from(*x),
            Arg::Text(s) => FluentValue::from(s.as_str()),
            Arg::Date { date } => FluentValue::from(long_date(language, date)),
            Arg::Message { message } => FluentValue::from(render(language, message, std::iter::empty())),
            Arg::Term { term, id, text } => FluentValue::from(Arg::term_in(term, id.as_deref(), text, language.code())),
        };
        fluent_args.set(name, value);
    }
    for candidate in [language, Language::FALLBACK] {
        let Some(bundle) = bundle(candidate) else { continue };
        let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) else {
            if candidate == language && language != Language::FALLBACK {
                tracing::warn!(language = %language, id, "message missing; rendered in English");
            }
            continue;
        };
        let mut errors = Vec::new();
        let rendered = bundle.format_pattern(pattern, Some(&fluent_args), &mut errors);
        if !errors.is_empty() {
            tracing::warn!(language = %candidate, id, ?errors, "message rendered with errors");
        }
        return rendered.into_owned();
    }
    tracing::error!(id, "message missing in every language");
    id.to_string()
}

/// `YYYY-MM-DD` as the language writes a day (`date-long`, `month-N`); as given when it is no such day.
fn long_date(language: Language, date: &str) -> String {
    let mut parts = date.splitn(3, '-').map(str::parse::<u32>);
    let (Some(Ok(year)), Some(Ok(month @ 1..=12)), Some(Ok(day))) = (parts.next(), parts.next(), parts.next()) else {
        return date.to_string();
    };
    let month_name = render(language, &format!("month-{month}"), std::iter::empty());
    let args = [("day", Arg::Int(day.into())), ("month", Arg::Text(month_name)), ("year", Arg::Int(year.into()))];
    render(language, "date-long", args.iter().map(|(k, v)| (*k, v)))
}

/// Whether the English catalogue (the reference) has message `id`.
pub fn has(id: &str) -> bool {
    bundle(Language::FALLBACK).is_some_and(|b| b.has_message(id))
}

/// Every message id of `language`'s files.
pub fn ids(language: Language) -> BTreeSet<String> {
    variables(language).into_keys().collect()
}

/// Every message of `language` with the variables (`$name`) its value and its variants use.
pub fn variables(language: Language) -> BTreeMap<String, BTreeSet<String>> {
    let mut found = BTreeMap::new();
    for (_, source) in language.sources() {
        let resource = match fluent_syntax::parser::parse(*source) {
            Ok(resource) | Err((resource, _)) => resource,
        };
        for entry in resource.body {
            if let ast::Entry::Message(message) = entry {
                let mut names = BTreeSet::new();
                if let Some(pattern) = &message.value {
                    pattern_variables(pattern, &mut names);
                }
                found.insert(message.id.name.to_string(), names);
            }
        }
    }
    found
}

fn pattern_variables(pattern: &ast::Pattern<&str>, names: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expression_variables(expression, names);
        }
    }
}

fn expression_variables(expression: &ast::Expression<&str>, names: &mut BTreeSet<String>) {
    match expression {
        ast::Expression::Select { selector, variants } => {
            inline_variables(selector, names);
            for variant in variants {
                pattern_variables(&variant.value, names);
            }
        }
        ast::Expression::Inline(inline) => inline_variables(inline, names),
    }
}

fn inline_variables(inline: &ast::InlineExpression<&str>, names: &mut BTreeSet<String>) {
    match inline {
        ast::InlineExpression::VariableReference { id } => {
            names.insert(id.name.to_string());
        }
        ast::InlineExpression::Placeable { expression } => expression_variables(expression, names),
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for argument in &arguments.positional {
                inline_variables(argument, names);
            }
        }
        _ => {}
    }
}

/// Every file of every language parses without an error (for the tests).
pub fn parse_errors() -> Vec<String> {
    let mut found = Vec::new();
    for &language in Language::ALL {
        for (file, source) in language.sources() {
            if let Err((_, errors)) = fluent_syntax::parser::parse(*source) {
                found.push(format!("{language}/{file}: {errors:?}"));
            }
        }
    }
    found
}
