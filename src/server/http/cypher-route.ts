// POST /api/cypher on the production server: the same proxy as the Gatsby Function
// (src/server/cypher-proxy.ts), with the transport rules the Function cannot express:
// cross-site callers get 403 before anything else (nothing is read, nothing reaches the
// provider); each client address has a budget of calls per minute, and a smaller one for the
// calls worth guessing at (sign-in, password reset, gift-card balance, sign-up, member search),
// answered 429 with Retry-After; only JSON or multipart bodies are read (415 otherwise); the body
// cap answers 413 (from Content-Length before reading, or while reading: a multipart file is
// refused when its part begins, never buffered); a body that cannot be read is a plain 400 whose
// message never quotes it. Every refusal is the proxy's JSON error, and one that leaves the body
// unread closes the connection rather than reading the rest.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import type { LoyaltyRoute, LoyaltyRouteName } from "../../member/provider/routes";
import {
  DEFAULT_MAX_BODY_BYTES,
  handleCypherRequest,
  proxyError,
  type CypherProxyLogger,
  type CypherProxyResponse,
} from "../cypher-proxy";
import { cypherSettingsFrom } from "../cypher-settings";
import { siteOriginFor } from "../reset-link";
import type { RateLimit } from "./deploy-settings";
import { crossSiteRefusal, ownOrigins } from "./same-origin";

export const CYPHER_PATH = "/api/cypher";
const JSON_TYPE = /^application\/(?:[\w.+-]*\+)?json\s*(?:;|$)/i;
const MULTIPART_TYPE = /^multipart\/form-data\s*;/i;
/** Envelope fields a member call may carry (reqMetadata and the payload's own). */
const MAX_FIELDS = 64;
const MINUTE_MS = 60_000;

/**
 * Routes an attacker would call over and over: credentials, reset codes, gift-card numbers, and
 * the anonymous calls that say whether an e-mail is a member's (sign-up, member search, the
 * activation e-mail: issue 43). Every route with a captcha counts too (isSensitiveRoute); these
 * are named as well so that the budget stays if a captcha is ever taken off one.
 */
export const SENSITIVE_ROUTES: ReadonlySet<LoyaltyRouteName> = new Set<LoyaltyRouteName>([
  "login",
  "loginByToken",
  "resetPasswordCode",
  "validateResetCode",
  "resetPassword",
  "usernameReminder",
  "giftCardBalance",
  "createMember",
  "activateOnComplete",
  "startRegistration",
  "sendMemberActivationCode",
  "memberSearch",
]);

export function isSensitiveRoute(route: LoyaltyRoute): boolean {
  return route.captchaAction !== undefined || SENSITIVE_ROUTES.has(route.name as LoyaltyRouteName);
}

export interface CypherRouteOptions {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly fetchImpl?: typeof fetch;
  readonly maxBodyBytes?: number;
  /** Calls per minute and client address (null: none); default: no limit. */
  readonly rateLimit?: RateLimit;
  /** Sensitive calls (isSensitiveRoute) per minute and client address, on top of `rateLimit`. */
  readonly sensitiveRateLimit?: RateLimit;
  /** The server listens on a loopback address only (HOST): reset links may follow a loopback Host. */
  readonly followLoopbackHost?: boolean;
}

function send(reply: FastifyReply, result: CypherProxyResponse, close = false): FastifyReply {
  reply.code(result.status).headers(result.headers);
  // Refused before its body was read: closing is cheaper than reading (and discarding) the rest.
  if (close) reply.header("Connection", "close");
  return reply.send(Buffer.isBuffer(result.body) ? result.body : JSON.stringify(result.body));
}

class ClientError extends Error {
  constructor(
    readonly statusCode: number,
    readonly answer: CypherProxyResponse,
  ) {
    super(answer.status === 413 ? "payload too large" : answer.status === 429 ? "rate limited" : "bad request");
  }
}

const tooLarge = (maxBodyBytes: number) =>
  proxyError("payload_too_large", `the body is larger than ${maxBodyBytes} bytes`);

function rateLimited(seconds: number): CypherProxyResponse {
  const wait = String(Math.max(1, Math.ceil(seconds)));
  return proxyError("rate_limited", `too many member calls from this address; try again in ${wait} s`, {
    "Retry-After": wait,
  });
}

/** The form fields of a multipart envelope; a file is refused as its part begins, an over-long field is 413. */
async function readMultipart(request: FastifyRequest, maxBodyBytes: number): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  let total = 0;
  try {
    for await (const part of request.parts({
      limits: { fieldSize: maxBodyBytes, fields: MAX_FIELDS, files: 1, parts: MAX_FIELDS + 1, headerPairs: 100 },
    })) {
      if (part.type === "file") {
        // Nothing of it is read: the connection closes with the answer.
        part.file.destroy();
        throw new ClientError(400, proxyError("bad_request", "member calls carry no files"));
      }
      const value = typeof part.value === "string" ? part.value : JSON.stringify(part.value);
      total += Buffer.byteLength(part.fieldname) + Buffer.byteLength(value);
      if (part.valueTruncated || total > maxBodyBytes) throw new ClientError(413, tooLarge(maxBodyBytes));
      if (Object.prototype.hasOwnProperty.call(fields, part.fieldname))
        throw new ClientError(400, proxyError("bad_request", `the field ${part.fieldname} is given more than once`));
      fields[part.fieldname] = value;
    }
  } catch (error) {
    if (error instanceof ClientError) throw error;
    // busboy's and @fastify/multipart's complaints (no boundary, cut-off form, too many parts): the client's.
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 413) throw new ClientError(413, tooLarge(maxBodyBytes));
    throw new ClientError(400, proxyError("bad_request", "the form cannot be read"));
  }
  return fields;
}

/** Fastify's and @fastify/multipart's errors as the proxy's JSON errors, never quoting the body. */
function answerForError(error: { statusCode?: number; code?: string }, maxBodyBytes: number): CypherProxyResponse {
  if (error instanceof ClientError) return error.answer;
  const status = error.statusCode ?? 500;
  if (status === 413 || error.code === "FST_ERR_CTP_BODY_TOO_LARGE") return tooLarge(maxBodyBytes);
  if (status === 415) return proxyError("unsupported_media_type", "member calls are JSON or multipart/form-data");
  if (status >= 400 && status < 500) return proxyError("bad_request", "the body cannot be read");
  return proxyError("internal_error", "the member call failed");
}

/** Registers /api/cypher in its own scope (its own body parsers, rate limits and error handling). */
export async function cypherRoute(app: FastifyInstance, options: CypherRouteOptions): Promise<void> {
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const loggedOnce = new Set<string>();

  app.removeAllContentTypeParsers();
  app.addContentTypeParser(JSON_TYPE, { parseAs: "buffer", bodyLimit: maxBodyBytes }, (_request, body, done) => {
    try {
      done(null, JSON.parse((body as Buffer).toString("utf8")));
    } catch {
      done(new ClientError(400, proxyError("bad_request", "the body is not valid JSON")), undefined);
    }
  });
  await app.register(multipart);

  // Counted per client address (request.ip: the first untrusted hop under TRUST_PROXY, else the socket), in this process.
  await app.register(rateLimit, { global: false, timeWindow: MINUTE_MS });
  const limiter = (max: RateLimit | undefined) => (max ? app.createRateLimit({ max, timeWindow: MINUTE_MS }) : null);
  const general = limiter(options.rateLimit);
  const sensitive = limiter(options.sensitiveRateLimit);

  app.setErrorHandler((error, request, reply) => {
    const answer = answerForError(error as { statusCode?: number; code?: string }, maxBodyBytes);
    if (answer.status >= 500) request.log.error({ err: error }, "loyalty proxy: unexpected failure");
    // The body may be partly unread after any of these: the connection is not reused.
    return send(reply, answer, true);
  });

  // Before the body is read: who is calling, how often, what they send, how much.
  app.addHook("onRequest", async (request, reply) => {
    const refusal = crossSiteRefusal(request.headers, ownOrigins(request.site?.settings.domain, request.host));
    if (refusal) return send(reply, refusal, true);
    if (general) {
      const verdict = await general(request);
      if (!verdict.isAllowed && verdict.isExceeded) return send(reply, rateLimited(verdict.ttlInSeconds), true);
    }
    if (request.method !== "POST") return undefined;
    const type = request.headers["content-type"] ?? "";
    if (!JSON_TYPE.test(type) && !MULTIPART_TYPE.test(type))
      return send(reply, proxyError("unsupported_media_type", "member calls are JSON or multipart/form-data"), true);
    const declared = Number(request.headers["content-length"] ?? "");
    if (Number.isFinite(declared) && declared > maxBodyBytes) return send(reply, tooLarge(maxBodyBytes), true);
    return undefined;
  });

  const logger = (request: FastifyRequest): CypherProxyLogger => ({
    warn: (message) => request.log.warn(message),
    error: (message) => request.log.error(message),
  });

  app.all(CYPHER_PATH, async (request, reply) => {
    const settings = cypherSettingsFrom(options.env, () => request.site?.settings.domain, logger(request));
    if (!settings.ok) {
      if (!loggedOnce.has(settings.problem)) {
        loggedOnce.add(settings.problem);
        request.log.warn(`loyalty proxy: ${settings.problem}; member calls answer 503`);
      }
      return send(reply, proxyError("loyalty_not_configured", "the member service is not configured"));
    }
    const body = request.isMultipart() ? await readMultipart(request, maxBodyBytes) : request.body;
    const admit = async (route: LoyaltyRoute): Promise<CypherProxyResponse | null> => {
      if (!sensitive || !isSensitiveRoute(route)) return null;
      const verdict = await sensitive(request);
      return !verdict.isAllowed && verdict.isExceeded ? rateLimited(verdict.ttlInSeconds) : null;
    };
    const result = await handleCypherRequest(
      { method: request.method, headers: request.headers, body, ip: request.ip, secure: request.protocol === "https" },
      {
        ...settings.deps,
        maxBodyBytes,
        siteOrigin: siteOriginFor(request.site?.settings.domain, request.host, request.protocol === "https", {
          followLoopbackHost: options.followLoopbackHost ?? false,
        }),
        admit,
        ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}),
      },
    );
    return send(reply, result);
  });
}
