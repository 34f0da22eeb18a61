#!/usr/bin/env bash
# The compose stack's day-to-day commands, the same with Docker Compose and with Debian's
# podman-compose 1.0 (docs/deploy.md is the guide; docs/decisions/028 says why it works this way).
#
#   deploy/stack.sh setup              .env from .env.example, its secrets generated; says what is left
#   deploy/stack.sh check              is .env complete? names each missing or malformed line
#   deploy/stack.sh start              builds the image if there is none, starts everything, waits for https
#   deploy/stack.sh upgrade            builds the image from this folder (after `git pull`) under a new
#                                      tag, then replaces app1 and app2 one at a time
#   deploy/stack.sh upgrade --config   the running image again, with the settings now in .env
#   deploy/stack.sh rollback [TAG]     back to the image that ran before (or TAG), one replica at a time
#   deploy/stack.sh images             the app images on this machine; the running one is marked
#   deploy/stack.sh restart SERVICE    one service (app1, app2, proxy, db); a replica drains first
#   deploy/stack.sh status             what runs, each replica's /healthz, the site's answer over https
#   deploy/stack.sh ca                 Caddy's own authority's certificate (TLS_MODE=internal), for curl --cacert
#   deploy/stack.sh backup [DIR]       a database backup (kept in the volume), copied to DIR (./backups)
#   deploy/stack.sh schedule [DIR]     the backup every night at 03:30 (a systemd timer), copied to DIR
#   deploy/stack.sh drill [FILE]       the restore drill: a backup into a scratch database, rows counted
#   deploy/stack.sh restore FILE       a backup into a new, empty stack (the disaster restore);
#                                      --replace: into this stack, replacing its data
#   deploy/stack.sh invite EMAIL [--owner] [--name NAME]  a team invitation; prints its link
#   deploy/stack.sh logs [-f] [--since 1h] [SERVICE...]   the JSON lines of app1 and app2, for jq
#   deploy/stack.sh stop               stops everything (draining the replicas); `start` starts again
#   deploy/stack.sh boot               makes the stack start when the server boots
#
# A replica is replaced by draining: the old one answers /healthz with 503, Caddy (which checks every
# replica every second) stops sending it requests, it finishes what is in flight and exits; the new
# one gets requests once its /healthz answers 200 (after migrations and its first content sync).
# The other replica serves all the while, so no request fails. Plain `up -d` is not used for this:
# podman-compose 1.0 does not recreate a changed container, and `--force-recreate` recreates all.
#
# Nothing here prints a secret: podman-compose echoes every command with its environment, so its
# output goes to a private log file and only its error lines are shown.
#
# Settings (environment): STACK_TOOL=docker|podman (default: whichever is installed),
# COMPOSE_FILE (compose files, ':'-separated; default compose.yaml), COMPOSE_PROJECT_NAME (default:
# the folder's name), IMAGE_REPO (default localhost/bewegungscoaching), STACK_DIR (the folder with
# compose.yaml and .env; default the checkout this script is in, which is also what is built).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
STACK_DIR=${STACK_DIR:-$ROOT}
cd "$STACK_DIR"
PROJECT=${COMPOSE_PROJECT_NAME:-$(basename "$STACK_DIR" | tr '[:upper:]' '[:lower:]' | tr -cd 'a-z0-9_-')}
IMAGE_REPO=${IMAGE_REPO:-localhost/bewegungscoaching}
# How long a replica may take to drain (compose.yaml's stop_grace_period) and to become ready.
# podman-compose 1.0 ignores stop_grace_period: compose() gives every container it creates this
# stop timeout itself, which every later `podman stop` (Podman's boot service at a shutdown too) uses.
STOP_TIMEOUT=20
READY_TIMEOUT=240
# Caddy checks each replica every second: after this long it has noticed a change of /healthz.
PROXY_NOTICES=3

# A dropped SSH session must not stop an upgrade between two replicas: hang-ups and a closed
# terminal are ignored, and so are failed writes to it.
trap '' HUP PIPE
say() { printf '%s\n' "$*" >&2 || true; }
step() { printf '== %s\n' "$*" >&2 || true; }
die() {
  printf '✖ %s\n' "$*" >&2 || true
  exit 1
}

# ---------------------------------------------------------------------------------------------
# The tool: Docker Compose (`docker compose`) or podman-compose, and the engine under it.

if [ -n "${STACK_TOOL:-}" ]; then
  TOOL=$STACK_TOOL
elif docker compose version >/dev/null 2>&1; then
  TOOL=docker
elif command -v podman-compose >/dev/null 2>&1; then
  TOOL=podman
else
  die "Neither Docker Compose ('docker compose') nor podman-compose is installed (docs/deploy.md, step 3)."
fi
case $TOOL in docker | podman) ENGINE=$TOOL ;; *) die "STACK_TOOL must be docker or podman, not '$TOOL'." ;; esac

PRIVATE_LOG=$(mktemp "${TMPDIR:-/tmp}/stack-log.XXXXXX")
chmod 600 "$PRIVATE_LOG"
trap 'rm -f "$PRIVATE_LOG"' EXIT

compose_files() {
  local files file
  IFS=: read -ra files <<<"${COMPOSE_FILE:-compose.yaml}"
  for file in "${files[@]}"; do printf -- '-f\n%s\n' "$file"; done
}

# Runs the compose tool with its output in the private log; on failure shows podman's and
# compose's own messages (never the echoed commands, which hold the environment).
compose() {
  local args
  mapfile -t args < <(compose_files)
  local status=0
  if [ "$TOOL" = docker ]; then
    docker compose -p "$PROJECT" "${args[@]}" "$@" >"$PRIVATE_LOG" 2>&1 || status=$?
  else
    podman-compose -p "$PROJECT" --podman-run-args="--stop-timeout=$STOP_TIMEOUT" "${args[@]}" "$@" >"$PRIVATE_LOG" 2>&1 || status=$?
  fi
  if [ $status -ne 0 ]; then
    compose_errors >&2
    die "$TOOL compose $* failed (exit $status)."
  fi
}

# The lines of the private log that are messages, not podman-compose's echo of what it runs.
compose_errors() {
  grep -vE "^(podman |\['podman'|exit code:|\*\* |using podman version|podman-compose version|podman version|[0-9a-f]{64}$)" \
    "$PRIVATE_LOG" | grep -vE 'level=(error|warning) msg="(unable to get systemd connection|Removing timer)|failed to connect to syslog' |
    grep -v '^$' | tail -n 20 || true
}

# The engine (docker or podman) for a command whose output is not wanted: its messages are shown
# when it fails (podman without systemd, as in some containers, also reports harmless timer errors).
engine() {
  if ! $ENGINE "$@" >"$PRIVATE_LOG" 2>&1; then
    grep -v 'unable to get systemd connection' "$PRIVATE_LOG" >&2 || true
    die "$ENGINE $1 failed."
  fi
}

# The container of a service (running or not), by the labels both tools set.
container_of() {
  $ENGINE ps -a -q --filter "label=com.docker.compose.project=$PROJECT" \
    --filter "label=com.docker.compose.service=$1" | head -n 1
}
running() { [ "$($ENGINE inspect --format '{{.State.Running}}' "$1" 2>/dev/null)" = true ]; }

# ---------------------------------------------------------------------------------------------
# .env: read, written, checked.

[ -f .env ] || [ "${1:-}" = setup ] || [ "${1:-}" = help ] || [ -z "${1:-}" ] ||
  die "There is no .env in $STACK_DIR. Run: deploy/stack.sh setup   (docs/deploy.md, step 4)"

# A variable's value in .env (the last line that sets it wins, as for both tools).
env_value() {
  local line
  line=$(grep -E "^[[:space:]]*$1=" .env 2>/dev/null | tail -n 1) || true
  line=${line#*=}
  line=${line%\"}
  line=${line#\"}
  line=${line%\'}
  line=${line#\'}
  printf '%s' "$line"
}

# The app's replicas: the services of compose.yaml that Caddy sends requests to (docs/deploy.md, step 14).
read -ra REPLICAS <<<"$(env_value APP_REPLICAS)"
[ ${#REPLICAS[@]} -gt 0 ] || REPLICAS=(app1 app2)

# Sets NAME=VALUE in .env: the last line that sets it is changed, or a line is added.
set_env_value() {
  local name=$1 value=$2 last
  last=$(grep -nE "^[[:space:]]*$name=" .env | tail -n 1 | cut -d: -f1) || true
  if [ -n "$last" ]; then
    local tmp
    tmp=$(mktemp .env.XXXXXX)
    chmod 600 "$tmp"
    awk -v n="$last" -v line="$name=$value" 'NR == n { print line; next } { print }' .env >"$tmp"
    cat "$tmp" >.env
    rm -f "$tmp"
  else
    printf '%s=%s\n' "$name" "$value" >>.env
  fi
}

# Reminders (no mail, no codes) are said by setup and check, not by every command.
NOTES=""
note() { [ -z "$NOTES" ] || say "Note: $*"; }

check_env() {
  local problems=()
  local domain email password code secret tls http https
  domain=$(env_value SITE_DOMAIN)
  email=$(env_value ACME_EMAIL)
  password=$(env_value POSTGRES_PASSWORD)
  code=$(env_value TEAM_ACCESS_CODE)
  secret=$(env_value AUTH_SECRET)
  tls=$(env_value TLS_MODE)
  http=$(env_value HTTP_PUBLISH)
  https=$(env_value HTTPS_PUBLISH)
  if [ -z "$domain" ]; then
    problems+=("SITE_DOMAIN is empty: the site's name, e.g. SITE_DOMAIN=www.example.org (its DNS points at this server)")
  elif ! [[ $domain =~ ^[A-Za-z0-9.-]+$ ]]; then
    problems+=("SITE_DOMAIN=$domain is not a plain name: write it without https:// and without a slash, e.g. www.example.org")
  fi
  [[ $email =~ ^[^@[:space:]]+@[^@[:space:]]+$ ]] ||
    problems+=("ACME_EMAIL must be your e-mail address (the certificate authority writes to it), e.g. ACME_EMAIL=you@example.org")
  if [ -z "$password" ]; then
    problems+=("POSTGRES_PASSWORD is empty: put in the output of   openssl rand -hex 24")
  elif ! [[ $password =~ ^[A-Za-z0-9._~-]{16,}$ ]]; then
    problems+=("POSTGRES_PASSWORD must be 16 or more letters, digits or . _ ~ - (it goes into a URL): openssl rand -hex 24")
  fi
  [[ $code =~ ^[0-9]{4}$ ]] ||
    problems+=("TEAM_ACCESS_CODE must be 4 digits (the team dashboard's code): shuf -i 1000-9999 -n 1")
  [ ${#secret} -ge 32 ] ||
    problems+=("AUTH_SECRET must be 32 characters or more: put in the output of   openssl rand -base64 48")
  [[ -z $tls || $tls == acme || $tls == internal ]] ||
    problems+=("TLS_MODE must be empty (a certificate from Let's Encrypt) or internal (a test machine), not '$tls'")
  local publish
  for publish in "HTTP_PUBLISH=$http" "HTTPS_PUBLISH=$https"; do
    [[ ${publish#*=} =~ ^(([0-9]{1,3}\.){3}[0-9]{1,3}:)?[0-9]*$ ]] ||
      problems+=("${publish%%=*} is a port (443) or an address and a port (127.0.0.1:8443), not '${publish#*=}'")
  done
  local codes
  codes=$(env_value ACCESS_CODES)
  [[ -z $codes || $codes =~ ^[A-Za-z0-9]{5}([[:space:]]*,[[:space:]]*[A-Za-z0-9]{5})*$ ]] ||
    problems+=("ACCESS_CODES are 5 letters or digits each, separated by commas, e.g. ACCESS_CODES=K7QX2,M4RTA")
  [ -n "$codes" ] || note "ACCESS_CODES is empty, so nobody can open the application form."
  [ -n "$(env_value SMTP_URL)" ] ||
    note "SMTP_URL is empty, so no mail leaves the server (they are kept as files in the replicas' data volumes)."
  [[ $(env_value MAIL_FROM) != *example.org* ]] ||
    note "MAIL_FROM still says example.org: put in your sender, e.g. MAIL_FROM=Bewegungscoaching <hallo@your-domain>"
  if [ ${#problems[@]} -gt 0 ]; then
    say "Fill in .env ($STACK_DIR/.env):"
    local p
    for p in "${problems[@]}"; do say "  - $p"; done
    return 1
  fi
  [ "$(stat -c %a .env)" = 600 ] || note ".env holds secrets: chmod 600 .env"
  return 0
}

cmd_setup() {
  if [ ! -f .env ]; then
    (umask 077 && cp .env.example .env)
    say "Wrote .env from .env.example (readable by you only)."
  fi
  chmod 600 .env
  local filled=()
  if [ -z "$(env_value POSTGRES_PASSWORD)" ]; then
    set_env_value POSTGRES_PASSWORD "$(openssl rand -hex 24)"
    filled+=(POSTGRES_PASSWORD)
  fi
  if [ -z "$(env_value AUTH_SECRET)" ]; then
    set_env_value AUTH_SECRET "$(openssl rand -base64 48 | tr -d '\n')"
    filled+=(AUTH_SECRET)
  fi
  if [ -z "$(env_value TEAM_ACCESS_CODE)" ]; then
    set_env_value TEAM_ACCESS_CODE "$(shuf -i 1000-9999 -n 1)"
    filled+=(TEAM_ACCESS_CODE)
  fi
  if [ -z "$(env_value ACCESS_CODES)" ]; then
    # One code to begin with, without the look-alikes 0/O and 1/I.
    set_env_value ACCESS_CODES "$(openssl rand -base64 96 | tr -dc 'A-HJ-NP-Z2-9' | cut -c1-5)"
    filled+=(ACCESS_CODES)
  fi
  [ ${#filled[@]} -eq 0 ] || say "Generated in .env: ${filled[*]} (keep a copy of .env in your password manager)."
  if check_env; then say "✔ .env is complete. Next: deploy/stack.sh start"; else say "Then run: deploy/stack.sh check"; fi
}

cmd_check() {
  check_env || exit 1
  say "✔ .env is complete."
}

# ---------------------------------------------------------------------------------------------
# Images.

current_image() {
  local image
  image=$(env_value APP_IMAGE)
  printf '%s' "${image:-$IMAGE_REPO:latest}"
}
image_exists() { $ENGINE image inspect "$1" >/dev/null 2>&1; }

# Builds the image from the checkout under a tag of its own (date, time, commit): a new build
# never overwrites the one that runs, so a roll-back has it.
build_image() {
  local revision tag
  revision=$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo local)
  git -C "$ROOT" diff --quiet HEAD 2>/dev/null || revision="$revision-changed"
  tag="$IMAGE_REPO:$(date -u +%Y%m%d-%H%M%S)-$revision"
  step "Building $tag from $ROOT (the first build takes about 5 minutes)"
  local build=("$ENGINE" build -t "$tag" --label "org.opencontainers.image.revision=$revision"
    --label "org.opencontainers.image.created=$(date -u +%Y-%m-%dT%H:%M:%SZ)")
  # podman's default image format drops HEALTHCHECK.
  [ "$ENGINE" = podman ] && build+=(--format docker)
  # Its steps as they come (the first build takes minutes), the rest of its output only on failure.
  "${build[@]}" "$ROOT" >"$PRIVATE_LOG" 2>&1 &
  local pid=$!
  tail -n +1 -f --pid="$pid" "$PRIVATE_LOG" 2>/dev/null |
    grep --line-buffered -E '^(\[[0-9]+/[0-9]+\] )?STEP [0-9]+/[0-9]+:|^#[0-9]+ \[' |
    sed -u -e 's/^\(.\{96\}\).*/\1/' -e 's/^/   /' >&2 || true
  if ! wait "$pid"; then
    tail -n 30 "$PRIVATE_LOG" >&2
    die "The image build failed (above). Nothing was changed."
  fi
  BUILT=$tag
}

cmd_images() {
  local current
  current=$(current_image)
  $ENGINE images --format '{{.Repository}}:{{.Tag}} {{.Size}}' | grep "^$IMAGE_REPO:" | sort -r |
    while read -r image size; do
      if [ "$image" = "$current" ]; then echo "* $image $size (running)"; else echo "  $image $size"; fi
    done
}

# ---------------------------------------------------------------------------------------------
# Replicas.

# Whether a replica's /healthz answers 200, asked inside its container (no port is published).
replica_healthy() {
  $ENGINE exec "$1" node -e \
    "fetch('http://127.0.0.1:3000/healthz',{signal:AbortSignal.timeout(3000)}).then((r)=>process.exit(r.ok?0:1),()=>process.exit(1))" \
    >/dev/null 2>&1
}

wait_ready() {
  local service=$1 id deadline
  deadline=$((SECONDS + READY_TIMEOUT))
  while :; do
    id=$(container_of "$service")
    if [ -n "$id" ] && running "$id" && replica_healthy "$id"; then return 0; fi
    if [ $SECONDS -ge $deadline ]; then
      [ -n "$id" ] && { say "The last lines of $service's log:"; $ENGINE logs --tail 30 "$id" >&2 2>&1 || true; }
      return 1
    fi
    sleep 1
  done
}

# Stops a replica by draining it (SIGTERM; it exits by itself within the grace period).
drain_replica() {
  local id=$1
  engine stop -t "$STOP_TIMEOUT" "$id"
}

# Replaces one replica with a container of the image in .env (APP_IMAGE), or starts it.
replace_replica() {
  local service=$1 id started
  started=$SECONDS
  id=$(container_of "$service")
  if [ -n "$id" ]; then
    if running "$id"; then step "$service: draining the old replica (the other one serves meanwhile)"; fi
    drain_replica "$id"
    engine rm "$id"
  fi
  step "$service: starting $(current_image)"
  if [ "$TOOL" = docker ]; then compose up -d --no-deps --no-build "$service"; else compose up -d --no-build "$service"; fi
  if ! wait_ready "$service"; then
    die "$service did not become ready within ${READY_TIMEOUT}s (its log is above). The other replica still serves. Go back with: deploy/stack.sh rollback"
  fi
  # Caddy puts it back into rotation at its next check; only then is the next replica touched.
  sleep "$PROXY_NOTICES"
  say "   $service ready after $((SECONDS - started)) s"
}

remember_image() { printf '%s %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$1" >>.stack-history; }

roll_replicas() {
  local image=$1 previous started=$SECONDS
  image_exists "$image" || die "There is no image $image on this machine (deploy/stack.sh images lists them)."
  previous=$(current_image)
  # The history of what ran (rollback reads it): the image that runs now first, if it is not the last entry.
  [ "$(tail -n 1 .stack-history 2>/dev/null | awk '{ print $2 }')" = "$previous" ] || remember_image "$previous"
  set_env_value APP_IMAGE "$image"
  remember_image "$image"
  [ "$previous" = "$image" ] || say "APP_IMAGE in .env: $previous → $image"
  # Before anything changes, a backup (the new version's migrations run when its first replica
  # starts): `restore --replace` with it undoes them.
  local first
  first=$(container_of "${REPLICAS[0]}")
  if [ -n "$first" ] && running "$first"; then say "Backup before the change: $(cmd_backup)"; fi
  local service
  for service in "${REPLICAS[@]}"; do replace_replica "$service"; done
  step "Done in $((SECONDS - started)) s: app1 and app2 run $image"
  [ "$previous" = "$image" ] || say "To go back: deploy/stack.sh rollback   (or: deploy/stack.sh rollback $previous)"
}

cmd_upgrade() {
  check_env || exit 1
  if [ "${1:-}" = --config ]; then
    roll_replicas "$(current_image)"
  elif [ "${1:-}" = --image ]; then
    [ -n "${2:-}" ] || die "upgrade --image needs an image, e.g. $IMAGE_REPO:20261124-093000-1a2b3c4"
    roll_replicas "$2"
  else
    build_image
    roll_replicas "$BUILT"
  fi
}

# The image that ran before the current one (from .stack-history, which every upgrade extends).
previous_image() {
  local current
  current=$(current_image)
  [ -f .stack-history ] || return 0
  awk '{ print $2 }' .stack-history | grep -vxF "$current" | tail -n 1
}

cmd_rollback() {
  check_env || exit 1
  local image=${1:-}
  [ -n "$image" ] || image=$(previous_image)
  [ -n "$image" ] || die "No earlier image is recorded in .stack-history: name one (deploy/stack.sh images)."
  case $image in *:*) ;; *) image="$IMAGE_REPO:$image" ;; esac
  roll_replicas "$image"
}

cmd_restart() {
  local service=${1:-}
  [ -n "$service" ] || die "restart needs a service: app1, app2, proxy or db"
  local id
  id=$(container_of "$service")
  [ -n "$id" ] || die "There is no container of $service in the stack $PROJECT."
  case $service in
    app1 | app2)
      step "$service: draining and restarting (the other replica serves meanwhile)"
      engine restart -t "$STOP_TIMEOUT" "$id"
      wait_ready "$service" || die "$service did not become ready within ${READY_TIMEOUT}s (its log is above)."
      sleep "$PROXY_NOTICES"
      ;;
    *) engine restart -t "$STOP_TIMEOUT" "$id" ;;
  esac
  step "$service restarted"
}

# ---------------------------------------------------------------------------------------------
# Start, stop, status.

# The site through Caddy: https://SITE_DOMAIN/healthz, on the address and port where the proxy
# container publishes its port 443 (HTTPS_PUBLISH), asked of this machine, not of the DNS.
site_answer() {
  local domain proxy published port address insecure=()
  domain=$(env_value SITE_DOMAIN)
  proxy=$(container_of proxy)
  [ -n "$proxy" ] || return 1
  published=$($ENGINE port "$proxy" 443/tcp 2>/dev/null | head -n 1)
  [ -n "$published" ] || return 1
  port=${published##*:}
  address=${published%:*}
  case $address in '' | 0.0.0.0 | '[::]' | '::') address=127.0.0.1 ;; esac
  # Caddy's own authority (TLS_MODE=internal) is not one curl knows.
  [ "$(env_value TLS_MODE)" = internal ] && insecure=(--insecure)
  curl -sS "${insecure[@]}" --max-time 5 --resolve "$domain:$port:$address" "$@" "https://$domain:$port/healthz"
}

cmd_start() {
  check_env || exit 1
  if ! image_exists "$(current_image)"; then
    build_image
    set_env_value APP_IMAGE "$BUILT"
    remember_image "$BUILT"
  fi
  step "Starting the stack $PROJECT with $(current_image)"
  compose up -d --no-build
  # podman-compose 1.0 starts what exists without waiting for the database's health: the app
  # retries by restarting until PostgreSQL answers.
  local service
  for service in "${REPLICAS[@]}"; do
    wait_ready "$service" || die "$service did not become ready within ${READY_TIMEOUT}s (its log is above)."
  done
  step "Waiting for https://$(env_value SITE_DOMAIN)/ (Caddy obtains its certificate on the first start)"
  local deadline=$((SECONDS + 180))
  until site_answer -o /dev/null 2>/dev/null; do
    [ $SECONDS -lt $deadline ] || die "Caddy does not answer https://$(env_value SITE_DOMAIN)/ yet: deploy/stack.sh logs proxy (DNS and ports 80/443: docs/deploy.md, step 2)."
    sleep 2
  done
  cmd_status
}

# The certificate of Caddy's local authority, which signs the site's certificate under
# TLS_MODE=internal: for `curl --cacert` or a test browser (docs/deploy.md, step 6).
cmd_ca() {
  local proxy
  proxy=$(container_of proxy)
  [ -n "$proxy" ] && running "$proxy" || die "Caddy does not run: deploy/stack.sh start"
  $ENGINE exec "$proxy" cat /data/caddy/pki/authorities/local/root.crt ||
    die "Caddy has no local authority: it makes one with TLS_MODE=internal in .env (then deploy/stack.sh restart proxy)."
}

cmd_stop() {
  local service id
  for service in proxy app2 app1 db; do
    id=$(container_of "$service")
    [ -n "$id" ] && running "$id" && { step "Stopping $service"; engine stop -t "$STOP_TIMEOUT" "$id"; }
  done
  return 0
}

cmd_status() {
  step "Containers of $PROJECT"
  $ENGINE ps -a --filter "label=com.docker.compose.project=$PROJECT" --format 'table {{.Names}}\t{{.Status}}\t{{.Image}}' >&2
  local service id
  for service in "${REPLICAS[@]}"; do
    id=$(container_of "$service")
    if [ -n "$id" ] && replica_healthy "$id"; then say "$service: /healthz 200"; else say "$service: NOT ready"; fi
  done
  step "https://$(env_value SITE_DOMAIN)/healthz through Caddy"
  site_answer -D - 2>&1 | grep -iE '^(HTTP/|strict-transport-security|alt-svc|content-type)|"ok"' >&2 || say "no answer"
}

# ---------------------------------------------------------------------------------------------
# Backups and the disaster restore.

# A backup made in a running replica (db:backup: pg_dump, the newest BACKUP_KEEP kept in the
# replica's data volume), copied to DIR; copies there older than the newest BACKUP_COPIES (default 30)
# are deleted. Prints the copy's path. Logs nothing secret (podman-compose is not involved).
cmd_backup() {
  local dir=${1:-${BACKUP_DIR:-$STACK_DIR/backups}} keep=${BACKUP_COPIES:-30} id="" service file
  # When it ran, for a log that is only appended to (the timer's journal has its own times).
  step "$(date -u +%Y-%m-%dT%H:%M:%SZ) backup of the stack $PROJECT"
  for service in "${REPLICAS[@]}"; do
    id=$(container_of "$service")
    [ -n "$id" ] && running "$id" && break
    id=""
  done
  [ -n "$id" ] || die "No app replica runs: start the stack first (deploy/stack.sh start)."
  file=$($ENGINE exec "$id" node scripts/db-backup.ts) || die "The backup failed (its message is above)."
  (umask 077 && mkdir -p "$dir")
  $ENGINE cp "$id:$file" "$dir/" >/dev/null
  chmod 600 "$dir/$(basename "$file")"
  find "$dir" -maxdepth 1 -type f -regextype posix-extended \
    -regex '.*/[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}-[0-9]{2}-[0-9]{2}Z\.(pgdump|pglite\.tar\.gz)' -printf '%f\n' |
    sort -r | tail -n +$((keep + 1)) | while read -r old; do rm -f "$dir/$old"; done
  printf '%s\n' "$dir/$(basename "$file")"
}

# The restore drill: FILE (default: the newest backup in the volume) restored into a second, empty
# database `drill` of the same PostgreSQL, its rows per table printed, the database dropped again.
# The live database is not touched. The password stays inside the containers.
cmd_drill() {
  local id db file=${1:-}
  id=$(container_of "${REPLICAS[0]}")
  db=$(container_of db)
  [ -n "$id" ] && running "$id" && [ -n "$db" ] || die "The stack does not run: deploy/stack.sh start"
  if [ -z "$file" ]; then
    file=$($ENGINE exec "$id" sh -c 'ls -1 /data/backups | tail -n 1')
    [ -n "$file" ] || die "There is no backup in the volume yet: deploy/stack.sh backup"
    file=/data/backups/$file
  elif [ -f "$file" ]; then
    $ENGINE exec "$id" mkdir -p /data/restore
    $ENGINE cp "$file" "$id:/data/restore/drill" >/dev/null
    file=/data/restore/drill
  fi
  step "Restoring $file into the database drill"
  # Without the NOTICE that a first drill's DROP … IF EXISTS would print (there is no drill yet).
  $ENGINE exec "$db" psql -q -U postgres -d postgres -c 'SET client_min_messages TO warning' \
    -c 'DROP DATABASE IF EXISTS drill' -c 'CREATE DATABASE drill OWNER app' >/dev/null
  local status=0
  $ENGINE exec "$id" sh -c "DATABASE_URL=\${DATABASE_URL%/*}/drill exec node scripts/db-restore.ts '$file'" || status=$?
  $ENGINE exec "$db" psql -q -U postgres -d postgres -c 'DROP DATABASE drill' >/dev/null
  $ENGINE exec "$id" rm -f /data/restore/drill
  [ $status -eq 0 ] || die "The drill failed: the backup did not restore (above)."
  say "✔ The backup restores. Compare the rows per table with what the team dashboard shows."
}

# Onto a new machine (or after the volumes were lost): the database from FILE, before any
# visitor reaches the site. Needs the stack's .env (from your password manager) and a database
# without data: a new stack. Starts db and app1 (which creates the empty tables), restores into
# them, restarts app1, then starts app2 and Caddy. With --replace, on a running stack (to undo a
# release's migration): stops Caddy and the replicas, empties the database, and then the same.
cmd_restore() {
  local replace=""
  [ "${1:-}" = --replace ] && { replace=yes; shift; }
  local file=${1:-}
  [ -n "$file" ] && [ -f "$file" ] || die "restore needs a backup file: deploy/stack.sh restore [--replace] /path/to/2026-11-24T03-30-00Z.pgdump"
  check_env || exit 1
  if [ -n "$replace" ]; then
    local service id db
    for service in proxy "${REPLICAS[@]}"; do
      id=$(container_of "$service")
      [ -n "$id" ] && running "$id" && { step "Stopping $service"; engine stop -t "$STOP_TIMEOUT" "$id"; }
    done
    db=$(container_of db)
    [ -n "$db" ] && running "$db" || die "The database container does not run: deploy/stack.sh start, then again."
    step "Emptying the database app (the site is down until the restore is done)"
    $ENGINE exec "$db" psql -v ON_ERROR_STOP=1 -q -U postgres -d postgres \
      -c 'DROP DATABASE app WITH (FORCE)' -c 'CREATE DATABASE app OWNER app' \
      -c 'REVOKE CONNECT, TEMPORARY ON DATABASE app FROM PUBLIC' >/dev/null ||
      die "The database could not be emptied (above)."
  fi
  if ! image_exists "$(current_image)"; then
    build_image
    set_env_value APP_IMAGE "$BUILT"
  fi
  step "Starting the database and app1 (not yet Caddy: no visitor writes meanwhile)"
  if [ "$TOOL" = docker ]; then compose up -d --no-build db app1; else compose up -d --no-build app1; fi
  wait_ready app1 || die "app1 did not become ready (its log is above)."
  local id name
  id=$(container_of app1)
  name=$(basename "$file")
  $ENGINE exec "$id" mkdir -p /data/restore
  $ENGINE cp "$file" "$id:/data/restore/$name" >/dev/null
  step "Restoring $name"
  $ENGINE exec "$id" node scripts/db-restore.ts "/data/restore/$name" ||
    die "The restore failed (its message is above); the site is not started."
  $ENGINE exec "$id" rm -f "/data/restore/$name"
  engine restart -t "$STOP_TIMEOUT" "$id"
  wait_ready app1 || die "app1 did not become ready after the restore (its log is above)."
  cmd_start
}

# A team member's invitation (the first owner's, or anyone's when no owner can sign in), made by a
# running replica: `invite EMAIL [--owner] [--name NAME]` prints the link (docs/team.md).
cmd_invite() {
  local id="" service
  for service in "${REPLICAS[@]}"; do
    id=$(container_of "$service")
    [ -n "$id" ] && running "$id" && break
    id=""
  done
  [ -n "$id" ] || die "No app replica runs: start the stack first (deploy/stack.sh start)."
  [ $# -gt 0 ] || die 'invite needs an e-mail address: deploy/stack.sh invite you@example.org --owner --name "Your Name"'
  $ENGINE exec "$id" node scripts/team-invite.ts "$@"
}

# ---------------------------------------------------------------------------------------------
# Logs and the boot.

# Each container's own log, without the prefixes compose adds, so that every line is JSON for jq.
cmd_logs() {
  local follow=() since=() services=() id
  while [ $# -gt 0 ]; do
    case $1 in
      -f | --follow) follow=(--follow) ;;
      --since) since=(--since "$2"); shift ;;
      *) services+=("$1") ;;
    esac
    shift
  done
  [ ${#services[@]} -gt 0 ] || services=("${REPLICAS[@]}")
  local pids=() service
  for service in "${services[@]}"; do
    id=$(container_of "$service")
    [ -n "$id" ] || die "There is no container of $service in the stack $PROJECT."
    $ENGINE logs "${follow[@]}" "${since[@]}" "$id" 2>&1 &
    pids+=($!)
  done
  wait "${pids[@]}"
}

cmd_boot() {
  if [ "$ENGINE" = podman ]; then
    # Debian's podman-restart.service starts every container whose restart policy is `always`
    # (compose.yaml sets it for all four) when the server boots.
    systemctl enable podman-restart.service
    say "✔ The stack starts at boot (podman-restart.service). Check after a reboot: deploy/stack.sh status"
  else
    # Docker itself restarts containers with `restart: always` when it starts.
    systemctl enable docker.service containerd.service
    say "✔ The stack starts at boot (Docker restarts its containers). Check after a reboot: deploy/stack.sh status"
  fi
}

# The nightly backup as a systemd timer (a fresh Debian has systemd, not cron): a service that runs
# `deploy/stack.sh backup DIR` with this stack's settings, and a timer at 03:30 that also catches up
# a run the server missed while it was off. What it printed, with times: journalctl -u NAME-backup.
cmd_schedule() {
  local dir=${1:-/srv/backups} unit="$PROJECT-backup" units=${SYSTEMD_UNIT_DIR:-/etc/systemd/system}
  case $dir in /*) ;; *) dir="$PWD/$dir" ;; esac
  # The settings this command was given in its environment, so that the timer acts on this stack.
  local name value environment=""
  for name in STACK_TOOL STACK_DIR COMPOSE_FILE COMPOSE_PROJECT_NAME IMAGE_REPO BACKUP_COPIES; do
    value=$(printenv "$name") || continue
    environment+="Environment=\"$name=$value\""$'\n'
  done
  cat >"$units/$unit.service" <<EOF
[Unit]
Description=Backup of the site $PROJECT (deploy/stack.sh backup, copies in $dir)
Wants=network-online.target
After=network-online.target

[Service]
Type=oneshot
${environment}ExecStart="$ROOT/deploy/stack.sh" backup "$dir"
EOF
  cat >"$units/$unit.timer" <<EOF
[Unit]
Description=The nightly backup of the site $PROJECT

[Timer]
OnCalendar=*-*-* 03:30:00
Persistent=true

[Install]
WantedBy=timers.target
EOF
  systemctl daemon-reload
  systemctl enable --now "$unit.timer"
  say "✔ A backup every night at 03:30 into $dir ($unit.timer). What it printed: journalctl -u $unit"
  say "  Try it now: systemctl start $unit && journalctl -u $unit -n 20"
}

usage() { awk 'NR > 1 && /^# A replica/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "${BASH_SOURCE[0]}" >&2; }

command=${1:-help}
[ $# -gt 0 ] && shift
case $command in
  setup) NOTES=yes cmd_setup ;;
  check) NOTES=yes cmd_check ;;
  start) cmd_start ;;
  upgrade) cmd_upgrade "$@" ;;
  rollback) cmd_rollback "$@" ;;
  images) cmd_images ;;
  restart) cmd_restart "$@" ;;
  status) cmd_status ;;
  ca) cmd_ca ;;
  backup) cmd_backup "$@" ;;
  schedule) cmd_schedule "$@" ;;
  restore) cmd_restore "$@" ;;
  drill) cmd_drill "$@" ;;
  invite) cmd_invite "$@" ;;
  logs) cmd_logs "$@" ;;
  stop) cmd_stop ;;
  boot) cmd_boot ;;
  help | -h | --help) usage ;;
  *)
    usage
    die "Unknown command: $command"
    ;;
esac
