#!/usr/bin/env bash
# `make bench`, after Tools/bench.sh: what PostgreSQL and a second node cost or bring (issue 23).
# The release server under wrk on loopback, with the typical screen (Benchmarks/Fixtures/typical):
#   (a) page views of the typical screen, and (b) the submit-and-redirect cycle (its 11 fields
#       posted with "continue", then "back"), on one node with SQLite against one node with
#       PostgreSQL;
#   (c) page views and the cycle through nginx (round robin, loopback, as Tests/MultiNode
#       configures it): two nodes on one PostgreSQL against one of them behind the same nginx.
#       The cycle here is a browser's: each post, then the page its 303 names (`?v=`), so a
#       node reading a change another node made reads the row once. (Posts back to back, each
#       to the other node, are mostly refused: one reaching a node before the previous change
#       was announced to it is built on an older copy, and the compare-and-swap answers 409.);
#   (d) database transactions per page view when nothing changed: pg_stat_database's
#       xact_commit before and after N page views, less the same interval without views.
# Rounds alternate the two sides of each comparison (BENCH_ROUNDS, default 3; BENCH_SECONDS
# each, default 5): a shared machine's speed drifts between runs. Each round is printed, then
# the median ratio. Figures only: nothing here passes or fails on time.
#
# PostgreSQL is a throw-away cluster (Tools/postgres.sh: a free loopback port, removed after);
# this script runs itself under it. Without PostgreSQL, wrk or nginx it says what to install
# and skips what needs them.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH=${BENCH_SECONDS:-5}
ROUNDS=${BENCH_ROUNDS:-3}
SWIFT=${SWIFT:-swift}
VIEWS_COUNTED=${BENCH_VIEWS_COUNTED:-500}

if ! command -v wrk >/dev/null; then
  echo "bench-nodes: skipped: wrk is missing (Debian package wrk; make bench installs it)"; exit 0
fi
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || ! command -v psql >/dev/null; then
  echo "bench-nodes: skipped: PostgreSQL is missing (run make postgres-deps)"; exit 0
fi
if [ -z "${FLOWSTAGE_TEST_POSTGRES_URL:-}" ]; then
  exec Tools/postgres.sh run -- "$0" "$@"
fi
NGINX=$(command -v nginx || { [ -x /usr/sbin/nginx ] && echo /usr/sbin/nginx; } || true)
PGURL=$FLOWSTAGE_TEST_POSTGRES_URL

$SWIFT build -c release --product flowstage >/dev/null
BIN="$($SWIFT build -c release --show-bin-path)/flowstage"
WORK=$(mktemp -d)
chmod 755 "$WORK"
PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT
# FLOWSTAGE_HOME must hold all four folders, or the binary falls back to the checkout (Tools/bench.sh).
cp -r Templates Themes Public Words "$WORK/"
cp -r Benchmarks/Fixtures/typical "$WORK/project"

# start_node NAME STORE: a node on a free port (NAME's port in PORT_NAME), SQLite in its own
# folder or the shared PostgreSQL database. wrk is one address with many connections: no
# per-address limit.
start_node() {
  local name=$1 store=$2 port
  FLOWSTAGE_HOME="$WORK" FLOWSTAGE_DATA="$WORK/data-$name" "$BIN" serve "$WORK/project" --host 127.0.0.1 --port 0 \
    --no-watch --log-level warning --max-connections-per-address 0 --database "$store" >"$WORK/$name.log" 2>&1 &
  PIDS+=($!)
  for _ in $(seq 1 100); do
    port=$(sed -n 's|.* at http://127.0.0.1:\([0-9]*\)/.*|\1|p' "$WORK/$name.log")
    if [ -n "$port" ]; then eval "PORT_$name=$port"; return 0; fi
    sleep 0.1
  done
  echo "node $name did not start:"; cat "$WORK/$name.log"; exit 1
}

# prepare NAME BASE: a session, its token and two instances on the typical screen (one shown,
# one for the cycle), as NAME's COOKIE_, CSRF_, SHOWN_ and CYCLE_; and the cycle's wrk script.
prepare() {
  local name=$1 base=$2 jar="$WORK/$1.cookies" csrf cookie shown cycle
  csrf=$(curl -s -c "$jar" "$base/" | sed -n 's/.*name="_csrf" value="\([0-9a-f]*\)".*/\1/p' | head -1)
  start() { local url; url=$(curl -s -o /dev/null -w '%{redirect_url}' -b "$jar" -c "$jar" --data "_csrf=$csrf" "$base/processes/typical/start"); url=${url#"$base"}; echo "${url%%\?*}"; }
  shown=$(start); cycle=$(start)
  cookie="flowstage_session=$(awk '$6 == "flowstage_session" { print $7 }' "$jar")"
  [ -n "$csrf" ] && [ -n "$shown" ] && [ -n "$cycle" ] || { echo "could not start instances on $name ($base)"; cat "$WORK/"*.log; exit 1; }
  eval "COOKIE_$name=\"$cookie\"; SHOWN_$name=$shown"
  # As Tools/bench.sh's cycle: moves on when an answer arrives, 303 (done) or 409 (the instance
  # is on the other screen), so it finds its step again whatever screen the instance is on.
  cat >"$WORK/cycle-$name.lua" <<LUA
local headers = { ["Content-Type"] = "application/x-www-form-urlencoded", ["Cookie"] = "$cookie" }
local forward = "_csrf=$csrf&_screen=about&client.firstName=Ana&client.lastName=Popescu&client.email=ana%40example.org"
  .. "&client.phone=%2B40%20721%20000%20000&client.street=Strada%20Lung%C4%83%2012&client.city=Bra%C8%99ov"
  .. "&client.postcode=500001&client.income=2400&client.country=ro22&loan.term=24&client.consent=true"
local backward = "_csrf=$csrf&_screen=loan"
local step = 0
request = function()
  if step % 2 == 0 then return wrk.format("POST", "$cycle/actions/continue", headers, forward) end
  return wrk.format("POST", "$cycle/back", headers, backward)
end
response = function(status)
  if status == 303 or status == 409 then step = step + 1 end
end
LUA
  # The browser's cycle: a post, then a GET of where its 303 points; the next post follows the 200.
  sed -e 's/^local step = 0$/local step = 0\
local follow = nil/' \
      -e 's/^request = function()$/request = function()\
  if follow then local path = follow; follow = nil; return wrk.format("GET", path, headers) end/' \
      -e 's/^response = function(status)$/response = function(status, answer)\
  if status == 303 then follow = answer["Location"] end/' "$WORK/cycle-$name.lua" >"$WORK/walk-$name.lua"
}

# run NAME WRK-ARGUMENTS…: prints a line; sets RPS_NAME to the answers per second that were
# 2xx or 3xx (a 409 from a post built on a copy another node had just changed is no cycle).
run() {
  local name=$1; shift
  wrk --latency "$@" >"$WORK/$name.txt"
  local rps p50 p99 others sockets good
  rps=$(awk '/Requests\/sec/ { print $2 }' "$WORK/$name.txt")
  p50=$(awk '$1 == "50%" { print $2 }' "$WORK/$name.txt")
  p99=$(awk '$1 == "99%" { print $2 }' "$WORK/$name.txt")
  others=$(awk '/Non-2xx or 3xx/ { print $5 }' "$WORK/$name.txt")
  sockets=$(awk '/Socket errors/ { sub(/^ *Socket errors: /, ""); print }' "$WORK/$name.txt")
  good=$(awk -v rps="$rps" '/requests in/ { total = $1 } /Non-2xx or 3xx/ { bad = $5 } END {
    printf "%.2f", (total > 0 ? rps * (total - bad) / total : 0) }' "$WORK/$name.txt")
  printf '  %-20s %9s/s   p50 %-9s p99 %-9s%s%s\n' "$name" "$good" "$p50" "$p99" \
    "${others:+  + $others other answers (409, 5xx)}" "${sockets:+  socket errors: $sockets}"
  eval "RPS_${name//[^a-z0-9]/_}=$good"
}
views() { run "$1" -t2 -c16 -d"${SECONDS_EACH}s" -H "Cookie: $2" "$3"; }
cycle() { run "$1" -t1 -c1 -d"${SECONDS_EACH}s" -s "$2" "$3"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
median() { printf '%s\n' "$@" | sort -n | awk '{ r[NR] = $1 } END { printf "%.2f (%d rounds, %s to %s)", r[int((NR + 1) / 2)], NR, r[1], r[NR] }'; }

start_node sqlite "$WORK/data-sqlite/flowstage.sqlite"
start_node pgA "$PGURL"
start_node pgB "$PGURL"
prepare sqlite "http://127.0.0.1:$PORT_sqlite"
prepare pgA "http://127.0.0.1:$PORT_pgA"
echo "bench-nodes: $(nproc) cores shared by wrk, nginx, PostgreSQL and the nodes; ${SECONDS_EACH} s per run;"
echo "figures are 2xx/3xx answers per second (page views 200, cycle posts 303)"

echo "(a, b) one node: SQLite against PostgreSQL"
VIEW_RATIOS=(); CYCLE_RATIOS=()
for round in $(seq 1 "$ROUNDS"); do
  views a_views_sqlite "$COOKIE_sqlite" "http://127.0.0.1:$PORT_sqlite$SHOWN_sqlite"
  views a_views_postgres "$COOKIE_pgA" "http://127.0.0.1:$PORT_pgA$SHOWN_pgA"
  cycle b_cycle_sqlite "$WORK/cycle-sqlite.lua" "http://127.0.0.1:$PORT_sqlite"
  cycle b_cycle_postgres "$WORK/cycle-pgA.lua" "http://127.0.0.1:$PORT_pgA"
  VIEW_RATIOS+=("$(ratio "$RPS_a_views_postgres" "$RPS_a_views_sqlite")")
  CYCLE_RATIOS+=("$(ratio "$RPS_b_cycle_postgres" "$RPS_b_cycle_sqlite")")
  echo "  round $round: PostgreSQL/SQLite page views ${VIEW_RATIOS[-1]}, submit cycles ${CYCLE_RATIOS[-1]}"
done
echo "PostgreSQL/SQLite, one node: page views $(median "${VIEW_RATIOS[@]}"); submit cycles $(median "${CYCLE_RATIOS[@]}")"

# (d) The cycle above left the shown instance unchanged: its page should cost no round trip.
xacts() { psql -X -At "$PGURL" -c "SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()"; }
view_urls=()
for _ in $(seq 1 "$VIEWS_COUNTED"); do view_urls+=("http://127.0.0.1:$PORT_pgA$SHOWN_pgA"); done
sleep 2; x0=$(xacts); sleep 2; x1=$(xacts)   # statistics reach pg_stat_database within a second of going idle
curl -s -H "Cookie: $COOKIE_pgA" "${view_urls[@]}" >/dev/null
sleep 2; x2=$(xacts)
awk -v idle=$((x1 - x0)) -v busy=$((x2 - x1)) -v n="$VIEWS_COUNTED" 'BEGIN {
  printf "(d) database transactions per page view, nothing changed: %.3f (%d in %d views, %d in the same wait without views)\n",
    (busy - idle) / n, busy, n, idle }'

if [ -z "$NGINX" ]; then
  echo "(c) skipped: nginx is missing (run make postgres-deps)"; exit 0
fi
# One nginx, two listeners: both nodes round robin, or node A alone (same proxy cost).
BALANCER_TWO=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
BALANCER_ONE=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
mkdir -p "$WORK/nginx/tmp/body" "$WORK/nginx/tmp/proxy" "$WORK/nginx/tmp/fastcgi" "$WORK/nginx/tmp/uwsgi" "$WORK/nginx/tmp/scgi"
chmod -R 777 "$WORK/nginx"
cat >"$WORK/nginx/nginx.conf" <<NGINX
$([ "$(id -u)" = 0 ] && echo "user nobody nogroup;")
worker_processes 1;
pid $WORK/nginx/nginx.pid;
error_log $WORK/nginx/error.log;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path $WORK/nginx/tmp/body;
    proxy_temp_path $WORK/nginx/tmp/proxy;
    fastcgi_temp_path $WORK/nginx/tmp/fastcgi;
    uwsgi_temp_path $WORK/nginx/tmp/uwsgi;
    scgi_temp_path $WORK/nginx/tmp/scgi;
    upstream two { server 127.0.0.1:$PORT_pgA; server 127.0.0.1:$PORT_pgB; keepalive 32; }
    upstream one { server 127.0.0.1:$PORT_pgA; keepalive 32; }
    server {
        listen 127.0.0.1:$BALANCER_TWO;
        location / { proxy_pass http://two; proxy_http_version 1.1; proxy_set_header Connection ""; proxy_set_header Host \$host:\$server_port; }
    }
    server {
        listen 127.0.0.1:$BALANCER_ONE;
        location / { proxy_pass http://one; proxy_http_version 1.1; proxy_set_header Connection ""; proxy_set_header Host \$host:\$server_port; }
    }
}
NGINX
"$NGINX" -p "$WORK/nginx" -c nginx.conf -e "$WORK/nginx/error.log" -g "daemon off;" 2>"$WORK/nginx/stderr.log" &
PIDS+=($!)
for _ in $(seq 1 100); do curl -s -o /dev/null "http://127.0.0.1:$BALANCER_TWO/healthz" && break; sleep 0.1; done
echo "(c) through nginx: two nodes on one PostgreSQL against one of them"
VIEW_RATIOS=(); CYCLE_RATIOS=()
for round in $(seq 1 "$ROUNDS"); do
  views c_views_one_node "$COOKIE_pgA" "http://127.0.0.1:$BALANCER_ONE$SHOWN_pgA"
  views c_views_two_nodes "$COOKIE_pgA" "http://127.0.0.1:$BALANCER_TWO$SHOWN_pgA"
  cycle c_cycle_one_node "$WORK/walk-pgA.lua" "http://127.0.0.1:$BALANCER_ONE"
  cycle c_cycle_two_nodes "$WORK/walk-pgA.lua" "http://127.0.0.1:$BALANCER_TWO"
  VIEW_RATIOS+=("$(ratio "$RPS_c_views_two_nodes" "$RPS_c_views_one_node")")
  CYCLE_RATIOS+=("$(ratio "$RPS_c_cycle_two_nodes" "$RPS_c_cycle_one_node")")
  echo "  round $round: two nodes/one node page views ${VIEW_RATIOS[-1]}, post + page cycles ${CYCLE_RATIOS[-1]}"
done
echo "two nodes/one node behind nginx: page views $(median "${VIEW_RATIOS[@]}"); post + page cycles $(median "${CYCLE_RATIOS[@]}")"
echo "(on $(nproc) cores the nodes, nginx, PostgreSQL and wrk share the same CPUs: a second node adds no CPU here)"
