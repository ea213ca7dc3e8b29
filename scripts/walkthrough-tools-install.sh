#!/usr/bin/env bash
# Installs curl and jq from Debian's packages: the README's walkthrough uses them, and its test
# (test/cli/readme-walkthrough.test.ts) runs it. Idempotent: does nothing when both are there.
set -euo pipefail

log() { printf '[walkthrough-tools-install] %s\n' "$*" >&2; }

missing=()
for tool in curl jq; do command -v "$tool" >/dev/null 2>&1 || missing+=("$tool"); done
if [[ ${#missing[@]} -eq 0 ]]; then
  log "already installed: curl, jq"
  exit 0
fi

if [[ $(id -u) -ne 0 ]]; then
  if command -v sudo >/dev/null 2>&1; then SUDO=(sudo -E); else
    log "must run as root (or with sudo available)"; exit 1
  fi
else
  SUDO=()
fi

export DEBIAN_FRONTEND=noninteractive
log "apt-get update"
"${SUDO[@]}" apt-get update -q -o DPkg::Lock::Timeout=600 >&2
log "installing ${missing[*]}"
"${SUDO[@]}" apt-get install -y -q --no-install-recommends -o DPkg::Lock::Timeout=600 "${missing[@]}" >&2
