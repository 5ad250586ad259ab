#!/usr/bin/env bash
# Exports of a large table stream with flat memory: fills one table with ROLLS rolls (default 100,000)
# through the API, then exports it as JSON, CSV and Markdown while sampling the server's heap, and writes
# the "Exports" section of docs/performance.md: the heap before, the highest heap seen during each export
# (sampled every 200 ms, no collection forced), the heap after, the export's size and time.
#   flock /tmp/dicehall-payara.lock benchmarks/export.sh        ROLLS=20000 for a shorter run
# Loopback only; the server runs with --nocluster and no phone-home, and is stopped by its PID.
set -euo pipefail
cd "$(dirname "$0")/.."
. benchmarks/lib.sh
ensure_tools wrk curl jq
ensure_built
ROLLS=${ROLLS:-100000}
PORT=${PORT:-8391}
DIR=$(mktemp -d /tmp/dicehall-export-XXXX)
BASE=http://127.0.0.1:$PORT
trap 'stop_dicehall; rm -rf "$DIR"' EXIT

start_dicehall "$PORT" "$DIR"
table=$(curl -sS -X POST -H 'Content-Type: application/json' -d '{"name":"Export"}' "$BASE/api/tables" | jq -r .id)
member=$(curl -sS -X POST -H 'Content-Type: application/json' -d '{"name":"Ada"}' "$BASE/api/tables/$table/members" | jq -r .memberKey)
echo "$table" > "$DIR/tables"
lua="$DIR/roll.lua"
post_lua '{"system":"tasks-checks","procedure":"check","roller":"Ada","inputs":{"rank":4,"kisses":1},"note":"a note, with a comma"}' "$DIR/tables" > "$lua"
echo "wrk.headers[\"Member-Key\"] = \"$member\"" >> "$lua"
echo "filling table $table with $ROLLS rolls ..."
for _ in $(seq 1 500); do
  have=$(curl -sS "$BASE/api/tables/$table" | jq .rolls)
  [ "$have" -ge "$ROLLS" ] && break
  left=$((ROLLS - have))
  # short bursts, so the table ends near ROLLS whatever the rate
  DURATION=$(( left / 1000 + 1 > 20 ? 20 : left / 1000 + 1 )) CONNECTIONS=16 run_wrk "$BASE/api/tables/$table/rolls" "$lua" > /dev/null
done
rolls=$(curl -sS "$BASE/api/tables/$table" | jq .rolls)
[ "$rolls" -ge "$ROLLS" ] || { echo "only $rolls rolls could be made; see $DIR/server.log" >&2; exit 1; }

sample_heap() {  # sample_heap PID OUT: "heap-MiB old-generation-MiB" in use, every 200 ms, until killed
  while true; do
    jstat -gc "$1" 2>/dev/null | awk 'NR == 2 {printf "%d %d\n", ($3 + $4 + $6 + $8) / 1024, $8 / 1024}' >> "$2"
    sleep 0.2
  done
}

out="$DIR/section.md"
before=$(heap_mib "$SERVER_PID")
{
  echo
  echo "From \`benchmarks/export.sh\` on $(date -u '+%Y-%m-%d %H:%M UTC'): $(machine). One table of"
  echo "$rolls rolls (Checks with a note), exported through the API by its member. During each export the heap"
  echo "is sampled every 200 ms with no collection forced: the whole heap (which holds garbage not yet collected,"
  echo "so it rises with the traffic) and the old generation (where anything kept would pile up). Before and"
  echo "after: the heap in use after two full collections."
  echo
  echo "| format | size | time | heap before | old generation during (lowest – highest) | whole heap, highest | heap after |"
  echo "|---|---:|---:|---:|---:|---:|---:|"
} > "$out"
for format in json csv markdown; do
  samples="$DIR/heap-$format"; : > "$samples"
  sample_heap "$SERVER_PID" "$samples" & sampler=$!
  start=$(date +%s%N)
  bytes=$(curl -sS -H "Member-Key: $member" "$BASE/api/tables/$table/export?format=$format" | wc -c)
  end=$(date +%s%N)
  kill "$sampler"; wait "$sampler" 2>/dev/null || true
  peak=$(awk '{print $1}' "$samples" | sort -n | tail -1)
  old=$(awk '{print $2}' "$samples" | sort -n | awk 'NR == 1 {lo=$1} {hi=$1} END {printf "%s – %s", lo, hi}')
  after=$(heap_mib "$SERVER_PID")
  printf '| %s | %.1f MiB | %.1f s | %s MiB | %s MiB | %s MiB | %s MiB |\n' "$format" "$(awk -v b="$bytes" 'BEGIN {print b/1048576}')" \
    "$(awk -v n=$((end - start)) 'BEGIN {print n/1e9}')" "$before" "$old" "$peak" "$after" >> "$out"
  before=$after
done
cat "$out"
fold_section "Exports" benchmarks/export.sh "$out"
