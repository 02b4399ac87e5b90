// The production server: Fastify with its official static plugin, serving
// one or more built sites (chosen by the request's host; each request sees the release live when
// it came, ./live-site.ts) with Gatsby's conventions, the
// platform's headers on every response (./headers.ts), /api/cypher, the four ticketing
// redirects and the off-main-thread script proxy (/__third-party-proxy) by calling src/server/
// directly, /healthz, and one access-log line per request that
// never carries a token, a password or a captcha token. No React, no Gatsby.
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import fastifyStatic from "@fastify/static";
import { negotiate } from "@fastify/accept-negotiator";
import { COPY_ENCODINGS, COPY_SUFFIX, type CopyEncoding } from "../../build/precompress";
import { isPlainRequest, memoryFiles } from "./memory-files";
import { refreshHeaderName, sessionHeaderName } from "../../member/provider/routes";
import { REDIRECT_JOURNEYS, ticketingRedirect, type RedirectJourney } from "../ticketing-redirect";
import { cypherRoute } from "./cypher-route";
import type { ServerDeploySettings } from "./deploy-settings";
import { deferredRequest, type DeferredPages, type DeferredRequest, type RenderedFile } from "./deferred-pages";
import { apiHeaders, CACHE_CONTROL, contentSecurityPolicy, HEALTH_PATH, pathKindOf, securityHeaders } from "./headers";
import { isLoopbackHost } from "../reset-link";
import type { SiteBundle } from "./site-bundle";
import { fixedSite, type LiveSite } from "./live-site";
import { inlineScriptHashes } from "./site-files";
import { bodyStillArriving, lingerBeforeClosing } from "./lingering-close";
import { NOT_FOUND_PAGE, SERVER_ERROR_PAGE, decodedRequestPath, resolveStatic } from "./static-site";
import { datedScheduleRedirect } from "./dated-schedule";
import { localDateIn } from "../../catalogue/dates";
import {
  handleThirdPartyProxy,
  methodNotAllowed,
  proxySourcesOf,
  THIRD_PARTY_PROXY_PATH,
  type ProxySource,
  type ThirdPartyProxyDeps,
  type ThirdPartyProxyResponse,
} from "../third-party-proxy";

declare module "fastify" {
  interface FastifyRequest {
    /** The site this request's host selects; null when no site claims it. */
    site: SiteBundle | null;
  }
}

export interface ServerOptions {
  /** A site that never changes, or one whose release a publish swaps (./live-site.ts). */
  readonly sites: readonly (SiteBundle | LiveSite)[];
  readonly deploy: ServerDeploySettings;
  /** Deploy settings read per request by the endpoints (CYPHER_API_URL, RECAPTCHA_*, ...). */
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly fetchImpl?: typeof fetch;
  /** Where access logs go (default stdout). */
  readonly logStream?: NodeJS.WritableStream;
  /** The clock (tests): the sites' today for dated schedule addresses. */
  readonly now?: () => number;
  /** Tests: the script proxy's bounds (default: src/server/third-party-proxy.ts). */
  readonly thirdPartyProxy?: Pick<ThirdPartyProxyDeps, "timeoutMs" | "maxBodyBytes">;
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

/** The site each host selects. A site's id and domain are those it started with (a release that changes them is refused). */
function sitesByHost(sites: readonly LiveSite[], defaultSite: string | undefined) {
  const byHost = new Map<string, LiveSite>();
  const claim = (host: string, site: LiveSite) => {
    const key = host.toLowerCase();
    const other = byHost.get(key);
    if (other && other !== site)
      throw new Error(
        `Sites "${other.current().settings.siteId}" and "${site.current().settings.siteId}" both claim the host ${key}`,
      );
    byHost.set(key, site);
  };
  for (const site of sites) {
    const { settings } = site.current();
    claim(settings.domain, site);
    // The local alias: http://<siteId>.localhost:<port>/ reaches that site on a developer's machine.
    claim(`${settings.siteId}.localhost`, site);
  }
  let fallback: LiveSite | null = sites.length === 1 ? (sites[0] ?? null) : null;
  if (defaultSite) {
    fallback = sites.find((site) => site.current().settings.siteId === defaultSite) ?? null;
    if (!fallback) throw new Error(`DEFAULT_SITE: no site "${defaultSite}" is served`);
  }
  return (hostname: string): LiveSite | null => byHost.get(hostname.toLowerCase()) ?? fallback;
}

/** Longer URLs are refused with 414: no page, file or redirect of a site comes near this. */
export const MAX_URL_LENGTH = 4096;
export const HEADERS_TIMEOUT_MS = 5_000;
export const REQUEST_TIMEOUT_MS = 10_000;
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;
/** Longer than the upstream timeout and the captcha check together. */
export const SOCKET_TIMEOUT_MS = 30_000;

const errorBody = (code: string, message: string) => ({ error: { code, message } });

const CLIENT_ERRORS: Readonly<Record<string, [number, string, string]>> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, "request_timeout", "The request was not received in time."],
  // Node's parser counts the request line with the headers (16 KiB in all, --max-http-header-size):
  // a URL long enough to reach that bound is refused here, before Fastify or the 414 check could
  // see where it ends, so the message names both.
  HPE_HEADER_OVERFLOW: [431, "headers_too_large", "The request's URL and headers are too large."],
};

/**
 * An endpoint's headers, as every response the server writes carries the platform's (issue 43): a
 * raw refusal has read no host or path, so none of a site's policy applies. Written as they go.
 */
const RAW_ERROR_HEADERS = Object.entries(apiHeaders({ https: false }))
  .map(([name, value]) => `${name}: ${value}\r\n`)
  .join("");

/**
 * What Node's HTTP parser refuses before Fastify sees a request (malformed request line or
 * headers, a request line and headers over 16 KiB, a request slower than the timeouts): a JSON
 * error, then the connection closes. (An HTTP/1.1 request without a Host header is answered by
 * Node itself, 400 with no body, before this or any hook: see README "Serving in production".)
 */
function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [status, code, message] = CLIENT_ERRORS[error.code ?? ""] ?? [400, "bad_request", "The request is malformed."];
  const body = JSON.stringify(errorBody(code, message));
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ""}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n${RAW_ERROR_HEADERS}Connection: close\r\n\r\n${body}`,
    );
  socket.destroy();
}

/**
 * The copy an Accept-Encoding header takes among those there are ("*" reads as gzip, as
 * @fastify/static reads it), if any.
 */
function acceptedEncoding(
  header: string | undefined,
  available: (encoding: CopyEncoding) => boolean = () => true,
): CopyEncoding | undefined {
  if (!header) return undefined;
  return negotiate(header.toLowerCase().replace(/\*/g, "gzip"), COPY_ENCODINGS.filter(available)) ?? undefined;
}

const pathOf = (url: string): string => {
  const at = url.indexOf("?");
  return at < 0 ? url : url.slice(0, at);
};

const isEndpoint = (path: string): boolean => pathKindOf(path) === "api";

/** "Range Not Satisfiable" → "Range not satisfiable.\n": a plain-text error body that says what its status says. */
export function plainStatusText(status: number): string {
  const words = (STATUS_CODES[status] ?? "Error").split(" ");
  // Acronyms (URI, HTTP) keep their capitals.
  const sentence = words.map((word, at) => (at === 0 || word.toUpperCase() === word ? word : word.toLowerCase()));
  return `${sentence.join(" ")}.\n`;
}

function acceptsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return !accept || /text\/html|\*\/\*/.test(accept);
}

// With or without a trailing slash: the site's link rule (spec §5) adds one to a path an operator
// links to from a page, so /api/startconcessions/redirect/ is what such a link requests.
const REDIRECT_PATHS: ReadonlyMap<string, RedirectJourney> = new Map(
  REDIRECT_JOURNEYS.flatMap((journey) => [
    [`/api/${journey}/redirect`, journey],
    [`/api/${journey}/redirect/`, journey],
  ]),
);

function answerRedirect(journey: RedirectJourney, request: FastifyRequest, reply: FastifyReply): FastifyReply {
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
}

function sendProxied(reply: FastifyReply, result: ThirdPartyProxyResponse): FastifyReply {
  return reply.code(result.status).headers(result.headers).send(result.body);
}

export async function buildServer(options: ServerOptions): Promise<ProductionServer> {
  const { deploy, env } = options;
  const sites = options.sites.map((site) => ("current" in site ? site : fixedSite(site)));
  const now = options.now ?? Date.now;
  if (sites.length === 0) throw new Error("No site to serve");
  const siteByHost = sitesByHost(sites, deploy.defaultSite);
  const keptFiles = memoryFiles();
  /** The bundle each site last served: when a publish swaps it, the old release's kept files go. */
  const served = new Map<LiveSite, SiteBundle>();
  const selectSite = (hostname: string): SiteBundle | null => {
    const live = siteByHost(hostname);
    if (!live) return null;
    const site = live.current();
    const before = served.get(live);
    if (before !== site) {
      served.set(live, site);
      if (before) {
        keptFiles.forget(before.publicDir);
        app.log.info(`site "${site.settings.siteId}" now serves ${site.dir}: ${site.files.size} files`);
      }
    }
    return site;
  };
  const brand = deploy.loyaltyBrand;
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
    // A client has HEADERS_TIMEOUT_MS to send its headers and REQUEST_TIMEOUT_MS for the whole
    // request (a slowly dripped body included), checked every second; an idle connection closes
    // after KEEP_ALIVE_TIMEOUT_MS, one silent for longer than a member call may take, at SOCKET_TIMEOUT_MS.
    http: { headersTimeout: HEADERS_TIMEOUT_MS, connectionsCheckingInterval: 1000 },
    requestTimeout: REQUEST_TIMEOUT_MS,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    connectionTimeout: SOCKET_TIMEOUT_MS,
    clientErrorHandler: answerClientError,
    // A URL that does not decode (bad percent-escapes): 400, without quoting it back.
    frameworkErrors: (_error, request, reply) => {
      const api = isEndpoint(pathOf(request.url));
      // Answered before the hooks: the platform's headers are set here (issue 43: a bare 400).
      request.site = selectSite(request.hostname);
      for (const [name, value] of defaultsFor(request)) void reply.header(name, value);
      void (reply as FastifyReply)
        .code(400)
        .type(api ? "application/json; charset=utf-8" : "text/plain; charset=utf-8")
        .send(api ? JSON.stringify(errorBody("bad_request", "The URL is malformed.")) : "Bad request.\n");
    },
    bodyLimit: 64 * 1024,
    routerOptions: { maxParamLength: 2048 },
  });
  app.server.maxConnections = deploy.maxConnections;

  // An Expect header other than 100-continue: without a listener Node answers a bare 417 itself
  // (no body, no headers of ours, no access-log line). Handed to Fastify instead, marked, so the
  // onRequest hook below answers the 417 like any other refusal.
  const unmetExpectations = new WeakSet<IncomingMessage>();
  app.server.on("checkExpectation", (raw: IncomingMessage, response: ServerResponse) => {
    unmetExpectations.add(raw);
    app.routing(raw, response);
  });

  app.decorateRequest("site", null);

  app.addHook("onRequest", async (request, reply) => {
    if (request.url.length > MAX_URL_LENGTH) {
      reply.code(414);
      if (isEndpoint(pathOf(request.url)))
        return reply.type("application/json; charset=utf-8").send(errorBody("uri_too_long", "The URL is too long."));
      return reply.type("text/plain; charset=utf-8").send("URL too long.\n");
    }
    request.site = selectSite(request.hostname);
    const path = pathOf(request.url);
    if (!request.site && path !== HEALTH_PATH) {
      return reply.code(421).type("text/plain; charset=utf-8").send("No site is served at this host.\n");
    }
    if (unmetExpectations.has(request.raw)) {
      // The client may be holding its body back until we agree: close rather than wait for it.
      reply.code(417).header("Connection", "close");
      if (isEndpoint(path))
        return reply
          .type("application/json; charset=utf-8")
          .send(errorBody("expectation_failed", "The Expect header cannot be met."));
      return reply.type("text/plain; charset=utf-8").send(plainStatusText(417));
    }
    // A ticketing redirect takes GET and HEAD only. Another method gets the endpoint's own 405 here,
    // before any body is read: its GET route never saw it (the /api/* catch-all answered 404), and a
    // route for every method would read and parse a body first (400 or 415 instead of 405).
    const journey = REDIRECT_PATHS.get(path);
    if (journey && request.method !== "GET" && request.method !== "HEAD") {
      // Its body is left unread: closing is cheaper than reading it.
      reply.header("Connection", "close");
      return answerRedirect(journey, request, reply);
    }
    // The script proxy likewise (GET and HEAD only).
    if (path === THIRD_PARTY_PROXY_PATH && request.method !== "GET" && request.method !== "HEAD") {
      reply.header("Connection", "close");
      return sendProxied(reply, methodNotAllowed());
    }
    return undefined;
  });

  // Every response gets the platform's headers; what a handler set itself (the redirects'
  // Referrer-Policy: no-referrer, an immutable Cache-Control) stands.
  // Per bundle: a new release of a site has a policy of its own.
  const headerCache = new WeakMap<object, Map<boolean, (readonly [string, string])[]>>();
  const endpointHeaders = {};
  const defaultsFor = (request: FastifyRequest): readonly (readonly [string, string])[] => {
    const https = request.protocol === "https";
    const site = request.site;
    const endpoint = !site || isEndpoint(pathOf(request.url));
    const key = endpoint ? endpointHeaders : site;
    let cached = headerCache.get(key);
    if (!cached) headerCache.set(key, (cached = new Map()));
    let headers = cached.get(https);
    if (!headers) {
      const transport = { https, includeSubDomains: deploy.hstsIncludeSubDomains };
      headers = Object.entries(
        endpoint
          ? apiHeaders(transport)
          : { ...securityHeaders(site.contentSecurityPolicy, transport), "Cache-Control": CACHE_CONTROL.revalidate },
      );
      cached.set(https, headers);
    }
    return headers;
  };
  app.addHook("onSend", async (request, reply, payload) => {
    for (const [name, value] of defaultsFor(request)) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    if (draining) reply.header("Connection", "close");
    if (reply.getHeader("Connection") === "close" && bodyStillArriving(request.raw)) lingerBeforeClosing(request.raw);
    return payload;
  });

  app.setErrorHandler((error, request, reply) => {
    const { statusCode, headers } = error as { statusCode?: number; headers?: Record<string, string> };
    const status = statusCode !== undefined && statusCode >= 400 && statusCode < 600 ? statusCode : 500;
    // A client's mistake is not logged with its message: parsers quote what they could not read.
    if (status >= 500) request.log.error({ err: error }, "request failed");
    // What the error says goes with it (send's 416 carries Content-Range: bytes */<size>, RFC 9110
    // §15.5.17), as Fastify's own handler would send it.
    if (status < 500 && headers) reply.headers(headers);
    reply.code(status);
    if (isEndpoint(pathOf(request.url)))
      return reply
        .type("application/json; charset=utf-8")
        .send({ error: { code: "request_failed", message: "The request failed." } });
    // @fastify/static's refusals (416 for a Range it cannot satisfy, 412 for a failed If-Match…) come
    // here: the body says the status rather than a generic "Bad request.".
    return reply.type("text/plain; charset=utf-8").send(plainStatusText(status));
  });

  // Nothing is compressed per request (issue 43: one brotli encoder per response let 1,500 clients
  // take the server to 3.7 GiB). Build outputs come with brotli and gzip copies written after the
  // build (src/build/precompress.ts), sent as they are; a deferred page is compressed once, when
  // first rendered; member answers and errors go as they are (small: the proxy bounds an answer).
  // The roots are checked at start only; each file is sent from the root of the bundle its request saw.
  await app.register(fastifyStatic, {
    root: sites.map((site) => site.current().publicDir),
    serve: false,
    preCompressed: true,
  });

  app.get(HEALTH_PATH, async (_request, reply) =>
    reply.code(draining ? 503 : 200).send({ status: draining ? "stopping" : "ok" }),
  );

  await app.register(cypherRoute, {
    env,
    rateLimit: deploy.memberRateLimit,
    sensitiveRateLimit: deploy.sensitiveRateLimit,
    followLoopbackHost: isLoopbackHost(deploy.host),
    ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}),
  });

  for (const [path, journey] of REDIRECT_PATHS) {
    app.get(path, async (request, reply) => answerRedirect(journey, request, reply));
  }

  // The off-main-thread script proxy: only to what the site's script-src names (the build's
  // third-party settings), read once per site.
  const proxySources = new WeakMap<SiteBundle, readonly ProxySource[]>();
  app.get(THIRD_PARTY_PROXY_PATH, async (request, reply) => {
    const site = request.site;
    if (!site) return reply.code(421).send();
    let sources = proxySources.get(site);
    if (!sources) {
      sources = proxySourcesOf(site.settings.thirdPartySources["script-src"] ?? []);
      proxySources.set(site, sources);
    }
    const result = await handleThirdPartyProxy(
      { method: request.method, url: (request.query as Record<string, unknown>).url, headers: request.headers },
      { ...options.thirdPartyProxy, sources },
    );
    return sendProxied(reply, result);
  });

  app.all("/api/*", async (_request, reply) =>
    reply.code(404).send({ error: { code: "not_found", message: "No such endpoint." } }),
  );

  const sendNotFound = (request: FastifyRequest, reply: FastifyReply, site: SiteBundle, page = NOT_FOUND_PAGE) => {
    reply.code(404);
    if (acceptsHtml(request) && site.files.has(page))
      return reply.sendFile(page.slice(1), site.publicDir, SEND_OPTIONS);
    return reply.type("text/plain; charset=utf-8").send("Not found.\n");
  };

  const serveStatic = async (request: FastifyRequest, reply: FastifyReply) => {
    const site = request.site;
    if (!site) return reply.code(421).send();
    const at = request.url.indexOf("?");
    const rawPath = at < 0 ? request.url : request.url.slice(0, at);
    const search = at < 0 ? "" : request.url.slice(at);
    // A dated schedule address of today, a past day or a day past the build's range: 302 to the
    // programme (issue 42), a temporary answer since tomorrow it points elsewhere.
    // Only a path under the schedule's folder is dated (the site's today is worked out for it alone).
    const { schedule } = site;
    const decoded = schedule ? decodedRequestPath(rawPath) : null;
    const dated =
      schedule && decoded?.startsWith(schedule.path)
        ? datedScheduleRedirect(schedule, decoded, search, localDateIn(site.timeZone, now()))
        : null;
    if (dated) return reply.code(302).header("Location", dated).send();
    const target = resolveStatic(site, rawPath, search);
    if (target.kind === "notFound" && site.deferred) {
      const deferred = deferredRequest(site.deferred, rawPath, search);
      if (deferred) return serveDeferred(request, reply, site, site.deferred, deferred);
    }
    if (target.kind === "redirect") return reply.code(301).header("Location", target.location).send();
    if (target.kind === "notFound") return sendNotFound(request, reply, site, target.file);
    reply.header("Cache-Control", CACHE_CONTROL[pathKindOf(target.file) === "immutable" ? "immutable" : "revalidate"]);
    // A whole file, as most requests ask: from memory once read (memory-files.ts).
    if (isPlainRequest(request.headers)) {
      const { file } = target;
      const encoding = acceptedEncoding(request.headers["accept-encoding"], (e) =>
        site.files.has(`${file}${COPY_SUFFIX[e]}`),
      );
      const kept = keptFiles.get(site.publicDir, file, encoding);
      if (kept) return reply.headers(kept.headers).header("Vary", "accept-encoding").send(kept.body);
    }
    return reply.sendFile(target.file.slice(1), site.publicDir, SEND_OPTIONS);
  };
  app.get("/*", serveStatic);

  // A deferred page (spec §3): rendered on its first request, then served as a built file would be.
  const serveDeferred = async (
    request: FastifyRequest,
    reply: FastifyReply,
    site: SiteBundle,
    pages: DeferredPages,
    target: DeferredRequest,
  ) => {
    if (target.kind === "redirect") return reply.code(301).header("Location", target.location).send();
    let page: RenderedFile;
    try {
      page = await pages.render(target.pagePath, target.kind);
    } catch (error) {
      request.log.error({ err: error }, `deferred page ${target.pagePath} failed to render`);
      // Spec §8: a page that fails falls back to /500.html.
      reply.code(500);
      if (target.kind === "html" && acceptsHtml(request) && site.files.has(SERVER_ERROR_PAGE))
        return reply.sendFile(SERVER_ERROR_PAGE.slice(1), site.publicDir, SEND_OPTIONS);
      return reply.type("text/plain; charset=utf-8").send("Internal server error.\n");
    }
    // The copy the client takes, as @fastify/static picks a built file's.
    const encoding = page.copies ? acceptedEncoding(request.headers["accept-encoding"]) : undefined;
    reply.header("Vary", "Accept-Encoding");
    if (encoding) reply.header("Content-Encoding", encoding);
    const body = encoding && page.copies ? page.copies[encoding] : page.text;
    if (target.kind === "pageData") return reply.type("application/json; charset=utf-8").send(body);
    // Its inline scripts (the page's own path among them) are allowed by hash, as the built pages' are.
    const hashes = [...new Set([...site.policy.inlineScriptHashes, ...inlineScriptHashes(page.text)])];
    reply.header("Content-Security-Policy", contentSecurityPolicy({ ...site.policy, inlineScriptHashes: hashes }));
    return reply.type("text/html; charset=utf-8").send(body);
  };

  app.setNotFoundHandler(async (request, reply) => {
    // Methods no route takes (PROPFIND, SEARCH…) under /api/: the endpoints' JSON error.
    if (isEndpoint(pathOf(request.url)))
      return reply
        .code(405)
        .header("Allow", "GET, POST")
        .type("application/json; charset=utf-8")
        .send(errorBody("method_not_allowed", "Method not allowed."));
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
