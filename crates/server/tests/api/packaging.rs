//! What operators install beside the binary: the systemd unit in `deploy/`.

use std::path::Path;
use std::process::Command;

fn unit() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../deploy/hometutor.service");
    std::fs::read_to_string(path).expect("deploy/hometutor.service")
}

/// Every directive systemd reads, as `Key=value`, without comments.
fn directives(unit: &str) -> Vec<(String, String)> {
    unit.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#') && !l.starts_with('['))
        .filter_map(|l| l.split_once('=').map(|(k, v)| (k.to_string(), v.to_string())))
        .collect()
}

#[test]
fn the_systemd_unit_is_valid_for_systemd_and_hardened() {
    // `systemd-analyze verify` (Debian's systemd; tests/install/systemd-analyze.sh) reads the unit
    // offline. It needs ExecStart's program to exist: the unit is checked running this very binary.
    let dir = std::env::temp_dir().join(format!("hometutor-unit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let checked = dir.join("hometutor.service");
    std::fs::write(&checked, unit().replace("/usr/local/bin/hometutor", env!("CARGO_BIN_EXE_hometutor"))).unwrap();
    let verify = Command::new("systemd-analyze")
        .arg("verify")
        .arg(&checked)
        .output()
        .expect("systemd-analyze runs (tests/install/systemd-analyze.sh installs it)");
    let said = format!("{}{}", String::from_utf8_lossy(&verify.stdout), String::from_utf8_lossy(&verify.stderr));
    // It reports an unknown key or a bad value as a warning and still exits 0: any word is a finding.
    let findings: Vec<&str> = said.lines().filter(|l| l.contains("hometutor.service")).collect();
    assert!(verify.status.success() && findings.is_empty(), "systemd-analyze verify: {said}");
    let _ = std::fs::remove_dir_all(&dir);

    let set = directives(&unit());
    let has = |key: &str, value: &str| set.iter().any(|(k, v)| k == key && v == value);
    for (key, value) in [
        ("DynamicUser", "yes"),
        ("StateDirectory", "hometutor"),
        ("ProtectSystem", "strict"),
        ("ProtectHome", "yes"),
        ("NoNewPrivileges", "yes"),
        ("PrivateTmp", "yes"),
        ("KillSignal", "SIGTERM"),
        ("ExecStart", "/usr/local/bin/hometutor serve"),
        // Everything the service writes is in its state directory.
        ("DATA_DIR", "/var/lib/hometutor"),
    ] {
        let found =
            has(key, value) || set.iter().any(|(k, v)| k == "Environment" && v.split_once('=') == Some((key, value)));
        assert!(found, "the unit sets {key}={value}");
    }
    // systemd must wait longer than the server's own graceful stop (SHUTDOWN_TIMEOUT's default).
    let stop: u64 = set.iter().find(|(k, _)| k == "TimeoutStopSec").map(|(_, v)| v.parse().unwrap()).unwrap();
    let graceful = hometutor_server::Settings::from_lookup(|_| None).expect("defaults").shutdown.timeout;
    assert!(stop > graceful.as_secs(), "TimeoutStopSec {stop} leaves the graceful stop its {graceful:?}");
}
