use clap::{Parser, Subcommand};
use hometutor_server::logging::{self, LogFormat};
use hometutor_server::{
    auth_service, open_database, openapi_document, rate_limiter, tuition_service, Application, Settings,
};

/// Chat allocates a little for every frame and every row, on several threads at
/// once; mimalloc does that with less contention than glibc's malloc (the chat
/// benchmark's throughput rose by a third). Built without transparent huge pages,
/// which would otherwise round its arenas up and double the memory of idle sockets.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// HomeTutor: a home-tutor marketplace in one binary.
#[derive(Parser)]
#[command(version)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the web app and the API (the default).
    Serve {
        /// Serve HTTP only: no mail delivery, payment reconciler or purges (another
        /// process on the same database runs them).
        #[arg(long)]
        no_background_jobs: bool,
    },
    /// Apply pending database migrations and exit.
    Migrate {
        /// List the migrations that would be applied, changing nothing.
        #[arg(long)]
        dry_run: bool,
    },
    /// Copy the SQLite database to FILE while the server runs (a consistent snapshot,
    /// verified). PostgreSQL: use pg_dump (docs/operations.md).
    Backup {
        /// Where to write the copy; must not exist.
        file: std::path::PathBuf,
    },
    /// Replace the SQLite database with the backup FILE (verified first). Refused while a
    /// server or another command uses the database; the replaced one is kept beside it.
    Restore {
        /// A file made by `hometutor backup`.
        file: std::path::PathBuf,
    },
    /// Add demo parents, tutors and requests around New Delhi (password: demo-password).
    /// Refused when PUBLIC_URL is not a local site, unless --force.
    SeedDemo {
        /// Add them to a site that is not local too (everyone who knows the published
        /// password can then sign in as a demo parent or a paid demo tutor).
        #[arg(long)]
        force: bool,
    },
    /// Print the OpenAPI document (the source of the web app's API types).
    Openapi,
    /// Create an admin account. The password is read from ADMIN_PASSWORD, or from
    /// standard input (one line), or asked for when standard input is a terminal.
    CreateAdmin {
        #[arg(long)]
        email: String,
        #[arg(long, default_value = "Administrator")]
        name: String,
        /// Refused: a password on the command line is visible to every user of the
        /// machine (process list, shell history).
        #[arg(long, hide = true)]
        password: Option<String>,
    },
}

#[actix_web::main]
async fn main() -> anyhow::Result<()> {
    let log_format = LogFormat::parse(std::env::var("LOG_FORMAT").ok().as_deref()).map_err(anyhow::Error::msg)?;
    logging::init(log_format);
    let cli = Cli::parse();
    if matches!(cli.command, Some(Command::Openapi)) {
        println!("{}", openapi_document().to_pretty_json()?);
        return Ok(());
    }
    let mut settings = match &cli.command {
        // create-admin reads ADMIN_PASSWORD itself; the start-up admin pair
        // (ADMIN_EMAIL with ADMIN_PASSWORD) does not apply to it.
        Some(Command::CreateAdmin { .. }) => Settings::from_lookup(|k| match k {
            "ADMIN_EMAIL" | "ADMIN_PASSWORD" => None,
            _ => std::env::var(k).ok().filter(|v| !v.trim().is_empty()),
        })?,
        _ => Settings::from_env()?,
    };
    match cli.command.unwrap_or(Command::Serve { no_background_jobs: false }) {
        Command::Serve { no_background_jobs } => {
            settings.background_jobs = !no_background_jobs;
            Application::build(settings).await?.run_until_stopped().await?
        }
        Command::Openapi => {}
        Command::SeedDemo { force } => {
            if !force && !hometutor_server::demo::is_local_site(&settings.public_url) {
                anyhow::bail!(
                    "seed-demo refused: PUBLIC_URL {} is not a local site, and every demo account shares the \
                     published password '{}'. Run it against a local copy, or pass --force to add them anyway.",
                    settings.public_url,
                    hometutor_server::demo::DEMO_PASSWORD
                );
            }
            let db = open_database(&settings).await?;
            let secret = settings.load_or_create_jwt_secret()?;
            // Every demo account's password is published: a slow hash of it protects nothing, and
            // 75 of them at cost 12 made a run take a minute. Logins read the cost from the hash.
            settings.bcrypt_cost = 4;
            let auth =
                auth_service(&settings, secret, db.clone(), Default::default(), rate_limiter(&settings, &db).await?)?;
            let tuition = tuition_service(db.clone()).await?;
            let summary = hometutor_server::demo::seed(db, auth, tuition, &settings.public_url).await?;
            println!(
                "demo data: {} accounts and {} requests added (password for every demo account: {})",
                summary.created_accounts,
                summary.created_requests,
                hometutor_server::demo::DEMO_PASSWORD
            );
        }
        Command::Migrate { dry_run: true } => {
            let url = settings.database_url.clone();
            let plan = tokio::task::spawn_blocking(move || hometutor_db::migration_plan(&url)).await??;
            print!("{}", describe_plan(&plan));
        }
        Command::Migrate { dry_run: false } => {
            let db = open_database(&settings).await?;
            tuition_service(db).await?;
            println!("migrations are up to date");
        }
        Command::Backup { file } => {
            let url = settings.database_url.clone();
            let copy = tokio::task::spawn_blocking(move || hometutor_db::backup::backup(&url, &file)).await??;
            println!(
                "backed up to {} ({} bytes, {} migrations, integrity check ok)",
                copy.path.display(),
                copy.bytes,
                copy.migrations
            );
        }
        Command::Restore { file } => {
            let url = settings.database_url.clone();
            let done = tokio::task::spawn_blocking(move || hometutor_db::backup::restore(&url, &file)).await??;
            println!("restored {} ({} bytes, integrity check ok)", done.restored.path.display(), done.restored.bytes);
            if let Some(previous) = done.previous {
                println!("the database it replaced is kept as {}", previous.display());
            }
            println!("start the server: it applies any migrations newer than the backup");
        }
        Command::CreateAdmin { email, name, password: on_command_line } => {
            if on_command_line.is_some() {
                anyhow::bail!(
                    "--password is not accepted: a password on the command line can be read by other users. \
                     Pass it on standard input (echo ... | hometutor create-admin --email ...) or in ADMIN_PASSWORD."
                );
            }
            let password = admin_password()?;
            let db = open_database(&settings).await?;
            let secret = settings.load_or_create_jwt_secret()?;
            let limiter = rate_limiter(&settings, &db).await?;
            let auth = auth_service(&settings, secret, db, Default::default(), limiter)?;
            let admin = tokio::task::spawn_blocking(move || auth.create_admin(&email, &password, &name)).await??;
            println!("created admin {}", admin.email);
        }
    }
    Ok(())
}

/// `migrate --dry-run`'s report: one line per pending migration, and a warning when a newer
/// release has migrated the database already.
fn describe_plan(plan: &hometutor_db::MigrationPlan) -> String {
    let mut out = String::new();
    if !plan.exists {
        out.push_str("the database does not exist yet; it is created with every migration:\n");
    } else if plan.pending.is_empty() {
        out.push_str(&format!("the database is up to date ({} migrations applied)\n", plan.applied));
    } else {
        out.push_str(&format!(
            "{} migrations applied, {} pending (hometutor migrate, or the next start, applies them):\n",
            plan.applied,
            plan.pending.len()
        ));
    }
    for migration in &plan.pending {
        out.push_str(&format!("  {}\n", migration.name));
    }
    if !plan.unknown.is_empty() {
        out.push_str(&format!(
            "warning: the database has {} migrations this version does not know ({}): a newer release migrated it\n",
            plan.unknown.len(),
            plan.unknown.join(", ")
        ));
    }
    out
}

/// The new admin's password: ADMIN_PASSWORD, else one line of standard input
/// (asked for on standard error when it is a terminal). Never a command-line
/// argument, which every user of the machine can read in the process list.
fn admin_password() -> anyhow::Result<String> {
    use std::io::{BufRead, IsTerminal, Write};
    if let Some(password) = std::env::var("ADMIN_PASSWORD").ok().filter(|p| !p.is_empty()) {
        return Ok(password);
    }
    let stdin = std::io::stdin();
    let terminal = stdin.is_terminal();
    // Typing is not echoed (stty works on the terminal it inherits); without stty it still works, visibly.
    let stty = |arg: &str| std::process::Command::new("stty").arg(arg).status().is_ok_and(|s| s.success());
    let hidden = terminal && stty("-echo");
    if terminal {
        eprint!("Password for the new admin: ");
        std::io::stderr().flush()?;
    }
    let mut line = String::new();
    let read = stdin.lock().read_line(&mut line);
    if hidden {
        stty("echo");
        eprintln!();
    }
    read?;
    let password = line.strip_suffix('\n').map(|l| l.strip_suffix('\r').unwrap_or(l)).unwrap_or(&line);
    if password.is_empty() {
        anyhow::bail!("no password given: pass it on standard input or in ADMIN_PASSWORD");
    }
    Ok(password.to_string())
}
