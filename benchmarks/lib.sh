# Shared by the HTTP benchmark scripts (http.sh, soak.sh, cluster.sh): source it from the project's
# root. Loopback only; every server started here runs with --nocluster and no phone-home, and is
# stopped by its PID.

# Installs Debian's packages for the commands named, when missing (as root).
ensure_tools() {
  local tool missing=()
  for tool in "$@"; do command -v "$tool" >/dev/null || missing+=("$tool"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  [ "$(id -u)" = 0 ] || { echo "please install: ${missing[*]}" >&2; exit 1; }
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
}

# Builds the WAR (and fetches Payara Micro) unless they are there.
ensure_built() {
  [ -f web/target/dicehall.war ] && [ -f web/target/payara-micro.jar ] || mvn -B -q -DskipTests package
}

# start_dicehall PORT DIR [PREBOOT [WAR [PROBE]]]: Payara Micro with the WAR, its data and temp files in
# DIR; sets SERVER_PID, and STARTED_MS to the milliseconds from launch until PROBE answers 200.
# EXTRA_JAVA (JVM options, e.g. -Ddicehall.tables.group-commit=false) and EXTRA_DEPLOY (another WAR,
# deployed beside at /its-name) when set.
start_dicehall() {
  local port=$1 dir=$2 preboot=${3:-web/src/main/payara/preboot.asadmin} war=${4:-web/target/dicehall.war}
  local probe=${5:-/api/ping} start now
  mkdir -p "$dir/tmp" "$dir/data"
  start=$(date +%s%N)
  local extra_java=() extra_deploy=()
  [ -n "${EXTRA_JAVA:-}" ] && read -r -a extra_java <<< "$EXTRA_JAVA"
  local w
  for w in ${EXTRA_DEPLOY:-}; do extra_deploy+=(--deploy "$w"); done
  HZ_PHONE_HOME_ENABLED=false java -Xmx1g -Dhazelcast.phone.home.enabled=false -Dhazelcast.socket.bind.any=false \
    -Djava.net.preferIPv4Stack=true -Djava.io.tmpdir="$dir/tmp" -Ddicehall.data.dir="$dir/data" \
    -Ddicehall.plugins.dir="$dir/plugins" -Ddicehall.limits.rolls-per-second=0 "${extra_java[@]}" \
    -jar web/target/payara-micro.jar --nocluster --disablephonehome --nohostaware \
    --prebootcommandfile "$preboot" --port "$port" --deploy "$war" --contextroot / "${extra_deploy[@]}" \
    > "$dir/server.log" 2>&1 &
  SERVER_PID=$!
  for _ in $(seq 1 2400); do
    if curl -fsS -o /dev/null "http://127.0.0.1:$port$probe" 2>/dev/null; then
      now=$(date +%s%N); STARTED_MS=$(( (now - start) / 1000000 )); return 0
    fi
    kill -0 "$SERVER_PID" 2>/dev/null || { echo "server died; see $dir/server.log" >&2; return 1; }
    sleep 0.1
  done
  echo "server did not start" >&2; return 1
}

# trivial_war DIR: builds benchmarks/trivial (a JSON-B POST endpoint that does nothing: the ceiling) into
# DIR/trivial.war, deployed at /trivial, its endpoint POST /trivial/api/echo; prints the WAR's path.
trivial_war() {
  local dir=$1/trivial-build api
  api=$(find ~/.m2/repository/jakarta/platform/jakarta.jakartaee-api -name 'jakarta.jakartaee-api-10*.jar' | head -1)
  [ -n "$api" ] || mvn -B -q dependency:get -Dartifact=jakarta.platform:jakarta.jakartaee-api:10.0.0 >&2
  api=$(find ~/.m2/repository/jakarta/platform/jakarta.jakartaee-api -name 'jakarta.jakartaee-api-10*.jar' | head -1)
  mkdir -p "$dir/WEB-INF/classes"
  javac --release 17 -cp "$api" -d "$dir/WEB-INF/classes" benchmarks/trivial/Trivial.java >&2
  (cd "$dir" && jar cf ../trivial.war WEB-INF)
  echo "$1/trivial.war"
}

# trivial_faces_war DIR: builds benchmarks/trivial-faces (one button re-rendering one number: the ceiling of a
# Faces ajax round trip) into DIR/trivial-faces.war, deployed at /trivial-faces; prints the WAR's path.
trivial_faces_war() {
  local dir=$1/trivial-faces-build api
  api=$(find ~/.m2/repository/jakarta/platform/jakarta.jakartaee-api -name 'jakarta.jakartaee-api-10*.jar' | head -1)
  [ -n "$api" ] || mvn -B -q dependency:get -Dartifact=jakarta.platform:jakarta.jakartaee-api:10.0.0 >&2
  api=$(find ~/.m2/repository/jakarta/platform/jakarta.jakartaee-api -name 'jakarta.jakartaee-api-10*.jar' | head -1)
  mkdir -p "$dir/WEB-INF/classes"
  cp -r benchmarks/trivial-faces/WEB-INF benchmarks/trivial-faces/index.xhtml "$dir/"
  javac --release 17 -cp "$api" -d "$dir/WEB-INF/classes" benchmarks/trivial-faces/Counter.java >&2
  (cd "$dir" && jar cf ../trivial-faces.war WEB-INF index.xhtml)
  echo "$1/trivial-faces.war"
}

# store_mib DIR: the size of the embedded H2 store of the server started in DIR, in MiB.
store_mib() {
  local file=$1/data/dicehall.mv.db
  [ -f "$file" ] && awk -v b="$(stat -c %s "$file")" 'BEGIN {printf "%.1f", b / 1048576}' || echo 0
}

# stored_rolls DIR: "ROLLS LIVE_MIB" for the (stopped) server started in DIR: how many rolls its embedded
# H2 holds, and the space H2 counts as used by the tables' live rows and indexes (DISK_SPACE_USED),
# read with the H2 that Payara Micro carries.
stored_rolls() {
  local h2=$1/h2.jar
  unzip -p web/target/payara-micro.jar MICRO-INF/runtime/h2.jar > "$h2"
  java -cp "$h2" org.h2.tools.Shell -url "jdbc:h2:$1/data/dicehall" -user "" -password "" -sql \
    "SELECT (SELECT COUNT(*) FROM dh_roll) AS rolls, (DISK_SPACE_USED('DH_TABLE') + DISK_SPACE_USED('DH_MEMBER')
     + DISK_SPACE_USED('DH_ROLL') + DISK_SPACE_USED('DH_ROLL_STEP')) / 1048576.0 AS live" \
    | awk 'NR == 2 {printf "%d %.1f\n", $1, $3}'
}

# Stops the server start_dicehall started, and waits until it is gone.
stop_dicehall() {
  if [ -n "${SERVER_PID:-}" ]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
  SERVER_PID=""
}

# run_wrk URL [SCRIPT] with DURATION (s) and CONNECTIONS: prints "requests/s p50-ms p99-ms non-2xx".
run_wrk() {
  local url=$1 script=${2:-} out
  local args=(-t2 -c"${CONNECTIONS:-32}" -d"${DURATION:-15}s" --latency)
  [ -n "$script" ] && args+=(-s "$script")
  out=$(mktemp)
  wrk "${args[@]}" "$url" > "$out"
  awk '
    function ms(v) { if (v ~ /us$/) return v/1000; if (v ~ /ms$/) return v+0; if (v ~ /s$/) return v*1000; return v }
    /Requests\/sec/ {rps=$2}
    /^ +50%/ {p50=ms($2)} /^ +99%/ {p99=ms($2)}
    /Non-2xx/ {bad=$NF}
    END {printf "%.0f %.2f %.2f %s\n", rps, p50, p99, (bad==""?0:bad)}' "$out"
  rm -f "$out"
}

# run_paced URL SCRIPT RATE: wrk at about RATE requests/s in all (8 connections, each pausing 8/RATE s
# between requests); prints "requests/s p50-ms p99-ms non-2xx" as run_wrk does.
run_paced() {
  local url=$1 script=$2 rate=$3 paced
  paced=$(mktemp --suffix=.lua)
  cat "$script" > "$paced"
  echo "delay = function() return $(awk -v r="$rate" 'BEGIN {printf "%d", 8000 / (r > 1 ? r : 1)}') end" >> "$paced"
  CONNECTIONS=8 run_wrk "$url" "$paced"
  rm -f "$paced"
}

# open_tables BASE N FILE: opens N tables and writes their ids to FILE, one a line.
open_tables() {
  local base=$1 n=$2 file=$3 i answer
  : > "$file"
  for i in $(seq 1 "$n"); do
    answer=$(curl -sS -X POST -H 'Content-Type: application/json' -d "{\"name\":\"Bench $i\"}" "$base/api/tables")
    case "$answer" in
      *'"id":"'*) echo "$answer" | sed 's/.*"id":"\([^"]*\)".*/\1/' >> "$file" ;;
      *) echo "opening table $i failed: $answer" >&2 ;;
    esac
  done
  [ -s "$file" ] || { echo "no table could be opened at $base" >&2; return 1; }
}

# post_lua BODY [TABLES-FILE]: a wrk script posting BODY; with a file of table ids, to
# /api/tables/{id}/rolls, one table after the other.
post_lua() {
  local body=$1 tables=${2:-}
  echo "wrk.method = \"POST\""
  echo "wrk.headers[\"Content-Type\"] = \"application/json\""
  echo "wrk.body = '$body'"
  if [ -n "$tables" ]; then
    echo 'local ids = {}'
    while read -r id; do echo "table.insert(ids, \"$id\")"; done < "$tables"
    cat <<'LUA'
local n = 0
request = function()
  n = n + 1
  return wrk.format(nil, "/api/tables/" .. ids[(n % #ids) + 1] .. "/rolls")
end
LUA
  fi
}

# heap_mib PID: heap in use after two full collections, in MiB.
heap_mib() {
  jcmd "$1" GC.run > /dev/null 2>&1 || true; sleep 1; jcmd "$1" GC.run > /dev/null 2>&1 || true
  jcmd "$1" GC.heap_info 2>/dev/null \
    | awk '/used/ {for (i=1;i<=NF;i++) if ($i=="used") {v=$(i+1); sub("K","",v); print int(v/1024); exit}}'
}

# ratio A B: A as a whole percentage of B.
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {if (b > 0) printf "%.0f%%", 100*a/b; else print "n/a"}'; }

# machine: one line naming the machine the figures come from.
machine() {
  local cpu
  cpu=$(awk -F: '/model name/ {print $2; exit}' /proc/cpuinfo | sed 's/^ *//')
  echo "$(nproc) cores, ${cpu:-unknown CPU}, $(free -g | awk '/Mem/ {print $2}') GiB, $(java -version 2>&1 | sed -n 1p)"
}

# fold_section NAME SCRIPT FILE: puts FILE into docs/performance.md between NAME's markers (appended
# the first time).
fold_section() {
  local name=$1 script=$2 file=$3 doc=docs/performance.md
  local begin="<!-- BEGIN $name: generated by $script; everything up to END is replaced on the next run -->"
  local end="<!-- END $name -->"
  [ -f "$doc" ] || echo "# Performance" > "$doc"
  if grep -qF "$begin" "$doc"; then
    awk -v b="$begin" -v e="$end" -v f="$file" '
      $0 == b {print; while ((getline line < f) > 0) print line; skip=1; next}
      $0 == e {skip=0}
      !skip {print}' "$doc" > "$doc.new" && mv "$doc.new" "$doc"
  else
    { echo; echo "$begin"; cat "$file"; echo "$end"; } >> "$doc"
  fi
  echo "wrote the $name section of $doc"
}

# page_timing LOG: a Markdown table of the page-timing lines a server started with -Ddicehall.page-timing=true
# logged (PageTiming): per page and request source, the count and the median processor and server times, and,
# for an answer sent in parts, the same up to its first part's leaving ("sent": a roll's card) and, for a roll
# pushed with its row as the other members see it, up to that push ("pushed"), in whichever order they came.
page_timing() {
  grep -o 'page-timing [^ ]* [^ ]* cpu=[0-9.]* ms wall=[0-9.]* ms.*' "$1" \
    | awk 'function grab(line, point,   p) {
             if (!match(line, point "cpu=[0-9.]+ ms wall=[0-9.]+")) { return "-\t-" }
             split(substr(line, RSTART, RLENGTH), p, /[= ]/); return p[2] "\t" p[5] }
           { print $2 " " $3 "\t" grab($0, "") "\t" grab($0, "sent:") "\t" grab($0, "pushed:") }' \
    | sort -t$'\t' -k1,1 > "$1.timing"
  echo "| page | request | count | processor, median ms | server, median ms | first part sent: processor, server | pushed with its row: processor, server |"
  echo "|---|---|---|---|---|---|---|"
  cut -f1 "$1.timing" | uniq | while read -r key; do
    local n cols=()
    n=$(grep -cF "$key"$'\t' "$1.timing")
    for k in 2 3 4 5 6 7; do
      cols+=("$(grep -F "$key"$'\t' "$1.timing" | cut -f$k | awk '$1 != "-"' | sort -n \
        | awk '{ a[NR] = $1 } END { print NR ? a[int((NR + 1) / 2)] : "" }')")
    done
    echo "| ${key%% *} | ${key#* } | $n | ${cols[0]} | ${cols[1]} | ${cols[2]:+${cols[2]}, ${cols[3]}} | ${cols[4]:+${cols[4]}, ${cols[5]}} |"
  done
}
