//! Builds the React app into `frontend/dist` (with its precompressed copies, `npm run build`)
//! for release builds when it is missing or older than its sources, so `cargo run --release`
//! is the whole set-up.
//! Debug builds read `frontend/dist` from disk at run time and never run npm.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::SystemTime;

const SOURCES: &[&str] = &[
    "src",
    "public",
    // precompress.mjs writes the .br and .gz copies the server sends.
    "scripts",
    "index.html",
    "package.json",
    "package-lock.json",
    "vite.config.ts",
    "tsconfig.json",
    "tsconfig.app.json",
    "tsconfig.node.json",
];

fn main() {
    let frontend = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../frontend");
    for source in SOURCES {
        println!("cargo:rerun-if-changed={}", frontend.join(source).display());
    }
    println!("cargo:rerun-if-env-changed=HOMETUTOR_SKIP_WEB_BUILD");
    // The map tile host is built into the app and allowed by the server's Content-Security-Policy.
    println!("cargo:rerun-if-env-changed=VITE_TILE_URL");
    let release = std::env::var("PROFILE").is_ok_and(|p| p == "release");
    if !release || std::env::var_os("HOMETUTOR_SKIP_WEB_BUILD").is_some() || !frontend.join("package.json").exists() {
        return;
    }
    let built = newest(&frontend.join("dist"));
    let sources = SOURCES.iter().filter_map(|s| newest(&frontend.join(s))).max();
    if built.is_some() && built >= sources {
        return;
    }
    if !frontend.join("node_modules").exists() {
        npm(&frontend, &["ci", "--no-audit", "--no-fund"]);
    }
    npm(&frontend, &["run", "build"]);
}

fn npm(dir: &Path, args: &[&str]) {
    let status = Command::new("npm").args(args).current_dir(dir).status();
    match status {
        Ok(s) if s.success() => {}
        Ok(s) => panic!(
            "`npm {}` in frontend/ failed ({s}); fix it, or set HOMETUTOR_SKIP_WEB_BUILD=1 to build the API alone",
            args.join(" ")
        ),
        Err(e) => {
            panic!("cannot run npm ({e}): install Node.js 20, or set HOMETUTOR_SKIP_WEB_BUILD=1 to build the API alone")
        }
    }
}

/// The newest modification time of a file or of anything below a directory.
fn newest(path: &Path) -> Option<SystemTime> {
    let meta = std::fs::metadata(path).ok()?;
    if meta.is_file() {
        return meta.modified().ok();
    }
    std::fs::read_dir(path).ok()?.flatten().filter_map(|e| newest(&e.path())).max()
}
