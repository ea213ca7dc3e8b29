#!/usr/bin/env bash
# Builds the container image from Debian packages and this machine's Node.js, then smoke-tests it
# (scripts/container-smoke.ts): README's walkthrough against the container, data kept across a
# restart, the HEALTHCHECK, a non-root user. Used by .ci/run, beside the test suite.
#
# podman runs here with runc (crun refuses hybrid cgroups) and the open-files limit the machine
# allows; elsewhere `docker build -t engram .` with the default public Node.js base is enough.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

export DEBIAN_FRONTEND=noninteractive
if ! command -v podman >/dev/null || ! command -v runc >/dev/null || ! command -v mmdebstrap >/dev/null; then
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends podman runc mmdebstrap uidmap ca-certificates >/dev/null
fi

PODMAN=(podman --runtime runc)
BASE=localhost/engram-node-base:bookworm
IMAGE=localhost/engram:ci

start=$SECONDS
CONTAINER_ENGINE=podman bash scripts/container-base.sh "$BASE"
echo "base image: $((SECONDS - start)) s"

start=$SECONDS
# The host's npm cache (filled by `npm ci`) serves the image's install.
"${PODMAN[@]}" build --quiet --format docker --network host -v "$HOME/.npm:/root/.npm" \
  --ulimit nofile=20000:20000 --ulimit nproc=8192:8192 \
  --build-arg BASE_IMAGE="$BASE" -t "$IMAGE" . >/dev/null
echo "image $IMAGE: $("${PODMAN[@]}" image inspect "$IMAGE" --format '{{.Size}}') bytes, built in $((SECONDS - start)) s"

start=$SECONDS
npx tsx scripts/container-smoke.ts "$IMAGE"
echo "smoke test: $((SECONDS - start)) s"
