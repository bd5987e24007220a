use clap::{Parser, Subcommand};
use hometutor_server::{auth_service, open_database, openapi_document, tuition_service, Application, Settings};
use tracing_subscriber::EnvFilter;

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
    Serve,
    /// Apply pending database migrations and exit.
    Migrate,
    /// Add demo parents, tutors and requests around New Delhi (password: demo-password).
    SeedDemo,
    /// Print the OpenAPI document (the source of the web app's API types).
    Openapi,
    /// Create an admin account.
    CreateAdmin {
        #[arg(long)]
        email: String,
        #[arg(long)]
        password: String,
        #[arg(long, default_value = "Administrator")]
        name: String,
    },
}

#[actix_web::main]
async fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info")))
        .init();
    let cli = Cli::parse();
    if matches!(cli.command, Some(Command::Openapi)) {
        println!("{}", openapi_document().to_pretty_json()?);
        return Ok(());
    }
    let settings = Settings::from_env()?;
    match cli.command.unwrap_or(Command::Serve) {
        Command::Serve => Application::build(settings).await?.run_until_stopped().await?,
        Command::Openapi => {}
        Command::SeedDemo => {
            let db = open_database(&settings).await?;
            let secret = settings.load_or_create_jwt_secret()?;
            let auth = auth_service(&settings, secret.clone(), db.clone(), Default::default())?;
            let tuition = tuition_service(db.clone(), &secret).await?;
            let summary = hometutor_server::demo::seed(db, auth, tuition, &settings.public_url).await?;
            println!(
                "demo data: {} accounts and {} requests added (password for every demo account: {})",
                summary.created_accounts,
                summary.created_requests,
                hometutor_server::demo::DEMO_PASSWORD
            );
        }
        Command::Migrate => {
            let db = open_database(&settings).await?;
            tuition_service(db, &settings.load_or_create_jwt_secret()?).await?;
            println!("migrations are up to date");
        }
        Command::CreateAdmin { email, password, name } => {
            let db = open_database(&settings).await?;
            let secret = settings.load_or_create_jwt_secret()?;
            let auth = auth_service(&settings, secret, db, Default::default())?;
            let admin = tokio::task::spawn_blocking(move || auth.create_admin(&email, &password, &name)).await??;
            println!("created admin {}", admin.email);
        }
    }
    Ok(())
}
