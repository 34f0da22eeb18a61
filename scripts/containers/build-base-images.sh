#!/usr/bin/env bash
# Builds, on a machine with no container registry, local stand-ins for the three official images
# that Dockerfile and compose.yaml name, under those same names, so that `podman build` and
# `podman-compose up` find them locally and never try to pull:
#
#   docker.io/library/node:24-bookworm-slim  Debian bookworm (debootstrap, minbase) + Node 24 from the
#                                            project's `node` npm package + npm; user `node` (uid 1000)
#   docker.io/library/postgres:15-bookworm   Debian's PostgreSQL 15 with the official image's
#                                            conventions: POSTGRES_PASSWORD/USER/DB, PGDATA, initdb on
#                                            first start, runs as `postgres`
#   docker.io/library/caddy:2                Debian's Caddy: /etc/caddy/Caddyfile, /data, /config
#
# On a machine that reaches Docker Hub none of this is needed: the real images are pulled.
# Each image carries a label with the hash of its inputs; an image whose label matches is kept
# (a second run takes seconds). FORCE=1 rebuilds everything.
#
# Needs root, podman, runc and debootstrap (apt-get install -y podman runc debootstrap), and the
# project's node_modules (`npm ci`: the Node 24 binary comes from there).
set -euo pipefail
cd "$(dirname "$0")/../.."
HERE=scripts/containers
LABEL=org.bewegungscoaching.inputs
log() { printf '== %s\n' "$*" >&2; }

# Podman's defaults do not work on these machines: Debian's crun fails with cgroups in hybrid
# mode, and the default open-files limit is above the machine's hard limit.
configure_podman() {
  local conf=/etc/containers/containers.conf
  if ! grep -qs 'runtime = "runc"' "$conf"; then
    log "Writing $conf (runc, ulimits within the machine's limits)"
    mkdir -p /etc/containers
    cat >"$conf" <<'CONF'
[containers]
default_ulimits = ["nofile=1024:1024", "nproc=4096:4096"]

[engine]
runtime = "runc"
CONF
  fi
}

# An image's id, or nothing; and removing an earlier version once a new one has its name (kept
# while an image built on it still exists; the app's build cache inherits the label, so no
# prune by label here).
image_id() { podman image inspect --format '{{.Id}}' "$1" 2>/dev/null || true; }
drop_old() { [ -n "$1" ] && [ "$1" != "$(image_id "$2")" ] && podman rmi "$1" >/dev/null 2>&1 || true; }

# The label an existing image carries, or nothing.
label_of() { podman image inspect --format "{{index .Labels \"$LABEL\"}}" "$1" 2>/dev/null || true; }

debian_mirror() {
  local uri
  uri=$(grep -hm1 '^URIs:' /etc/apt/sources.list.d/debian.sources 2>/dev/null | awk '{print $2}' || true)
  [ -n "$uri" ] || uri=$(grep -hm1 '^deb ' /etc/apt/sources.list 2>/dev/null | awk '{print $2}' || true)
  echo "${uri:-http://deb.debian.org/debian}"
}

# localhost/debian-base:bookworm: the root file system every stand-in starts from. Its inputs are
# the mirror and this function's text (debootstrap is not reproducible byte for byte; the same
# inputs are good enough to keep the image).
build_debian_base() {
  local name=localhost/debian-base:bookworm mirror hash rootfs
  mirror=$(debian_mirror)
  hash=$( { echo "$mirror"; declare -f build_debian_base; } | sha256sum | cut -c1-32)
  if [ "$(label_of $name)" = "$hash" ] && [ "${FORCE:-0}" != 1 ]; then log "$name is up to date"; return; fi
  log "debootstrap bookworm (minbase) from $mirror"
  local old
  old=$(image_id $name)
  rootfs=$(mktemp -d /var/tmp/debian-rootfs.XXXXXX)
  debootstrap --variant=minbase bookworm "$rootfs" "$mirror" >/var/tmp/debootstrap.log 2>&1 ||
    { tail -20 /var/tmp/debootstrap.log >&2; exit 1; }
  # The same sources inside as outside, with no apt lists or caches left in the image.
  cp /etc/apt/sources.list.d/debian.sources "$rootfs/etc/apt/sources.list.d/" 2>/dev/null &&
    : >"$rootfs/etc/apt/sources.list" || true
  # "slim" as Debian's official slim images are: no documentation, manuals or translations, now
  # or from packages installed later, and no apt caches.
  cat >"$rootfs/etc/dpkg/dpkg.cfg.d/docker-slim" <<'SLIM'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
path-include /usr/share/locale/locale.alias
path-exclude /usr/share/lintian/*
path-exclude /usr/share/linda/*
SLIM
  cat >"$rootfs/etc/apt/apt.conf.d/docker-clean" <<'CLEAN'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache ""; Dir::Cache::srcpkgcache "";
CLEAN
  echo 'Acquire::Languages "none";' >"$rootfs/etc/apt/apt.conf.d/docker-no-languages"
  find "$rootfs/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete
  find "$rootfs/usr/share/doc" -mindepth 1 -type d -empty -delete
  find "$rootfs/usr/share/locale" -mindepth 1 -maxdepth 1 -not -name locale.alias -exec rm -rf {} +
  rm -rf "$rootfs"/usr/share/{man,groff,info,lintian,linda}/* \
    "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/*.bin "$rootfs"/var/cache/apt/archives/*.deb \
    "$rootfs"/var/log/*.log "$rootfs"/var/log/apt/* "$rootfs"/var/cache/debconf/*-old
  tar -C "$rootfs" -c . | podman import --change "LABEL $LABEL=$hash" --change 'CMD ["bash"]' - $name >/dev/null
  rm -rf "$rootfs"
  drop_old "$old" $name
}

# The machine's CA bundle: the npm registry is reached through a TLS proxy whose certificate
# authority only this bundle holds. Copied into the node stand-in (NODE_EXTRA_CA_CERTS).
ca_bundle() { echo /etc/ssl/certs/ca-certificates.crt; }

build_node() {
  local name=docker.io/library/node:24-bookworm-slim ctx hash node_bin npm_dir
  node_bin=node_modules/node/bin/node
  [ -x "$node_bin" ] || { echo "No $node_bin: run npm ci first" >&2; exit 1; }
  npm_dir=$(dirname "$(readlink -f "$(command -v npm)")")/..
  npm_dir=$(readlink -f "$npm_dir")
  hash=$( { label_of localhost/debian-base:bookworm; cat $HERE/node.Containerfile "$(ca_bundle)";
    "$node_bin" --version; cat "$npm_dir/package.json"; } | sha256sum | cut -c1-32)
  if [ "$(label_of $name)" = "$hash" ] && [ "${FORCE:-0}" != 1 ]; then log "$name is up to date"; return; fi
  log "Building $name (Node $("$node_bin" --version), npm $(node -p "require('$npm_dir/package.json').version"))"
  local old
  old=$(image_id $name)
  ctx=$(mktemp -d /var/tmp/node-standin.XXXXXX)
  cp "$node_bin" "$ctx/node"
  cp -a "$npm_dir" "$ctx/npm"
  cp "$(ca_bundle)" "$ctx/ca-certificates.crt"
  podman build --format docker --label "$LABEL=$hash" -f $HERE/node.Containerfile -t $name "$ctx" >&2
  rm -rf "$ctx"
  drop_old "$old" $name
}

build_from_debian() {
  local name=$1 file=$2 hash
  shift 2
  hash=$( { label_of localhost/debian-base:bookworm; cat "$file" "$@"; } | sha256sum | cut -c1-32)
  if [ "$(label_of "$name")" = "$hash" ] && [ "${FORCE:-0}" != 1 ]; then log "$name is up to date"; return; fi
  log "Building $name"
  local old
  old=$(image_id "$name")
  podman build --format docker --label "$LABEL=$hash" -f "$file" -t "$name" $HERE >&2
  drop_old "$old" "$name"
}

[ "$(id -u)" -eq 0 ] || { echo "Run as root (rootful podman)." >&2; exit 1; }
for tool in podman runc debootstrap; do
  command -v $tool >/dev/null || { echo "Missing $tool: apt-get install -y podman runc debootstrap" >&2; exit 1; }
done
configure_podman
build_debian_base
build_node
build_from_debian docker.io/library/postgres:15-bookworm $HERE/postgres.Containerfile $HERE/postgres-entrypoint.sh
build_from_debian docker.io/library/caddy:2 $HERE/caddy.Containerfile
podman image ls --format '{{.Repository}}:{{.Tag}} {{.Size}}' | grep -E 'node:24|postgres:15|caddy:2|debian-base' >&2
