//! Blocking domain work (diesel, bcrypt) run on actix's blocking pool, off the reactor, its
//! errors answered as the domain's own.

use crate::errors::ApiError;

impl From<actix_web::error::BlockingError> for ApiError {
    fn from(e: actix_web::error::BlockingError) -> Self {
        Self::internal(e)
    }
}

/// Runs blocking domain work (diesel, bcrypt) on the blocking pool, off the reactor.
pub async fn blocking<T, E>(f: impl FnOnce() -> Result<T, E> + Send + 'static) -> Result<T, ApiError>
where
    T: Send + 'static,
    E: Into<ApiError> + Send + 'static,
{
    actix_web::web::block(f).await?.map_err(Into::into)
}
