#!/usr/bin/env bash
# Rebuilds dicehall-api-a63ae82.jar: the API as it was at commit a63ae82 (SPI version 1), before anything of 0.2.
# It is the baseline of the build's API compatibility check (japicmp, in api/pom.xml and api-testkit/pom.xml)
# and the API that the SPI 1 plugin fixture (web/src/test/fixtures/spi-1-plugin) was compiled against.
# Needs git, Java 17 and Maven with the old API's build dependencies in the local repository.
set -euo pipefail
cd "$(dirname "$0")"
repo=$(git rev-parse --show-toplevel)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git -C "$repo" archive a63ae82 pom.xml api | tar -x -C "$work"
mvn -B -ntp -q -f "$work/api/pom.xml" package -DskipTests
cp "$work/api/target/dicehall-api-0.1.0-SNAPSHOT.jar" dicehall-api-a63ae82.jar
