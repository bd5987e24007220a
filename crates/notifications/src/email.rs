//! The e-mails of notifications: one per notice, or one digest of new requests. Each
//! carries a full link into the app and a one-click unsubscribe link, in its text and
//! in the `List-Unsubscribe` headers (RFC 2369, RFC 8058).

use diesel::QueryResult;
use hometutor_core::UserId;
use hometutor_db::DbConnection;
use hometutor_mail::{ExtraHeader, MailKind, OutgoingEmail};

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
fn recipient(conn: &mut DbConnection, user: UserId) -> QueryResult<Option<(String, String)>> {
    Ok(hometutor_accounts::find(conn, user)?.filter(|u| u.active).map(|u| (u.email, u.fullname)))
}

/// Queues the e-mail of one notice on the caller's connection.
pub(crate) fn send_one(conn: &mut DbConnection, site: &Site, notice: &Notice) -> QueryResult<()> {
    let Some((to, name)) = recipient(conn, notice.user)? else { return Ok(()) };
    let mut body = format!("Hello {name},\n\n{}\n", notice.body);
    if let Some(link) = &notice.link {
        body.push_str(&format!("\nOpen it on HomeTutor: {}{link}\n", site.public_url));
    }
    queue(conn, site, notice.user, notice.kind, to, notice.title.clone(), body)
}

/// Queues one digest e-mail listing `items` (new requests), `more` further ones left out.
pub(crate) fn send_digest(
    conn: &mut DbConnection,
    site: &Site,
    user: UserId,
    items: &[Notification],
    more: usize,
) -> QueryResult<bool> {
    let Some((to, name)) = recipient(conn, user)? else { return Ok(false) };
    let total = items.len() + more;
    let subject = match total {
        1 => "1 new tuition request in your area".to_string(),
        n => format!("{n} new tuition requests in your area"),
    };
    let mut body = format!("Hello {name},\n\nHere are the new tuition requests in your area since our last e-mail:\n");
    for item in items {
        body.push_str(&format!("\n- {}\n  {}\n", item.title, item.body));
        if let Some(link) = &item.link {
            body.push_str(&format!("  {}{link}\n", site.public_url));
        }
    }
    if more > 0 {
        body.push_str(&format!("\n…and {more} more: {}/nearby\n", site.public_url));
    }
    queue(conn, site, user, Kind::NewRequest, to, subject, body).map(|()| true)
}

fn queue(
    conn: &mut DbConnection,
    site: &Site,
    user: UserId,
    kind: Kind,
    to: String,
    subject: String,
    mut body: String,
) -> QueryResult<()> {
    let unsubscribe = unsubscribe_url(site, user, kind);
    let page = format!("{}{UNSUBSCRIBE_PAGE}?token={}", site.public_url, site.keys.token(user, kind));
    body.push_str(&format!(
        "\n--\nYou receive this because of your e-mail choices for \"{}\" on HomeTutor.\n\
         Stop these e-mails with one click: {page}\n\
         Choose which e-mails you get: {}/profile\n",
        kind.label(),
        site.public_url
    ));
    let email = OutgoingEmail { to, subject, body, kind: MailKind::Notice };
    let headers = [
        (ExtraHeader::ListUnsubscribe, format!("<{unsubscribe}>")),
        (ExtraHeader::ListUnsubscribePost, "List-Unsubscribe=One-Click".to_string()),
    ];
    hometutor_mail::enqueue_with_headers(conn, &email, &headers)
}
