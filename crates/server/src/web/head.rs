//! What a page's `<head>` says before any script runs: the title, the description and the
//! Open Graph tags that link previews (chat apps, social sites) and search engines read
//! without running the app. The app's `index.html` carries the site's defaults; a tutor's
//! profile page gets that tutor's own, written into a copy of it here. Every value is
//! HTML-escaped: names and profile text are the tutors' own words.

use hometutor_i18n::{text, Arg, Language};

/// Longest description kept (search engines show about this much).
const DESCRIPTION_CHARS: usize = 160;

/// The title, description and Open Graph properties of one page.
#[derive(Debug, Clone, PartialEq)]
pub struct PageHead {
    pub title: String,
    pub description: String,
    /// The page's one address, whatever address it was opened at.
    pub canonical: String,
    /// `og:*` properties in order, e.g. `("og:type", "profile")`.
    pub open_graph: Vec<(&'static str, String)>,
    /// The language the head is written in: the page's `<html lang>` says it.
    pub language: Language,
}

/// What a tutor's profile page previews as.
pub struct TutorPreview<'a> {
    pub name: &'a str,
    pub about: &'a str,
    /// The profile's free-text subjects.
    pub subjects: &'a str,
    /// Where the tutor teaches, 'Lajpat Nagar, South Delhi', if they saved an area.
    pub place: Option<&'a str>,
    /// Absolute URLs.
    pub page_url: String,
    pub photo_url: Option<String>,
    /// The site's name as the admin set it ('HomeTutor').
    pub site: &'a str,
    /// The visitor's language (`Accept-Language`: link previews carry no account).
    pub language: Language,
}

impl PageHead {
    /// 'Asha Kumar · Home tutor near Lajpat Nagar, South Delhi · HomeTutor', described by the
    /// tutor's own about text (else their subjects and place), in the preview's language
    /// (`site.ftl`'s `page-tutor-*`). The tutor's own words are never translated.
    pub fn tutor(t: &TutorPreview) -> Self {
        let say = |id: &str, args: &[(&str, Arg)]| text(t.language, id, args);
        let name = one_line(t.name);
        let place = t.place.map(one_line);
        let headline = match &place {
            Some(place) => say("page-tutor-headline-place", &[("name", (&name).into()), ("place", place.into())]),
            None => say("page-tutor-headline", &[("name", (&name).into())]),
        };
        let description = shortened(&if t.about.trim().is_empty() {
            let subjects = one_line(t.subjects);
            let mut args: Vec<(&str, Arg)> = vec![("name", (&name).into()), ("site", t.site.into())];
            let id = match (subjects.is_empty(), &place) {
                (true, None) => "page-tutor-description",
                (true, Some(_)) => "page-tutor-description-place",
                (false, None) => "page-tutor-description-subjects",
                (false, Some(_)) => "page-tutor-description-subjects-place",
            };
            if !subjects.is_empty() {
                args.push(("subjects", subjects.into()));
            }
            if let Some(place) = &place {
                args.push(("place", place.into()));
            }
            say(id, &args)
        } else {
            one_line(t.about)
        });
        let mut open_graph = vec![
            ("og:type", "profile".to_owned()),
            ("og:site_name", t.site.to_owned()),
            ("og:title", headline.clone()),
            ("og:description", description.clone()),
            ("og:url", t.page_url.clone()),
        ];
        if let Some(photo) = &t.photo_url {
            open_graph.push(("og:image", photo.clone()));
            open_graph.push(("og:image:alt", say("page-tutor-photo-alt", &[("name", (&name).into())])));
        }
        Self {
            title: format!("{headline} · {}", t.site),
            description,
            canonical: t.page_url.clone(),
            open_graph,
            language: t.language,
        }
    }

    /// `index` with this title and description in place of its own, the canonical link and
    /// Open Graph tags added at the end of its head, and `<html lang>` saying the head's language
    /// (screen readers, and the app's first paint, read it before any script runs).
    pub fn written_into(&self, index: &str) -> String {
        let mut page = index.to_owned();
        set_language(&mut page, self.language.code());
        let title = format!("<title>{}</title>", escape(&self.title));
        let description = format!(r#"<meta name="description" content="{}" />"#, escape(&self.description));
        let mut added = String::new();
        if !replace_element(&mut page, "<title", "</title>", &title) {
            added.push_str(&title);
        }
        if !replace_element(&mut page, r#"<meta name="description""#, ">", &description) {
            added.push_str(&description);
        }
        added.push_str(&format!(r#"<link rel="canonical" href="{}" />"#, escape(&self.canonical)));
        for (property, content) in &self.open_graph {
            added.push_str(&format!(r#"<meta property="{property}" content="{}" />"#, escape(content)));
        }
        match page.find("</head>") {
            Some(end) => page.insert_str(end, &added),
            None => page.insert_str(0, &added),
        }
        page
    }
}

/// Gives the page's `<html>` tag `lang="{code}"`, in place of the one it has.
fn set_language(page: &mut String, code: &str) {
    let Some(start) = page.find("<html") else { return };
    let Some(length) = page[start..].find('>') else { return };
    let tag = &page[start..start + length];
    let attribute = format!(r#"lang="{code}""#);
    let replaced = match tag.find(" lang=\"") {
        Some(at) => match tag[at + 7..].find('"') {
            Some(end) => format!("{} {attribute}{}", &tag[..at], &tag[at + 7 + end + 1..]),
            None => return,
        },
        None => format!("<html {attribute}{}", &tag["<html".len()..]),
    };
    page.replace_range(start..start + length, &replaced);
}

/// Replaces the first element from `start` to the end of `end` with `with`; false when absent.
fn replace_element(page: &mut String, start: &str, end: &str, with: &str) -> bool {
    let Some(from) = page.find(start) else { return false };
    let Some(length) = page[from..].find(end) else { return false };
    page.replace_range(from..from + length + end.len(), with);
    true
}

/// Text made safe inside an element or a quoted attribute.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Multi-line text as one line: runs of whitespace (newlines too) become one space.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// At most [`DESCRIPTION_CHARS`] characters, cut at a word with '…' when longer.
fn shortened(text: &str) -> String {
    if text.chars().count() <= DESCRIPTION_CHARS {
        return text.to_owned();
    }
    let cut: String = text.chars().take(DESCRIPTION_CHARS - 1).collect();
    let at_word = cut.rfind(' ').filter(|&i| i > DESCRIPTION_CHARS / 2).map_or(cut.as_str(), |i| &cut[..i]);
    format!("{}…", at_word.trim_end_matches([' ', ',', '.', ';', ':']))
}

#[cfg(test)]
mod tests {
    use super::*;

    const INDEX: &str = r#"<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="HomeTutor connects parents and students with qualified home tutors near them." />
    <title>HomeTutor — Find Your Perfect Tutor</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>"#;

    fn preview<'a>(name: &'a str, about: &'a str, place: Option<&'a str>) -> TutorPreview<'a> {
        TutorPreview {
            name,
            about,
            subjects: "Maths, Physics",
            place,
            page_url: "https://hometutor.example.in/tutor/12".into(),
            photo_url: None,
            site: "HomeTutor",
            language: Language::En,
        }
    }

    #[test]
    fn a_tutor_page_names_the_tutor_and_where_they_teach() {
        let head = PageHead::tutor(&preview("Asha Kumar", "", Some("Lajpat Nagar, South Delhi")));
        assert_eq!(head.title, "Asha Kumar · Home tutor near Lajpat Nagar, South Delhi · HomeTutor");
        assert_eq!(
            head.description,
            "Asha Kumar: Home tutor for Maths, Physics near Lajpat Nagar, South Delhi. Fees, availability and reviews \
             on HomeTutor."
        );
        assert!(head.open_graph.contains(&("og:type", "profile".into())));
        assert!(head.open_graph.contains(&("og:url", "https://hometutor.example.in/tutor/12".into())));
        assert!(!head.open_graph.iter().any(|(p, _)| *p == "og:image"), "no photo, no image");
        let nowhere = PageHead::tutor(&preview("Asha Kumar", "I teach.", None));
        assert_eq!(nowhere.title, "Asha Kumar · Home tutor · HomeTutor");
        assert_eq!(nowhere.description, "I teach.");
    }

    #[test]
    fn a_hindi_visitor_reads_the_head_in_hindi_with_the_tutors_words_as_written() {
        let mut t = preview("Asha Kumar", "", Some("Lajpat Nagar, South Delhi"));
        t.language = Language::Hi;
        t.photo_url = Some("https://hometutor.example.in/api/uploads/p.webp".into());
        let head = PageHead::tutor(&t);
        assert_eq!(head.title, "Asha Kumar · Lajpat Nagar, South Delhi के पास होम ट्यूटर · HomeTutor");
        assert_eq!(
            head.description,
            "Asha Kumar: Lajpat Nagar, South Delhi के पास Maths, Physics के होम ट्यूटर। फ़ीस, उपलब्धता और समीक्षाएँ \
             HomeTutor पर।"
        );
        assert!(head.open_graph.contains(&("og:image:alt", "Asha Kumar की फ़ोटो".into())));
        t.place = None;
        t.about = "I teach.";
        let head = PageHead::tutor(&t);
        assert_eq!((head.title.as_str(), head.description.as_str()), ("Asha Kumar · होम ट्यूटर · HomeTutor", "I teach."));
        // Every variant of the English, word for word as before the catalogue.
        t.language = Language::En;
        t.about = "";
        t.subjects = "";
        assert_eq!(
            PageHead::tutor(&t).description,
            "Asha Kumar: Home tutor. Fees, availability and reviews on HomeTutor."
        );
        t.place = Some("Saket");
        assert_eq!(
            PageHead::tutor(&t).description,
            "Asha Kumar: Home tutor near Saket. Fees, availability and reviews on HomeTutor."
        );
        t.subjects = "Maths";
        t.place = None;
        assert_eq!(
            PageHead::tutor(&t).description,
            "Asha Kumar: Home tutor for Maths. Fees, availability and reviews on HomeTutor."
        );
        assert!(PageHead::tutor(&t).open_graph.contains(&("og:image:alt", "Photo of Asha Kumar".into())));
    }

    #[test]
    fn the_head_is_rewritten_not_duplicated() {
        let mut t = preview("Asha Kumar", "Ten years of\nboard exams.", None);
        t.photo_url = Some("https://hometutor.example.in/api/uploads/p.webp".into());
        let page = PageHead::tutor(&t).written_into(INDEX);
        assert_eq!(page.matches("<title>").count(), 1, "{page}");
        assert_eq!(page.matches(r#"name="description""#).count(), 1, "{page}");
        assert!(page.contains("<title>Asha Kumar · Home tutor · HomeTutor</title>"), "{page}");
        assert!(page.contains(r#"<meta name="description" content="Ten years of board exams." />"#), "{page}");
        assert!(
            page.contains(r#"<meta property="og:image" content="https://hometutor.example.in/api/uploads/p.webp" />"#)
        );
        assert!(page.contains(r#"<link rel="canonical" href="https://hometutor.example.in/tutor/12" />"#));
        // Added inside the head, after what was there; the body is untouched.
        let (head, body) = page.split_once("</head>").expect("a head");
        assert!(head.contains("og:title") && head.contains("index-abc.js"));
        assert_eq!(body, INDEX.split_once("</head>").expect("a head").1);
    }

    #[test]
    fn tutors_words_cannot_break_out_of_the_head() {
        let name = r#"Eve "</title><script>alert('x')</script>"#;
        let page = PageHead::tutor(&preview(name, r#"About <b>me</b> & "quotes""#, None)).written_into(INDEX);
        assert!(!page.contains("<script>alert"), "{page}");
        assert!(!page.contains("</title><script>"), "{page}");
        assert!(page.contains(
            "<title>Eve &quot;&lt;/title&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; · Home tutor · HomeTutor</title>"
        ));
        assert!(page.contains(r#"content="About &lt;b&gt;me&lt;/b&gt; &amp; &quot;quotes&quot;""#), "{page}");
        assert_eq!(page.matches("<script").count(), 1, "only the app's own script");
    }

    #[test]
    fn long_descriptions_are_cut_at_a_word() {
        let about = "word ".repeat(100);
        let head = PageHead::tutor(&preview("Asha", &about, None));
        assert!(head.description.chars().count() <= DESCRIPTION_CHARS, "{}", head.description);
        assert!(head.description.ends_with("word…"), "{}", head.description);
        let unbroken = "x".repeat(400);
        assert_eq!(PageHead::tutor(&preview("Asha", &unbroken, None)).description.chars().count(), DESCRIPTION_CHARS);
    }

    #[test]
    fn the_html_tag_says_the_heads_language() {
        let mut t = preview("Asha", "Hi", None);
        let english = PageHead::tutor(&t).written_into(INDEX);
        assert!(english.contains("<html lang=\"en\">\n  <head>"), "{english}");
        t.language = Language::Hi;
        let hindi = PageHead::tutor(&t).written_into(INDEX);
        assert!(hindi.contains("<html lang=\"hi\">\n  <head>"), "{hindi}");
        assert_eq!(hindi.matches("lang=").count(), 1, "{hindi}");
        let bare = PageHead::tutor(&t).written_into("<!doctype html><html><head></head></html>");
        assert!(bare.starts_with("<!doctype html><html lang=\"hi\"><head>"), "{bare}");
        let other =
            PageHead::tutor(&t).written_into("<html class=\"x\" lang=\"en-IN\" dir=\"ltr\"><head></head></html>");
        assert!(other.starts_with("<html class=\"x\" lang=\"hi\" dir=\"ltr\"><head>"), "{other}");
    }

    #[test]
    fn a_page_without_the_tags_gets_them() {
        let page =
            PageHead::tutor(&preview("Asha", "Hi", None)).written_into("<html><head></head><body></body></html>");
        assert!(page.starts_with(
            "<html lang=\"en\"><head><title>Asha · Home tutor · HomeTutor</title><meta name=\"description\""
        ));
    }
}
