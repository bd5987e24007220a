//! The plain answer that several admin rooms give. The settings, content and
//! testimonial bodies are the admin domain's own read models (`hometutor_admin`),
//! shared with `/api/site`.

use serde::Serialize;
use utoipa::ToSchema;

#[derive(Serialize, ToSchema)]
pub struct Done {
    pub message: String,
}
