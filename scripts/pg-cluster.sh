#!/usr/bin/env bash
# Throwaway PostgreSQL 15 cluster for tests.
#
#   scripts/pg-cluster.sh start <dir>   create + start a cluster in <dir>; prints its URL
#   scripts/pg-cluster.sh stop  <dir>   stop it (immediate) and remove <dir>
#
# The cluster listens only on 127.0.0.1 on a free port, keeps its unix socket
# inside <dir>, uses trust auth for the superuser `postgres` and runs with
# fsync off. `start` prints exactly one line on stdout:
#   postgres://postgres@127.0.0.1:<port>/postgres
# Everything else goes to stderr. When run as root, the server binaries run as
# the `postgres` OS user (initdb refuses to run as root).
set -euo pipefail

PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"
START_TIMEOUT="${PG_CLUSTER_START_TIMEOUT:-60}"
MARKER=".engram-pg-cluster"

log() { printf '[pg-cluster] %s\n' "$*" >&2; }
die() { log "$*"; exit 1; }
usage() { die "usage: $0 start|stop <dir>"; }

[[ $# -eq 2 ]] || usage
cmd="$1"
dir="$2"
[[ -n "$dir" && "$dir" != "/" ]] || die "refusing to use directory '${dir}'"

if [[ $(id -u) -eq 0 ]]; then
  RUN_AS=(runuser -u postgres --)
else
  RUN_AS=()
fi

# Runs a server binary as the cluster owner, from inside the cluster dir so an
# unreadable working directory (e.g. /root) does not get in the way.
as_owner() { (cd "$dir" && "${RUN_AS[@]}" "$@"); }

free_port() {
  if command -v node >/dev/null 2>&1; then
    node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{process.stdout.write(String(s.address().port));s.close();});'
  else
    python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1]);s.close()'
  fi
}

server_running() {
  as_owner "$PG_BIN/pg_ctl" -D "$dir/data" status >/dev/null 2>&1
}

stop_server() {
  if [[ -f "$dir/data/postmaster.pid" ]]; then
    as_owner "$PG_BIN/pg_ctl" -D "$dir/data" -m immediate -w -t 30 stop >&2 || true
  fi
}

start() {
  [[ -x "$PG_BIN/initdb" ]] || die "$PG_BIN/initdb not found (run scripts/pg-install.sh)"
  mkdir -p "$dir"
  dir="$(cd "$dir" && pwd -P)"
  if [[ -n "$(ls -A "$dir")" ]]; then die "$dir is not empty"; fi
  : >"$dir/$MARKER"
  if [[ ${#RUN_AS[@]} -gt 0 ]]; then
    chown -R postgres: "$dir"
    chmod 700 "$dir"
    if ! runuser -u postgres -- test -w "$dir"; then
      die "the postgres user cannot reach $dir (a parent directory is not traversable)"
    fi
  fi

  # The unix socket path must stay under the kernel's ~107 byte limit.
  if (( ${#dir} > 80 )); then die "directory path too long for a unix socket: $dir"; fi

  log "initdb in $dir/data"
  if ! as_owner "$PG_BIN/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --locale=C \
      --no-sync --no-instructions >"$dir/initdb.log" 2>&1; then
    cat "$dir/initdb.log" >&2
    die "initdb failed"
  fi

  local attempt port ready waited
  for attempt in 1 2 3 4 5; do
    port="$(free_port)"
    [[ "$port" =~ ^[0-9]+$ ]] || die "could not pick a free port"
    cat >"$dir/data/postgresql.auto.conf" <<CONF
# Throwaway test cluster settings
listen_addresses = '127.0.0.1'
port = ${port}
unix_socket_directories = '${dir}'
max_connections = 200
shared_buffers = 64MB
fsync = off
synchronous_commit = off
full_page_writes = off
wal_level = minimal
max_wal_senders = 0
logging_collector = off
log_min_messages = warning
CONF
    chown postgres: "$dir/data/postgresql.auto.conf" 2>/dev/null || true

    log "starting postgres on 127.0.0.1:${port} (attempt ${attempt})"
    as_owner "$PG_BIN/pg_ctl" -D "$dir/data" -l "$dir/postgres.log" -W start >&2

    ready=0
    waited=0
    while (( waited < START_TIMEOUT * 10 )); do
      if "$PG_BIN/pg_isready" -q -h 127.0.0.1 -p "$port" -d postgres -U postgres; then
        ready=1
        break
      fi
      # pg_ctl start -W returns before the postmaster writes its pid file, so
      # only treat a missing server as fatal after a short grace period.
      if (( waited > 20 )) && ! server_running; then
        break
      fi
      sleep 0.1
      waited=$((waited + 1))
    done

    if (( ready )); then
      if ! "$PG_BIN/psql" -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$port" -U postgres -d postgres \
          -tAc 'select rolsuper from pg_roles where rolname = current_user' | grep -qx t; then
        stop_server
        die "connected, but user postgres is not a superuser"
      fi
      printf 'postgres://postgres@127.0.0.1:%s/postgres\n' "$port"
      return 0
    fi

    log "postgres did not become ready on port ${port}; log tail:"
    tail -n 20 "$dir/postgres.log" >&2 || true
    stop_server
    if grep -q 'could not bind\|Address already in use\|could not create any TCP/IP sockets' "$dir/postgres.log" 2>/dev/null; then
      : >"$dir/postgres.log"
      continue
    fi
    break
  done
  die "could not start postgres in $dir"
}

stop() {
  if [[ ! -e "$dir" ]]; then
    return 0
  fi
  dir="$(cd "$dir" && pwd -P)"
  # An empty directory means start never got going (e.g. a caller's mktemp dir).
  if [[ -d "$dir" && -z "$(ls -A "$dir")" ]]; then
    rmdir "$dir"
    return 0
  fi
  [[ -f "$dir/$MARKER" ]] || die "$dir was not created by $0 start; not removing it"
  stop_server
  rm -rf "$dir"
  log "stopped and removed $dir"
}

case "$cmd" in
  start) start ;;
  stop) stop ;;
  *) usage ;;
esac
