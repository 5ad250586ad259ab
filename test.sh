#!/usr/bin/env bash
# Runs every test of Dicehall on a fresh machine, with nothing set up by hand:
#   ./test.sh                 every test (unit, contract kits, integration on Payara Micro and GlassFish, browser)
#   ./test.sh -pl api         extra arguments go to Maven
# It installs what the tests need when it is missing (Debian's chromium, chromium-driver, nginx, postgresql,
# nodejs and npm; as root, or with sudo), starts a throwaway PostgreSQL on loopback for the run (its data under
# target/test-postgres), runs `mvn verify` with the OpenAPI lint on, stops what it started (also on failure or
# Ctrl-C), and ends with a one-line summary. In this run a test that would be skipped for want of one of these
# tools fails instead (DICEHALL_TESTS_NEED_TOOLS), so a green run has skipped nothing for that reason.
set -euo pipefail
cd "$(dirname "$0")"
STARTED=$(date +%s)
PACKAGES=(chromium chromium-driver nginx postgresql nodejs npm)

as_root() {
  if [ "$(id -u)" = 0 ]; then
    "$@"
  elif command -v sudo >/dev/null; then
    sudo "$@"
  else
    echo "test.sh: these Debian packages are needed and could not be installed (not root, no sudo): $*" >&2
    exit 1
  fi
}

pg_bin() {
  ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1
}

missing=()
command -v chromium >/dev/null || missing+=(chromium)
command -v chromedriver >/dev/null || missing+=(chromium-driver)
command -v nginx >/dev/null || missing+=(nginx)
[ -n "$(pg_bin)" ] && [ -x "$(pg_bin)/initdb" ] || missing+=(postgresql)
command -v node >/dev/null || missing+=(nodejs)
command -v npx >/dev/null || missing+=(npm)
if [ ${#missing[@]} -gt 0 ]; then
  echo "== installing: ${missing[*]}"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq \
    || { echo "test.sh: apt-get update failed; install these by hand: ${missing[*]}" >&2; exit 1; }
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null \
    || { echo "test.sh: could not install ${missing[*]} (Debian's packages: ${PACKAGES[*]})" >&2; exit 1; }
  # The packages start their own services; the tests start only their own, on loopback ports of their choosing.
  as_root sh -c 'if [ -f /run/nginx.pid ]; then kill "$(cat /run/nginx.pid)"; fi' 2>/dev/null || true
  if command -v pg_lsclusters >/dev/null; then
    pg_lsclusters -h 2>/dev/null | awk '$4 == "online" {print $1, $2}' | while read -r v c; do
      as_root pg_ctlcluster "$v" "$c" stop 2>/dev/null || true
    done
  fi
fi

mkdir -p target
STAMP=target/test-started
touch "$STAMP"

echo "== a throwaway PostgreSQL on 127.0.0.1, its data in target/test-postgres"
PG_DIR="$PWD/target/test-postgres"
PG_PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()' 2>/dev/null \
  || echo 55432)
rm -rf "$PG_DIR"
mkdir -p "$PG_DIR"
as_postgres() {
  if [ "$(id -u)" = 0 ]; then
    chown -R postgres "$PG_DIR"
    su postgres -s /bin/sh -c "$*"
  else
    sh -c "$*"
  fi
}
as_postgres "'$(pg_bin)/initdb' -D '$PG_DIR/data' -U postgres -A trust --no-sync >'$PG_DIR/initdb.log' 2>&1"
as_postgres "'$(pg_bin)/pg_ctl' -D '$PG_DIR/data' -l '$PG_DIR/server.log' -w -o \"-h 127.0.0.1 -p $PG_PORT -k '$PG_DIR'\" start >/dev/null"
stop_postgres() {
  as_postgres "'$(pg_bin)/pg_ctl' -D '$PG_DIR/data' -m fast -w stop >/dev/null 2>&1" || true
}
trap stop_postgres EXIT
trap 'exit 130' INT TERM
# What ClusterIT's outage test calls to stop and start this server.
cat > "$PG_DIR/control" <<CONTROL
#!/bin/sh
# stop | start: the throwaway PostgreSQL of ./test.sh
if [ "\$(id -u)" = 0 ]; then run() { su postgres -s /bin/sh -c "\$*"; }; else run() { sh -c "\$*"; }; fi
if [ "\$1" = stop ]; then
  run "'$(pg_bin)/pg_ctl' -D '$PG_DIR/data' -m fast -w stop"
else
  run "'$(pg_bin)/pg_ctl' -D '$PG_DIR/data' -l '$PG_DIR/server.log' -w -o \"-h 127.0.0.1 -p $PG_PORT -k '$PG_DIR'\" start"
fi
CONTROL
chmod 755 "$PG_DIR/control"
export DICEHALL_TEST_PG_CONTROL="$PG_DIR/control"
psql_() {
  as_postgres "'$(pg_bin)/psql' -q -h 127.0.0.1 -p $PG_PORT -U postgres -d postgres -c \"$1\""
}
psql_ "CREATE USER dicehall PASSWORD 'dicehall'"
psql_ "CREATE DATABASE dicehall_it OWNER dicehall"
export DICEHALL_TEST_PG_URL="jdbc:postgresql://127.0.0.1:$PG_PORT/dicehall_it"
export DICEHALL_TEST_PG_USER=dicehall
export DICEHALL_TEST_PG_PASSWORD=dicehall
export DICEHALL_TESTS_NEED_TOOLS=true
echo "PostgreSQL $("$(pg_bin)/postgres" --version | awk '{print $3}') on 127.0.0.1:$PG_PORT, database dicehall_it"

echo "== mvn verify (the OpenAPI document linted with Redocly CLI's recommended rules, which npx fetches)"
status=0
mvn -B -ntp verify -Dopenapi.lint.skip=false "$@" || status=$?

# One line from every module's test reports: how many ran, failed, were skipped, and why they were skipped.
reports() {
  find . \( -path '*/target/surefire-reports/TEST-*.xml' -o -path '*/target/failsafe-reports/TEST-*.xml' \) -newer "$STAMP"
}
summary=$(reports | xargs -r cat | awk '
    /<testsuite / {
      for (i = 1; i <= NF; i++) {
        if ($i ~ /^tests=/) { gsub(/[^0-9]/, "", $i); run += $i }
        if ($i ~ /^failures=/) { gsub(/[^0-9]/, "", $i); failed += $i }
        if ($i ~ /^errors=/) { gsub(/[^0-9]/, "", $i); failed += $i }
        if ($i ~ /^skipped=/) { gsub(/[^0-9]/, "", $i); skipped += $i }
      }
    }
    END { printf "%d run, %d failed, %d skipped", run, failed, skipped }')
# Why tests were skipped, in short: the skip's message (in its attribute, or the first line Surefire keeps of it),
# the inputs of a contract-kit case ({…}) left out so that the same reason counts once.
reasons=$(reports | xargs -r grep -h -A1 '<skipped' \
  | sed -n 's/.*<skipped message="\([^"]*\)".*/\1/p; s/.*Exception: \([^<]*\).*/\1/p' \
  | sed 's/{[^}]*}//g' | cut -c1-200 | sort | uniq -c | sort -rn | sed 's/^ */    /' || true)
echo
echo "Tests: $summary in $(( $(date +%s) - STARTED )) s$([ "$status" = 0 ] && echo "" || echo " (mvn verify failed: exit $status)")"
[ -n "$reasons" ] && printf 'Skipped, and why:\n%s\n' "$reasons"
exit "$status"
