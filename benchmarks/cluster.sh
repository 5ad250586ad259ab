#!/usr/bin/env bash
# Persisted table rolls through the front of a local cluster (scripts/cluster.sh, PostgreSQL in a
# build folder, nginx in front), in three shapes on the same machine and database: one instance that
# joins no cluster, one cluster member, two cluster members. Each against ping through the same front
# in the same run. Writes benchmarks/target/cluster.md and its section of docs/performance.md.
#   flock /tmp/dicehall-payara.lock benchmarks/cluster.sh   (about 8 minutes; stops what it started)
set -euo pipefail
cd "$(dirname "$0")/.."
. benchmarks/lib.sh
OUT=benchmarks/target; mkdir -p "$OUT"
DURATION="${BENCH_SECONDS:-15}"
CONNECTIONS="${BENCH_CONNECTIONS:-32}"
FRONT="http://127.0.0.1:${FRONT_PORT:-8090}"
FIRST="http://127.0.0.1:${FIRST_PORT:-8091}"
ensure_tools wrk nginx
ensure_built
WORK=$(mktemp -d)
# Throughput from one client: the rolls a member (or a guest address) makes a second are not limited here.
export DICEHALL_ROLLS_PER_SECOND=0
trap 'scripts/cluster.sh down >/dev/null 2>&1 || true; rm -rf "$WORK"' EXIT
TABLE_ROLL='{"system":"tasks-checks","procedure":"check","roller":"Bench","inputs":{"rank":5,"kisses":1}}'
ROWS=()

# measure LABEL BASE: a row of the table, rolls over 100 tables and at one table, through BASE.
measure() {
  local label=$1 base=$2 ping many one
  open_tables "$base" 100 "$WORK/many.txt"
  open_tables "$base" 1 "$WORK/one.txt"
  post_lua "$TABLE_ROLL" "$WORK/many.txt" > "$WORK/many.lua"
  post_lua "$TABLE_ROLL" "$WORK/one.txt" > "$WORK/one.lua"
  # Warm-up: long enough for the JIT to settle on the instances (the first setup measured after a
  # start would otherwise pay for it).
  DURATION=5 run_wrk "$base/api/ping" > /dev/null
  DURATION=10 run_wrk "$base" "$WORK/many.lua" > /dev/null
  DURATION=10 run_wrk "$base" "$WORK/one.lua" > /dev/null
  read -r ping _ _ _ < <(run_wrk "$base/api/ping")
  read -r many _ many_p99 many_bad < <(run_wrk "$base" "$WORK/many.lua")
  read -r one _ one_p99 one_bad < <(run_wrk "$base" "$WORK/one.lua")
  echo "$label: ping $ping/s, over 100 tables $many/s (p99 $many_p99 ms), at one table $one/s (p99 $one_p99 ms)"
  ROWS+=("| $label | $ping | $many | $many_p99 | $(ratio "$many" "$ping") | $one | $one_p99 | $((many_bad + one_bad)) |")
  eval "RPS_$3=$many; ONE_$3=$one"
}

echo "== one instance, no cluster"
DICEHALL_NOCLUSTER=1 scripts/cluster.sh up 1
measure "1 instance, no cluster, through the front" "$FRONT" single_front
measure "1 instance, no cluster, direct (no front)" "$FIRST" single_direct
scripts/cluster.sh down

echo "== one cluster member"
scripts/cluster.sh up 1
measure "1 cluster member, through the front" "$FRONT" one_member
scripts/cluster.sh down

echo "== two cluster members"
scripts/cluster.sh up 2
measure "2 cluster members, through the front" "$FRONT" two_members
scripts/cluster.sh down

cat > "$OUT/cluster.md" <<MD
## Cluster (benchmarks/cluster.sh)

- Command: \`flock /tmp/dicehall-payara.lock benchmarks/cluster.sh\` (or \`benchmarks/all.sh\`).
- Run: $(date -u '+%Y-%m-%d %H:%M') UTC. Machine: $(machine).
- \`scripts/cluster.sh\`: PostgreSQL in a build folder, the instances on loopback (Hazelcast by TCP/IP on
  127.0.0.1), nginx in front. Persisted table rolls with wrk (2 threads, $CONNECTIONS connections, ${DURATION} s
  each, after a warm-up), spread over 100 tables or all at one table; ping through the same way in
  the same setup. Everything — the instances, PostgreSQL, nginx and wrk — shares the same 2 cores.

| setup | ping/s | table rolls/s, 100 tables | p99 ms | ratio to ping | rolls/s, one table | p99 ms | non-2xx |
|---|---:|---:|---:|---:|---:|---:|---:|
$(printf '%s\n' "${ROWS[@]}")

- The front: through nginx, $(ratio "$RPS_single_front" "$RPS_single_direct") of the direct throughput (same instance, measured
  one after the other).
- Joining a cluster costs (one member against one instance without Hazelcast, both through the front):
  $(ratio "$RPS_one_member" "$RPS_single_front") is left.
- A second member, on the same two cores: $(ratio "$RPS_two_members" "$RPS_one_member") of one member's throughput
  over 100 tables, $(ratio "$ONE_two_members" "$ONE_one_member") at one table.
MD
cat "$OUT/cluster.md"
fold_section cluster benchmarks/cluster.sh "$OUT/cluster.md"
