//! The log: standard output, filtered by `RUST_LOG` (default `info`), as text or as one JSON
//! object per line (`LOG_FORMAT`). Colour only on a terminal, and never with `NO_COLOR` set:
//! escape codes in a file or in journald are noise to every tool that reads them.

use std::io::IsTerminal;

use tracing_subscriber::EnvFilter;

/// `LOG_FORMAT`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogFormat {
    /// One line per event for people: `time level span{fields}: target: message fields`.
    Text,
    /// One JSON object per line: `timestamp`, `level`, `target`, `message`, the event's fields at
    /// the top level, and `spans` (outermost first; the request's holds `request_id`).
    Json,
}

impl LogFormat {
    /// The value of `LOG_FORMAT`: unset or empty is text; anything but `text` or `json` is refused.
    pub fn parse(value: Option<&str>) -> Result<Self, String> {
        match value.map(str::trim).filter(|v| !v.is_empty()) {
            None => Ok(Self::Text),
            Some(v) if v.eq_ignore_ascii_case("text") => Ok(Self::Text),
            Some(v) if v.eq_ignore_ascii_case("json") => Ok(Self::Json),
            Some(other) => Err(format!("LOG_FORMAT: '{other}' is not a log format (use text or json)")),
        }
    }
}

/// Colour when a person is watching: a terminal, and no `NO_COLOR` (https://no-color.org: any
/// non-empty value turns colour off).
fn colour(no_color: Option<&str>, terminal: bool) -> bool {
    terminal && no_color.is_none_or(str::is_empty)
}

/// Installs the process's log. Call once, first thing.
pub fn init(format: LogFormat) {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        // A log line that cannot be written (a full disk under the log file, a
        // closed pipe) is dropped. By default the subscriber would report that on
        // stderr with `eprintln!`, which panics when stderr fails too, killing
        // whatever task was logging: once, that was the chat writer.
        .log_internal_errors(false);
    match format {
        LogFormat::Text => {
            let no_color = std::env::var("NO_COLOR").ok();
            builder.with_ansi(colour(no_color.as_deref(), std::io::stdout().is_terminal())).init()
        }
        LogFormat::Json => builder.json().flatten_event(true).with_current_span(false).with_span_list(true).init(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_format_is_text_json_or_refused_by_name() {
        assert_eq!(LogFormat::parse(None), Ok(LogFormat::Text));
        assert_eq!(LogFormat::parse(Some(" ")), Ok(LogFormat::Text));
        assert_eq!(LogFormat::parse(Some("JSON")), Ok(LogFormat::Json));
        assert_eq!(LogFormat::parse(Some("text")), Ok(LogFormat::Text));
        let err = LogFormat::parse(Some("xml")).err().unwrap_or_default();
        assert!(err.contains("LOG_FORMAT") && err.contains("'xml'"), "{err}");
    }

    #[test]
    fn colour_only_on_a_terminal_without_no_color() {
        assert!(colour(None, true));
        assert!(colour(Some(""), true));
        assert!(!colour(Some("1"), true));
        assert!(!colour(None, false));
    }
}
