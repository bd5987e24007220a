#!/usr/bin/env bash
# Installs Debian's nginx for the cluster test (crates/server/tests/cluster.rs), which runs three
# hometutor processes behind it with the operators' example configuration, deploy/nginx.conf.
# The package's own service is not started: the test runs a private nginx on a free port.
set -euo pipefail
. "$(dirname "$0")/debian-package.sh"
install_debian_package nginx nginx "the cluster test"
"$(command -v nginx || echo /usr/sbin/nginx)" -v
