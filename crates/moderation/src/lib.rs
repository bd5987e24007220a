//! Blocks and reports: the one owner of the `blocks` and `reports` tables. Like the accounts
//! crate, it offers functions on the caller's connection (`&mut DbConnection`), so messaging,
//! tuition, profiles and admin check a block or file a decision inside their own transaction,
//! and nobody else names these tables.
//!
//! Depends on core, db and accounts alone, so every crate that must respect a block can.

pub mod blocks;
pub mod reports;

pub use reports::{NewReport, Outcome, Reason, Report, ReportError, TargetKind};
