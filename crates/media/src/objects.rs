//! Where uploaded files' bytes live: a directory (`file:///abs/path`, the default
//! `DATA_DIR/uploads`) or a bucket of any S3-compatible service (`s3://bucket/prefix`),
//! both behind `object_store`, named by their stored name alone.
//!
//! The media store's methods are blocking (diesel is), so the store's own calls
//! are too: each runs on a small runtime of its own, which also keeps the S3
//! client's connections alive whichever server thread asked. Callers are on the
//! blocking pool already, never on a reactor thread and never inside a database
//! transaction (a slow store must not hold a write lock). Serving is the one
//! asynchronous call: [`Objects::open`] streams the bytes.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use futures_util::stream::BoxStream;
use futures_util::StreamExt;
use object_store::aws::{AmazonS3Builder, AmazonS3ConfigKey};
use object_store::local::LocalFileSystem;
use object_store::path::Path;
use object_store::prefix::PrefixStore;
use object_store::{ClientOptions, ObjectStore, ObjectStoreExt, PutPayload, RetryConfig};

use crate::MediaError;

/// The AWS variables an `s3://` store reads (the usual ones, as the AWS tools name them).
pub const AWS_VARIABLES: [&str; 7] = [
    "AWS_ACCESS_KEY_ID",
    "AWS_SECRET_ACCESS_KEY",
    "AWS_SESSION_TOKEN",
    "AWS_REGION",
    "AWS_DEFAULT_REGION",
    "AWS_ENDPOINT_URL",
    "AWS_ALLOW_HTTP",
];

/// `UPLOADS_URL`, checked.
#[derive(Clone, PartialEq, Eq)]
pub enum StorageConfig {
    Directory(PathBuf),
    S3 {
        bucket: String,
        /// Prepended to every stored name (no leading or trailing slash; may be empty).
        prefix: String,
        /// The `AWS_*` variables that were set, by name.
        aws: Vec<(String, String)>,
    },
}

impl std::fmt::Debug for StorageConfig {
    /// Names the place, never the credentials.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Directory(dir) => write!(f, "file://{}", dir.display()),
            Self::S3 { bucket, prefix, .. } => write!(f, "s3://{bucket}/{prefix}"),
        }
    }
}

impl StorageConfig {
    /// Reads `UPLOADS_URL` (unset: `default_dir`) and, for `s3://`, the [`AWS_VARIABLES`]
    /// through `get`. The error is a sentence naming the variable.
    pub fn from_lookup(
        url: Option<&str>,
        default_dir: PathBuf,
        get: impl Fn(&str) -> Option<String>,
    ) -> Result<Self, String> {
        let Some(raw) = url else {
            return Ok(Self::Directory(default_dir));
        };
        let usage = "UPLOADS_URL must be file:///absolute/path or s3://bucket/prefix";
        let parsed = url::Url::parse(raw).map_err(|_| format!("{usage} (got '{raw}')"))?;
        match parsed.scheme() {
            "file" => {
                let dir = parsed
                    .to_file_path()
                    .ok()
                    .filter(|p| p.is_absolute() && parsed.host_str().is_none_or(str::is_empty))
                    .ok_or_else(|| format!("{usage}: a file:// URL names an absolute path (got '{raw}')"))?;
                Ok(Self::Directory(dir))
            }
            "s3" => {
                let bucket = parsed.host_str().unwrap_or_default().to_string();
                if bucket.is_empty() {
                    return Err(format!("{usage}: the bucket is missing (got '{raw}')"));
                }
                let prefix = parsed.path().trim_matches('/').to_string();
                if Path::parse(&prefix).is_err() {
                    return Err(format!("{usage}: '{prefix}' is not a usable prefix"));
                }
                let aws = AWS_VARIABLES.iter().filter_map(|k| get(k).map(|v| (k.to_string(), v))).collect();
                let config = Self::S3 { bucket, prefix, aws };
                // Builds the client once here, so that a bad endpoint or flag stops the start.
                config.s3_store().map_err(|e| format!("UPLOADS_URL / AWS_* variables: {e}"))?;
                Ok(config)
            }
            other => Err(format!("{usage} (got the scheme '{other}:')")),
        }
    }

    /// Where files are received before they are stored: the directory itself (so a
    /// directory store keeps today's layout), or `DATA_DIR/incoming` for a bucket.
    pub fn staging_dir(&self, data_dir: &std::path::Path) -> PathBuf {
        match self {
            Self::Directory(dir) => dir.clone(),
            Self::S3 { .. } => data_dir.join("incoming"),
        }
    }

    fn s3_store(&self) -> Result<Arc<dyn ObjectStore>, object_store::Error> {
        let Self::S3 { bucket, prefix, aws } = self else {
            return Err(object_store::Error::NotImplemented { operation: "s3".into(), implementer: "file".into() });
        };
        let mut builder = AmazonS3Builder::new()
            .with_bucket_name(bucket)
            // First: the variables below (AWS_ALLOW_HTTP) add to these options.
            .with_client_options(
                ClientOptions::new().with_connect_timeout(Duration::from_secs(3)).with_timeout(Duration::from_secs(60)),
            );
        let has_region = aws.iter().any(|(k, _)| k == "AWS_REGION");
        for (key, value) in aws {
            // `AWS_DEFAULT_REGION` is the older spelling, read when `AWS_REGION` is not set.
            let key = match key.as_str() {
                "AWS_DEFAULT_REGION" if has_region => continue,
                "AWS_DEFAULT_REGION" => "AWS_REGION",
                other => other,
            };
            let parsed: AmazonS3ConfigKey = key.to_ascii_lowercase().parse()?;
            builder = builder.with_config(parsed, value);
        }
        let store = builder
            // An unreachable store is told to the user within seconds (503), not after minutes of retries.
            .with_retry(RetryConfig { max_retries: 2, retry_timeout: Duration::from_secs(10), ..Default::default() })
            .build()?;
        Ok(match prefix.is_empty() {
            true => Arc::new(store),
            false => Arc::new(PrefixStore::new(store, prefix.as_str())),
        })
    }
}

/// The runtime the store's calls run on. Shut down without waiting, so that
/// dropping the last media store on a server thread does not block it.
struct IoRuntime(Option<tokio::runtime::Runtime>);

impl Drop for IoRuntime {
    fn drop(&mut self) {
        if let Some(runtime) = self.0.take() {
            runtime.shutdown_background();
        }
    }
}

/// The stored files' bytes, by stored name.
#[derive(Clone)]
pub(crate) struct Objects {
    store: Arc<dyn ObjectStore>,
    io: tokio::runtime::Handle,
    _runtime: Arc<IoRuntime>,
}

impl Objects {
    pub(crate) fn open_store(config: &StorageConfig) -> Result<Self, MediaError> {
        let store = match config {
            StorageConfig::Directory(dir) => {
                std::fs::create_dir_all(dir)?;
                Arc::new(LocalFileSystem::new_with_prefix(dir).map_err(from_store)?) as Arc<dyn ObjectStore>
            }
            StorageConfig::S3 { .. } => config.s3_store().map_err(from_store)?,
        };
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("uploads-io")
            .enable_all()
            .build()?;
        Ok(Self { store, io: runtime.handle().clone(), _runtime: Arc::new(IoRuntime(Some(runtime))) })
    }

    /// Stores `bytes` under `name` (replacing nothing: names are random). Blocking.
    pub(crate) fn put(&self, name: &str, bytes: Bytes) -> Result<(), MediaError> {
        let (store, path) = (self.store.clone(), Path::from(name));
        self.wait(async move { store.put(&path, PutPayload::from_bytes(bytes)).await.map(drop) })
    }

    /// Removes `name`; one already gone is no error. Blocking.
    pub(crate) fn delete(&self, name: &str) -> Result<(), MediaError> {
        let (store, path) = (self.store.clone(), Path::from(name));
        match self.wait(async move { store.delete(&path).await }) {
            Err(MediaError::NotFound) => Ok(()),
            other => other,
        }
    }

    /// The stored names under the store's root with their last change (for the sweep). Blocking.
    pub(crate) fn list(&self) -> Result<Vec<(String, chrono::DateTime<chrono::Utc>)>, MediaError> {
        let store = self.store.clone();
        self.wait(async move {
            let mut out = Vec::new();
            let mut listing = store.list(None);
            while let Some(meta) = listing.next().await {
                let meta = meta?;
                out.push((meta.location.to_string(), meta.last_modified));
            }
            Ok(out)
        })
    }

    /// Its size and its bytes as they arrive: read by the store's runtime and handed
    /// over a short queue, so the server's thread only forwards them.
    pub(crate) async fn open(
        &self,
        name: &str,
    ) -> Result<(u64, BoxStream<'static, Result<Bytes, MediaError>>), MediaError> {
        let (store, path) = (self.store.clone(), Path::from(name));
        let (size_tx, size_rx) = tokio::sync::oneshot::channel();
        let (tx, mut rx) = tokio::sync::mpsc::channel::<Result<Bytes, MediaError>>(4);
        self.io.spawn(async move {
            let found = match store.get(&path).await {
                Ok(found) => found,
                Err(e) => return drop(size_tx.send(Err(from_store(e)))),
            };
            if size_tx.send(Ok(found.meta.size)).is_err() {
                return;
            }
            let mut bytes = found.into_stream();
            while let Some(chunk) = bytes.next().await {
                let failed = chunk.is_err();
                if tx.send(chunk.map_err(from_store)).await.is_err() || failed {
                    break;
                }
            }
        });
        let size = size_rx.await.map_err(|_| MediaError::Unavailable("the storage task ended".into()))??;
        let stream = futures_util::stream::poll_fn(move |cx| rx.poll_recv(cx)).boxed();
        Ok((size, stream))
    }

    /// Runs a call on the store's runtime and waits for it on this (blocking) thread.
    fn wait<T: Send + 'static>(
        &self,
        call: impl std::future::Future<Output = Result<T, object_store::Error>> + Send + 'static,
    ) -> Result<T, MediaError> {
        let (tx, rx) = std::sync::mpsc::sync_channel(1);
        self.io.spawn(async move {
            let _ = tx.send(call.await);
        });
        rx.recv().map_err(|_| MediaError::Unavailable("the storage task ended".into()))?.map_err(from_store)
    }
}

/// A missing object is "not found"; a full disk under a directory store stays an
/// I/O error (507); anything else means the store cannot be reached or refused (503).
fn from_store(e: object_store::Error) -> MediaError {
    if let object_store::Error::NotFound { .. } = e {
        return MediaError::NotFound;
    }
    let mut cause: Option<&(dyn std::error::Error + 'static)> = Some(&e);
    while let Some(c) = cause {
        if let Some(io) = c.downcast_ref::<std::io::Error>() {
            if io.kind() == std::io::ErrorKind::StorageFull {
                return MediaError::Io(std::io::Error::new(io.kind(), e.to_string()));
            }
        }
        cause = c.source();
    }
    MediaError::Unavailable(e.to_string())
}

#[cfg(test)]
mod tests {
    use super::StorageConfig;
    use std::path::PathBuf;

    fn parse(url: Option<&str>) -> Result<StorageConfig, String> {
        StorageConfig::from_lookup(url, PathBuf::from("data/uploads"), |k| {
            (k == "AWS_REGION").then(|| "eu-west-1".into())
        })
    }

    #[test]
    fn unset_is_the_data_directory_and_file_urls_name_absolute_directories() {
        assert_eq!(parse(None), Ok(StorageConfig::Directory(PathBuf::from("data/uploads"))));
        assert_eq!(parse(Some("file:///srv/uploads")), Ok(StorageConfig::Directory(PathBuf::from("/srv/uploads"))));
        let relative = parse(Some("file://uploads")).unwrap_err();
        assert!(relative.contains("absolute path"), "{relative}");
    }

    #[test]
    fn s3_urls_need_a_bucket_and_keep_the_prefix_and_the_aws_variables() {
        let Ok(StorageConfig::S3 { bucket, prefix, aws }) = parse(Some("s3://media/site/uploads/")) else {
            panic!("an s3 store");
        };
        assert_eq!((bucket.as_str(), prefix.as_str()), ("media", "site/uploads"));
        assert_eq!(aws, vec![("AWS_REGION".to_string(), "eu-west-1".to_string())]);
        let missing = parse(Some("s3:///uploads")).unwrap_err();
        assert!(missing.contains("the bucket is missing"), "{missing}");
    }

    #[test]
    fn other_schemes_are_refused_with_a_message_naming_the_variable() {
        for bad in ["ftp://host/x", "gs://bucket", "/srv/uploads", "not a url"] {
            let err = parse(Some(bad)).unwrap_err();
            assert!(err.starts_with("UPLOADS_URL must be file:///absolute/path or s3://bucket/prefix"), "{bad}: {err}");
        }
    }

    #[test]
    fn credentials_never_show_in_the_debug_form() {
        let config = StorageConfig::S3 {
            bucket: "b".into(),
            prefix: "p".into(),
            aws: vec![("AWS_SECRET_ACCESS_KEY".into(), "hunter2".into())],
        };
        assert_eq!(format!("{config:?}"), "s3://b/p");
    }
}
