use diesel::prelude::*;
use hometutor_db::schema::outbox_emails;
use hometutor_db::{now, DbConnection};

#[derive(Debug, Clone)]
pub struct OutgoingEmail {
    pub to: String,
    pub subject: String,
    pub body: String,
}

#[derive(Insertable)]
#[diesel(table_name = outbox_emails)]
struct NewOutboxEmail<'a> {
    recipient: &'a str,
    subject: &'a str,
    body: &'a str,
    next_attempt_at: chrono::NaiveDateTime,
    created_at: chrono::NaiveDateTime,
}

/// Queues an e-mail on the caller's connection (and so in the caller's transaction).
pub fn enqueue(conn: &mut DbConnection, email: &OutgoingEmail) -> Result<(), diesel::result::Error> {
    let at = now();
    diesel::insert_into(outbox_emails::table)
        .values(NewOutboxEmail {
            recipient: &email.to,
            subject: &email.subject,
            body: &email.body,
            next_attempt_at: at,
            created_at: at,
        })
        .execute(conn)
        .map(|_| ())
}
