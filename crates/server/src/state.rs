use hometutor_auth::AuthService;
use hometutor_db::Db;

/// What every handler may reach: the database and the domain services.
pub struct AppState {
    pub db: Db,
    pub auth: AuthService,
}
