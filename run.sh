#!/usr/bin/env bash
# Builds Dicehall and starts it on Payara Micro with its embedded defaults, on loopback only.
#   ./run.sh            build, then serve http://127.0.0.1:8080/
#   PORT=9090 ./run.sh  another port
#   DICEHALL_HOME=dir   where the server keeps its database (data/), plugins (plugins/) and temporary files
#                       (default ./run)
#   DICEHALL_PLUGINS_DIR=dir  the folder of plugin JARs (rules systems) to load (default $DICEHALL_HOME/plugins,
#                       so this server does not share the ~/.dicehall/plugins of every other Dicehall you run)
#   DICEHALL_DB_URL=jdbc:postgresql://host:5432/db (with DICEHALL_DB_USER, DICEHALL_DB_PASSWORD)
#                       store in that PostgreSQL instead of the embedded H2
set -euo pipefail
cd "$(dirname "$0")"
PORT="${PORT:-8080}"
HOME_DIR="${DICEHALL_HOME:-$PWD/run}"
PLUGINS_DIR="${DICEHALL_PLUGINS_DIR:-$HOME_DIR/plugins}"

if [ "${SKIP_BUILD:-}" != "1" ]; then
  echo "Building Dicehall (tests skipped; run them with: mvn verify) ..."
  mvn -B -q -DskipTests package
fi

mkdir -p "$HOME_DIR/tmp" "$HOME_DIR/data" "$PLUGINS_DIR"
DATABASE=()
if [ -n "${DICEHALL_DB_URL:-}" ]; then
  # PostgreSQL as the server's default data source (README, "PostgreSQL").
  DATABASE=(--postbootcommandfile web/src/main/payara/postgres.asadmin --addlibs web/target/lib/postgresql.jar)
  JAVA_DB=(-Ddicehall.db.url="$DICEHALL_DB_URL" -Ddicehall.db.user="${DICEHALL_DB_USER:-dicehall}"
    -Ddicehall.db.password="${DICEHALL_DB_PASSWORD:-}")
else
  JAVA_DB=()
fi
export HZ_PHONE_HOME_ENABLED=false
java -Xmx1g \
  -Dhazelcast.phone.home.enabled=false -Dhazelcast.socket.bind.any=false -Djava.net.preferIPv4Stack=true \
  -Djava.io.tmpdir="$HOME_DIR/tmp" -Ddicehall.data.dir="$HOME_DIR/data" -Ddicehall.plugins.dir="$PLUGINS_DIR" \
  "${JAVA_DB[@]}" \
  -jar web/target/payara-micro.jar \
  --nocluster --disablephonehome --nohostaware \
  --prebootcommandfile web/src/main/payara/preboot.asadmin "${DATABASE[@]}" \
  --port "$PORT" \
  --deploy web/target/dicehall.war --contextroot / &
PID=$!
trap 'kill "$PID" 2>/dev/null; wait "$PID" 2>/dev/null' INT TERM EXIT

for _ in $(seq 1 240); do
  if ! kill -0 "$PID" 2>/dev/null; then
    echo "Payara Micro stopped before Dicehall was ready." >&2
    exit 1
  fi
  if curl -fsS "http://127.0.0.1:$PORT/api/systems" >/dev/null 2>&1; then
    echo
    echo "Dicehall is ready: open http://127.0.0.1:$PORT/  (API: http://127.0.0.1:$PORT/api/systems). Ctrl-C stops it."
    echo "Plugins (rules system JARs) are loaded from $PLUGINS_DIR as they are copied in."
    wait "$PID"
    exit $?
  fi
  sleep 1
done
echo "Dicehall did not answer within 240 s." >&2
exit 1
