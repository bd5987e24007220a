#!/usr/bin/env bash
# Installs Debian's prometheus package for its `promtool`, with which the metrics suite
# (crates/server/tests/api/metrics.rs) checks and unit-tests the example alert rules,
# deploy/prometheus-rules.yml. The package's own service is not started.
set -euo pipefail
. "$(dirname "$0")/debian-package.sh"
install_debian_package promtool prometheus "the metrics suite (promtool)"
promtool --version | head -1
