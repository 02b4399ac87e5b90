# Self-hosting: build the sites and the production server, then run the server alone.
#
#   docker build -t cinema-sites .                                  # every site of site-config/
#   docker build --build-arg SITES="lumiere" -t cinema-lumiere .    # some of them
#   docker run -p 8080:8080 -e CYPHER_API_URL=https://loyalty.example -e RECAPTCHA_SECRET=… cinema-sites
#
# Build-time settings (what the pages are built with) are build arguments; run-time settings
# (README, "Settings a deploy sets") are environment variables of `docker run`. Give the
# container time to finish requests in flight on stop: `docker stop -t 15`.

FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV GATSBY_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
ARG SITES=""
ARG CATALOGUE_URL=""
ARG BUILD_DATE=""
ARG TICKETING_URL=""
ARG EMBEDDING_MODE=""
ARG OFFLINE_WORKER=""
ARG LOYALTY_BRAND=""
ARG GATSBY_RECAPTCHA_SITE_KEY=""
ARG GATSBY_RECAPTCHA_SCRIPT_URL=""
RUN npm run build:server && npm run build:sites -- $SITES

# The server is one bundled file: the run stage needs Node and the built sites, no node_modules.
FROM node:20-bookworm-slim
WORKDIR /srv
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 SITE_DIRS=/srv/dist
COPY --from=build /app/build/ /srv/build/
COPY --from=build /app/dist/ /srv/dist/
USER node
EXPOSE 8080
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "/srv/build/server.cjs"]
