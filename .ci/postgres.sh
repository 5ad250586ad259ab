#!/usr/bin/env bash
# Starts Debian's PostgreSQL on loopback for the persistence tests, with a user and a database for
# them, and prints the environment the tests read. Source it: `. .ci/postgres.sh`.
set -euo pipefail
if ! command -v pg_ctlcluster >/dev/null; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq postgresql >/dev/null
fi
version=$(pg_lsclusters -h | awk 'NR==1 {print $1}')
cluster=$(pg_lsclusters -h | awk 'NR==1 {print $2}')
if [ -z "$version" ]; then
  version=$(ls /usr/lib/postgresql | sort -V | tail -1)
  cluster=main
  pg_createcluster "$version" "$cluster" >/dev/null
fi
# Loopback only.
mkdir -p "/etc/postgresql/$version/$cluster/conf.d"
echo "listen_addresses = '127.0.0.1'" > "/etc/postgresql/$version/$cluster/conf.d/dicehall-loopback.conf"
pg_ctlcluster "$version" "$cluster" start 2>/dev/null || pg_ctlcluster "$version" "$cluster" restart
port=$(pg_lsclusters -h | awk -v v="$version" -v c="$cluster" '$1==v && $2==c {print $3}')
su postgres -c "psql -q -p $port -tc \"SELECT 1 FROM pg_roles WHERE rolname='dicehall'\" | grep -q 1 || psql -q -p $port -c \"CREATE USER dicehall PASSWORD 'dicehall'\""
su postgres -c "psql -q -p $port -c 'DROP DATABASE IF EXISTS dicehall_it' && psql -q -p $port -c 'CREATE DATABASE dicehall_it OWNER dicehall'"
export DICEHALL_TEST_PG_URL="jdbc:postgresql://127.0.0.1:$port/dicehall_it"
export DICEHALL_TEST_PG_USER=dicehall
export DICEHALL_TEST_PG_PASSWORD=dicehall
export DICEHALL_TEST_PG_CLUSTER="$version $cluster"
echo "PostgreSQL $version/$cluster on 127.0.0.1:$port, database dicehall_it"
