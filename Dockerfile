# The product's image: the embedded default (PGlite in /data, embedded sign-in) on port 8080, or the API and
# site in front of PostgreSQL and a real Keycloak when DATABASE_URL and KEYCLOAK_URL are set (compose.yaml).
# Works with Docker and Podman; nothing here is x86-only (Node, sharp and PGlite ship arm64 builds too).
#
#   docker build -t recipe-book .
#   docker build --build-arg EXTRA_CA_CERTS="$(cat corporate-ca.pem)" -t recipe-book .   # behind a TLS proxy
#
# docs/container.md says what the image holds and why.

# The version the project pins (package.json's `node` devDependency).
ARG NODE_IMAGE=node:24.21.0-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV ASTRO_TELEMETRY_DISABLED=1 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm_config_update_notifier=false
# Optional: certificates (PEM text) the registry's TLS is signed with beyond the public ones, e.g. a company
# proxy's. Used by this build stage only; the runtime image never holds them.
ARG EXTRA_CA_CERTS=""
# The production dependencies only: the site's build needs none of the others (tests, linters, the `node` package),
# and the runtime stage takes the server's packages from these.
COPY package.json package-lock.json .npmrc ./
RUN if [ -n "$EXTRA_CA_CERTS" ]; then printf '%s\n' "$EXTRA_CA_CERTS" > /tmp/extra-ca.pem; \
      export NODE_EXTRA_CA_CERTS=/tmp/extra-ca.pem; fi \
 && npm ci --omit=dev --no-audit --no-fund
COPY . .
# The site, then the packages the server runs with (scripts/container/runtime-modules.ts): the production
# dependencies less those only the site's build uses (`npm start` builds the site on demand; the image has it
# built), without type declarations, source maps and docs. The container test proves the server needs no more.
ARG SITE_BUILD_ONLY="astro @astrojs/react react react-dom @dnd-kit/core @dnd-kit/sortable @dnd-kit/utilities \
  @radix-ui/react-dialog @hookform/resolvers react-hook-form @nanostores/react nanostores keycloak-js tsx workbox-build"
# Of tesseract.js-core's eighteen build files (44 MB, six WebAssembly builds), only the three builds the scan can load stay (11 MB):
# tesseract.js 7's Node loader (worker-script/node/getCore.js) is handed `lstmOnly` (true) where it compares an OEM
# number, so it always loads the full (legacy + LSTM) build: tesseract-core-relaxedsimd on Node 24, else -simd or the
# plain one on a CPU without those. The -lstm builds and the .wasm.js copies (the WebAssembly inlined as text, for
# browsers) are never loaded. The container test reads a photo in the image, which proves the right ones stayed.
# Last, the copy of a new database cluster a new data folder starts from (server/db/pglite.ts).
RUN npm run build && node scripts/container/runtime-modules.ts /app /runtime $SITE_BUILD_ONLY \
 && find /runtime/node_modules/tesseract.js-core -maxdepth 1 -name 'tesseract-core*' \
      \( -name '*-lstm*' -o -name '*.wasm.js' \) -delete \
 && node --liftoff-only server/db/pglite.ts --write-template

FROM ${NODE_IMAGE}
# Set both when publishing an image: the repository it was built from and the release.
ARG VERSION=0.1.0
ARG SOURCE_URL=""
LABEL org.opencontainers.image.title="Receptboken" \
      org.opencontainers.image.description="A recipe book with a Swedish interface: static site, API, embedded or Keycloak sign-in." \
      org.opencontainers.image.source="${SOURCE_URL}" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.licenses="UNLICENSED"
WORKDIR /app
# Listens on all interfaces inside the container (so no demo users: server/demo-user-policy.ts); the data
# folder is the volume. RECIPE_BOOK_IN_CONTAINER makes the start banner name the container's commands.
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 DATA_DIR=/data SITE_DIR=/app/dist LOG_FORMAT=json \
    MALLOC_ARENA_MAX=2 RECIPE_BOOK_IN_CONTAINER=1
COPY --from=build /runtime/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/package.json ./
COPY --from=build /app/server ./server
COPY --from=build /app/src/lib ./src/lib
COPY --from=build /app/.cache ./.cache
# `docker compose exec app recipe-book users …`, `… db:backup FILE` and the other commands, without npm.
COPY scripts/container/recipe-book /usr/local/bin/recipe-book
# The site is built: newer than every source the server compares it with (server/site/build.ts), so the
# server never tries to build it (the image has no Astro).
RUN touch /app/dist/index.html && mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node is PID 1 and handles SIGTERM itself: `docker stop` ends it gracefully with exit code 0. --liftoff-only:
# V8 compiles PGlite's WebAssembly once, with its baseline compiler; --max-semi-space-size=8: a young generation of
# at most 8 MB a half, which V8 would otherwise grow to 64 MB and keep (docs/decisions/041-memory-on-a-small-machine.md);
# --optimize-for-size: V8 collects and grows its heap for memory, not speed (docs/decisions/043-memory-at-100000-recipes.md);
# --import=./server/drizzle-loading.ts: drizzle-orm's files found without Node re-reading its package.json for each
# (docs/decisions/072-drizzle-loading.md). The same flags as npm start's (tests/unit/node-flags.test.ts).
CMD ["node", "--liftoff-only", "--max-semi-space-size=8", "--optimize-for-size", "--import=./server/drizzle-loading.ts", "server/start.ts"]
