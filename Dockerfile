# One image for the API, the worker and the migration job (the command differs):
#   API (default)  node dist/backend/src/main.js
#   worker         node dist/workers/src/main.js          (health + metrics on HEALTH_PORT)
#   migrations     node dist/backend/src/migrate-cli.js
# The runtime stage holds production dependencies only (no compiler, test tools or
# embedded-postgres) and runs as an unprivileged numeric user, so Kubernetes' runAsNonRoot can check it.

# The workspaces' manifests, shared by the two dependency installs below.
FROM node:24.21-bookworm-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY backend/package.json backend/
COPY workers/package.json workers/
COPY frontend/package.json frontend/

# Build: every dependency, then the server (tsc) and the frontend (vite).
FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Production dependencies of the server workspaces only (the frontend ships as built files).
FROM manifests AS prod-deps
RUN npm ci --omit=dev --workspace backend --workspace workers --no-audit --no-fund && npm cache clean --force

FROM node:24.21-bookworm-slim AS runtime
# MALLOC_*: glibc's, for big typed arrays given back when freed (api-process.ts's SERVER_MALLOC_ENV says why; a spec holds them equal).
ENV NODE_ENV=production PORT=3000 MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072
WORKDIR /app
# Owned by root and not writable by the app user: the code cannot be changed at run time.
COPY --from=prod-deps /app/package.json ./package.json
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=prod-deps /app/contracts/package.json ./contracts/package.json
COPY --from=prod-deps /app/backend/package.json ./backend/package.json
COPY --from=prod-deps /app/workers/package.json ./workers/package.json
COPY --from=build /app/dist ./dist
COPY --from=build /app/backend/data ./backend/data
COPY --from=build /app/frontend/dist ./frontend/dist
# The image's `node` user (uid/gid 1000), by number.
USER 1000:1000
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# --max-old-space-size, --max-semi-space-size: backend/src/platform/config/api-process.ts says why (a spec holds them equal).
CMD ["node", "--enable-source-maps", "--max-old-space-size=256", "--max-semi-space-size=32", "dist/backend/src/main.js"]
