//! The database's own identity (table `site_instance`): one random id, made by the
//! migration that created the table. Every process on the database reads the same
//! id, whatever host name or path its `DATABASE_URL` uses to reach it.

use diesel::prelude::*;

use crate::schema::site_instance;
use crate::{Db, DbError};

/// This database's id (32 hex digits). Blocking.
pub fn instance_id(db: &Db) -> Result<String, DbError> {
    db.read(|c| site_instance::table.find(1i64).select(site_instance::instance_id).first(c).map_err(DbError::from))
}
