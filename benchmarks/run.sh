#!/usr/bin/env bash
# Runs the odds benchmarks (JMH) and writes the "Odds (JMH)" section of docs/performance.md.
#
#   flock /tmp/dicehall-payara.lock benchmarks/run.sh          # the whole run, about 8 minutes
#   flock /tmp/dicehall-payara.lock benchmarks/run.sh Baseline  # only benchmarks matching a regexp
#
# This machine is shared with CI runs and browser tests: hold the shared lock (flock, as above) while
# measuring. Builds offline. Extra arguments are JMH's own (a benchmark regexp, -p id=…, -prof gc …)
# and come after the defaults below, so they override them. Results: benchmarks/target/jmh-result.json
# (JMH's JSON), benchmarks/target/jmh-output.txt (the log), benchmarks/target/odds-jmh.md (the section);
# docs/performance.md is only rewritten by a complete run (every benchmark).
set -euo pipefail
cd "$(dirname "$0")/.."

mvn -q -o -pl benchmarks -am package -DskipTests

# One fork per benchmark, single thread, 3 × 1 s warm-up, 5 × 1 s measured (the mode, sample time
# in µs, is set on the benchmark classes).
defaults=(-f 1 -t 1 -wi 3 -w 1s -i 5 -r 1s)
java -jar benchmarks/target/benchmarks.jar --doc docs/performance.md --out benchmarks/target \
  "${defaults[@]}" "$@" 2>&1 | tee benchmarks/target/jmh-output.txt
