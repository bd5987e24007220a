#!/usr/bin/env bash
# Installs Debian's prometheus package for its `promtool`, with which the metrics suite
# (crates/server/tests/metrics.rs) checks and unit-tests the example alert rules,
# deploy/prometheus-rules.yml. Idempotent and instant when promtool is already there; needs
# root (CI runs as root) and apt-get. The package's own service is not started.
set -euo pipefail

if command -v promtool >/dev/null 2>&1; then
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1 || [ "$(id -u)" -ne 0 ]; then
  echo "promtool is missing: install Debian's prometheus package (apt-get install prometheus) as root" >&2
  exit 1
fi

echo "installing prometheus (for promtool) for the metrics suite"
# Without a policy-rc.d, the package's post-install script would start Prometheus on port 9090.
policy=/usr/sbin/policy-rc.d
if [ ! -e "$policy" ]; then
  printf '#!/bin/sh\nexit 101\n' > "$policy"
  chmod +x "$policy"
  trap 'rm -f "$policy"' EXIT
fi
# A fresh machine may have no package lists yet; an existing list is refreshed only if the install fails.
if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends prometheus >/dev/null 2>&1; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends prometheus >/dev/null
fi
promtool --version
