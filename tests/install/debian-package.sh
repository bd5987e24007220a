# Sourced by the installers in this folder: installs one Debian package for a test tool without
# starting the service the package may ship. Idempotent and instant when the tool is already there;
# needs root (CI runs as root) and apt-get.
#
#   install_debian_package COMMAND PACKAGE WHAT-FOR
install_debian_package() {
  local command=$1 package=$2 purpose=$3
  if command -v "$command" >/dev/null 2>&1 || [ -x "/usr/sbin/$command" ]; then
    return 0
  fi
  if ! command -v apt-get >/dev/null 2>&1 || [ "$(id -u)" -ne 0 ]; then
    echo "$command is missing: install Debian's $package package (apt-get install $package) as root" >&2
    return 1
  fi
  echo "installing $package for $purpose"
  # Without a policy-rc.d, a package's post-install script would start its service (nginx on port 80,
  # Prometheus on 9090): the tests run private instances on free ports instead.
  local policy=/usr/sbin/policy-rc.d placed=""
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' > "$policy"
    chmod +x "$policy"
    placed=yes
  fi
  local status=0
  # A fresh machine may have no package lists yet; an existing list is refreshed only if the install fails.
  if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$package" >/dev/null 2>&1; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$package" >/dev/null || status=$?
  fi
  [ -z "$placed" ] || rm -f "$policy"
  return "$status"
}
