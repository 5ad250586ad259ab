#!/usr/bin/env bash
# A local Dicehall cluster on loopback only: a PostgreSQL server in a folder of the build, N instances
# of the built WAR joined by Payara's Hazelcast (TCP/IP discovery on 127.0.0.1, a cluster name of their
# own, no phone-home), and an nginx front spreading requests over them.
#   scripts/cluster.sh up [N]     start (N instances, default 2); prints their addresses
#   scripts/cluster.sh down       stop everything it started, by PID
#   scripts/cluster.sh status     what runs
# Environment: DICEHALL_PLUGINS_DIR (every instance's plugins directory), FRONT_PORT, FIRST_PORT,
# FIRST_HZ_PORT, PG_PORT; DICEHALL_NOCLUSTER=1 starts the instances without joining them (benchmarks).
# Needs Java 17 and Maven; installs Debian's postgresql and nginx when missing (as root).
set -euo pipefail
cd "$(dirname "$0")/.."
DIR="$PWD/target/cluster"
FRONT_PORT="${FRONT_PORT:-8090}"
FIRST_HTTP="${FIRST_PORT:-8091}"
FIRST_HZ="${FIRST_HZ_PORT:-5911}"
PG_PORT="${PG_PORT:-5499}"

pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }

as_owner() {
  # PostgreSQL refuses to run as root: run its tools as the postgres user then.
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

install_missing() {
  local missing=()
  [ -n "$(pg_bin)" ] || missing+=(postgresql)
  command -v nginx >/dev/null || missing+=(nginx)
  if [ ${#missing[@]} -gt 0 ]; then
    [ "$(id -u)" = 0 ] || { echo "please install: ${missing[*]}" >&2; exit 1; }
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq && apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
}

wait_for() {
  local url=$1 pid=$2
  for _ in $(seq 1 480); do
    curl -fsS -o /dev/null "$url" 2>/dev/null && return 0
    kill -0 "$pid" 2>/dev/null || { echo "process $pid ended; see $DIR" >&2; return 1; }
    sleep 0.5
  done
  echo "no answer from $url" >&2; return 1
}

up() {
  local n=${1:-2}
  [ -f "$DIR/pids" ] && { echo "already up; scripts/cluster.sh down first" >&2; exit 1; }
  install_missing
  [ -f web/target/dicehall.war ] && [ -f web/target/payara-micro.jar ] && [ -f web/target/lib/postgresql.jar ] \
    || mvn -B -q -DskipTests package
  mkdir -p "$DIR"
  : > "$DIR/pids"

  # PostgreSQL in a folder of the build, on loopback.
  local bin; bin=$(pg_bin)
  mkdir -p "$DIR/pg" "$DIR/pg-log"
  if [ "$(id -u)" = 0 ]; then chown postgres "$DIR/pg" "$DIR/pg-log"; fi
  if [ ! -f "$DIR/pg/PG_VERSION" ]; then
    as_owner "$bin/initdb" -D "$DIR/pg" -U postgres --auth=trust >/dev/null
  fi
  as_owner "$bin/pg_ctl" -D "$DIR/pg" -l "$DIR/pg-log/postgres.log" -o "-p $PG_PORT -k $DIR/pg -c listen_addresses=127.0.0.1" -w start >/dev/null
  echo "postgres $(cat "$DIR/pg/postmaster.pid" | head -1)" >> "$DIR/pids"
  psql -q -h 127.0.0.1 -p "$PG_PORT" -U postgres -tc "SELECT 1 FROM pg_database WHERE datname='dicehall'" | grep -q 1 \
    || psql -q -h 127.0.0.1 -p "$PG_PORT" -U postgres -c "CREATE DATABASE dicehall"

  # The instances.
  local name="dicehall-local-$(od -An -N6 -tx1 /dev/urandom | tr -d ' \n')"
  local members="" k
  for k in $(seq 1 "$n"); do members="$members${members:+,}127.0.0.1:$((FIRST_HZ + k - 1))"; done
  local upstreams=""
  for k in $(seq 1 "$n"); do
    local port=$((FIRST_HTTP + k - 1))
    mkdir -p "$DIR/instance-$k/tmp"
    local clustering=(--clustermode "tcpip:$members" --startport $((FIRST_HZ + k - 1)) --interfaces 127.0.0.1
      --hzpublicaddress 127.0.0.1 --clustername "$name")
    # DICEHALL_NOCLUSTER=1: instances that do not join each other (to measure what the cluster costs).
    [ "${DICEHALL_NOCLUSTER:-0}" = 1 ] && clustering=(--nocluster)
    HZ_PHONE_HOME_ENABLED=false java -Xmx768m -Dhazelcast.phone.home.enabled=false -Dhazelcast.socket.bind.any=false \
      -Djava.net.preferIPv4Stack=true -Djava.io.tmpdir="$DIR/instance-$k/tmp" \
      -Ddicehall.data.dir="$DIR/instance-$k" -Ddicehall.instance.name="instance-$k" \
      -Ddicehall.limits.rolls-per-second="${DICEHALL_ROLLS_PER_SECOND:-20}" -Ddicehall.plugins.dir="${DICEHALL_PLUGINS_DIR:-$HOME/.dicehall/plugins}" \
      -Ddicehall.db.url="jdbc:postgresql://127.0.0.1:$PG_PORT/dicehall" -Ddicehall.db.user=postgres -Ddicehall.db.password=unused \
      -jar web/target/payara-micro.jar "${clustering[@]}" --nohostaware --disablephonehome \
      --prebootcommandfile web/src/main/payara/preboot.asadmin \
      --postbootcommandfile web/src/main/payara/postgres.asadmin --addlibs web/target/lib/postgresql.jar --port "$port" \
      --deploy web/target/dicehall.war --contextroot / > "$DIR/instance-$k.log" 2>&1 &
    echo "instance-$k $!" >> "$DIR/pids"
    wait_for "http://127.0.0.1:$port/api/ping" $!
    upstreams="$upstreams    server 127.0.0.1:$port max_fails=1 fail_timeout=5s;"$'\n'
  done

  # The front: API calls spread over the instances; a browser's session sticks to one (its cookie).
  mkdir -p "$DIR/nginx"
  local template
  template=$(cat scripts/front.nginx.conf)
  template=${template//@DIR@/$DIR/nginx}
  template=${template//@PORT@/$FRONT_PORT}
  printf '%s\n' "${template//@UPSTREAMS@/${upstreams%$'\n'}}" > "$DIR/nginx/nginx.conf"
  nginx -p "$DIR/nginx" -c "$DIR/nginx/nginx.conf"
  echo "nginx $(cat "$DIR/nginx/nginx.pid")" >> "$DIR/pids"

  for k in $(seq 1 "$n"); do echo "instance $k http://127.0.0.1:$((FIRST_HTTP + k - 1))/"; done
  echo "front http://127.0.0.1:$FRONT_PORT/"
}

down() {
  [ -f "$DIR/pids" ] || { echo "not up"; return 0; }
  local what pid
  while read -r what pid; do
    case "$what" in
      postgres) as_owner "$(pg_bin)/pg_ctl" -D "$DIR/pg" -m fast -w stop >/dev/null 2>&1 || kill "$pid" 2>/dev/null || true ;;
      *) kill "$pid" 2>/dev/null || true
         for _ in $(seq 1 120); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
         kill -9 "$pid" 2>/dev/null || true ;;
    esac
  done < <(tac "$DIR/pids")
  rm -f "$DIR/pids"
  echo "down"
}

status() {
  [ -f "$DIR/pids" ] || { echo "not up"; return 0; }
  local what pid
  while read -r what pid; do
    if kill -0 "$pid" 2>/dev/null; then echo "$what $pid running"; else echo "$what $pid gone"; fi
  done < "$DIR/pids"
}

case "${1:-}" in
  up) up "${2:-2}" ;;
  down) down ;;
  status) status ;;
  *) echo "usage: scripts/cluster.sh up [N] | down | status" >&2; exit 2 ;;
esac
