#!/bin/sh
# A throw-away PostgreSQL for the tests: a fresh cluster in a temporary folder, on 127.0.0.1 and
# a free port, trusted without password, run as an unprivileged user (PostgreSQL refuses root,
# and `make test` may run as root: then `nobody`, through runuser).
#
#   Tools/postgres.sh run -- CMD…   start, run CMD with FLOWSTAGE_TEST_POSTGRES_URL set, stop
#                                    (also when CMD fails or is interrupted); CMD's exit status
#   Tools/postgres.sh start         start, print `export FLOWSTAGE_TEST_POSTGRES_URL=…`
#   Tools/postgres.sh stop          stop what `start` started and delete its folder
#   Tools/postgres.sh pause|resume  stop the server and start it again on the same port and data:
#                                    how the multi-node test restarts PostgreSQL under running nodes
#
# `start` remembers its folder in $STATE (default .build/test-postgres); nothing else is touched:
# no system cluster, no service, no port other than the one chosen here.
set -eu

STATE=${FLOWSTAGE_POSTGRES_STATE:-.build/test-postgres}
case "$STATE" in /*) ;; *) STATE="$(pwd)/$STATE" ;; esac
BIN=${POSTGRES_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}
if [ -z "$BIN" ] || [ ! -x "$BIN/initdb" ]; then
  echo "postgres.sh: no PostgreSQL server binaries in /usr/lib/postgresql/*/bin; install Debian's postgresql package (make test does)" >&2
  exit 1
fi

# As whom the server runs: ourselves, unless we are root.
as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u nobody -- "$@"; else "$@"; fi
}

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

start() {
  if [ -f "$STATE" ]; then
    echo "postgres.sh: $STATE exists: a test PostgreSQL may still run; run Tools/postgres.sh stop first" >&2
    exit 1
  fi
  folder=$(mktemp -d "${TMPDIR:-/tmp}/flowstage-postgres.XXXXXX")
  chmod 755 "$folder"
  mkdir "$folder/data"
  [ "$(id -u)" = 0 ] && chown nobody "$folder" "$folder/data"
  if ! as_owner "$BIN/initdb" -D "$folder/data" -U flowstage --auth=trust -E UTF8 --no-locale >"$folder/initdb.log" 2>&1; then
    cat "$folder/initdb.log" >&2; rm -rf "$folder"; exit 1
  fi
  # A free port can be taken between choosing and binding it: try a few.
  for attempt in 1 2 3 4 5; do
    port=$(free_port)
    # fsync off: a throw-away cluster needs no durability, and the tests run faster.
    if as_owner "$BIN/pg_ctl" -D "$folder/data" -l "$folder/server.log" -w -t 30 \
         -o "$(server_options "$port" "$folder")" start >/dev/null; then
      mkdir -p "$(dirname "$STATE")"
      printf '%s\n%s\n' "$folder" "$port" >"$STATE"
      echo "export FLOWSTAGE_TEST_POSTGRES_URL=postgresql://flowstage@127.0.0.1:$port/postgres"
      return 0
    fi
  done
  cat "$folder/server.log" >&2
  rm -rf "$folder"
  echo "postgres.sh: PostgreSQL did not start (log above)" >&2
  exit 1
}

# The server's options, the same at start and resume.
server_options() {
  echo "-c listen_addresses=127.0.0.1 -p $1 -k $2 -c fsync=off -c max_connections=200"
}

pause() {
  folder=$(sed -n 1p "$STATE")
  as_owner "$BIN/pg_ctl" -D "$folder/data" -m fast -w stop >/dev/null
}

resume() {
  folder=$(sed -n 1p "$STATE"); port=$(sed -n 2p "$STATE")
  as_owner "$BIN/pg_ctl" -D "$folder/data" -l "$folder/server.log" -w -t 30 -o "$(server_options "$port" "$folder")" start >/dev/null
}

stop() {
  [ -f "$STATE" ] || return 0
  folder=$(sed -n 1p "$STATE")
  case "$folder" in */flowstage-postgres.*) ;; *) echo "postgres.sh: $STATE names no test cluster" >&2; exit 1 ;; esac
  as_owner "$BIN/pg_ctl" -D "$folder/data" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$folder" "$STATE"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  pause) pause ;;
  resume) resume ;;
  run)
    shift
    [ "${1:-}" = "--" ] && shift
    trap stop EXIT
    trap 'exit 130' INT TERM
    started=$(start)
    eval "$started"
    export FLOWSTAGE_TEST_POSTGRES_URL
    export FLOWSTAGE_POSTGRES_STATE="$STATE" # so CMD can pause and resume this server
    echo "Test PostgreSQL at $FLOWSTAGE_TEST_POSTGRES_URL"
    status=0
    "$@" || status=$?
    exit $status
    ;;
  *) echo "usage: Tools/postgres.sh start | stop | pause | resume | run -- COMMAND…" >&2; exit 2 ;;
esac
