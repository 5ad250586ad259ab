#!/usr/bin/env bash
# What a player feels at a table, in headless Chromium (Debian's): a GM and a player at desktop size and a
# player on a phone at one table, against a trivial Faces page deployed beside Dicehall on the same Payara
# Micro (benchmarks/trivial-faces: one button re-rendering one number), in the same run. Measured, at a table
# with 5 and with 500 rolls in its log: roll → the roller's own card, roll → each other member's feed showing
# it with its dice, the odds after typing, the size of the roll's and the push's answers, and the largest
# scroll a window made that nobody asked for. Writes benchmarks/target/table-browser.md and its section of
# docs/performance.md.
#   flock /tmp/dicehall-payara.lock benchmarks/table-browser.sh     (about 6 minutes; installs chromium and node when missing and root)
#   BENCH_SAMPLES=N: rolls timed in each cell (40: with 20, a cell's median moved by 2-6 ms from one run to the
#   next on two busy cores)
#   BENCH_WARMUP=N: rolls made untimed first, at a table of their own, and as many presses of the trivial page, so
#   that both are measured warm (1200: the server's processor time to a card fell from 6.3 ms over its first 100
#   plays to 3.0 ms by its 900th, as the JIT compiled the roll's code; a server that has run for an evening has)
set -euo pipefail
cd "$(dirname "$0")/.."
. benchmarks/lib.sh
OUT=benchmarks/target
mkdir -p "$OUT/browser"
PORT="${BENCH_PORT:-18080}"
SAMPLES="${BENCH_SAMPLES:-40}"
ensure_tools chromium npm
ensure_built
WORK=$(mktemp -d)
trap 'stop_dicehall; rm -rf "$WORK"' EXIT
FACES_WAR=$(trivial_faces_war "$WORK")

# Playwright's client library alone, driving Debian's Chromium (it never downloads a browser of its own).
cp benchmarks/browser/table.mjs "$OUT/browser/"
[ -d "$OUT/browser/node_modules/playwright-core" ] \
  || npm install --silent --no-save --no-package-lock --prefix "$OUT/browser" playwright-core@1 >/dev/null

EXTRA_JAVA="${EXTRA_JAVA:-} -Ddicehall.page-timing=true" EXTRA_DEPLOY="$FACES_WAR" start_dicehall "$PORT" "$WORK/server" web/src/main/payara/preboot.asadmin web/target/dicehall.war /api/systems
# The second application may still be deploying when Dicehall first answers: give it a minute.
for _ in $(seq 1 60); do
  curl -fsS -o /dev/null "http://127.0.0.1:$PORT/trivial-faces/index.xhtml" 2>/dev/null && break
  sleep 1
done
curl -fsS -o /dev/null "http://127.0.0.1:$PORT/trivial-faces/index.xhtml" \
  || { echo "the trivial Faces page does not answer" >&2; exit 1; }
STARTED=$(date -u +'%Y-%m-%d %H:%M')
node "$OUT/browser/table.mjs" "http://127.0.0.1:$PORT/" "$SAMPLES" "$WORK/rows.md" > "$OUT/table-browser.json"
{
  echo
  echo "Run of \`benchmarks/table-browser.sh\` on $STARTED UTC, $(machine), load $(cut -d' ' -f1-3 /proc/loadavg) at the end."
  echo
  cat "$WORK/rows.md"
  echo
  echo "The server's side of the table page's requests over the whole run (PageTiming): processor time of the"
  echo "request's thread, which the machine's other load does not change, and time on the server; medians; for an"
  echo "answer sent in parts (a roll's), the same up to its first part's leaving."
  echo
  page_timing "$WORK/server/server.log"
} > "$OUT/table-browser.md"
cat "$OUT/table-browser.md"
fold_section table-browser benchmarks/table-browser.sh "$OUT/table-browser.md"
