//! The e-mails of notifications: one per notice, or one digest of new requests. Each
//! carries a full link into the app and a one-click unsubscribe link, in its text and
//! in the `List-Unsubscribe` headers (RFC 2369, RFC 8058).

use diesel::QueryResult;
use hometutor_core::UserId;
use hometutor_db::DbConnection;
use hometutor_i18n::{text, Language};
use hometutor_mail::{Attachment, ExtraHeader, MailKind, OutgoingEmail};

use crate::{Kind, Notice, Notification, Site};

/// Where the `List-Unsubscribe` header points: the API answers GET and POST (RFC 8058 one-click).
pub(crate) const UNSUBSCRIBE_PATH: &str = "/api/notifications/unsubscribe";
/// Where the link in the body points: the web app's page, which calls the API and says in
/// words what was turned off (a click on the API itself would show JSON).
pub(crate) const UNSUBSCRIBE_PAGE: &str = "/unsubscribe";

pub(crate) fn unsubscribe_url(site: &Site, user: UserId, kind: Kind) -> String {
    format!("{}{UNSUBSCRIBE_PATH}?token={}", site.public_url, site.keys.token(user, kind))
}

/// Whom to write to: `None` for an account that is gone or deactivated (it is told
/// nothing by e-mail; the notification stays in the app).
struct Recipient {
    email: String,
    name: String,
    language: Language,
}

fn recipient(conn: &mut DbConnection, user: UserId) -> QueryResult<Option<Recipient>> {
    Ok(hometutor_accounts::find(conn, user)?.filter(|u| u.active).map(|u| Recipient {
        email: u.email,
        name: u.fullname,
        language: u.language,
    }))
}

fn greeting(to: &Recipient) -> String {
    text(to.language, "email-notice-greeting", &[("name", to.name.as_str().into())])
}

/// Queues the e-mail of one notice on the caller's connection, in the recipient's language.
pub(crate) fn send_one(
    conn: &mut DbConnection,
    site: &Site,
    notice: &Notice,
    attachments: &[Attachment],
) -> QueryResult<()> {
    let Some(to) = recipient(conn, notice.user)? else { return Ok(()) };
    let mut body = format!("{}\n\n{}\n", greeting(&to), notice.body.render(to.language));
    if let Some(link) = &notice.link {
        let url = format!("{}{link}", site.public_url);
        body.push_str(&format!("\n{}\n", text(to.language, "email-notice-open-link", &[("url", url.into())])));
    }
    let subject = notice.title.render(to.language);
    queue(conn, site, notice.user, notice.kind, to, (subject, body), attachments)
}

/// Queues one digest e-mail listing `items` (new requests), `more` further ones left out.
pub(crate) fn send_digest(
    conn: &mut DbConnection,
    site: &Site,
    user: UserId,
    items: &[Notification],
    more: usize,
) -> QueryResult<bool> {
    let Some(to) = recipient(conn, user)? else { return Ok(false) };
    let language = to.language;
    let total = items.len() + more;
    let subject = text(language, "email-digest-subject", &[("count", total.into())]);
    let mut body = format!("{}\n\n{}\n", greeting(&to), text(language, "email-digest-intro", &[]));
    for item in items {
        let item = item.clone().in_language(language);
        body.push_str(&format!("\n- {}\n  {}\n", item.title, item.body));
        if let Some(link) = &item.link {
            body.push_str(&format!("  {}{link}\n", site.public_url));
        }
    }
    if more > 0 {
        let url = format!("{}/nearby", site.public_url);
        body.push_str(&format!(
            "\n{}\n",
            text(language, "email-digest-more", &[("more", more.into()), ("url", url.into())])
        ));
    }
    queue(conn, site, user, Kind::NewRequest, to, (subject, body), &[]).map(|()| true)
}

fn queue(
    conn: &mut DbConnection,
    site: &Site,
    user: UserId,
    kind: Kind,
    to: Recipient,
    (subject, mut body): (String, String),
    attachments: &[Attachment],
) -> QueryResult<()> {
    let unsubscribe = unsubscribe_url(site, user, kind);
    let page = format!("{}{UNSUBSCRIBE_PAGE}?token={}", site.public_url, site.keys.token(user, kind));
    let language = to.language;
    let profile = format!("{}/profile", site.public_url);
    body.push_str(&format!(
        "\n--\n{}\n{}\n{}\n",
        text(language, "email-footer-reason", &[("kind", kind.label_in(language).into())]),
        text(language, "email-footer-stop", &[("url", page.into())]),
        text(language, "email-footer-choose", &[("url", profile.into())]),
    ));
    let email = OutgoingEmail { to: to.email, subject, body, kind: MailKind::Notice };
    let headers = [
        (ExtraHeader::ListUnsubscribe, format!("<{unsubscribe}>")),
        (ExtraHeader::ListUnsubscribePost, "List-Unsubscribe=One-Click".to_string()),
    ];
    hometutor_mail::enqueue_with_attachments(conn, &email, &headers, attachments)
}
