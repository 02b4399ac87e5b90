// POST /api/cypher on the production server: the same proxy as the Gatsby Function
// (src/server/cypher-proxy.ts), with the transport rules the Function cannot express:
// cross-site callers get 403 before anything else (nothing is read, nothing reaches the
// provider), only JSON or multipart bodies are read (415 otherwise), the body cap answers 413
// (from Content-Length before reading, or while reading), and JSON that does not parse is a
// plain 400 whose message never quotes the body.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import multipart from "@fastify/multipart";
import {
  DEFAULT_MAX_BODY_BYTES,
  handleCypherRequest,
  proxyError,
  type CypherProxyLogger,
  type CypherProxyResponse,
} from "../cypher-proxy";
import { cypherSettingsFrom } from "../cypher-settings";
import { crossSiteRefusal, ownOrigins } from "./same-origin";

export const CYPHER_PATH = "/api/cypher";
const JSON_TYPE = /^application\/(?:[\w.+-]*\+)?json\s*(?:;|$)/i;
const MULTIPART_TYPE = /^multipart\/form-data\s*;/i;
/** Envelope fields a member call may carry (reqMetadata and the payload's own). */
const MAX_FIELDS = 64;

export interface CypherRouteOptions {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly fetchImpl?: typeof fetch;
  readonly maxBodyBytes?: number;
}

function send(reply: FastifyReply, result: CypherProxyResponse): FastifyReply {
  reply.code(result.status).headers(result.headers);
  return reply.send(Buffer.isBuffer(result.body) ? result.body : JSON.stringify(result.body));
}

class ClientError extends Error {
  constructor(
    readonly statusCode: number,
    readonly answer: CypherProxyResponse,
  ) {
    super(answer.status === 413 ? "payload too large" : "bad request");
  }
}

/** The form fields of a multipart envelope; files are refused, an over-long field is 413. */
async function readMultipart(request: FastifyRequest, maxBodyBytes: number): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  let total = 0;
  for await (const part of request.parts({
    limits: { fieldSize: maxBodyBytes, fields: MAX_FIELDS, files: 1, parts: MAX_FIELDS + 1, headerPairs: 100 },
  })) {
    if (part.type === "file") {
      part.file.resume();
      throw new ClientError(400, proxyError("bad_request", "member calls carry no files"));
    }
    const value = typeof part.value === "string" ? part.value : JSON.stringify(part.value);
    total += Buffer.byteLength(part.fieldname) + Buffer.byteLength(value);
    if (part.valueTruncated || total > maxBodyBytes)
      throw new ClientError(413, proxyError("payload_too_large", `the body is larger than ${maxBodyBytes} bytes`));
    if (Object.prototype.hasOwnProperty.call(fields, part.fieldname))
      throw new ClientError(400, proxyError("bad_request", `the field ${part.fieldname} is given more than once`));
    fields[part.fieldname] = value;
  }
  return fields;
}

/** Fastify's and @fastify/multipart's errors as the proxy's JSON errors, never quoting the body. */
function answerForError(error: { statusCode?: number; code?: string }, maxBodyBytes: number): CypherProxyResponse {
  if (error instanceof ClientError) return error.answer;
  const status = error.statusCode ?? 500;
  if (status === 413 || error.code === "FST_ERR_CTP_BODY_TOO_LARGE")
    return proxyError("payload_too_large", `the body is larger than ${maxBodyBytes} bytes`);
  if (status === 415) return proxyError("unsupported_media_type", "member calls are JSON or multipart/form-data");
  if (status >= 400 && status < 500) return proxyError("bad_request", "the body cannot be read");
  return proxyError("internal_error", "the member call failed");
}

/** Registers /api/cypher in its own scope (its own body parsers and error handling). */
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

  app.setErrorHandler((error, request, reply) => {
    const answer = answerForError(error as { statusCode?: number; code?: string }, maxBodyBytes);
    if (answer.status >= 500) request.log.error({ err: error }, "loyalty proxy: unexpected failure");
    return send(reply, answer);
  });

  // Before the body is read: who is calling, what they send, how much.
  app.addHook("onRequest", async (request, reply) => {
    const refusal = crossSiteRefusal(request.headers, ownOrigins(request.site?.settings.domain, request.host));
    if (refusal) return send(reply, refusal);
    if (request.method !== "POST") return undefined;
    const type = request.headers["content-type"] ?? "";
    if (!JSON_TYPE.test(type) && !MULTIPART_TYPE.test(type))
      return send(reply, proxyError("unsupported_media_type", "member calls are JSON or multipart/form-data"));
    const declared = Number(request.headers["content-length"] ?? "");
    if (Number.isFinite(declared) && declared > maxBodyBytes)
      return send(reply, proxyError("payload_too_large", `the body is larger than ${maxBodyBytes} bytes`));
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
    const result = await handleCypherRequest(
      { method: request.method, headers: request.headers, body, ip: request.ip },
      { ...settings.deps, maxBodyBytes, ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}) },
    );
    return send(reply, result);
  });
}
