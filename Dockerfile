# One image for the API, the worker and the migration job (the command differs).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY backend/package.json backend/
COPY workers/package.json workers/
COPY frontend/package.json frontend/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app /app
EXPOSE 3000
# API by default; the worker runs `node dist/workers/src/main.js`, migrations `node dist/backend/src/database/migrate-cli.js`.
CMD ["node", "--enable-source-maps", "dist/backend/src/main.js"]
