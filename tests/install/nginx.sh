#!/usr/bin/env bash
# Installs Debian's nginx for the cluster test (crates/server/tests/cluster.rs), which runs three
# hometutor processes behind it with the operators' example configuration, deploy/nginx.conf.
# Idempotent and instant when nginx is already there; needs root (CI runs as root) and apt-get.
# The package's own service is not started: the test runs a private nginx on a free port.
set -euo pipefail

if [ -x /usr/sbin/nginx ] || command -v nginx >/dev/null 2>&1; then
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1 || [ "$(id -u)" -ne 0 ]; then
  echo "nginx is missing: install Debian's nginx package (apt-get install nginx) as root" >&2
  exit 1
fi

echo "installing nginx for the cluster test"
# Without a policy-rc.d, the package's post-install script would start nginx on port 80.
policy=/usr/sbin/policy-rc.d
if [ ! -e "$policy" ]; then
  printf '#!/bin/sh\nexit 101\n' > "$policy"
  chmod +x "$policy"
  trap 'rm -f "$policy"' EXIT
fi
# A fresh machine may have no package lists yet; an existing list is refreshed only if the install fails.
if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nginx >/dev/null 2>&1; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nginx >/dev/null
fi
/usr/sbin/nginx -v
