//! The physical reference of `just bench-http` (tests/bench/http.sh): bare actix-web, no
//! middleware, answering GETs with bodies recorded from the real server, so both send the same
//! bytes. Usage: `http-baseline 127.0.0.1:PORT /api/site=FILE [/api/tutors/7=FILE ...]`.
//! Paths are matched without the query string; anything else is 404. Workers: actix's default
//! (one per CPU the process may run on, so `taskset -c 0` gives one, like the server).

use std::collections::HashMap;
use std::sync::Arc;

use actix_web::http::header::{HeaderValue, CONTENT_TYPE};
use actix_web::web::{self, Bytes};
use actix_web::{App, HttpRequest, HttpResponse, HttpServer};

type Bodies = Arc<HashMap<String, Bytes>>;

async fn answer(req: HttpRequest, bodies: web::Data<Bodies>) -> HttpResponse {
    match bodies.get(req.path()) {
        Some(body) => HttpResponse::Ok()
            .insert_header((CONTENT_TYPE, HeaderValue::from_static("application/json")))
            .body(body.clone()),
        None => HttpResponse::NotFound().finish(),
    }
}

#[actix_web::main]
async fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let bind = args.next().ok_or_else(|| anyhow::anyhow!("usage: http-baseline HOST:PORT PATH=FILE ..."))?;
    let mut bodies = HashMap::new();
    for pair in args {
        let (path, file) = pair.split_once('=').ok_or_else(|| anyhow::anyhow!("expected PATH=FILE, got {pair}"))?;
        let bytes = std::fs::read(file).map_err(|e| anyhow::anyhow!("{file}: {e}"))?;
        bodies.insert(path.to_string(), Bytes::from(bytes));
    }
    let bodies: Bodies = Arc::new(bodies);
    HttpServer::new(move || App::new().app_data(web::Data::new(bodies.clone())).default_service(web::to(answer)))
        .bind(bind)?
        .run()
        .await?;
    Ok(())
}
