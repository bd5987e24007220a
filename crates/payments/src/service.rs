use std::sync::Arc;
use std::time::Duration;

use diesel::prelude::*;
use hometutor_accounts as accounts;
use hometutor_core::{Role, SubscriptionStatus, UserId};
use hometutor_db::schema::payment_orders::dsl as po;
use hometutor_db::{now, Db, DbConnection};
use hometutor_notifications::Notifier;

use crate::orders::{self, NewOrder, OrderRow};
use crate::provider::{CheckoutOrder, PaymentProvider, ProviderStatus};
use crate::{PaymentError, ANNUAL_FEE_PAISE, CURRENCY};

/// The reconciler's name in `job_leases`.
const RECONCILER_LEASE: &str = "payments-reconciler";

/// How long an unpaid order stays open (and is checked by the reconciler).
const ORDER_LIFETIME_HOURS: i64 = 24;
/// How often the reconciler looks for paid orders whose browser never came back, unless configured.
pub const RECONCILE_EVERY: Duration = Duration::from_secs(60);

#[derive(Debug, Clone)]
pub struct CreatedSession {
    pub order_id: String,
    pub session_id: String,
    pub amount_paise: i64,
    pub provider: &'static str,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WebhookOutcome {
    /// This delivery extended the subscription.
    Activated,
    /// Valid, but nothing to do (already paid, not paid, or an unknown order).
    Ignored,
}

#[derive(Clone)]
pub struct PaymentService {
    inner: Arc<Inner>,
}

struct Inner {
    db: Db,
    provider: Arc<dyn PaymentProvider>,
    public_url: String,
    /// Tells the tutor their payment went through (the receipt).
    notifier: Notifier,
}

impl PaymentService {
    pub fn new(db: Db, provider: Arc<dyn PaymentProvider>, public_url: &str) -> Self {
        Self {
            inner: Arc::new(Inner {
                db,
                provider,
                public_url: public_url.trim_end_matches('/').to_string(),
                notifier: Notifier::default(),
            }),
        }
    }

    /// The same service, sending receipts through `notifier`.
    pub fn with_notifier(self, notifier: Notifier) -> Self {
        let Inner { db, provider, public_url, .. } = &*self.inner;
        Self {
            inner: Arc::new(Inner {
                db: db.clone(),
                provider: provider.clone(),
                public_url: public_url.clone(),
                notifier,
            }),
        }
    }

    /// Where receipts and reminders are told.
    pub fn notifier(&self) -> &Notifier {
        &self.inner.notifier
    }

    pub fn provider_name(&self) -> &'static str {
        self.inner.provider.name()
    }

    #[tracing::instrument(skip_all)]
    pub fn is_simulated(&self) -> bool {
        self.provider_name() == "simulated"
    }

    async fn blocking<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Db) -> Result<T, PaymentError> + Send + 'static,
    ) -> Result<T, PaymentError> {
        let db = self.inner.db.clone();
        tokio::task::spawn_blocking(move || f(&db)).await.map_err(|e| PaymentError::Internal(e.to_string()))?
    }

    /// Opens an order for a tutor. Only an active tutor's account may open one
    /// (read from the database, whatever the caller claims): anyone else is refused
    /// with [`PaymentError::NotATutor`] before anything is stored or the provider is
    /// asked. The order id and amount are the server's and are stored with the user
    /// before the provider is called.
    #[tracing::instrument(skip_all, fields(user = user.0))]
    pub async fn create_session(&self, user: UserId) -> Result<CreatedSession, PaymentError> {
        let order_id = format!("ht_{}", uuid::Uuid::new_v4().simple());
        let provider = self.provider_name();
        let (email, phone) = {
            let order_id = order_id.clone();
            self.blocking(move |db| {
                db.write(|c| {
                    let Some(tutor) = accounts::find(c, user)?.filter(|u| u.active && u.role == Role::Tutor) else {
                        return Err(PaymentError::NotATutor);
                    };
                    let (email, phone) = (tutor.email, tutor.phone);
                    let at = now();
                    diesel::insert_into(po::payment_orders)
                        .values(NewOrder {
                            order_id: &order_id,
                            user_id: user.0,
                            provider,
                            amount_paise: ANNUAL_FEE_PAISE,
                            currency: CURRENCY,
                            status: "created",
                            created_at: at,
                            updated_at: at,
                            expires_at: at + chrono::Duration::hours(ORDER_LIFETIME_HOURS),
                        })
                        .execute(c)?;
                    Ok((email, phone))
                })
            })
            .await?
        };
        let checkout = CheckoutOrder {
            order_id: order_id.clone(),
            amount_paise: ANNUAL_FEE_PAISE,
            currency: CURRENCY.into(),
            customer_id: format!("user_{}", user.0),
            customer_email: email,
            customer_phone: phone,
            return_url: format!("{}/payment-success?order_id={order_id}", self.inner.public_url),
            notify_url: format!("{}/api/payment/webhook", self.inner.public_url),
        };
        let created = self.inner.provider.create_order(&checkout).await;
        let (status, failure, session) = match &created {
            Ok(session) => ("pending", None, Some(session.clone())),
            Err(e) => ("failed", Some(e.to_string()), None),
        };
        {
            let order_id = order_id.clone();
            self.blocking(move |db| {
                db.write(|c| {
                    diesel::update(po::payment_orders.filter(po::order_id.eq(&order_id)))
                        .set((
                            po::status.eq(status),
                            po::session_id.eq(session),
                            po::failure.eq(failure),
                            po::updated_at.eq(now()),
                        ))
                        .execute(c)?;
                    Ok::<_, PaymentError>(())
                })
            })
            .await?;
        }
        let session_id = created.map_err(|e| {
            tracing::warn!(order = %order_id, error = %e, "payment provider refused to open the order");
            PaymentError::Provider(e)
        })?;
        Ok(CreatedSession { order_id, session_id, amount_paise: ANNUAL_FEE_PAISE, provider })
    }

    /// Confirms the caller's order with the provider and activates the subscription when it is paid.
    #[tracing::instrument(skip_all, fields(user = user.0))]
    pub async fn verify(&self, user: UserId, order_id: &str) -> Result<SubscriptionStatus, PaymentError> {
        let order = self.own_order(user, order_id).await?;
        if order.status != "paid" {
            self.confirm(&order).await?;
        }
        self.subscription(user).await
    }

    /// Asks the provider about one order and acts on the answer.
    async fn confirm(&self, order: &OrderRow) -> Result<bool, PaymentError> {
        let confirmed = self.inner.provider.fetch_order(&order.order_id).await.map_err(PaymentError::Provider)?;
        match confirmed.status {
            ProviderStatus::Paid => {
                let order = order.clone();
                let notifier = self.inner.notifier.clone();
                let (extended, receipt) =
                    self.blocking(move |db| db.write(|c| orders::activate(c, &order, &confirmed, &notifier))).await?;
                self.inner.notifier.announce(receipt.as_slice());
                Ok(extended)
            }
            ProviderStatus::Active => Err(PaymentError::NotPaid),
            ProviderStatus::Closed => {
                let id = order.order_id.clone();
                self.blocking(move |db| {
                    db.write(|c| {
                        orders::set_status(c, &id, "expired", Some("closed by the provider"))
                            .map_err(PaymentError::from)
                    })
                })
                .await?;
                Err(PaymentError::Closed)
            }
        }
    }

    async fn own_order(&self, user: UserId, order_id: &str) -> Result<OrderRow, PaymentError> {
        let id = order_id.to_string();
        let order = self.blocking(move |db| db.read(|c| orders::find(c, &id).map_err(PaymentError::from))).await?;
        // Someone else's order answers exactly like a missing one.
        order.filter(|o| o.user_id == Some(user.0)).ok_or(PaymentError::OrderNotFound)
    }

    #[tracing::instrument(skip_all, fields(user = user.0))]
    pub async fn subscription(&self, user: UserId) -> Result<SubscriptionStatus, PaymentError> {
        let sub =
            self.blocking(move |db| db.read(|c| orders::subscription_of(c, user).map_err(PaymentError::from))).await?;
        sub.ok_or(PaymentError::OrderNotFound)
    }

    /// The simulated checkout page's answer: the user confirmed (or cancelled) their own order.
    #[tracing::instrument(skip_all, fields(user = user.0))]
    pub async fn simulate_checkout(&self, user: UserId, order_id: &str, paid: bool) -> Result<(), PaymentError> {
        if !self.is_simulated() {
            return Err(PaymentError::SimulationDisabled);
        }
        let order = self.own_order(user, order_id).await?;
        let answer = if paid { "PAID" } else { "CANCELLED" };
        self.blocking(move |db| {
            db.write(|c| {
                diesel::update(po::payment_orders.filter(po::order_id.eq(&order.order_id).and(po::status.ne("paid"))))
                    .set((po::checkout_status.eq(answer), po::updated_at.eq(now())))
                    .execute(c)?;
                Ok::<_, PaymentError>(())
            })
        })
        .await
    }

    /// A provider webhook: checked by signature, then confirmed with the provider
    /// itself, so neither a forged nor a replayed delivery can activate anything.
    #[tracing::instrument(skip_all)]
    pub async fn handle_webhook(
        &self,
        timestamp: &str,
        raw_body: &[u8],
        signature: &str,
    ) -> Result<WebhookOutcome, PaymentError> {
        if !self.inner.provider.verify_webhook(timestamp, raw_body, signature) {
            tracing::warn!("payment webhook with a bad signature refused");
            return Err(PaymentError::BadSignature);
        }
        let body: serde_json::Value = serde_json::from_slice(raw_body).map_err(|_| PaymentError::OrderNotFound)?;
        let Some(order_id) = body["data"]["order"]["order_id"].as_str().map(str::to_string) else {
            return Ok(WebhookOutcome::Ignored);
        };
        let id = order_id.clone();
        let order = self.blocking(move |db| db.read(|c| orders::find(c, &id).map_err(PaymentError::from))).await?;
        let Some(order) = order.filter(|o| o.status != "paid") else {
            return Ok(WebhookOutcome::Ignored);
        };
        match self.confirm(&order).await {
            Ok(true) => Ok(WebhookOutcome::Activated),
            Ok(false) | Err(PaymentError::NotPaid | PaymentError::Closed) => Ok(WebhookOutcome::Ignored),
            Err(e) => Err(e),
        }
    }

    /// Checks every open order with the provider: a payment whose browser never came
    /// back is still found. Orders past their lifetime are closed. Returns how many were activated.
    #[tracing::instrument(skip_all)]
    pub async fn reconcile(&self) -> Result<usize, PaymentError> {
        let open: Vec<OrderRow> = self
            .blocking(|db| {
                db.read(|c: &mut DbConnection| {
                    po::payment_orders
                        .filter(po::status.eq("pending"))
                        .order(po::id)
                        .limit(200)
                        .select(OrderRow::as_select())
                        .load(c)
                        .map_err(PaymentError::from)
                })
            })
            .await?;
        let mut activated = 0;
        for order in open {
            match self.confirm(&order).await {
                Ok(true) => activated += 1,
                Ok(false) | Err(PaymentError::Closed) => {}
                Err(PaymentError::NotPaid) if order.expires_at <= now() => {
                    let id = order.order_id.clone();
                    self.blocking(move |db| {
                        db.write(|c| {
                            orders::set_status(c, &id, "expired", Some("not paid in time")).map_err(PaymentError::from)
                        })
                    })
                    .await?;
                }
                Err(PaymentError::NotPaid) => {}
                Err(e) => {
                    tracing::warn!(order = %order.order_id, error = %e, "reconciling an order")
                }
            }
        }
        Ok(activated)
    }

    /// Runs [`Self::reconcile`] every minute until `shutdown` resolves: once a minute
    /// between all the processes on the database, whichever claims the period's lease,
    /// so the provider is asked about each order once a minute however many there are.
    #[tracing::instrument(skip_all)]
    pub async fn run_reconciler(self, every: Duration, shutdown: impl std::future::Future<Output = ()>) {
        tokio::pin!(shutdown);
        loop {
            tokio::select! {
                _ = &mut shutdown => return,
                _ = tokio::time::sleep(every) => {}
            }
            let lease = move |db: &Db| Ok(hometutor_db::claim_lease(db, RECONCILER_LEASE, every)?);
            match self.blocking(lease).await {
                Ok(true) => {}
                Ok(false) => continue,
                Err(e) => {
                    tracing::error!(error = %e, "payment reconciler: claiming this period");
                    continue;
                }
            }
            let outcome = self.reconcile().await;
            metrics::counter!("hometutor_payment_reconciler_runs_total", "outcome" => if outcome.is_ok() { "ok" } else { "error" })
                .increment(1);
            match outcome {
                Ok(0) => {}
                Ok(n) => {
                    metrics::counter!("hometutor_payment_reconciler_activations_total").increment(n as u64);
                    tracing::info!(activated = n, "reconciler confirmed payments")
                }
                Err(e) => tracing::error!(error = %e, "payment reconciler"),
            }
        }
    }
}
