#!/usr/bin/env bash
# Throwaway PostgreSQL for running the API suite against a real server.
#
#   eval "$(.ci/postgres.sh start)"   # sets PG_DIR and DATABASE_URL
#   .ci/postgres.sh stop "$PG_DIR"    # stops the server and deletes its files
#
# Installs the Debian `postgresql` package when missing (root only). Progress
# goes to stderr; stdout carries only the shell assignments for eval.
set -euo pipefail

DB_NAME=servauto_test
# Below Linux's ephemeral range (32768-60999), where a busy test run's own client sockets can
# hold any port for a moment.
FIRST_PORT=25432

log() { echo "[postgres] $*" >&2; }

# Newest installed server version, e.g. /usr/lib/postgresql/15/bin; client-only
# versions lack pg_ctl and are skipped.
pg_bin() {
  local dir found=
  while read -r dir; do
    [[ -x "$dir/pg_ctl" ]] && found=$dir
  done < <(printf '%s\n' /usr/lib/postgresql/*/bin | sort -V)
  if [[ -n "$found" ]]; then echo "$found"; fi
}

install_postgres() {
  if [[ $(id -u) -ne 0 ]] || ! command -v apt-get >/dev/null; then
    log "PostgreSQL not found: run \`sudo apt-get install postgresql\`."
    exit 1
  fi
  log "installing Debian package: apt-get update && apt-get install -y postgresql"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq --no-install-recommends postgresql >/dev/null
}

# Root may not run the server, so it acts as the package's `postgres` user.
as_owner() {
  if [[ $(id -u) -eq 0 ]]; then
    (cd / && runuser -u postgres -- "$@")
  else
    "$@"
  fi
}

# A start that fails halfway must not leave a server or files behind.
failed_dir=
on_exit() {
  local status=$?
  if [[ $status -ne 0 && -n "$failed_dir" ]]; then stop "$failed_dir" || true; fi
}
trap on_exit EXIT

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

start() {
  local bin dir port
  bin=$(pg_bin)
  if [[ -z "$bin" ]]; then
    install_postgres
    bin=$(pg_bin)
    [[ -n "$bin" ]] || { log "pg_ctl not found after install"; exit 1; }
  fi

  port=$FIRST_PORT
  while port_in_use "$port"; do
    port=$((port + 1))
    ((port < FIRST_PORT + 100)) || { log "no free port from $FIRST_PORT"; exit 1; }
  done

  dir=$(mktemp -d -t servauto-pg-XXXXXX)
  failed_dir=$dir
  [[ $(id -u) -ne 0 ]] || chown postgres: "$dir"

  log "initdb in $dir ($bin)"
  as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C --no-sync >/dev/null
  # Durability is pointless for a throwaway test database; speed is not.
  # A port that looked free can still be taken by the time the server binds it: try the next.
  local tries=0
  until as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
    start >/dev/null; do
    tries=$((tries + 1))
    if ((tries >= 5)) || ! grep -q 'could not bind' "$dir/server.log"; then
      tail -n 20 "$dir/server.log" >&2
      exit 1
    fi
    log "port $port was taken; trying $((port + 1))"
    port=$((port + 1))
  done
  "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres "$DB_NAME"
  log "listening on 127.0.0.1:$port"
  failed_dir=

  echo "PG_DIR=$dir"
  echo "DATABASE_URL=postgres://postgres@127.0.0.1:$port/$DB_NAME"
}

stop() {
  local dir=${1:-} bin
  # Only ever delete a folder this script created.
  [[ -d "$dir" && $(basename "$dir") == servauto-pg-* ]] || { log "usage: $0 stop <PG_DIR from start>"; exit 1; }
  bin=$(pg_bin)
  if [[ -f "$dir/data/postmaster.pid" ]]; then
    as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w -t 30 stop >/dev/null
    log "stopped"
  fi
  rm -rf "$dir"
}

case "${1:-}" in
  start) start ;;
  stop) stop "${2:-}" ;;
  *) echo "usage: $0 start | stop <PG_DIR>" >&2; exit 2 ;;
esac
