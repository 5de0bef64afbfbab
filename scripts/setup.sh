#!/usr/bin/env bash
# Prepares a fresh Debian machine (Node 20, npm 11): the system packages that the npm install
# and the tests need, then the npm dependencies. Safe to run again: it installs only what is
# missing and reinstalls node_modules only when package-lock.json changed.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=()
for tool in python3 make g++ pkg-config; do
  command -v "$tool" >/dev/null 2>&1 || packages+=("$tool")
done
# keytar (under office-addin-debugging) builds from source against libsecret.
dpkg -s libsecret-1-dev >/dev/null 2>&1 || packages+=(libsecret-1-dev)
# The browser tests drive Debian's Chromium, /usr/bin/chromium, with playwright-core.
[ -x /usr/bin/chromium ] || packages+=(chromium)

if [ "${#packages[@]}" -gt 0 ]; then
  echo "Installing system packages: ${packages[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${packages[@]}" >/dev/null
fi

stamp=node_modules/.setup-lock-hash
hash=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$hash" ]; then
  npm ci --no-audit --no-fund
  echo "$hash" > "$stamp"
fi
