#!/usr/bin/env bash
# Best play at the largest legal inputs of every bundled procedure (JMH, Solver.standard(), each procedure's
# default goal): the median and the 90th percentile of one answer, before the roll and after a first throw
# that leaves moves open, and, for comparison, the generic search that ignores a game's own values. Writes
# the "Best play (JMH)" section of docs/performance.md.
#   flock /tmp/dicehall-payara.lock benchmarks/best-play.sh      (about 6 minutes)
set -euo pipefail
cd "$(dirname "$0")/.."
. benchmarks/lib.sh
ensure_tools jq
mvn -q -o -pl benchmarks -am package -DskipTests
out=benchmarks/target
java -jar "$out/benchmarks.jar" 'BestPlay(TasksChecks|Others)' -f 1 -t 1 -wi 3 -w 1s -i 5 -r 1s \
  -rf json -rff "$out/best-play.json" 2>&1 | tee "$out/best-play.txt" | grep -E '^# (Benchmark|Parameters)' || true
section="$out/best-play.md"
{
  echo
  echo "## Best play (JMH)"
  echo
  echo "From \`benchmarks/best-play.sh\` on $(date -u '+%Y-%m-%d %H:%M UTC'): $(machine). \`Solver.standard()\` toward"
  echo "each procedure's default goal, at its largest legal inputs (the classes' Javadoc lists them): one answer,"
  echo "in microseconds. *before*: best play before the roll; *after*: in the first open state of a fixed seed,"
  echo "every move with its value; *generic*: before the roll, searching every position (what a game's own answers"
  echo "save). Target: median under 5,000 µs. Versus Checks and Opposed Tasks have no outcome order (the outcomes"
  echo "say that someone won, not who), so no best play."
  echo
  echo "| case | median (µs) | 90% (µs) | under 5 ms |"
  echo "|---|---:|---:|---|"
  jq -r '.[] | [(.params.case // .params.id // (.params | to_entries | map(.value) | join(" "))),
      (.primaryMetric.scorePercentiles["50.0"]), (.primaryMetric.scorePercentiles["90.0"])] | @tsv' "$out/best-play.json" \
    | awk -F'\t' '{printf "| %s | %.1f | %.1f | %s |\n", $1, $2, $3,
        ($1 ~ /:generic$/ ? "(comparison only)" : ($2 < 5000 ? "yes" : "**no**"))}'
} > "$section"
cat "$section"
fold_section "best-play" benchmarks/best-play.sh "$section"
