#!/usr/bin/env bash
# HTTP benchmarks on loopback, bounded in time: throughput and latency of POST /api/rolls and of a
# persisted roll at a table (all clients at one table, and spread over 1,000 tables), each against
# GET /api/ping on the same server in the same run; p99 latency at half of peak load; start-up time
# against an empty WAR; heap after 100,000 rolls at 1,000 tables; what durable commits cost (H2's
# WRITE_DELAY=0 against its default). Writes benchmarks/target/http.md and its section of
# docs/performance.md.
#   flock /tmp/dicehall-payara.lock benchmarks/http.sh      (about 8 minutes; needs wrk: installed when missing and root)
set -euo pipefail
cd "$(dirname "$0")/.."
. benchmarks/lib.sh
OUT=benchmarks/target
mkdir -p "$OUT"
PORT="${BENCH_PORT:-18080}"
DURATION="${BENCH_SECONDS:-15}"
CONNECTIONS="${BENCH_CONNECTIONS:-32}"
HEAP_ROLLS="${BENCH_HEAP_ROLLS:-100000}"
BASE="http://127.0.0.1:$PORT"
ensure_tools wrk
ensure_built
WORK=$(mktemp -d)
trap 'stop_dicehall; rm -rf "$WORK"' EXIT

ROLL='{"system":"tasks-checks","procedure":"check","inputs":{"rank":5,"kisses":1}}'
TABLE_ROLL='{"system":"tasks-checks","procedure":"check","roller":"Bench","inputs":{"rank":5,"kisses":1}}'
post_lua "$ROLL" > "$WORK/roll.lua"

echo "== start-up"
mkdir -p "$WORK/empty/WEB-INF"; echo '<web-app/>' > "$WORK/empty/WEB-INF/web.xml"; echo ok > "$WORK/empty/index.html"
(cd "$WORK/empty" && jar cf "$WORK/empty.war" .)
start_dicehall "$PORT" "$WORK/empty-server" web/src/main/payara/preboot.asadmin "$WORK/empty.war" /index.html
EMPTY_MS=$STARTED_MS; stop_dicehall
start_dicehall "$PORT" "$WORK/server" web/src/main/payara/preboot.asadmin web/target/dicehall.war /api/systems
DICEHALL_MS=$STARTED_MS
echo "empty WAR ${EMPTY_MS} ms, Dicehall ${DICEHALL_MS} ms"

# Tables: one where every client rolls, and 1,000 to spread the rolls over.
open_tables "$BASE" 1 "$WORK/one.txt"
open_tables "$BASE" 1000 "$WORK/many.txt"
post_lua "$TABLE_ROLL" "$WORK/one.txt" > "$WORK/one.lua"
post_lua "$TABLE_ROLL" "$WORK/many.txt" > "$WORK/many.lua"

echo "== warm-up"
DURATION=5 run_wrk "$BASE/api/ping" >/dev/null
DURATION=5 run_wrk "$BASE/api/rolls" "$WORK/roll.lua" >/dev/null
DURATION=5 run_wrk "$BASE" "$WORK/many.lua" >/dev/null

echo "== peak throughput (${DURATION} s each, $CONNECTIONS connections)"
read -r PING_RPS PING_P50 PING_P99 PING_BAD < <(run_wrk "$BASE/api/ping")
read -r ROLL_RPS ROLL_P50 ROLL_P99 ROLL_BAD < <(run_wrk "$BASE/api/rolls" "$WORK/roll.lua")
read -r MANY_RPS MANY_P50 MANY_P99 MANY_BAD < <(run_wrk "$BASE" "$WORK/many.lua")
read -r ONE_RPS ONE_P50 ONE_P99 ONE_BAD < <(run_wrk "$BASE" "$WORK/one.lua")
echo "ping $PING_RPS/s, rolls $ROLL_RPS/s, table rolls $MANY_RPS/s over 1,000 tables, $ONE_RPS/s at one table"

echo "== latency at half of peak (8 paced connections)"
read -r ROLL_HALF_RPS _ ROLL_HALF_P99 _ < <(run_paced "$BASE/api/rolls" "$WORK/roll.lua" $(( ROLL_RPS / 2 )))
read -r MANY_HALF_RPS _ MANY_HALF_P99 _ < <(run_paced "$BASE" "$WORK/many.lua" $(( MANY_RPS / 2 )))
read -r ONE_HALF_RPS _ ONE_HALF_P99 _ < <(run_paced "$BASE" "$WORK/one.lua" $(( ONE_RPS / 2 )))

echo "== heap after 100,000 rolls at 1,000 tables"
deadline=$(( $(date +%s) + 1200 ))
ROLLS_MADE=0
while [ "$ROLLS_MADE" -lt "$HEAP_ROLLS" ] && [ "$(date +%s)" -lt "$deadline" ]; do
  wrk -t2 -c16 -d20s -s "$WORK/many.lua" "$BASE" > "$WORK/heap-load.txt"
  made=$(awk '/requests in/ {n=$1} /Non-2xx/ {bad=$NF} END {print n - (bad == "" ? 0 : bad)}' "$WORK/heap-load.txt")
  ROLLS_MADE=$(( ROLLS_MADE + made ))
done
HEAP_MB=$(heap_mib "$SERVER_PID")
sleep 2 # a few turns of the store's upkeep after the last roll
STORE_MB=$(store_mib "$WORK/server")
stop_dicehall
read -r STORED LIVE_MB < <(stored_rolls "$WORK/server")

echo "== what durable commits cost: H2's default WRITE_DELAY (500 ms) against WRITE_DELAY=0"
sed 's/;WRITE_DELAY=0/;WRITE_DELAY=500/' web/src/main/payara/preboot.asadmin > "$WORK/lazy.asadmin"
grep -q 'WRITE_DELAY=500' "$WORK/lazy.asadmin" || { echo "preboot has no WRITE_DELAY=0 to change" >&2; exit 1; }
start_dicehall "$PORT" "$WORK/lazy-server" "$WORK/lazy.asadmin"
open_tables "$BASE" 1 "$WORK/one.txt"
open_tables "$BASE" 1000 "$WORK/many.txt"
post_lua "$TABLE_ROLL" "$WORK/one.txt" > "$WORK/one.lua"
post_lua "$TABLE_ROLL" "$WORK/many.txt" > "$WORK/many.lua"
DURATION=5 run_wrk "$BASE" "$WORK/many.lua" >/dev/null
read -r LAZY_PING_RPS _ _ _ < <(run_wrk "$BASE/api/ping")
read -r LAZY_MANY_RPS LAZY_MANY_P50 LAZY_MANY_P99 _ < <(run_wrk "$BASE" "$WORK/many.lua")
read -r LAZY_ONE_RPS LAZY_ONE_P50 LAZY_ONE_P99 _ < <(run_wrk "$BASE" "$WORK/one.lua")
stop_dicehall

cat > "$OUT/http.md" <<MD
## HTTP (wrk on loopback)

- Command: \`flock /tmp/dicehall-payara.lock benchmarks/http.sh\` (or \`benchmarks/all.sh\` for every benchmark).
- Run: $(date -u '+%Y-%m-%d %H:%M') UTC. Machine: $(machine).
- Payara Micro, one instance (\`--nocluster\`), embedded H2 with \`WRITE_DELAY=0\`. wrk: 2 threads,
  $CONNECTIONS connections, ${DURATION} s per figure, after a warm-up. The client shares the 2 cores with the
  server, so absolute figures are low; the ratios to ping, measured in the same run, are what count.
- A table roll is \`POST /api/tables/{t}/rolls\`, persisted (the roll and its first step, committed to
  disk) and pushed to the table's subscribers. "Over 1,000 tables" sends each request to the next of
  1,000 tables; "at one table" sends every request to the same table.

| request | requests/s | p50 ms | p99 ms | ratio to ping | at half of peak: requests/s, p99 ms |
|---|---:|---:|---:|---:|---:|
| \`GET /api/ping\` (trivial) | $PING_RPS | $PING_P50 | $PING_P99 | 100% | |
| \`POST /api/rolls\` (a Check, odds not computed) | $ROLL_RPS | $ROLL_P50 | $ROLL_P99 | $(ratio "$ROLL_RPS" "$PING_RPS") | $ROLL_HALF_RPS, **$ROLL_HALF_P99** |
| table roll, over 1,000 tables | $MANY_RPS | $MANY_P50 | $MANY_P99 | $(ratio "$MANY_RPS" "$PING_RPS") | $MANY_HALF_RPS, **$MANY_HALF_P99** |
| table roll, all clients at one table | $ONE_RPS | $ONE_P50 | $ONE_P99 | $(ratio "$ONE_RPS" "$PING_RPS") | $ONE_HALF_RPS, **$ONE_HALF_P99** |

Targets: ≥ 70% of ping for \`/api/rolls\`, ≥ 50% for a persisted table roll, p99 under 20 ms at half of peak.
Non-2xx answers during the peak runs: ping $PING_BAD, rolls $ROLL_BAD, table rolls $MANY_BAD and $ONE_BAD.

**Start-up**, from \`java -jar\` to the first 200: Dicehall **${DICEHALL_MS} ms**, an empty WAR on the same
Payara Micro **${EMPTY_MS} ms**.

**Memory**: heap in use after $ROLLS_MADE persisted rolls at 1,000 tables (after two full GCs): **${HEAP_MB} MiB**.
The embedded store's file (\`dicehall.mv.db\`) then held every roll of this server's run — the
warm-ups, the peak and paced runs and these, $STORED rolls with their states — in **${STORE_MB} MiB**
($(awk -v m="$STORE_MB" -v n="$STORED" 'BEGIN {printf "%.1f", m * 1024 / (n > 0 ? n : 1)}') KiB a roll), of which H2 counts ${LIVE_MB} MiB as the live rows and indexes.

**What durable commits cost.** \`WRITE_DELAY=0\` makes H2 write every commit before it is acknowledged
(\`CrashIT\` proves nothing acknowledged is lost to \`kill -9\`). With H2's default of 500 ms, measured on
a fresh server in the same run (ping $LAZY_PING_RPS/s there):

| table roll | durable: requests/s, p99 ms | default write delay: requests/s, p99 ms | durable ÷ default |
|---|---:|---:|---:|
| over 1,000 tables | $MANY_RPS, $MANY_P99 | $LAZY_MANY_RPS, $LAZY_MANY_P99 | $(ratio "$MANY_RPS" "$LAZY_MANY_RPS") |
| at one table | $ONE_RPS, $ONE_P99 | $LAZY_ONE_RPS, $LAZY_ONE_P99 | $(ratio "$ONE_RPS" "$LAZY_ONE_RPS") |
MD
cat "$OUT/http.md"
fold_section http benchmarks/http.sh "$OUT/http.md"
