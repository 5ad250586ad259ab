#!/usr/bin/env bash
# Soak: SOAK_MINUTES (default 10) at a steady load — persisted rolls at 20 tables with a live
# event-stream subscriber per table — sampling heap, threads, open files and the store's size every 30 s. Bounded in
# time; loopback only. Writes benchmarks/target/soak.md and its section of docs/performance.md.
# Not part of `mvn verify`.
#   flock /tmp/dicehall-payara.lock benchmarks/soak.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. benchmarks/lib.sh
OUT=benchmarks/target; mkdir -p "$OUT"
PORT="${BENCH_PORT:-18090}"; MINUTES="${SOAK_MINUTES:-10}"
BASE="http://127.0.0.1:$PORT"
ensure_tools wrk
ensure_built
WORK=$(mktemp -d); SUBSCRIBERS=()
cleanup() {
  for p in "${SUBSCRIBERS[@]}"; do kill "$p" 2>/dev/null || true; done
  stop_dicehall; rm -rf "$WORK"
}
trap cleanup EXIT
start_dicehall "$PORT" "$WORK/server"
open_tables "$BASE" 20 "$WORK/tables.txt"
# A live subscriber per table, keeping what it hears.
while read -r t; do
  curl -sN "$BASE/api/tables/$t/events" > "$WORK/events-$t.txt" 2>/dev/null &
  SUBSCRIBERS+=("$!")
done < "$WORK/tables.txt"
post_lua '{"system":"fate-condensed","procedure":"overcome","roller":"Soak","inputs":{"fate-points":1}}' \
  "$WORK/tables.txt" > "$WORK/soak.lua"
sample() {
  echo "$1 $(heap_mib "$SERVER_PID") $(ls "/proc/$SERVER_PID/task" | wc -l) $(ls "/proc/$SERVER_PID/fd" | wc -l)" \
    "$(store_mib "$WORK/server") $TOTAL"
}
TOTAL=0
echo "minute heap_mib threads open_files store_mib rolls" > "$WORK/samples.txt"
sample 0 >> "$WORK/samples.txt"
# The steady load: 4 connections, as fast as they go, in 30 s slices.
END=$(( $(date +%s) + MINUTES * 60 )); SLICE=0; ERRORS=0
while [ "$(date +%s)" -lt "$END" ]; do
  wrk -t1 -c4 -d30s -s "$WORK/soak.lua" "$BASE" > "$WORK/slice.txt"
  TOTAL=$(( TOTAL + $(awk '/requests in/ {print $1}' "$WORK/slice.txt") ))
  ERRORS=$(( ERRORS + $(awk '/Non-2xx/ {b=$NF} END {print (b==""?0:b)}' "$WORK/slice.txt") ))
  SLICE=$(( SLICE + 1 ))
  sample "$(awk -v s="$SLICE" 'BEGIN {printf "%.1f", s/2}')" >> "$WORK/samples.txt"
done
HEARD=$(cat "$WORK"/events-*.txt | grep -c '^event: roll' || true)
STORE_MB=$(store_mib "$WORK/server"); stop_dicehall
read -r STORED LIVE_MB < <(stored_rolls "$WORK/server")
{
  echo "## Soak (benchmarks/soak.sh)"
  echo
  echo "- Command: \`flock /tmp/dicehall-payara.lock benchmarks/soak.sh\` (\`SOAK_MINUTES\`, default 10)."
  echo "- Run: $(date -u '+%Y-%m-%d %H:%M') UTC. Machine: $(machine)."
  echo
  echo "$MINUTES minutes of persisted rolls at 20 tables (wrk, 4 connections, as fast as they go), with a live"
  echo "event-stream subscriber on each table. $TOTAL rolls, $ERRORS non-2xx answers; the subscribers heard $HEARD roll"
  echo "events. Samples after a full GC; the store is the embedded H2's file (\`dicehall.mv.db\`):"
  echo
  echo "| minute | heap MiB | threads | open files | rolls so far | store MiB |"
  echo "|---:|---:|---:|---:|---:|---:|"
  tail -n +2 "$WORK/samples.txt" | awk '{printf "| %s | %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $6, $5}'
  echo
  echo "At the end the store held $STORED rolls in $STORE_MB MiB, of which H2 counts $LIVE_MB MiB as the live rows and indexes:"
  echo "the file is $(awk -v m="$STORE_MB" -v l="$LIVE_MB" 'BEGIN {if (l > 0) printf "%.1f", m / l; else print "n/a"}')× its live data (target: within 3×)."
} > "$OUT/soak.md"
cat "$OUT/soak.md"
fold_section soak benchmarks/soak.sh "$OUT/soak.md"
