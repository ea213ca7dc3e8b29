# engram in a container: the API, the workers, the console and the bundled embedding model.
#
#   docker build -t engram .
#   docker run -p 8787:8787 -v engram-data:/data engram
#
# BASE_IMAGE is any Debian-based image with Node.js 20 or later and npm on the PATH
# (scripts/container-base.sh makes one from Debian packages and this machine's Node.js).
ARG BASE_IMAGE=node:20-bookworm-slim

FROM ${BASE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
# `npm ci` would run `prepare` (the build) before the sources are here.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY console ./console
COPY drizzle ./drizzle
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM ${BASE_IMAGE}
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8787 \
    DATA_DIR=/data
RUN groupadd --system engram && useradd --system --gid engram --home-dir /app --shell /usr/sbin/nologin engram \
    && mkdir -p /data && chown engram:engram /data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/drizzle ./drizzle
USER engram
VOLUME ["/data"]
EXPOSE 8787
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8787) + '/').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["node", "dist/cli.js"]
CMD ["serve"]
