#!/usr/bin/env bash
# Installs Debian's PostGIS for PostgreSQL 15 (postgresql-15-postgis-3), which the nearby benchmark
# (crates/tuition/benches/nearby.rs) compares the app's grid search with: PostGIS's KNN on the same
# rows. The app never needs it; without it the benchmark says so and skips that row. Idempotent and
# instant when the extension's files are there; needs root (CI runs as root) and apt-get. The server
# is neither stopped nor restarted: PostgreSQL loads the library when a database first uses it.
set -euo pipefail
. "$(dirname "$0")/debian-package.sh"
package=postgresql-15-postgis-3
control=/usr/share/postgresql/15/extension/postgis.control
if [ ! -f "$control" ]; then
  if ! command -v apt-get >/dev/null 2>&1 || [ "$(id -u)" -ne 0 ]; then
    echo "PostGIS is missing ($control): install Debian's $package package (apt-get install $package) as root" >&2
    exit 1
  fi
  # The helper skips a package whose command exists; PostGIS has no command, so it is given the
  # package's name (no such command), and the control file tells afterwards whether it worked.
  install_debian_package "$package" "$package" "the nearby benchmark (PostGIS KNN)"
  [ -f "$control" ] || { echo "$package is installed but $control is missing" >&2; exit 1; }
fi
sed -n "s/^default_version = '\(.*\)'/PostGIS \1 for PostgreSQL 15/p" "$control"
