#!/bin/sh
# Run once, by the postgres image, on the first start of an empty database volume (compose.yaml
# mounts this folder at /docker-entrypoint-initdb.d). The app's own role and database:
# - `app` logs in with APP_DB_PASSWORD (POSTGRES_PASSWORD of .env) and owns the database `app`
#   and what the app's migrations create in it; it is no superuser and cannot create roles or
#   databases.
# - The superuser `postgres` loses its password, so nobody logs in as it over the network; an
#   operator reaches it inside the container: `podman exec -it <db container> psql -U postgres`.
# The password is read by psql from the environment, never put on a command line.
set -eu
psql -v ON_ERROR_STOP=1 --username "${POSTGRES_USER:-postgres}" --dbname postgres <<'SQL'
\getenv app_password APP_DB_PASSWORD
CREATE ROLE app LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD :'app_password';
CREATE DATABASE app OWNER app;
REVOKE CONNECT, TEMPORARY ON DATABASE app FROM PUBLIC;
ALTER ROLE CURRENT_USER PASSWORD NULL;
SQL
