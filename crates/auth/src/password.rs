//! bcrypt on its own bounded queue.
//!
//! Hashing is the one piece of request work that takes a whole core for a quarter of a second
//! (cost 12). Run on the request's blocking threads, a storm of logins takes every core and every
//! thread: the other requests wait behind it and the logins themselves queue for many seconds.
//! Here, hashes run on a few threads of their own, at a lower CPU priority (they use the cores the
//! rest of the server leaves idle), and a hash that could not start within [`HasherConfig::max_wait`]
//! is refused at once with [`AuthError::Busy`] instead of queueing behind the others.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use crate::AuthError;

/// How long a hash may wait for a thread before the caller is told to come back.
pub const DEFAULT_MAX_WAIT: Duration = Duration::from_secs(2);
/// The CPU priority of the hashing threads (`nice`, Linux): below the request threads' 0.
const HASHING_NICENESS: i32 = 10;

#[derive(Debug, Clone, Copy)]
pub struct HasherConfig {
    /// bcrypt's cost (`BCRYPT_COST`).
    pub cost: u32,
    /// Hashes at a time (the number of hashing threads).
    pub threads: usize,
    /// The longest a hash may expect to wait for a thread; beyond it the caller gets [`AuthError::Busy`].
    pub max_wait: Duration,
}

type Job = Box<dyn FnOnce() + Send>;

struct Queue {
    jobs: VecDeque<Job>,
    /// Threads waiting for a job.
    idle: usize,
    /// Set when the hasher is dropped: the threads finish what is queued and end.
    closed: bool,
}

struct Shared {
    queue: Mutex<Queue>,
    ready: Condvar,
    threads: usize,
    max_wait: Duration,
    /// A moving average of one hash's time, in nanoseconds: the admission estimate's unit.
    hash_nanos: AtomicU64,
}

/// bcrypt with a fixed cost on its own threads; see the module's documentation.
pub struct PasswordHasher {
    cost: u32,
    shared: Arc<Shared>,
    /// Checked against when the account does not exist, so that path costs the same.
    dummy_hash: String,
}

impl PasswordHasher {
    /// `threads` hashes at a time; waits of up to [`DEFAULT_MAX_WAIT`].
    pub fn new(cost: u32, threads: usize) -> Result<Self, AuthError> {
        Self::with_config(HasherConfig { cost, threads, max_wait: DEFAULT_MAX_WAIT })
    }

    pub fn with_config(config: HasherConfig) -> Result<Self, AuthError> {
        let started = Instant::now();
        let dummy_hash =
            bcrypt::hash("not-a-real-password", config.cost).map_err(|e| AuthError::Internal(e.to_string()))?;
        let threads = config.threads.max(1);
        let shared = Arc::new(Shared {
            queue: Mutex::new(Queue { jobs: VecDeque::new(), idle: 0, closed: false }),
            ready: Condvar::new(),
            threads,
            max_wait: config.max_wait,
            hash_nanos: AtomicU64::new(duration_nanos(started.elapsed())),
        });
        for n in 0..threads {
            let worker = Arc::clone(&shared);
            std::thread::Builder::new()
                .name(format!("bcrypt-{n}"))
                .spawn(move || worker.run())
                .map_err(|e| AuthError::Internal(format!("starting a hashing thread: {e}")))?;
        }
        Ok(Self { cost: config.cost, shared, dummy_hash })
    }

    pub fn hash(&self, password: &str) -> Result<String, AuthError> {
        let (password, cost) = (password.to_owned(), self.cost);
        self.shared.submit(move || bcrypt::hash(password, cost).map_err(|e| AuthError::Internal(e.to_string())))?
    }

    /// Verifies against `hash`, or against a dummy when there is no account, so both take as
    /// long (and both queue alike). `Err` only when the queue is full ([`AuthError::Busy`]).
    pub fn verify(&self, password: &str, hash: Option<&str>) -> Result<bool, AuthError> {
        let target = hash.unwrap_or(&self.dummy_hash).to_owned();
        let password = password.to_owned();
        let ok = self.shared.submit(move || bcrypt::verify(password, &target).unwrap_or(false))?;
        Ok(ok && hash.is_some())
    }
}

impl Drop for PasswordHasher {
    fn drop(&mut self) {
        if let Ok(mut queue) = self.shared.queue.lock() {
            queue.closed = true;
        }
        self.shared.ready.notify_all();
    }
}

impl Shared {
    /// Queues `work` when it can expect to start within `max_wait`, and waits for its result.
    fn submit<T: Send + 'static>(&self, work: impl FnOnce() -> T + Send + 'static) -> Result<T, AuthError> {
        let (reply, result) = mpsc::sync_channel(1);
        {
            let mut queue = self.queue.lock().map_err(|_| AuthError::Internal("hashing queue lock".into()))?;
            if let Some(wait) = self.expected_wait(&queue).filter(|wait| *wait > self.max_wait) {
                metrics::counter!("hometutor_password_hashes_refused_total").increment(1);
                // The wait it would have had, rounded up: by then the queue has moved that far.
                let retry_after_secs = wait.as_secs() + 1;
                return Err(AuthError::Busy { retry_after_secs });
            }
            queue.jobs.push_back(Box::new(move || {
                // The caller may be gone (its thread cancelled); nothing to tell then.
                let _ = reply.send(work());
            }));
        }
        self.ready.notify_one();
        result.recv().map_err(|_| AuthError::Internal("a hashing thread ended".into()))
    }

    /// How long a hash queued now would wait for a thread: `None` when one is idle. Each job
    /// ahead, and the ones running, cost one average hash spread over the threads.
    fn expected_wait(&self, queue: &Queue) -> Option<Duration> {
        if queue.idle > queue.jobs.len() {
            return None;
        }
        let ahead = (queue.jobs.len() + 1) as u64;
        let nanos = self.hash_nanos.load(Ordering::Relaxed).saturating_mul(ahead) / self.threads as u64;
        Some(Duration::from_nanos(nanos))
    }

    fn run(&self) {
        lower_priority();
        loop {
            let job = {
                let Ok(mut queue) = self.queue.lock() else { return };
                loop {
                    if let Some(job) = queue.jobs.pop_front() {
                        break job;
                    }
                    if queue.closed {
                        return;
                    }
                    queue.idle += 1;
                    queue = match self.ready.wait(queue) {
                        Ok(queue) => queue,
                        Err(_) => return,
                    };
                    queue.idle -= 1;
                }
            };
            let started = Instant::now();
            job();
            // An average over the last ~8 hashes: follows a change of load or cost within a second or two.
            let took = duration_nanos(started.elapsed());
            let before = self.hash_nanos.load(Ordering::Relaxed);
            self.hash_nanos.store(before - before / 8 + took / 8, Ordering::Relaxed);
        }
    }
}

fn duration_nanos(d: Duration) -> u64 {
    u64::try_from(d.as_nanos()).unwrap_or(u64::MAX)
}

/// Lowers the calling thread's CPU priority, so hashing uses the cores other work leaves idle.
#[cfg(target_os = "linux")]
fn lower_priority() {
    // SAFETY: plain system calls on the calling thread (a Linux thread id is a `PRIO_PROCESS` target).
    let failed = unsafe {
        let tid = libc::syscall(libc::SYS_gettid) as libc::id_t;
        libc::setpriority(libc::PRIO_PROCESS, tid, HASHING_NICENESS) != 0
    };
    if failed {
        tracing::warn!(error = %std::io::Error::last_os_error(), "could not lower the hashing thread's priority");
    }
}

#[cfg(not(target_os = "linux"))]
fn lower_priority() {
    let _ = HASHING_NICENESS;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_and_verifies_known_and_unknown_accounts() {
        let hasher = PasswordHasher::new(4, 2).unwrap();
        let hash = hasher.hash("correct horse").unwrap();
        assert!(hasher.verify("correct horse", Some(&hash)).unwrap());
        assert!(!hasher.verify("wrong", Some(&hash)).unwrap());
        // No account: checked against the dummy, and never a match, even with the dummy's password.
        assert!(!hasher.verify("not-a-real-password", None).unwrap());
    }

    /// Returns once every hashing thread waits for a job.
    fn wait_until_idle(hasher: &PasswordHasher) {
        while hasher.shared.queue.lock().unwrap().idle < hasher.shared.threads {
            std::thread::yield_now();
        }
    }

    #[test]
    fn a_hash_that_cannot_start_in_time_is_refused_at_once_and_the_queue_heals() {
        // One thread, a wait of zero: while a hash runs, any other is refused.
        let hasher = Arc::new(
            PasswordHasher::with_config(HasherConfig { cost: 4, threads: 1, max_wait: Duration::ZERO }).unwrap(),
        );
        // With a wait of zero, even the start of the thread would be too long.
        wait_until_idle(&hasher);
        // Hold the one thread with a job that ends when told to.
        let (release, hold) = mpsc::channel::<()>();
        let (started, running) = mpsc::channel::<()>();
        let holder = {
            let shared = Arc::clone(&hasher.shared);
            std::thread::spawn(move || {
                shared.submit(move || {
                    started.send(()).unwrap();
                    hold.recv().unwrap();
                })
            })
        };
        running.recv().unwrap();
        let refused = hasher.verify("pw", None).unwrap_err();
        assert!(matches!(refused, AuthError::Busy { retry_after_secs } if retry_after_secs >= 1), "{refused:?}");
        assert_eq!(refused.to_string(), "Too many sign-ins right now. Please try again in a few seconds.",);
        release.send(()).unwrap();
        holder.join().unwrap().unwrap();
        // The thread answers before it waits for the next job: wait until it does.
        wait_until_idle(&hasher);
        // Idle again: the next hash is taken.
        let hash = hasher.hash("pw").unwrap();
        wait_until_idle(&hasher);
        assert!(hasher.verify("pw", Some(&hash)).unwrap());
    }

    #[test]
    fn concurrent_hashes_within_the_wait_all_finish() {
        let hasher = Arc::new(
            PasswordHasher::with_config(HasherConfig { cost: 4, threads: 2, max_wait: Duration::from_secs(60) })
                .unwrap(),
        );
        let hash = hasher.hash("pw").unwrap();
        let checks: Vec<_> = (0..16)
            .map(|i| {
                let (hasher, hash) = (Arc::clone(&hasher), hash.clone());
                std::thread::spawn(move || hasher.verify(if i % 2 == 0 { "pw" } else { "no" }, Some(&hash)).unwrap())
            })
            .collect();
        let results: Vec<bool> = checks.into_iter().map(|t| t.join().unwrap()).collect();
        assert_eq!(results, (0..16).map(|i| i % 2 == 0).collect::<Vec<_>>());
    }

    #[test]
    fn dropping_the_hasher_ends_its_threads() {
        let hasher = PasswordHasher::new(4, 3).unwrap();
        let shared = Arc::downgrade(&hasher.shared);
        drop(hasher);
        // Each thread holds the shared state until it ends.
        while shared.strong_count() > 0 {
            std::thread::yield_now();
        }
    }
}
