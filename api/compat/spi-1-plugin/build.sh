#!/usr/bin/env bash
# Rebuilds spi-1-plugin.jar from src/, compiled against the API as it was at commit a63ae82 (SPI version 1,
# ../dicehall-api-a63ae82.jar; ../build.sh rebuilds that). The JAR is kept as it is built, never rebuilt by the
# build: it stands for a plugin a third party compiled then and ships unchanged. Its tests:
#   api-testkit  Spi1PluginTest        the contract kit on the JAR, and src/ compiling against today's API
#   web          ThirdPartyJarsIT      the JAR dropped into a running server's plugins directory, rolled and played
set -euo pipefail
cd "$(dirname "$0")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/classes"
javac --release 17 -Xlint:all -Werror -d "$work/classes" -cp ../dicehall-api-a63ae82.jar $(find src -name '*.java' | sort)
cp -r src/META-INF "$work/classes/"
# Entries in a fixed order and with a fixed time, so the same sources give the same JAR.
(cd "$work/classes" && jar --create --file ../plugin.jar --date 2026-01-01T00:00:00Z -M \
    $(find . -type f | sort | sed 's|^\./||'))
cp "$work/plugin.jar" spi-1-plugin.jar
