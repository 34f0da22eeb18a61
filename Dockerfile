# The production image: the server, its build and its production dependencies on Node 24.
#   podman build --format docker -t bewegungscoaching .     (docker build -t bewegungscoaching .)
# --format docker keeps the HEALTHCHECK (podman's default OCI format drops it). Every setting is an
# environment variable (docs/configuration.md); docs/deploy.md shows the image in compose.yaml.
ARG NODE_IMAGE=docker.io/library/node:24-bookworm-slim

# 1. Every dependency, for the build. package.json and the lock file alone first, so that this
#    layer (the slow `npm ci`) is reused until they change.
FROM ${NODE_IMAGE} AS build-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# 2. The build: prerendered pages, client assets (precompressed), the server bundle. Content comes
#    from the bundled dataset in content/ unless SANITY_PROJECT_ID is given as a build argument; a
#    running instance renders the published content again before it reports ready.
FROM build-deps AS build
ARG SANITY_PROJECT_ID= SANITY_DATASET=production
COPY . .
RUN SANITY_PROJECT_ID="$SANITY_PROJECT_ID" SANITY_DATASET="$SANITY_DATASET" npm run build

# 3. Production dependencies only, without what nothing at run time loads (the Studio and the
#    build tools are devDependencies; prune-production-deps.mjs explains the rest). Pruned from the
#    full install rather than installed again: no second download, and the same cache key.
FROM build-deps AS runtime-deps
COPY scripts/containers/prune-production-deps.mjs /tmp/
RUN npm prune --omit=dev --no-audit --no-fund \
 && node /tmp/prune-production-deps.mjs . \
 && rm -rf /root/.npm

# 4. What runs: Node, the dependencies, the build, the migrations and the bundled content, owned by
#    root and read-only for the server, which runs as the unprivileged user `node` (uid 1000).
#    pg_dump, pg_restore and psql (Debian's PostgreSQL 15 client) are here for `npm run db:backup`
#    and `db:restore` against PostgreSQL up to version 15: the three programs and the libraries they
#    link, without the package's Perl wrapper scripts (50 MB of Perl for version selection).
FROM ${NODE_IMAGE}
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends libpq5 libreadline8 liblz4-1 libzstd1 \
 && cd /tmp && apt-get download postgresql-client-15 \
 && dpkg-deb --fsys-tarfile postgresql-client-15_*.deb | tar -x -C / \
      ./usr/lib/postgresql/15/bin/pg_dump ./usr/lib/postgresql/15/bin/pg_restore ./usr/lib/postgresql/15/bin/psql \
 && rm -rf /tmp/*.deb /var/lib/apt/lists/* /var/cache/apt/*.bin /var/log/apt /var/log/dpkg.log \
 && /usr/lib/postgresql/15/bin/pg_dump --version
ENV PATH=/usr/lib/postgresql/15/bin:$PATH \
    NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    IMAGE_CACHE_DIR=/app/.cache/images \
    NPM_CONFIG_CACHE=/tmp/.npm \
    NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /app
COPY --from=runtime-deps /app/node_modules node_modules
COPY package.json server.ts ./
# `npm run db:backup` and `db:restore`: the two scripts and the server modules they import, run by
# Node as they are (type stripping). server.ts and db/ log through log.server.ts.
COPY scripts/check-node.mjs scripts/db-backup.ts scripts/db-restore.ts scripts/team-invite.ts scripts/
COPY web/server/config.server.ts web/server/log.server.ts web/server/
COPY web/server/db web/server/db
COPY drizzle drizzle
COPY content content
COPY --from=build /app/build build
# DATA_DIR (mail outbox without SMTP, backups, the embedded database without DATABASE_URL; the
# node user's alone, 0700, as the server keeps it) and the image cache are the only places the
# server writes; npm (`npm run db:backup`) writes its cache and logs to /tmp. So the container runs
# with a read-only root file system (compose.yaml).
RUN install -d -m 700 -o node -g node /data \
 && install -d -o node -g node /app/.cache
USER node
EXPOSE 3000
# The server answers 200 once its database answers and its pages are ready, 503 while the
# database is away. Node is the only program here that speaks HTTP.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server is PID 1 and handles SIGTERM itself: /healthz answers 503 at once, live event streams
# end, behind a proxy (TRUST_PROXY) it serves 3 s more while the proxy notices, then it stops
# accepting, finishes requests in flight (up to 15 s after the signal), flushes the mail outbox and
# closes the database, and exits 0. Give it 20 s before SIGKILL (`stop -t 20`, stop_grace_period).
STOPSIGNAL SIGTERM
CMD ["node", "server.ts"]
