#!/usr/bin/env bash
# Every benchmark, one after the other, each writing its section of docs/performance.md:
#   run.sh      odds (JMH)                                      about 8 minutes
#   http.sh     HTTP throughput and latency, start-up, memory   about 8 minutes
#   cluster.sh  the local cluster through its front             about 6 minutes
#   soak.sh     steady load with live subscribers               SOAK_MINUTES, default 10
#
#   flock /tmp/dicehall-payara.lock benchmarks/all.sh
#   SKIP_SOAK=1 benchmarks/all.sh      (everything but the soak)
# Benchmarks report; they never fail the build, and nothing here runs in `mvn verify`.
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B -q -DskipTests clean package # clean: the WAR plugin keeps stale classes in its exploded copy
started=$(date +%s)
benchmarks/run.sh
benchmarks/http.sh
benchmarks/cluster.sh
[ "${SKIP_SOAK:-0}" = 1 ] || benchmarks/soak.sh
echo "all benchmarks done in $(( ($(date +%s) - started) / 60 )) minutes; figures in docs/performance.md"
