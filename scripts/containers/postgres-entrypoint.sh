#!/usr/bin/env bash
# The official postgres image's start-up, reduced to what compose files use: on the first start
# (an empty PGDATA) initdb with POSTGRES_USER and POSTGRES_PASSWORD, create POSTGRES_DB, run
# /docker-entrypoint-initdb.d/*.sql and *.sh; then run the server as `postgres`.
set -Eeuo pipefail

if [ "${1:0:1}" = '-' ]; then set -- postgres "$@"; fi

if [ "$1" = postgres ] && [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA"
  chown postgres:postgres "$PGDATA"
  chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "${BASH_SOURCE[0]}" "$@"
fi

if [ "$1" = postgres ] && [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "${POSTGRES_USER:=postgres}"
  : "${POSTGRES_DB:=$POSTGRES_USER}"
  auth=${POSTGRES_HOST_AUTH_METHOD:-scram-sha-256}
  if [ -z "${POSTGRES_PASSWORD:-}" ] && [ "$auth" != trust ]; then
    echo 'Error: the database is uninitialized and POSTGRES_PASSWORD is not set.' >&2
    echo '       Set POSTGRES_PASSWORD (or POSTGRES_HOST_AUTH_METHOD=trust, never in production).' >&2
    exit 1
  fi
  if [ -n "${POSTGRES_PASSWORD:-}" ]; then
    initdb --username="$POSTGRES_USER" --pwfile=<(printf '%s\n' "$POSTGRES_PASSWORD") \
      --auth-local=trust --auth-host="$auth" ${POSTGRES_INITDB_ARGS:-} -D "$PGDATA"
  else
    initdb --username="$POSTGRES_USER" --auth-local=trust --auth-host=trust ${POSTGRES_INITDB_ARGS:-} -D "$PGDATA"
  fi
  printf '\nhost all all all %s\n' "$auth" >>"$PGDATA/pg_hba.conf"
  # A server for the set-up alone, reachable only through its socket; with the options the
  # command gives (e.g. unix_socket_directories), as the official image does.
  options=""
  [ $# -gt 1 ] && options="$(printf '%q ' "${@:2}")"
  pg_ctl -D "$PGDATA" -o "${options}-c listen_addresses=''" -w start
  if [ "$POSTGRES_DB" != postgres ]; then
    psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres \
      --set db="$POSTGRES_DB" <<<'CREATE DATABASE :"db";'
  fi
  for f in /docker-entrypoint-initdb.d/*; do
    case "$f" in
      *.sql) psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" -f "$f" ;;
      *.sh) . "$f" ;;
    esac
  done
  pg_ctl -D "$PGDATA" -m fast -w stop
  echo 'PostgreSQL init process complete; ready for start up.'
fi

exec "$@"
