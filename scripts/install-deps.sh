#!/usr/bin/env bash
# Installs the Debian packages the build and the tests need, only when one is missing.
# Runs apt-get as root, or through sudo when not root.
set -euo pipefail
packages=(cmake make g++ catch2 libcli11-dev nlohmann-json3-dev python3 tmux parallel universal-ctags
          bubblewrap libseccomp-dev similarity-tester zip
          libsqlite3-dev libssl-dev pkg-config libcpp-httplib-dev chromium chromium-driver python3-selenium wrk
          dpkg-dev file)
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "install-deps: installing ${missing[*]}" >&2
as_root=()
[ "$(id -u)" -eq 0 ] || as_root=(sudo)
"${as_root[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
