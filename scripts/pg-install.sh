#!/usr/bin/env bash
# Installs PostgreSQL 15 (server + server headers) from Debian bookworm and
# builds the pgvector extension for it from Debian's pgvector source package
# (once per machine: scripts/pgvector-archive.sh keeps the build in a cache).
#
# Idempotent: when everything is already in place it only checks and exits.
#
# pgvector has no bookworm binary package, so its source package is taken from
# trixie through a source-only (deb-src) entry pointing at the same mirror this
# machine's apt already uses; no trixie binaries are ever installed.
set -euo pipefail

PG_MAJOR=15
PG_BIN="/usr/lib/postgresql/${PG_MAJOR}/bin"
PG_CONFIG="${PG_BIN}/pg_config"
SRC_SUITE="trixie"
SRC_LIST="/etc/apt/sources.list.d/engram-pgvector-src.sources"
PACKAGES=(
  "postgresql-${PG_MAJOR}"
  "postgresql-server-dev-${PG_MAJOR}"
  build-essential
  dpkg-dev
  ca-certificates
)

log() { printf '[pg-install] %s\n' "$*" >&2; }
source "$(dirname "${BASH_SOURCE[0]}")/lib/apt.sh"

pkg_installed() {
  [[ "$(dpkg-query -W -f='${db:Status-Status}' "$1" 2>/dev/null || true)" == "installed" ]]
}

missing_packages() {
  local p
  for p in "${PACKAGES[@]}"; do
    pkg_installed "$p" || printf '%s\n' "$p"
  done
}

vector_installed() {
  [[ -x "$PG_CONFIG" ]] || return 1
  local sharedir pkglibdir
  sharedir="$("$PG_CONFIG" --sharedir)"
  pkglibdir="$("$PG_CONFIG" --pkglibdir)"
  [[ -f "${sharedir}/extension/vector.control" && -f "${pkglibdir}/vector.so" ]]
}

# --- 1. PostgreSQL packages --------------------------------------------------
mapfile -t missing < <(missing_packages)
if [[ ${#missing[@]} -gt 0 ]]; then
  apt_install "${missing[@]}"
else
  log "PostgreSQL ${PG_MAJOR} packages already installed"
fi

if [[ ! -x "${PG_BIN}/initdb" || ! -x "$PG_CONFIG" ]]; then
  log "expected ${PG_BIN}/initdb and ${PG_CONFIG} after install; not found"
  exit 1
fi

# --- 2. pgvector ---------------------------------------------------------------
if vector_installed; then
  log "pgvector already installed for PostgreSQL ${PG_MAJOR} ($("$PG_CONFIG" --sharedir)/extension/vector.control)"
  exit 0
fi

# Reuse the host (and URI form) of the first Debian archive entry apt already uses.
find_mirror() {
  local f uri
  # deb822 .sources files
  for f in /etc/apt/sources.list.d/*.sources; do
    [[ -f "$f" && "$f" != "$SRC_LIST" ]] || continue
    while read -r uri; do
      if [[ "$uri" =~ ^https?://[^[:space:]]*/debian/?$ ]]; then printf '%s\n' "${uri%/}"; return 0; fi
    done < <(awk 'tolower($1)=="uris:" { for (i = 2; i <= NF; i++) print $i }' "$f")
  done
  # one-line format
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [[ -f "$f" ]] || continue
    while read -r uri; do
      if [[ "$uri" =~ ^https?://[^[:space:]]*/debian/?$ ]]; then printf '%s\n' "${uri%/}"; return 0; fi
    done < <(awk '$1=="deb" || $1=="deb-src" { for (i = 2; i <= NF; i++) if ($i !~ /^\[/ && $i !~ /\]$/ && $i ~ /:\/\//) { print $i; break } }' "$f")
  done
  return 1
}

mirror="$(find_mirror || true)"
if [[ -z "$mirror" ]]; then
  mirror="http://deb.debian.org/debian"
  log "no Debian mirror found in apt sources; falling back to ${mirror}"
fi

keyring="/usr/share/keyrings/debian-archive-keyring.gpg"
desired="Types: deb-src
URIs: ${mirror}
Suites: ${SRC_SUITE}
Components: main"
if [[ -f "$keyring" ]]; then desired+=$'\n'"Signed-By: ${keyring}"; fi

if [[ ! -f "$SRC_LIST" || "$(cat "$SRC_LIST")" != "$desired" ]]; then
  log "adding source-only apt entry for ${SRC_SUITE} (${mirror}) in ${SRC_LIST}"
  printf '%s\n' "$desired" | "${SUDO[@]}" tee "$SRC_LIST" >/dev/null
  apt_updated=0
fi
apt_update

# Built once per pgvector source version and PostgreSQL major version, then kept in a cache on this
# machine (scripts/pgvector-archive.sh); unpacked here without touching the directories' own metadata.
archive="$(bash "$(dirname "${BASH_SOURCE[0]}")/pgvector-archive.sh" "$PG_CONFIG")"
log "installing pgvector from ${archive}"
"${SUDO[@]}" tar -xzf "$archive" -C / --no-overwrite-dir

if ! vector_installed; then
  log "pgvector unpacked but vector.control / vector.so not found"
  exit 1
fi
log "pgvector installed into $("$PG_CONFIG" --sharedir)/extension"
