#!/usr/bin/env bash
# Installs Debian's Chromium, which the test of the rendered API reference (/docs) drives
# headless through playwright-core. Idempotent: does nothing when it is already installed.
set -euo pipefail

log() { printf '[chromium-install] %s\n' "$*" >&2; }

if [[ -x /usr/bin/chromium ]]; then
  log "already installed: $(/usr/bin/chromium --version 2>/dev/null || echo /usr/bin/chromium)"
  exit 0
fi

source "$(dirname "${BASH_SOURCE[0]}")/lib/apt.sh"
apt_install chromium
log "installed: $(/usr/bin/chromium --version 2>/dev/null || echo /usr/bin/chromium)"
