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

source "$(dirname "${BASH_SOURCE[0]}")/lib/apt.sh"
apt_install "${missing[@]}"
