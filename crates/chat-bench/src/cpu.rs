//! The server's CPU: read from `/proc`, in all and by thread, and reported per message delivered.

use std::collections::HashMap;

/// What the server had spent and stored at one moment: its CPU (in all and by thread) and the
/// chat writer's commits.
pub(crate) struct Snapshot {
    pub(crate) cpu: Cpu,
    pub(crate) threads: HashMap<String, (String, f64)>,
    pub(crate) commits: Option<(f64, f64)>,
}

/// One phase's server work per message delivered: CPU in all (the pairs' handshakes too, a small
/// share), split between user space and the kernel, by thread, and the writer's cadence.
pub(crate) fn report_server_work(phase: &str, before: &Snapshot, after: &Snapshot, delivered: u64) {
    let split = after.cpu.since(before.cpu);
    let cpu = split.total();
    let per_message = |seconds: f64| seconds * 1e6 / delivered.max(1) as f64;
    println!(
        "| server CPU per message {phase} | {:.0} µs ({cpu:.2} s of CPU for {delivered} messages) |",
        per_message(cpu)
    );
    // The kernel's part is what the system calls cost (a frame's read, the ack's and the delivery's
    // writes, the log's writes and its sync per commit): only fewer or cheaper system calls lower it.
    println!(
        "| the same CPU in user space / in the kernel | {:.0} / {:.0} µs |",
        per_message(split.user),
        per_message(split.system)
    );
    println!("| the same CPU by thread | {} |", cpu_by_thread(&before.threads, &after.threads, cpu, delivered));
    // The writer's cadence: CPU per message falls as more messages share a commit, and latency rises.
    match (before.commits, after.commits) {
        (Some((c0, m0)), Some((c1, m1))) if c1 > c0 => println!(
            "| the chat writer's commits {phase} | {:.0} commits, {:.1} messages per commit |",
            c1 - c0,
            (m1 - m0) / (c1 - c0)
        ),
        _ => println!("| the chat writer's commits {phase} | not read (no `/metrics`) |"),
    }
}

/// CPU seconds spent in user space (the server's code, its libraries, SQLite) and in the
/// kernel (system calls: sockets, the log's writes and syncs, locks, thread wake-ups).
#[derive(Clone, Copy, Default)]
pub(crate) struct Cpu {
    user: f64,
    system: f64,
}

impl Cpu {
    pub(crate) fn total(self) -> f64 {
        self.user + self.system
    }

    fn since(self, earlier: Cpu) -> Cpu {
        Cpu { user: self.user - earlier.user, system: self.system - earlier.system }
    }
}

/// The name and the CPU seconds in one `/proc/…/stat` line.
pub(crate) fn stat_cpu(stat: &str) -> (String, Cpu) {
    // The name is in parentheses and may hold spaces and parentheses: the fields follow the last ')'.
    let (head, rest) = stat.rsplit_once(')').unwrap_or(("", ""));
    let name = head.split_once('(').map_or("", |(_, name)| name).to_string();
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // SAFETY: sysconf only reads a system constant.
    let per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as f64;
    // utime and stime are the 14th and 15th fields of the line, 12th and 13th after the name.
    let seconds = |i: usize| fields.get(i).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0) / per_second;
    (name, Cpu { user: seconds(11), system: seconds(12) })
}

/// Where a phase's server CPU went, per message, by thread name: the chat writer (`chat-writer`,
/// storing the batches), the actix workers serving the sockets (`actix-rt|system`), the rest; then
/// the threads that ended during the phase, whose time is no longer listed.
fn cpu_by_thread(
    before: &HashMap<String, (String, f64)>,
    after: &HashMap<String, (String, f64)>,
    total: f64,
    messages: u64,
) -> String {
    let per_message = |seconds: f64| seconds * 1e6 / messages.max(1) as f64;
    let mut by_name: Vec<(&str, f64, usize)> = Vec::new();
    for (tid, (name, cpu)) in after {
        let spent = cpu - before.get(tid).map_or(0.0, |(_, was)| *was);
        match by_name.iter_mut().find(|(n, _, _)| n == name) {
            Some(group) => (group.1, group.2) = (group.1 + spent, group.2 + 1),
            None => by_name.push((name, spent, 1)),
        }
    }
    by_name.sort_by(|a, b| b.1.total_cmp(&a.1));
    let mut parts: Vec<String> = by_name
        .iter()
        .filter(|(_, cpu, _)| per_message(*cpu) >= 1.0)
        .map(|(name, cpu, threads)| format!("{name} ×{threads} {:.0} µs", per_message(*cpu)))
        .collect();
    let ended = total - by_name.iter().map(|(_, cpu, _)| cpu).sum::<f64>();
    if per_message(ended) >= 1.0 {
        parts.push(format!("threads that ended {:.0} µs", per_message(ended)));
    }
    if parts.is_empty() {
        return "not read".into();
    }
    parts.join("; ")
}
