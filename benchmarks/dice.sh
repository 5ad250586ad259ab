#!/usr/bin/env bash
# Runs the dice notation benchmark (JMH, DiceNotationOdds) and writes the "Dice notation (JMH)" section of
# docs/performance.md (between its BEGIN/END dice-jmh markers; nothing else is touched).
#
#   flock /tmp/dicehall-payara.lock benchmarks/dice.sh              # about 2 minutes
#   flock /tmp/dicehall-payara.lock benchmarks/dice.sh -p expression=20d6!   # one expression; the doc is left alone
#
# Hold the shared lock while measuring, as above. Builds offline. Extra arguments are JMH's own and override the
# defaults. Results: benchmarks/target/dice-jmh-result.json and benchmarks/target/dice-jmh.md.
set -euo pipefail
cd "$(dirname "$0")/.."

mvn -q -o -pl benchmarks -am package -DskipTests

defaults=(-f 1 -t 1 -wi 2 -w 1s -i 3 -r 1s)
java -cp benchmarks/target/benchmarks.jar io.dicehall.benchmarks.DiceMain --doc docs/performance.md \
  --out benchmarks/target "${defaults[@]}" "$@" 2>&1 | tee benchmarks/target/dice-jmh-output.txt
