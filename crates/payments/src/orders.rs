//! The order table and the one place a subscription is extended.

use chrono::{Months, NaiveDateTime};
use diesel::prelude::*;
use hometutor_accounts as accounts;
use hometutor_core::{SubscriptionStatus, UserId};
use hometutor_db::schema::payment_orders::dsl as po;
use hometutor_db::{now, DbConnection};
use hometutor_notifications::{Kind, Message, Notice, Notification, Notifier};

use crate::provider::ProviderOrder;
use crate::PaymentError;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = hometutor_db::schema::payment_orders)]
pub(crate) struct OrderRow {
    pub order_id: String,
    /// `None` when the account was deleted; the order stays as a record.
    pub user_id: Option<i64>,
    pub amount_paise: i64,
    pub currency: String,
    pub status: String,
    pub expires_at: NaiveDateTime,
}

#[derive(Insertable)]
#[diesel(table_name = hometutor_db::schema::payment_orders)]
pub(crate) struct NewOrder<'a> {
    pub order_id: &'a str,
    pub user_id: i64,
    pub provider: &'a str,
    pub amount_paise: i64,
    pub currency: &'a str,
    pub status: &'a str,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
    pub expires_at: NaiveDateTime,
}

pub(crate) fn find(conn: &mut DbConnection, order_id: &str) -> QueryResult<Option<OrderRow>> {
    po::payment_orders.filter(po::order_id.eq(order_id)).select(OrderRow::as_select()).first(conn).optional()
}

pub(crate) fn set_status(
    conn: &mut DbConnection,
    order_id: &str,
    status: &str,
    failure: Option<&str>,
) -> QueryResult<usize> {
    diesel::update(po::payment_orders.filter(po::order_id.eq(order_id).and(po::status.ne("paid"))))
        .set((po::status.eq(status), po::failure.eq(failure), po::updated_at.eq(now())))
        .execute(conn)
}

/// Marks the order paid and extends its user's subscription by one year from
/// the later of now and the current expiry — once: a second confirmation of
/// the same order finds it paid already and changes nothing. Returns whether
/// this call did the extending, and the receipt it stored for the tutor (in the
/// same transaction; the caller announces it once committed).
pub(crate) fn activate(
    conn: &mut DbConnection,
    order: &OrderRow,
    confirmed: &ProviderOrder,
    notifier: &Notifier,
) -> Result<(bool, Option<Notification>), PaymentError> {
    if confirmed.order_id != order.order_id
        || confirmed.amount_paise != order.amount_paise
        || confirmed.currency != order.currency
    {
        tracing::warn!(order = %order.order_id, "provider's payment does not match the order; not activating");
        return Err(PaymentError::Mismatch);
    }
    let at = now();
    let updated =
        diesel::update(po::payment_orders.filter(po::order_id.eq(&order.order_id).and(po::status.ne("paid"))))
            .set((
                po::status.eq("paid"),
                po::paid_at.eq(Some(at)),
                po::updated_at.eq(at),
                po::failure.eq(None::<String>),
            ))
            .execute(conn)?;
    if updated == 0 {
        return Ok((false, None));
    }
    let Some(user_id) = order.user_id else {
        // The provider took the money after the account was deleted: the order says
        // paid (for the books and any refund), and there is no subscription to extend.
        tracing::warn!(order = %order.order_id, "order paid for an account that no longer exists");
        return Ok((false, None));
    };
    let current = accounts::subscription(conn, UserId(user_id))?.ok_or(diesel::result::Error::NotFound)?;
    let from = current.expires().filter(|e| *e > at).unwrap_or(at);
    let until =
        from.checked_add_months(Months::new(12)).ok_or_else(|| PaymentError::Internal("date overflow".into()))?;
    accounts::extend_subscription(conn, UserId(user_id), until)?;
    tracing::info!(order = %order.order_id, user = user_id, until = %until, "subscription extended");
    let receipt = notifier.notify(conn, &receipt(UserId(user_id), order, until))?;
    Ok((true, receipt))
}

/// The tutor's receipt: order id, amount in rupees and how long the subscription now runs.
fn receipt(tutor: UserId, order: &OrderRow, until: NaiveDateTime) -> Notice {
    use chrono::Datelike;
    let amount = rupees(order.amount_paise);
    let valid_until = hometutor_notifications::Arg::date(until.year(), until.month(), until.day());
    Notice {
        user: tutor,
        kind: Kind::SubscriptionReceipt,
        title: Message::new("notice-receipt-title"),
        body: Message::new("notice-receipt-body")
            .arg("orderId", &order.order_id)
            .arg("amount", amount.as_str())
            .arg("validUntil", valid_until),
        link: Some("/subscribe".into()),
        data: serde_json::json!({
            "orderId": order.order_id,
            "amountPaise": order.amount_paise,
            "amount": amount,
            "validUntil": until.and_utc().to_rfc3339(),
        }),
        dedupe_key: Some(format!("receipt:{}", order.order_id)),
    }
}

/// Paise as rupees, the way receipts show them: `₹499.00`.
pub(crate) fn rupees(paise: i64) -> String {
    format!("₹{}.{:02}", paise / 100, paise % 100)
}

/// The user's subscription as of now, or None when there is no such user.
pub(crate) fn subscription_of(conn: &mut DbConnection, user: UserId) -> QueryResult<Option<SubscriptionStatus>> {
    Ok(accounts::subscription(conn, user)?.map(|s| s.at(now())))
}
