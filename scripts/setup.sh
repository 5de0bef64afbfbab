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
# The browser tests run in the three engines Office uses: Debian's Chromium (playwright-core),
# Firefox ESR (puppeteer-core over WebDriver BiDi) and WebKitGTK (WebKitWebDriver driving
# MiniBrowser, which needs a display: Xvfb).
[ -x /usr/bin/chromium ] || packages+=(chromium)
command -v firefox-esr >/dev/null 2>&1 || packages+=(firefox-esr)
command -v WebKitWebDriver >/dev/null 2>&1 || packages+=(webkit2gtk-driver)
command -v xvfb-run >/dev/null 2>&1 || packages+=(xvfb xauth)
# The manifest is checked against Microsoft's schemas offline.
command -v xmllint >/dev/null 2>&1 || packages+=(libxml2-utils)
# Team mode's PostgreSQL store is tested against a real server (test/helpers/postgres.ts).
command -v pg_ctlcluster >/dev/null 2>&1 || packages+=(postgresql)

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
