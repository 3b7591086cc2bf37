# The back-office's image: built in one stage (every dependency, the TypeScript and the web app), run from
# another with only what runs (production dependencies, the built files). `docker compose up` builds it.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY backend/package.json backend/
COPY frontend/package.json frontend/
COPY simulators/package.json simulators/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run -s build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=3000 DATA_DIR=/app/data
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/contracts/package.json contracts/
COPY --from=build /app/contracts/dist contracts/dist
COPY --from=build /app/backend/package.json backend/
COPY --from=build /app/backend/dist backend/dist
COPY --from=build /app/frontend/dist frontend/dist
COPY --from=build /app/frontend/public/locales frontend/public/locales
COPY --from=build /app/simulators/package.json simulators/
COPY --from=build /app/simulators/dist simulators/dist
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s CMD ["node", "-e", "fetch('http://127.0.0.1:3000/api/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM drains: requests refused, readers handed over, batches finished, then it exits
STOPSIGNAL SIGTERM
CMD ["node", "--max-old-space-size=1024", "backend/dist/main.js"]
