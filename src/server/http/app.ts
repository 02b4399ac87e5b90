// The production server: Fastify with its official static and compression plugins, serving
// one or more built sites (chosen by the request's host) with Gatsby's conventions, the
// platform's headers on every response (./headers.ts), /api/cypher and the four ticketing
// redirects by calling src/server/ directly, /healthz, and one access-log line per request that
// never carries a token, a password or a captcha token. No React, no Gatsby.
import { constants as zlib } from "node:zlib";
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import compress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import { DEFAULT_LOYALTY_BRAND, refreshHeaderName, sessionHeaderName } from "../../loyalty/routes";
import { REDIRECT_JOURNEYS, ticketingRedirect } from "../ticketing-redirect";
import { cypherRoute } from "./cypher-route";
import type { ServerDeploySettings } from "./deploy-settings";
import { apiHeaders, CACHE_CONTROL, HEALTH_PATH, pathKindOf, securityHeaders } from "./headers";
import type { SiteBundle } from "./site-bundle";
import { NOT_FOUND_PAGE, resolveStatic } from "./static-site";

declare module "fastify" {
  interface FastifyRequest {
    /** The site this request's host selects; null when no site claims it. */
    site: SiteBundle | null;
  }
}

export interface ServerOptions {
  readonly sites: readonly SiteBundle[];
  readonly deploy: ServerDeploySettings;
  /** Deploy settings read per request by the endpoints (CYPHER_API_URL, RECAPTCHA_*, ...). */
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly fetchImpl?: typeof fetch;
  /** Where access logs go (default stdout). */
  readonly logStream?: NodeJS.WritableStream;
}

export interface ProductionServer {
  readonly app: FastifyInstance;
  /** From now on every response closes its connection (graceful shutdown). */
  readonly drain: () => void;
}

/** A URL for the logs: the path, and the query's keys without their values (tokens travel in queries). */
export function loggableUrl(url: string): string {
  const at = url.indexOf("?");
  if (at < 0) return url;
  const keys = url
    .slice(at + 1)
    .split("&")
    .filter(Boolean)
    .map((pair) => `${pair.split("=")[0]}=…`);
  return `${url.slice(0, at)}?${keys.join("&")}`;
}

/** One access-log line per request, when it completes (the request line alone is not logged). */
class AccessLog extends LogController {
  override incomingRequest(): void {}
  override routeNotFound(): void {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { req: request, res: reply, responseTime: Math.round(reply.elapsedTime) };
    if (error) reply.log.error({ ...line, err: error }, "request errored");
    else reply.log.info(line, "request completed");
  }
}

const SEND_OPTIONS = { cacheControl: false, dotfiles: "allow", lastModified: true, etag: true } as const;

function sitesByHost(sites: readonly SiteBundle[], defaultSite: string | undefined) {
  const byHost = new Map<string, SiteBundle>();
  const claim = (host: string, site: SiteBundle) => {
    const key = host.toLowerCase();
    const other = byHost.get(key);
    if (other && other !== site)
      throw new Error(`Sites "${other.settings.siteId}" and "${site.settings.siteId}" both claim the host ${key}`);
    byHost.set(key, site);
  };
  for (const site of sites) {
    claim(site.settings.domain, site);
    // The local alias: http://<siteId>.localhost:<port>/ reaches that site on a developer's machine.
    claim(`${site.settings.siteId}.localhost`, site);
  }
  let fallback: SiteBundle | null = sites.length === 1 ? (sites[0] ?? null) : null;
  if (defaultSite) {
    fallback = sites.find((site) => site.settings.siteId === defaultSite) ?? null;
    if (!fallback) throw new Error(`DEFAULT_SITE: no site "${defaultSite}" is served`);
  }
  return (hostname: string): SiteBundle | null => byHost.get(hostname.toLowerCase()) ?? fallback;
}

const pathOf = (url: string): string => {
  const at = url.indexOf("?");
  return at < 0 ? url : url.slice(0, at);
};

const isEndpoint = (path: string): boolean => pathKindOf(path) === "api";

function acceptsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return !accept || /text\/html|\*\/\*/.test(accept);
}

export async function buildServer(options: ServerOptions): Promise<ProductionServer> {
  const { sites, deploy, env } = options;
  if (sites.length === 0) throw new Error("No site to serve");
  const selectSite = sitesByHost(sites, deploy.defaultSite);
  const brand = env.LOYALTY_BRAND?.trim() || DEFAULT_LOYALTY_BRAND;
  let draining = false;

  const app = Fastify({
    logger: {
      level: deploy.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
      serializers: {
        req: (request: { method: string; url: string; host: string; ip: string }) => ({
          method: request.method,
          url: loggableUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
        }),
        res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
      },
      // Nothing logs headers or bodies; should anything ever do, these stay out.
      redact: {
        paths: [
          "req.headers.cookie",
          "req.headers.authorization",
          `req.headers["${sessionHeaderName(brand).toLowerCase()}"]`,
          `req.headers["${refreshHeaderName(brand).toLowerCase()}"]`,
          "req.body",
          "body",
        ],
        censor: "[redacted]",
      },
    },
    logController: new AccessLog(),
    trustProxy: deploy.trustProxy,
    requestTimeout: 30_000,
    bodyLimit: 64 * 1024,
    routerOptions: { maxParamLength: 2048 },
  });

  app.decorateRequest("site", null);

  app.addHook("onRequest", async (request, reply) => {
    request.site = selectSite(request.hostname);
    if (!request.site && pathOf(request.url) !== HEALTH_PATH) {
      return reply.code(421).type("text/plain; charset=utf-8").send("No site is served at this host.\n");
    }
    return undefined;
  });

  // Every response gets the platform's headers; what a handler set itself (the redirects'
  // Referrer-Policy: no-referrer, an immutable Cache-Control) stands.
  const headerCache = new Map<string, Record<string, string>>();
  const defaultsFor = (request: FastifyRequest): Record<string, string> => {
    const https = request.protocol === "https";
    const site = request.site;
    const endpoint = !site || isEndpoint(pathOf(request.url));
    const key = `${endpoint ? "api" : site.dir}|${https}`;
    let headers = headerCache.get(key);
    if (!headers) {
      headers = endpoint
        ? apiHeaders({ https })
        : { ...securityHeaders(site.contentSecurityPolicy, { https }), "Cache-Control": CACHE_CONTROL.revalidate };
      headerCache.set(key, headers);
    }
    return headers;
  };
  app.addHook("onSend", async (request, reply, payload) => {
    for (const [name, value] of Object.entries(defaultsFor(request))) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    if (draining) reply.header("Connection", "close");
    return payload;
  });

  app.setErrorHandler((error, request, reply) => {
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    // A client's mistake is not logged with its message: parsers quote what they could not read.
    if (status >= 500) request.log.error({ err: error }, "request failed");
    reply.code(status >= 400 ? status : 500);
    if (isEndpoint(pathOf(request.url)))
      return reply
        .type("application/json; charset=utf-8")
        .send({ error: { code: "request_failed", message: "The request failed." } });
    return reply.type("text/plain; charset=utf-8").send(status >= 500 ? "Internal server error.\n" : "Bad request.\n");
  });

  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(fastifyStatic, { root: sites.map((site) => site.publicDir), serve: false });

  app.get(HEALTH_PATH, async (_request, reply) =>
    reply.code(draining ? 503 : 200).send({ status: draining ? "stopping" : "ok" }),
  );

  await app.register(cypherRoute, { env, ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}) });

  for (const journey of REDIRECT_JOURNEYS) {
    app.get(`/api/${journey}/redirect`, async (request, reply) => {
      const site = request.site;
      if (!site) return reply.code(421).send();
      const result = ticketingRedirect(
        journey,
        {
          method: request.method,
          query: request.query as Record<string, string | string[] | undefined>,
          cookieHeader: request.headers.cookie,
        },
        site.settings,
      );
      reply.code(result.status).headers(result.headers);
      return "body" in result ? reply.send(result.body) : reply.send();
    });
  }

  app.all("/api/*", async (_request, reply) =>
    reply.code(404).send({ error: { code: "not_found", message: "No such endpoint." } }),
  );

  const sendNotFound = (request: FastifyRequest, reply: FastifyReply, site: SiteBundle) => {
    reply.code(404);
    if (acceptsHtml(request) && site.files.has(NOT_FOUND_PAGE))
      return reply.sendFile(NOT_FOUND_PAGE.slice(1), site.publicDir, SEND_OPTIONS);
    return reply.type("text/plain; charset=utf-8").send("Not found.\n");
  };

  const serveStatic = async (request: FastifyRequest, reply: FastifyReply) => {
    const site = request.site;
    if (!site) return reply.code(421).send();
    const at = request.url.indexOf("?");
    const rawPath = at < 0 ? request.url : request.url.slice(0, at);
    const target = resolveStatic(site, rawPath, at < 0 ? "" : request.url.slice(at));
    if (target.kind === "redirect") return reply.code(301).header("Location", target.location).send();
    if (target.kind === "notFound") return sendNotFound(request, reply, site);
    reply.header("Cache-Control", CACHE_CONTROL[pathKindOf(target.file) === "immutable" ? "immutable" : "revalidate"]);
    return reply.sendFile(target.file.slice(1), site.publicDir, SEND_OPTIONS);
  };
  app.get("/*", serveStatic);

  app.setNotFoundHandler(async (request, reply) => {
    if (request.method === "GET" || request.method === "HEAD") return serveStatic(request, reply);
    return reply.code(405).header("Allow", "GET, HEAD").type("text/plain; charset=utf-8").send("Method not allowed.\n");
  });

  return {
    app,
    drain: () => {
      draining = true;
    },
  };
}
