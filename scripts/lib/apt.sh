# Shared apt helpers for the install scripts; source it after defining `log`.
#   apt_update              runs `apt-get update` once per script run
#   apt_install PKG...      installs packages without recommends, waiting for the dpkg lock
# As root the commands run directly, otherwise through sudo; neither available is an error.

export DEBIAN_FRONTEND=noninteractive

if [[ $(id -u) -ne 0 ]]; then
  if command -v sudo >/dev/null 2>&1; then SUDO=(sudo -E); else
    log "must run as root (or with sudo available)"; exit 1
  fi
else
  SUDO=()
fi

apt_updated=0
apt_update() {
  if [[ $apt_updated -eq 0 ]]; then
    log "apt-get update"
    "${SUDO[@]}" apt-get update -q -o DPkg::Lock::Timeout=600 >&2
    apt_updated=1
  fi
}

apt_install() {
  apt_update
  log "installing: $*"
  "${SUDO[@]}" apt-get install -y -q --no-install-recommends -o DPkg::Lock::Timeout=600 \
    -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold "$@" >&2
}
