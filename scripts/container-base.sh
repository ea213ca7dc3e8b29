#!/usr/bin/env bash
# Makes a Node.js base image from Debian packages and the Node.js runtime of this machine, for
# building the Dockerfile where no public registry of images is reachable:
#
#   bash scripts/container-base.sh [image name]      # default localhost/engram-node-base:bookworm
#   podman build --build-arg BASE_IMAGE=localhost/engram-node-base:bookworm -t engram .
#
# Needs mmdebstrap and podman (or docker), and Debian's package mirror.
set -euo pipefail

IMAGE="${1:-localhost/engram-node-base:bookworm}"
ENGINE="${CONTAINER_ENGINE:-podman}"
NODE_BIN="$(readlink -f "$(command -v node)")"
NPM_DIR="$(cd "$(dirname "$(readlink -f "$(command -v npm)")")/.." && pwd)"
WORK="$(mktemp -d -t engram-base.XXXXXX)"
trap 'rm -rf "$WORK"' EXIT
# The certificate authorities this machine trusts beyond Debian's (a proxy's, say): the build's
# `npm ci` reaches the registry the way this machine does.
LOCAL_CAS="$WORK/ca-certificates"
mkdir -p "$LOCAL_CAS"
cp /usr/local/share/ca-certificates/*.crt "$LOCAL_CAS"/ 2>/dev/null || true

mmdebstrap --quiet --variant=minbase --include=ca-certificates,libstdc++6 \
  --customize-hook="copy-in $NODE_BIN /usr/bin" \
  --customize-hook="mkdir -p \$1/usr/lib/node_modules" \
  --customize-hook="copy-in $NPM_DIR /usr/lib/node_modules" \
  --customize-hook='chroot "$1" ln -sf ../lib/node_modules/npm/bin/npm-cli.js /usr/bin/npm' \
  --customize-hook='chroot "$1" ln -sf ../lib/node_modules/npm/bin/npx-cli.js /usr/bin/npx' \
  --customize-hook="copy-in $LOCAL_CAS /usr/local/share/ca-certificates" \
  --customize-hook='chroot "$1" update-ca-certificates >/dev/null 2>&1' \
  --customize-hook='rm -rf "$1"/var/cache/apt/archives/*.deb "$1"/var/lib/apt/lists/*' \
  bookworm "$WORK/rootfs.tar"

"$ENGINE" import --change 'CMD ["node"]' --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
  "$WORK/rootfs.tar" "$IMAGE" >/dev/null
echo "$IMAGE: Debian bookworm with node $("$NODE_BIN" --version) and npm $(npm --version)"
