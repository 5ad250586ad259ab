#!/usr/bin/env bash
# HTTP benchmarks on loopback, bounded in time. The ceiling is a trivial JSON-B POST endpoint
# (benchmarks/trivial) deployed beside Dicehall on the same Payara Micro; every Dicehall figure is
# measured between two runs of it and reported as a ratio to their mean. Measured: POST /api/rolls, a
# durable roll at a table (spread over 1,000 tables, and all at one table), p99 latency at half of
# each one's peak, start-up against an empty WAR, heap and the embedded store's size against its live
# data after 100,000 rolls, and what group commit pays (the same rolls with it turned off). Writes
# benchmarks/target/http.md and its section of docs/performance.md.
#   flock /tmp/dicehall-payara.lock benchmarks/http.sh      (about 9 minutes; needs wrk: installed when missing and root)
set -euo pipefail
cd "$(dirname "$0")/.."
. benchmarks/lib.sh
OUT=benchmarks/target
mkdir -p "$OUT"
PORT="${BENCH_PORT:-18080}"
DURATION="${BENCH_SECONDS:-15}"
CONNECTIONS="${BENCH_CONNECTIONS:-16}"
HEAP_ROLLS="${BENCH_HEAP_ROLLS:-100000}"
BASE="http://127.0.0.1:$PORT"
ensure_tools wrk
ensure_built
WORK=$(mktemp -d)
trap 'stop_dicehall; rm -rf "$WORK"' EXIT
TRIVIAL_WAR=$(trivial_war "$WORK")

ROLL='{"system":"tasks-checks","procedure":"check","inputs":{"rank":5,"kisses":1}}'
TABLE_ROLL='{"system":"tasks-checks","procedure":"check","roller":"Bench","inputs":{"rank":5,"kisses":1}}'
post_lua "$ROLL" > "$WORK/roll.lua"
TRIVIAL="$BASE/trivial/api/echo"

echo "== start-up"
mkdir -p "$WORK/empty/WEB-INF"; echo '<web-app/>' > "$WORK/empty/WEB-INF/web.xml"; echo ok > "$WORK/empty/index.html"
(cd "$WORK/empty" && jar cf "$WORK/empty.war" .)
start_dicehall "$PORT" "$WORK/empty-server" web/src/main/payara/preboot.asadmin "$WORK/empty.war" /index.html
EMPTY_MS=$STARTED_MS; stop_dicehall
start_dicehall "$PORT" "$WORK/alone-server" web/src/main/payara/preboot.asadmin web/target/dicehall.war /api/systems
DICEHALL_MS=$STARTED_MS; stop_dicehall
echo "empty WAR ${EMPTY_MS} ms, Dicehall ${DICEHALL_MS} ms"

# serve DIR: Dicehall with the trivial endpoint beside it; opens the tables and writes the wrk scripts.
serve() {
  EXTRA_DEPLOY="$TRIVIAL_WAR" start_dicehall "$PORT" "$1" web/src/main/payara/preboot.asadmin web/target/dicehall.war /api/systems
  curl -fsS -o /dev/null -X POST -H 'Content-Type: application/json' -d "$ROLL" "$TRIVIAL" \
    || { echo "the trivial endpoint does not answer at $TRIVIAL" >&2; exit 1; }
  open_tables "$BASE" 1 "$WORK/one.txt"
  open_tables "$BASE" 1000 "$WORK/many.txt"
  post_lua "$TABLE_ROLL" "$WORK/one.txt" > "$WORK/one.lua"
  post_lua "$TABLE_ROLL" "$WORK/many.txt" > "$WORK/many.lua"
  echo "== warm-up (until the JIT has settled on every path: the trivial endpoint's first run was 40% of its later ones after 5 s)"
  DURATION=10 run_wrk "$TRIVIAL" "$WORK/roll.lua" >/dev/null
  DURATION=10 run_wrk "$BASE/api/rolls" "$WORK/roll.lua" >/dev/null
  DURATION=10 run_wrk "$BASE" "$WORK/many.lua" >/dev/null
  DURATION=5 run_wrk "$BASE" "$WORK/one.lua" >/dev/null
  DURATION=5 run_wrk "$TRIVIAL" "$WORK/roll.lua" >/dev/null
}
# mean A B: the mean of two request rates.
mean() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.0f", (a + b) / 2}'; }

serve "$WORK/server"
echo "== peak throughput (${DURATION} s each, $CONNECTIONS connections), the trivial endpoint between each"
read -r T1 T1_P50 T1_P99 T1_BAD < <(run_wrk "$TRIVIAL" "$WORK/roll.lua")
read -r ROLL_RPS ROLL_P50 ROLL_P99 ROLL_BAD < <(run_wrk "$BASE/api/rolls" "$WORK/roll.lua")
read -r T2 _ _ T2_BAD < <(run_wrk "$TRIVIAL" "$WORK/roll.lua")
read -r MANY_RPS MANY_P50 MANY_P99 MANY_BAD < <(run_wrk "$BASE" "$WORK/many.lua")
read -r T3 _ _ T3_BAD < <(run_wrk "$TRIVIAL" "$WORK/roll.lua")
read -r ONE_RPS ONE_P50 ONE_P99 ONE_BAD < <(run_wrk "$BASE" "$WORK/one.lua")
read -r T4 _ _ T4_BAD < <(run_wrk "$TRIVIAL" "$WORK/roll.lua")
TRIVIAL_BAD=$(( T1_BAD + T2_BAD + T3_BAD + T4_BAD ))
echo "trivial $T1 $T2 $T3 $T4/s, rolls $ROLL_RPS/s, table rolls $MANY_RPS/s over 1,000 tables, $ONE_RPS/s at one table"

echo "== latency at half of peak (8 paced connections)"
read -r TRIVIAL_HALF_RPS _ TRIVIAL_HALF_P99 _ < <(run_paced "$TRIVIAL" "$WORK/roll.lua" $(( T1 / 2 )))
read -r ROLL_HALF_RPS _ ROLL_HALF_P99 _ < <(run_paced "$BASE/api/rolls" "$WORK/roll.lua" $(( ROLL_RPS / 2 )))
read -r MANY_HALF_RPS _ MANY_HALF_P99 _ < <(run_paced "$BASE" "$WORK/many.lua" $(( MANY_RPS / 2 )))
read -r ONE_HALF_RPS _ ONE_HALF_P99 _ < <(run_paced "$BASE" "$WORK/one.lua" $(( ONE_RPS / 2 )))

echo "== heap and store after $HEAP_ROLLS rolls at 1,000 tables"
deadline=$(( $(date +%s) + 1200 ))
ROLLS_MADE=0
while [ "$ROLLS_MADE" -lt "$HEAP_ROLLS" ] && [ "$(date +%s)" -lt "$deadline" ]; do
  wrk -t2 -c"$CONNECTIONS" -d20s -s "$WORK/many.lua" "$BASE" > "$WORK/heap-load.txt"
  made=$(awk '/requests in/ {n=$1} /Non-2xx/ {bad=$NF} END {print n - (bad == "" ? 0 : bad)}' "$WORK/heap-load.txt")
  ROLLS_MADE=$(( ROLLS_MADE + made ))
done
HEAP_MB=$(heap_mib "$SERVER_PID")
sleep 2 # H2's own housekeeping after the last roll
STORE_MB=$(store_mib "$WORK/server")
stop_dicehall
read -r STORED LIVE_MB < <(stored_rolls "$WORK/server")

echo "== what group commit pays: the same table rolls, each in a transaction of its own"
EXTRA_JAVA=-Ddicehall.tables.group-commit=false serve "$WORK/single-server"
read -r S1 _ _ _ < <(run_wrk "$TRIVIAL" "$WORK/roll.lua")
read -r SINGLE_MANY_RPS _ SINGLE_MANY_P99 _ < <(run_wrk "$BASE" "$WORK/many.lua")
read -r SINGLE_ONE_RPS _ SINGLE_ONE_P99 _ < <(run_wrk "$BASE" "$WORK/one.lua")
read -r S2 _ _ _ < <(run_wrk "$TRIVIAL" "$WORK/roll.lua")
read -r SINGLE_HALF_RPS _ SINGLE_HALF_P99 _ < <(run_paced "$BASE" "$WORK/many.lua" $(( SINGLE_MANY_RPS / 2 )))
stop_dicehall

cat > "$OUT/http.md" <<MD
## HTTP (wrk on loopback)

- Command: \`flock /tmp/dicehall-payara.lock benchmarks/http.sh\` (or \`benchmarks/all.sh\` for every benchmark).
- Run: $(date -u '+%Y-%m-%d %H:%M') UTC. Machine: $(machine).
- Payara Micro, one instance (\`--nocluster\`), the embedded H2. wrk: 2 threads, $CONNECTIONS connections,
  ${DURATION} s per figure, after a warm-up. The client shares the 2 cores with the server, so absolute
  figures are low; the ratios, measured in the same run, are what count.
- **The ceiling** is a trivial JSON-B POST endpoint (\`benchmarks/trivial\`: reads the same body into a
  record and answers one) deployed beside Dicehall on the same server, run before and after each
  Dicehall figure; each ratio is to the mean of the two runs around it ($T1, $T2, $T3, $T4/s in turn).
- A table roll is \`POST /api/tables/{t}/rolls\`: stored durably (the roll and its first step, on disk
  before the answer) and pushed to the table's subscribers. "Over 1,000 tables" sends each request to
  the next of 1,000 tables; "at one table" sends every request to the same table.

| request | requests/s | p50 ms | p99 ms | ratio to the trivial endpoint | at half of peak: requests/s, p99 ms |
|---|---:|---:|---:|---:|---:|
| trivial JSON-B POST (first run) | $T1 | $T1_P50 | $T1_P99 | 100% | $TRIVIAL_HALF_RPS, $TRIVIAL_HALF_P99 |
| \`POST /api/rolls\` (a Check, odds not computed) | $ROLL_RPS | $ROLL_P50 | $ROLL_P99 | **$(ratio "$ROLL_RPS" "$(mean "$T1" "$T2")")** | $ROLL_HALF_RPS, **$ROLL_HALF_P99** |
| table roll, over 1,000 tables | $MANY_RPS | $MANY_P50 | $MANY_P99 | **$(ratio "$MANY_RPS" "$(mean "$T2" "$T3")")** | $MANY_HALF_RPS, **$MANY_HALF_P99** |
| table roll, all clients at one table | $ONE_RPS | $ONE_P50 | $ONE_P99 | **$(ratio "$ONE_RPS" "$(mean "$T3" "$T4")")** | $ONE_HALF_RPS, **$ONE_HALF_P99** |

Targets: \`/api/rolls\` ≥ 70% of the trivial endpoint; a durable table roll ≥ 50% over 1,000 tables and
≥ 35% at one table; p99 under 20 ms at half of peak. Non-2xx answers during the peak runs: trivial
$TRIVIAL_BAD, rolls $ROLL_BAD, table rolls $MANY_BAD and $ONE_BAD.

**Start-up**, from \`java -jar\` to the first 200: Dicehall **${DICEHALL_MS} ms**, an empty WAR on the same
Payara Micro **${EMPTY_MS} ms**.

**Memory and the store**: heap in use after $ROLLS_MADE durable rolls at 1,000 tables (after two full
GCs): **${HEAP_MB} MiB**. The embedded store's file (\`dicehall.mv.db\`) then held every roll of this
server's run — warm-ups, peak and paced runs and these, $STORED rolls with their states — in
**${STORE_MB} MiB** ($(awk -v m="$STORE_MB" -v n="$STORED" 'BEGIN {printf "%.1f", m * 1024 / (n > 0 ? n : 1)}') KiB a roll), of which H2 counts ${LIVE_MB} MiB as the live rows and indexes:
the file is **$(awk -v m="$STORE_MB" -v l="$LIVE_MB" 'BEGIN {if (l > 0) printf "%.1f", m / l; else print "n/a"}')×** its live data (target: within 3×).

**What group commit pays.** The same table rolls on a fresh server with
\`-Ddicehall.tables.group-commit=false\` (each roll in a transaction of its own under its table's row
lock, forced to disk before its answer, as before group commit; trivial endpoint $S1 and $S2/s around it):

| table roll | group commit: requests/s, p99 ms | one transaction a roll: requests/s, p99 ms | group ÷ single |
|---|---:|---:|---:|
| over 1,000 tables | $MANY_RPS, $MANY_P99 | $SINGLE_MANY_RPS, $SINGLE_MANY_P99 | $(ratio "$MANY_RPS" "$SINGLE_MANY_RPS") |
| at one table | $ONE_RPS, $ONE_P99 | $SINGLE_ONE_RPS, $SINGLE_ONE_P99 | $(ratio "$ONE_RPS" "$SINGLE_ONE_RPS") |
| over 1,000 tables at half of peak | $MANY_HALF_RPS/s: p99 $MANY_HALF_P99 | $SINGLE_HALF_RPS/s: p99 $SINGLE_HALF_P99 | |
MD
cat "$OUT/http.md"
fold_section http benchmarks/http.sh "$OUT/http.md"
