#!/usr/bin/env bash
# Where a request's CPU goes: one Payara Micro (--nocluster) with a flight recording (JFR), wrk on
# POST /api/rolls and then on table rolls over 100 tables (BENCH_SECONDS each, default 20), and the
# recording's hotspots (benchmarks/profile/Hotspots.java) in benchmarks/target/profile.md.
#   flock /tmp/dicehall-payara.lock benchmarks/profile.sh      (about 2 minutes; KEEP_JFR=1 keeps the
#   recordings in benchmarks/target/roll.jfr and many.jfr, for Hotspots.java or JDK Mission Control)
set -euo pipefail
cd "$(dirname "$0")/.."
. benchmarks/lib.sh
OUT=benchmarks/target; mkdir -p "$OUT"
PORT="${BENCH_PORT:-18080}"; DURATION="${BENCH_SECONDS:-20}"; CONNECTIONS="${BENCH_CONNECTIONS:-16}"
BASE="http://127.0.0.1:$PORT"
ensure_tools wrk
ensure_built
WORK=$(mktemp -d)
trap 'stop_dicehall; rm -rf "$WORK"' EXIT
ROLL='{"system":"tasks-checks","procedure":"check","inputs":{"rank":5,"kisses":1}}'
TABLE_ROLL='{"system":"tasks-checks","procedure":"check","roller":"Bench","inputs":{"rank":5,"kisses":1}}'
start_dicehall "$PORT" "$WORK/server"
post_lua "$ROLL" > "$WORK/roll.lua"
open_tables "$BASE" 100 "$WORK/many.txt"
post_lua "$TABLE_ROLL" "$WORK/many.txt" > "$WORK/many.lua"
DURATION=10 run_wrk "$BASE/api/rolls" "$WORK/roll.lua" > /dev/null # warm-up
DURATION=10 run_wrk "$BASE" "$WORK/many.lua" > /dev/null
{
  echo "## Profile (benchmarks/profile.sh)"
  echo
  echo "Run: $(date -u '+%Y-%m-%d %H:%M') UTC. Machine: $(machine). wrk: 2 threads, $CONNECTIONS connections, ${DURATION} s,"
  echo "JFR's default settings (execution samples every 20 ms a thread)."
} > "$OUT/profile.md"
for kind in roll many; do
  jcmd "$SERVER_PID" JFR.start name="$kind" filename="$WORK/$kind.jfr" settings=default > /dev/null
  if [ "$kind" = roll ]; then read -r rps _ p99 _ < <(run_wrk "$BASE/api/rolls" "$WORK/roll.lua")
  else read -r rps _ p99 _ < <(run_wrk "$BASE" "$WORK/many.lua"); fi
  jcmd "$SERVER_PID" JFR.stop name="$kind" > /dev/null
  [ -n "${KEEP_JFR:-}" ] && cp "$WORK/$kind.jfr" "$OUT/$kind.jfr"
  { echo; echo "### $( [ "$kind" = roll ] && echo 'POST /api/rolls' || echo 'table rolls over 100 tables'): $rps requests/s, p99 $p99 ms"
    java benchmarks/profile/Hotspots.java "$WORK/$kind.jfr" io.dicehall 12; } >> "$OUT/profile.md"
done
cat "$OUT/profile.md"
