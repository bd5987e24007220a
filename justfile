# Everyday recipes. Each calls a plain command or script: nothing requires `just`.

# Build the web app and the server, serve http://localhost:8080
run:
    cargo run --release

# Vite with hot reload on :5173, proxying /api to the server on :8080
dev:
    (cd frontend && npm run dev) & cargo run

# Every test suite (SQLite; PostgreSQL too when TEST_DATABASE_URL is set)
test:
    tests/run.sh

# Every test suite, with the Rust suites also on the local PostgreSQL
test-pg:
    TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test tests/run.sh

# Regenerate the web app's API types from the server's OpenAPI document
gen-api:
    cargo run -q -p hometutor-server -- openapi > frontend/openapi.json
    cd frontend && npm run gen-api

# Benchmarks (results go into docs/benchmarks.md): nearby search on a million requests, SQLite then PostgreSQL,
# in the service and through the release server over HTTP
bench:
    cargo build --release -p hometutor-server
    HOMETUTOR_BIN=$PWD/target/release/hometutor cargo bench -p hometutor-tuition --bench nearby
    TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test HOMETUTOR_BIN=$PWD/target/release/hometutor cargo bench -p hometutor-tuition --bench nearby

# Chat load generator against the release binary (results go into docs/benchmarks.md)
bench-chat:
    cargo build --release -p hometutor-server -p hometutor-chat-bench
    target/release/chat-bench

# HTTP hot paths: wrk against the release server and a bare actix-web baseline answering the
# same bytes (servers on CPU 0, wrk on CPU 1; results go into docs/benchmarks.md)
bench-http:
    tests/bench/http.sh

# 64 concurrent logins at bcrypt cost 12 with an open-loop probe of /api/site (results go into docs/benchmarks.md)
bench-login:
    tests/bench/login.sh

fmt:
    cargo fmt --all
    cd frontend && npx prettier --write src

lint:
    cargo clippy --workspace --all-targets -- -D warnings
    cd frontend && npx tsc -b --noEmit

# Lighthouse (mobile preset, system Chromium) on the release binary with demo data: /, /tutor/{id},
# /nearby and /dashboard (results go into docs/benchmarks.md; a benchmark, not part of tests/run.sh)
lighthouse:
    tests/lighthouse/run.sh
