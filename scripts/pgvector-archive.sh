#!/usr/bin/env bash
# Builds pgvector for one PostgreSQL into a tarball of the files `make install` puts in place, and
# keeps it in a cache keyed by the pgvector source version, the PostgreSQL major version and the
# architecture; prints the tarball's path on stdout (everything else goes to stderr). On the same
# machine a second run finds the tarball and neither fetches nor compiles anything.
#
#   scripts/pgvector-archive.sh <pg_config>
#
# scripts/pg-install.sh calls it once the pgvector source entry is in apt's lists, and unpacks the
# tarball into /. The cache is $ENGRAM_CI_CACHE/pgvector, or without it /var/cache/engram-ci/pgvector
# as root and ~/.cache/engram-ci/pgvector otherwise; deleting it only costs the next run a build.
set -euo pipefail

log() { printf '[pgvector-archive] %s\n' "$*" >&2; }

[[ $# -eq 1 && -x "$1" ]] || { log "usage: $0 <path to pg_config>"; exit 1; }
PG_CONFIG="$1"

# "PostgreSQL 15.10 (Debian 15.10-0+deb12u1)" -> 15: extensions are built per major version.
pg_major="$("$PG_CONFIG" --version | awk '{ split($2, v, "."); print v[1] }')"
# The source package `apt-get source` would fetch, named pgvector_<version>.dsc.
dsc="$(apt-get source -q --print-uris pgvector 2>/dev/null | awk '$2 ~ /^pgvector_.*\.dsc$/ { print $2; exit }')"
if [[ -z "$dsc" ]]; then
  log "apt knows no pgvector source package (is the deb-src entry of scripts/pg-install.sh in place, and apt updated?)"
  exit 1
fi
version="${dsc#pgvector_}"
version="${version%.dsc}"
arch="$(dpkg --print-architecture)"

if [[ -n "${ENGRAM_CI_CACHE:-}" ]]; then
  cache="$ENGRAM_CI_CACHE"
elif [[ $(id -u) -eq 0 ]]; then
  cache=/var/cache/engram-ci
else
  cache="${XDG_CACHE_HOME:-$HOME/.cache}/engram-ci"
fi
archive="${cache}/pgvector/pgvector_${version}_pg${pg_major}_${arch}.tar.gz"

# A usable tarball lists the library and the control file (a listing, not `tar | grep -q`: under
# pipefail, grep leaving early would fail the pipe).
complete() {
  local listing
  listing="$(tar -tzf "$1" 2>/dev/null)" || return 1
  grep -q '/vector\.so$' <<<"$listing" && grep -q '/extension/vector\.control$' <<<"$listing"
}

if [[ -f "$archive" ]]; then
  if complete "$archive"; then
    log "reusing pgvector ${version} for PostgreSQL ${pg_major} (${archive})"
    printf '%s\n' "$archive"
    exit 0
  fi
  log "discarding unreadable ${archive}"
  rm -f "$archive"
fi

work="$(mktemp -d -t engram-pgvector.XXXXXX)"
cleanup() { rm -rf "$work"; }
trap cleanup EXIT
# Let apt's unprivileged download user write here (avoids the "unsandboxed" warning).
chmod 755 "$work"
if id _apt >/dev/null 2>&1 && [[ $(id -u) -eq 0 ]]; then chown _apt "$work"; fi

log "fetching pgvector ${version} source package"
(cd "$work" && apt-get source -q --download-only pgvector >&2)
[[ -f "$work/$dsc" ]] || { log "apt-get source did not fetch ${dsc}"; exit 1; }
(cd "$work" && dpkg-source -x "$dsc" src >&2)

jobs="$(nproc 2>/dev/null || echo 2)"
log "building pgvector ${version} against $("$PG_CONFIG" --version)"
# OPTFLAGS="" keeps the build portable (pgvector defaults to -march=native).
make -C "$work/src" -j"$jobs" PG_CONFIG="$PG_CONFIG" OPTFLAGS="" >&2
make -C "$work/src" PG_CONFIG="$PG_CONFIG" OPTFLAGS="" DESTDIR="$work/stage" install >&2

mkdir -p "$(dirname "$archive")"
partial="$(mktemp "${archive}.XXXXXX")"
tar -czf "$partial" --owner=0 --group=0 --numeric-owner -C "$work/stage" .
if ! complete "$partial"; then
  rm -f "$partial"
  log "the build installed no vector.so / vector.control"
  exit 1
fi
chmod 644 "$partial"
mv -f "$partial" "$archive"
log "cached pgvector ${version} for PostgreSQL ${pg_major} in ${archive}"
printf '%s\n' "$archive"
