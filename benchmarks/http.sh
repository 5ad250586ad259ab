#!/usr/bin/env bash
# HTTP benchmarks on loopback, bounded in time: throughput and latency of POST /api/rolls and of a
# persisted roll at a table, each against GET /api/ping on the same server in the same run; p99
# latency at half of peak load; start-up time against an empty WAR; heap after 100,000 rolls at
# 1,000 tables. Writes benchmarks/target/http.md and its section of docs/performance.md.
#   benchmarks/http.sh            (needs: wrk, hey; installs them with apt-get when missing and root)
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=benchmarks/target
mkdir -p "$OUT"
PORT="${BENCH_PORT:-18080}"
DURATION="${BENCH_SECONDS:-15}"
CONNECTIONS="${BENCH_CONNECTIONS:-32}"

for tool in wrk hey; do
  if ! command -v "$tool" >/dev/null; then
    [ "$(id -u)" = 0 ] || { echo "please install $tool" >&2; exit 1; }
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$tool" >/dev/null
  fi
done
[ -f web/target/dicehall.war ] && [ -f web/target/payara-micro.jar ] || mvn -B -q -DskipTests package

WORK=$(mktemp -d)
SERVER_PID=""
stop_server() {
  if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
  SERVER_PID=""
}
trap 'stop_server; rm -rf "$WORK"' EXIT

# Starts Payara Micro with a WAR; sets STARTED_MS to the milliseconds from launch until $2 answers 200.
start_server() {
  local war=$1 probe=$2 start now
  mkdir -p "$WORK/tmp" "$WORK/data"
  start=$(date +%s%N)
  HZ_PHONE_HOME_ENABLED=false java -Xmx1g -Dhazelcast.phone.home.enabled=false -Dhazelcast.socket.bind.any=false \
    -Djava.net.preferIPv4Stack=true -Djava.io.tmpdir="$WORK/tmp" -Ddicehall.data.dir="$WORK/data" \
    -Ddicehall.plugins.dir="$WORK/plugins" \
    -jar web/target/payara-micro.jar --nocluster --disablephonehome --nohostaware \
    --prebootcommandfile web/src/main/payara/preboot.asadmin --port "$PORT" \
    --deploy "$war" --contextroot / > "$WORK/server.log" 2>&1 &
  SERVER_PID=$!
  for _ in $(seq 1 2400); do
    if curl -fsS -o /dev/null "http://127.0.0.1:$PORT$probe" 2>/dev/null; then
      now=$(date +%s%N); STARTED_MS=$(( (now - start) / 1000000 )); return 0
    fi
    kill -0 "$SERVER_PID" 2>/dev/null || { echo "server died" >&2; cat "$WORK/server.log" >&2; return 1; }
    sleep 0.1
  done
  echo "server did not start" >&2; return 1
}

# Runs wrk; prints "requests/s p50 p99" (latencies in ms).
run_wrk() {
  local url=$1 script=${2:-}
  local args=(-t2 -c"$CONNECTIONS" -d"${DURATION}s" --latency)
  [ -n "$script" ] && args+=(-s "$script")
  wrk "${args[@]}" "$url" > "$WORK/wrk.txt"
  awk '
    function ms(v) { if (v ~ /us$/) return v/1000; if (v ~ /ms$/) return v+0; if (v ~ /s$/) return v*1000; return v }
    /Requests\/sec/ {rps=$2}
    /^ +50%/ {p50=ms($2)} /^ +99%/ {p99=ms($2)}
    /Non-2xx/ {bad=$NF}
    END {printf "%.0f %.2f %.2f %s\n", rps, p50, p99, (bad==""?0:bad)}' "$WORK/wrk.txt"
}

# Runs hey at a fixed total rate; prints p99 in ms.
run_hey_p99() {
  local url=$1 rate=$2 body=$3
  local conns=8
  local per=$(( rate / conns )); [ "$per" -lt 1 ] && per=1
  hey -z "${DURATION}s" -c "$conns" -q "$per" -m POST -T application/json -d "$body" "$url" > "$WORK/hey.txt"
  awk '/ 99% in / {printf "%.2f\n", $3*1000}' "$WORK/hey.txt"
}

ROLL='{"system":"tasks-checks","procedure":"check","inputs":{"rank":5,"kisses":1}}'
cat > "$WORK/roll.lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '$ROLL'
LUA

echo "== start-up"
empty="$WORK/empty.war"; mkdir -p "$WORK/empty/WEB-INF"; echo '<web-app/>' > "$WORK/empty/WEB-INF/web.xml"
echo ok > "$WORK/empty/index.html"; (cd "$WORK/empty" && jar cf "$empty" .)
start_server "$empty" /index.html; EMPTY_MS=$STARTED_MS; stop_server
start_server web/target/dicehall.war /api/systems; DICEHALL_MS=$STARTED_MS
echo "empty WAR ${EMPTY_MS} ms, Dicehall ${DICEHALL_MS} ms"

echo "== warm-up"
DURATION=5 run_wrk "http://127.0.0.1:$PORT/api/ping" >/dev/null
DURATION=5 run_wrk "http://127.0.0.1:$PORT/api/rolls" "$WORK/roll.lua" >/dev/null

TABLE=$(curl -fsS -X POST -H 'Content-Type: application/json' -d '{"name":"Bench"}' "http://127.0.0.1:$PORT/api/tables" \
  | sed 's/.*"id":"\([^"]*\)".*/\1/')
TABLE_ROLL='{"system":"tasks-checks","procedure":"check","roller":"Bench","inputs":{"rank":5,"kisses":1}}'
cat > "$WORK/table.lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '$TABLE_ROLL'
LUA
DURATION=5 run_wrk "http://127.0.0.1:$PORT/api/tables/$TABLE/rolls" "$WORK/table.lua" >/dev/null

echo "== peak throughput (${DURATION} s each, $CONNECTIONS connections)"
read -r PING_RPS PING_P50 PING_P99 PING_BAD < <(run_wrk "http://127.0.0.1:$PORT/api/ping")
read -r ROLL_RPS ROLL_P50 ROLL_P99 ROLL_BAD < <(run_wrk "http://127.0.0.1:$PORT/api/rolls" "$WORK/roll.lua")
read -r TABLE_RPS TABLE_P50 TABLE_P99 TABLE_BAD < <(run_wrk "http://127.0.0.1:$PORT/api/tables/$TABLE/rolls" "$WORK/table.lua")
echo "ping $PING_RPS/s, rolls $ROLL_RPS/s, table rolls $TABLE_RPS/s"

echo "== p99 at half of peak"
ROLL_HALF_P99=$(run_hey_p99 "http://127.0.0.1:$PORT/api/rolls" $(( ROLL_RPS / 2 )) "$ROLL")
TABLE_HALF_P99=$(run_hey_p99 "http://127.0.0.1:$PORT/api/tables/$TABLE/rolls" $(( TABLE_RPS / 2 )) "$TABLE_ROLL")

echo "== heap after 100,000 rolls at 1,000 tables"
: > "$WORK/tables.txt"
for i in $(seq 1 1000); do
  answer=$(curl -sS -X POST -H 'Content-Type: application/json' -d "{\"name\":\"T$i\"}" "http://127.0.0.1:$PORT/api/tables")
  case "$answer" in
    *'"id":"'*) echo "$answer" | sed 's/.*"id":"\([^"]*\)".*/\1/' >> "$WORK/tables.txt" ;;
    *) echo "opening table $i failed: $answer" >&2 ;;
  esac
done
[ -s "$WORK/tables.txt" ] || { echo "no table could be opened" >&2; exit 1; }
{
  echo 'local ids = {}'
  while read -r id; do echo "table.insert(ids, \"$id\")"; done < "$WORK/tables.txt"
  cat <<LUA
local n = 0
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '$TABLE_ROLL'
request = function()
  n = n + 1
  return wrk.format(nil, "/api/tables/" .. ids[(n % #ids) + 1] .. "/rolls")
end
LUA
} > "$WORK/many.lua"
# 100,000 rolls, counted from wrk's own tallies (bounded by 20 minutes).
deadline=$(( $(date +%s) + 1200 ))
ROLLS_MADE=0
SPREAD_SECONDS=0
while [ "$ROLLS_MADE" -lt 100000 ] && [ "$(date +%s)" -lt "$deadline" ]; do
  wrk -t2 -c16 -d20s -s "$WORK/many.lua" "http://127.0.0.1:$PORT" > "$WORK/many.txt"
  made=$(awk '/requests in/ {n=$1} /Non-2xx/ {bad=$NF} END {print n - (bad == "" ? 0 : bad)}' "$WORK/many.txt")
  ROLLS_MADE=$(( ROLLS_MADE + made ))
  SPREAD_SECONDS=$(( SPREAD_SECONDS + 20 ))
done
SPREAD_RPS=$(( ROLLS_MADE / SPREAD_SECONDS ))
jcmd "$SERVER_PID" GC.run > /dev/null; sleep 2; jcmd "$SERVER_PID" GC.run > /dev/null
HEAP_MB=$(jcmd "$SERVER_PID" GC.heap_info | awk '/used/ {for (i=1;i<=NF;i++) if ($i=="used") {v=$(i+1); sub("K","",v); print int(v/1024); exit}}')

CPU=$(awk -F: '/model name/ {print $2; exit}' /proc/cpuinfo | sed 's/^ *//')
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.0f%%", 100*a/b}'; }
cat > "$OUT/http.md" <<MD
## HTTP (wrk and hey on loopback)

Machine: $(nproc) cores, ${CPU:-unknown CPU}, $(free -g | awk '/Mem/ {print $2}') GiB, $(java -version 2>&1 | head -1).
Payara Micro ${PAYARA:-6.2025.10}, one instance, embedded H2. wrk: 2 threads, $CONNECTIONS connections, ${DURATION} s per figure,
after a warm-up; the client shares the 2 cores with the server, so absolute figures are low and the ratios are what count.

| endpoint | requests/s | p50 ms | p99 ms | ratio to ping | p99 ms at half of peak |
|---|---:|---:|---:|---:|---:|
| \`GET /api/ping\` (trivial) | $PING_RPS | $PING_P50 | $PING_P99 | 100% | |
| \`POST /api/rolls\` (a Check, odds not computed) | $ROLL_RPS | $ROLL_P50 | $ROLL_P99 | $(ratio "$ROLL_RPS" "$PING_RPS") | $ROLL_HALF_P99 |
| \`POST /api/tables/{t}/rolls\` (persisted) | $TABLE_RPS | $TABLE_P50 | $TABLE_P99 | $(ratio "$TABLE_RPS" "$PING_RPS") | $TABLE_HALF_P99 |

Targets: ≥ 70% of ping for \`/api/rolls\`, ≥ 50% for a persisted table roll, p99 under 20 ms at half of peak.
Non-2xx answers during the runs: ping $PING_BAD, rolls $ROLL_BAD, table rolls $TABLE_BAD.

Start-up, from \`java -jar\` to the first 200: Dicehall **${DICEHALL_MS} ms**, an empty WAR on the same Payara Micro
**${EMPTY_MS} ms**.

Heap after $ROLLS_MADE rolls at 1,000 tables (persisted; after two full GCs): **${HEAP_MB} MiB** used.
Those rolls, spread over 1,000 tables with 16 connections, went at **$SPREAD_RPS rolls/s** — against
$TABLE_RPS/s at a single table, where every roll waits for the table's row lock (that is what keeps
sequence numbers gapless) and for its own commit to reach the disk (\`WRITE_DELAY=0\`).
MD
cat "$OUT/http.md"

# Fold the section into docs/performance.md, between its markers (appended the first time).
DOC=docs/performance.md
BEGIN='<!-- BEGIN http: generated by benchmarks/http.sh; everything up to END is replaced on the next run -->'
END='<!-- END http -->'
[ -f "$DOC" ] || echo "# Performance" > "$DOC"
if grep -qF "$BEGIN" "$DOC"; then
  awk -v b="$BEGIN" -v e="$END" -v f="$OUT/http.md" '
    $0 == b {print; while ((getline line < f) > 0) print line; skip=1; next}
    $0 == e {skip=0}
    !skip {print}' "$DOC" > "$DOC.new" && mv "$DOC.new" "$DOC"
else
  { echo; echo "$BEGIN"; cat "$OUT/http.md"; echo "$END"; } >> "$DOC"
fi
echo "wrote $DOC"
