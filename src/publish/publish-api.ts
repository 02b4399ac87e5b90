// The publish API (issue 47), a build hook an operator's tools call when a site is saved:
//
//   POST /sites/{siteId}/publish            202 { id, state: "queued", … }   (Location: the publish)
//   GET  /sites/{siteId}/publishes          200 { publishes: [the last 20, newest first] }
//   GET  /sites/{siteId}/publishes/{id}     200 { id, state, step, queuedAt, startedAt, finishedAt, error }
//   POST /sites/{siteId}/rollback           200 { live, replaced }: the release before the live one, live at once
//   GET  /healthz                           200, no token
//
// Every call but /healthz carries `Authorization: Bearer <PUBLISH_TOKEN>`. The order of the checks
// says what a caller can learn: the rate limit first (so tokens cannot be guessed at speed), then
// the token, before any body is read (401 says nothing of the site), then the site id, then the
// body (16 KB at most, JSON, `{ "reason" }` at most). Every refusal is `{ error: { code, message } }`.
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import rateLimit from "@fastify/rate-limit";
import type { LogLevel, RateLimit, TrustProxy } from "../server/http/deploy-settings";
import { publishView, type Publish } from "./publish";
import { mayPublish } from "./publish-access";
import { PublishQueueClosedError, type PublishQueue } from "./publish-queue";
import { MAX_BODY_BYTES, readPublishBody, readPublishId, readSiteId, type Read } from "./publish-requests";

/** What a rollback did: the release now live, and the one it replaced. */
export interface Rollback {
  readonly live: string;
  readonly replaced: string;
}

export interface PublishApiOptions {
  readonly queue: PublishQueue;
  readonly publishToken: string;
  /** The sites there are (the folders of SITE_CONFIG_DIR), asked per request. */
  readonly knownSites: () => ReadonlySet<string>;
  /** Makes the release before the live one live; null when there is none. */
  readonly rollBack: (siteId: string) => Rollback | null;
  /** Calls per minute and client address: publishes and rollbacks, and reads (null: no limit). */
  readonly rateLimit?: { readonly changes: RateLimit; readonly reads: RateLimit };
  readonly trustProxy?: TrustProxy;
  readonly logLevel?: LogLevel;
  /** Where the log goes (default stdout). */
  readonly logStream?: NodeJS.WritableStream;
}

export const DEFAULT_CHANGES_PER_MINUTE = 30;
export const DEFAULT_READS_PER_MINUTE = 600;
export const HEALTH_PATH = "/healthz";

const MINUTE_MS = 60_000;

const errorBody = (code: string, message: string) => ({ error: { code, message } });

/** Fastify's own refusals (body parsing, rate limit) as the API's errors. */
function refusalOf(error: FastifyError): [number, string, string] {
  if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE")
    return [413, "body_too_large", `A body is at most ${MAX_BODY_BYTES / 1024} KB.`];
  if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE")
    return [415, "unsupported_media_type", "A body is JSON (application/json)."];
  if (error.statusCode === 429) return [429, "too_many_requests", "Too many calls: try again later."];
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500)
    return [400, "bad_request", "The request cannot be read (a body is JSON)."];
  return [500, "publish_failed", "The request failed."];
}

export async function buildPublishApi(options: PublishApiOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: options.logLevel ?? "info",
      ...(options.logStream ? { stream: options.logStream } : {}),
      redact: { paths: ["req.headers.authorization"], censor: "[redacted]" },
    },
    trustProxy: options.trustProxy ?? false,
    bodyLimit: MAX_BODY_BYTES,
  });

  // A build hook may send no body, with or without a JSON type: that is a publish with no reason.
  const json = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) =>
    body === "" ? done(null, undefined) : json(request, String(body), done),
  );

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const [status, code, message] = refusalOf(error);
    if (status >= 500) request.log.error({ err: error }, "publish API call failed");
    return reply.code(status).send(errorBody(code, message));
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send(errorBody("not_found", "No such endpoint.")));

  await app.register(rateLimit, { global: false, timeWindow: MINUTE_MS });
  const limit = (perMinute: RateLimit | undefined) =>
    perMinute === null ? {} : { config: { rateLimit: { max: perMinute ?? DEFAULT_READS_PER_MINUTE } } };
  const changes = limit(options.rateLimit ? options.rateLimit.changes : DEFAULT_CHANGES_PER_MINUTE);
  const reads = limit(options.rateLimit ? options.rateLimit.reads : DEFAULT_READS_PER_MINUTE);

  // After the rate limit (a route's onRequest), before the body is read.
  app.addHook("preParsing", async (request, reply) => {
    if (request.url === HEALTH_PATH || request.is404) return;
    if (!mayPublish(request.headers.authorization, options.publishToken))
      return reply
        .code(401)
        .header("WWW-Authenticate", 'Bearer realm="publish"')
        .send(errorBody("unauthorized", "A publish token is needed: Authorization: Bearer <PUBLISH_TOKEN>."));
  });

  const refused = (reply: FastifyReply, read: Read<unknown>) =>
    read.ok ? reply : reply.code(read.refusal.status).send(errorBody(read.refusal.code, read.refusal.message));
  const siteOf = (request: FastifyRequest) =>
    readSiteId((request.params as Record<string, unknown>).siteId, options.knownSites());

  app.get(HEALTH_PATH, async () => ({ status: "ok" }));

  app.post("/sites/:siteId/publish", changes, async (request, reply) => {
    const site = siteOf(request);
    if (!site.ok) return refused(reply, site);
    const body = readPublishBody(request.body);
    if (!body.ok) return refused(reply, body);
    let publish: Publish;
    try {
      publish = await options.queue.requestPublish(site.value, body.value.reason);
    } catch (error) {
      if (!(error instanceof PublishQueueClosedError)) throw error;
      return reply.code(503).send(errorBody("closing", "The publisher is stopping: publish again shortly."));
    }
    request.log.info(
      { siteId: site.value, publish: publish.id, saves: publish.saves, reason: body.value.reason },
      "publish requested",
    );
    return reply
      .code(202)
      .header("Location", `/sites/${site.value}/publishes/${publish.id}`)
      .send(publishView(publish));
  });

  app.get("/sites/:siteId/publishes", reads, async (request, reply) => {
    const site = siteOf(request);
    if (!site.ok) return refused(reply, site);
    const publishes = await options.queue.recentPublishes(site.value);
    return { publishes: publishes.map(publishView) };
  });

  app.get("/sites/:siteId/publishes/:publishId", reads, async (request, reply) => {
    const site = siteOf(request);
    if (!site.ok) return refused(reply, site);
    const id = readPublishId((request.params as Record<string, unknown>).publishId);
    if (!id.ok) return refused(reply, id);
    const publish = await options.queue.publishOf(site.value, id.value);
    if (!publish) return reply.code(404).send(errorBody("unknown_publish", "No such publish of this site."));
    return publishView(publish);
  });

  app.post("/sites/:siteId/rollback", changes, async (request, reply) => {
    const site = siteOf(request);
    if (!site.ok) return refused(reply, site);
    const body = readPublishBody(request.body);
    if (!body.ok) return refused(reply, body);
    const rollback = options.rollBack(site.value);
    if (!rollback)
      return reply.code(409).send(errorBody("no_previous_release", "The site has no release before the live one."));
    request.log.info({ siteId: site.value, ...rollback, reason: body.value.reason }, "rolled back");
    return rollback;
  });

  return app;
}
