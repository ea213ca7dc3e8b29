#!/usr/bin/env bash
# Installs Debian's Chromium, which the test of the rendered API reference (/docs) drives
# headless through playwright-core. Idempotent: does nothing when it is already installed.
set -euo pipefail

log() { printf '[chromium-install] %s\n' "$*" >&2; }

if [[ -x /usr/bin/chromium ]]; then
  log "already installed: $(/usr/bin/chromium --version 2>/dev/null || echo /usr/bin/chromium)"
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
log "installing chromium"
"${SUDO[@]}" apt-get install -y -q --no-install-recommends -o DPkg::Lock::Timeout=600 chromium >&2
log "installed: $(/usr/bin/chromium --version 2>/dev/null || echo /usr/bin/chromium)"
