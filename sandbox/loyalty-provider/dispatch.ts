import type { IncomingMessage, ServerResponse } from "node:http";
import { INVALID_TOKEN, RawAnswer, failure, type Answer, type JsonObject } from "./answers";
import { lastCodeFor, liveCode, useCode } from "./codes";
import { requestLanguage } from "./circuits";
import type { ForcedErrors } from "./forced-errors";
import type { HeldAnswers } from "./held-answers";
import { HttpError, headerValue, readBody, sendBytes, sendHtml, sendJson } from "./http";
import { findMemberById } from "./members";
import { isRecord, text } from "./payload";
import { matchPath, matchRoute, requiredQueryKeys, type ProviderState, type Route, type RouteContext } from "./router";
import { ROUTES } from "./routes";
import { STANDIN_PREFIX, type RecaptchaStandIn } from "../recaptcha/standin";
import type { ThirdPartyStandIn } from "../http-helpers";

import { findBySessionToken } from "./sessions";
import {
  renderActivationPage,
  renderPaymentPortalPage,
  renderTicketingPage,
  type TicketingEcho,
} from "./ticketing-page";

export interface Dispatcher {
  readonly state: ProviderState;
  /** Google reCAPTCHA stand-in served beside the provider (brief §3), when enabled. */
  readonly recaptcha?: RecaptchaStandIn;
  /** The consent manager, analytics and marketing stand-ins, when enabled. */
  readonly thirdParties?: readonly ThirdPartyStandIn[];
  readonly forced: ForcedErrors;
  /** Answers held back after their call was handled (POST /__sandbox/hold-answer). */
  readonly held: HeldAnswers;
  /** The provider calls received (path and query, newest last), for GET /__sandbox/received. */
  readonly received: ReceivedCalls;
  readonly ticketingEcho: boolean;
  /** Fallback origin for links when a request carries no usable Host header. */
  fallbackBaseUrl(): string;
}

const NOT_FOUND = { message: "Not found" };

/**
 * What a provider route received, as its own log would show it: tests read back what the site's
 * proxy sent (the cinema id of a circuit's current theater, say). The newest calls only.
 */
export class ReceivedCalls {
  static readonly KEPT = 1000;
  #calls: { seq: number; method: string; url: string }[] = [];
  #seq = 0;
  add(method: string, url: URL): void {
    this.#calls.push({ seq: ++this.#seq, method, url: `${url.pathname}${url.search}` });
    if (this.#calls.length > ReceivedCalls.KEPT) this.#calls.splice(0, this.#calls.length - ReceivedCalls.KEPT);
  }
  /** The calls whose path starts with `prefix`, after call number `after`. */
  list(prefix: string, after: number) {
    return this.#calls.filter((call) => call.seq > after && call.url.startsWith(prefix));
  }
  get last(): number {
    return this.#seq;
  }
}

/** Parses the request target without letting "//host/path" turn into another origin. */
function requestUrl(req: IncomingMessage): URL | undefined {
  const target = req.url ?? "/";
  try {
    return target.startsWith("/") ? new URL(`http://sandbox${target}`) : new URL(target);
  } catch {
    return undefined;
  }
}

function baseUrlOf(req: IncomingMessage, dispatcher: Dispatcher): string {
  const host = headerValue(req, "host");
  return host && /^[\w.\-:[\]]+$/.test(host) ? `http://${host}` : dispatcher.fallbackBaseUrl();
}

/** JSON object body of a POST route; `{}` when empty. */
async function jsonBody(req: IncomingMessage): Promise<JsonObject> {
  const read = await readBody(req);
  if (read.kind === "too-large") throw new HttpError(413, "Body larger than 1 MB");
  if (read.kind === "aborted") throw new HttpError(400, "Body not received");
  const raw = read.bytes.toString("utf8");
  if (raw.trim() === "") return {};
  const contentType = headerValue(req, "content-type") ?? "";
  if (!/^application\/json\b/i.test(contentType)) throw new HttpError(415, "Body must be sent as application/json");
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new HttpError(400, "Malformed JSON body");
  }
  if (!isRecord(parsed)) throw new HttpError(400, "Body must be a JSON object");
  return parsed;
}

function send(res: ServerResponse, answer: Answer): void {
  if (answer instanceof RawAnswer) sendBytes(res, answer.contentType, answer.bytes, answer.fileName);
  else sendJson(res, 200, answer);
}

export async function dispatch(dispatcher: Dispatcher, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { state } = dispatcher;
  try {
    const url = requestUrl(req);
    if (!url) throw new HttpError(400, "Unreadable request target");
    const method = req.method ?? "GET";
    const path = url.pathname;

    if (dispatcher.recaptcha && path.startsWith(STANDIN_PREFIX) && (await dispatcher.recaptcha.handle(req, res, url)))
      return;
    for (const standIn of dispatcher.thirdParties ?? [])
      if (standIn.owns(path) && (await standIn.handle(req, res, url))) return;
    if (path.startsWith("/__sandbox/")) return await sandboxHelper(dispatcher, method, url, req, res);
    if (dispatcher.ticketingEcho && (path === "/ticketing" || path.startsWith("/ticketing/"))) {
      return await ticketing(dispatcher, method, url, req, res);
    }
    const page = matchPath("/payment-portal/{portalId}", path) ?? matchPath("/activate/{code}", path);
    if (page) return pageRoute(dispatcher, method, page, req, res);

    const matches = ROUTES.flatMap((route) => {
      const params = matchRoute(route, path);
      return params ? [{ route, params }] : [];
    });
    if (matches.length === 0) throw new HttpError(404, NOT_FOUND.message);
    const withMethod = matches.filter((candidate) => candidate.route.method === method);
    if (withMethod.length === 0) {
      const allow = [...new Set(matches.map((candidate) => candidate.route.method))].join(", ");
      throw new HttpError(405, "Method not allowed", { Allow: allow });
    }
    // Two variants may share a method and path and differ only in their query keys (spec §7 "Get
    // reset code": v1's circuitId/cinemaId, v3's {brand} ids). The one whose required keys the
    // request carries answers; when none has them all, the one missing the fewest says which.
    const missingOf = (route: Route) =>
      requiredQueryKeys(route, state.brand).filter((key) => !url.searchParams.has(key));
    const [{ route, params }, missing] = withMethod
      .map((candidate) => [candidate, missingOf(candidate.route)] as const)
      .reduce((best, next) => (next[1].length < best[1].length ? next : best));
    dispatcher.received.add(method, url);
    if (missing.length > 0) throw new HttpError(400, `Missing query parameter(s): ${missing.join(", ")}`);

    let body: JsonObject = {};
    if (route.method === "POST") body = await jsonBody(req);
    else req.resume();

    const forcedCode = dispatcher.forced.take(path, route.path);
    if (forcedCode !== undefined) {
      const forced: JsonObject = { peachCode: forcedCode, clientErrorMessage: "Error forced by the loyalty sandbox" };
      if (route.answers === "statusCode") forced.statusCode = forcedCode;
      return sendJson(res, 200, forced);
    }

    const ctx: RouteContext = {
      state,
      db: state.db,
      now: state.now(),
      path,
      params,
      query: url.searchParams,
      body,
      language: requestLanguage(params, url.searchParams, state.brand),
      baseUrl: baseUrlOf(req, dispatcher),
      sessionToken: headerValue(req, `${state.brand}-Session-Token`),
      refreshToken: headerValue(req, `${state.brand}-Refresh-Session-Token`),
    };
    let answer: Answer;
    try {
      answer = await runRoute(route, ctx);
    } finally {
      state.db.persist();
    }
    const holdMs = dispatcher.held.take(path, route.path);
    if (holdMs !== undefined) await new Promise((resolve) => setTimeout(resolve, holdMs));
    send(res, answer);
  } catch (error) {
    if (res.headersSent) return void res.destroy();
    req.resume();
    if (error instanceof HttpError) return sendJson(res, error.status, { message: error.message }, error.headers);
    state.log(
      `[loyalty sandbox] ${req.method} ${req.url} failed: ${error instanceof Error ? error.stack : String(error)}`,
    );
    sendJson(res, 500, { message: "Internal error" });
  }
}

function runRoute(route: Route, ctx: RouteContext): Answer | Promise<Answer> {
  if (!route.session) return route.handle(ctx);
  const session = findBySessionToken(ctx.db, ctx.sessionToken, ctx.now);
  const member = session ? findMemberById(ctx.db, session.member_id) : undefined;
  if (!session || !member) return INVALID_TOKEN();
  if (member.state === "blocked") return failure(1019);
  return route.handle({ ...ctx, session, member });
}

/** The endpoints beside the provider's routes, which read the raw request and write their own answer. */
type SideEndpoint = (
  dispatcher: Dispatcher,
  method: string,
  url: URL,
  req: IncomingMessage,
  res: ServerResponse,
) => Promise<void>;

/** Test helpers, sandbox only: no real provider has them. */
const sandboxHelper: SideEndpoint = async (dispatcher, method, url, req, res) => {
  const helpers: Record<string, string> = {
    "/__sandbox/force-error": "POST",
    "/__sandbox/hold-answer": "POST",
    "/__sandbox/last-reset-code": "GET",
    "/__sandbox/health": "GET",
    "/__sandbox/received": "GET",
  };
  const expected = helpers[url.pathname];
  if (!expected) throw new HttpError(404, NOT_FOUND.message);
  if (method !== expected) throw new HttpError(405, "Method not allowed", { Allow: expected });

  if (url.pathname === "/__sandbox/health") {
    req.resume();
    return sendJson(res, 200, { ok: true, brand: dispatcher.state.brand });
  }
  if (url.pathname === "/__sandbox/received") {
    // ?path=/Member/v3/Login&after=<seq>: the calls since a test's own starting point.
    req.resume();
    const after = Number(url.searchParams.get("after") ?? 0);
    return sendJson(res, 200, {
      last: dispatcher.received.last,
      calls: dispatcher.received.list(url.searchParams.get("path") ?? "/", Number.isFinite(after) ? after : 0),
    });
  }
  if (url.pathname === "/__sandbox/last-reset-code") {
    req.resume();
    const email = url.searchParams.get("email");
    if (!email) throw new HttpError(400, "Missing query parameter(s): email");
    const last = lastCodeFor(dispatcher.state.db, email, "reset");
    if (!last) throw new HttpError(404, "No reset code for that email");
    return sendJson(res, 200, { email, resetCode: last.code, expiresAt: last.expiresAt });
  }
  // { route, peachCode }: the next call of that route answers that code instead;
  // { route, ms }: the next call of that route is handled, then its answer waits ms.
  const [queue, field] =
    url.pathname === "/__sandbox/hold-answer" ? [dispatcher.held, "ms"] : [dispatcher.forced, "peachCode"];
  const body = await jsonBody(req);
  const value = body[field];
  try {
    queue.add(text(body.route), typeof value === "number" ? value : Number.NaN);
  } catch (error) {
    throw new HttpError(400, error instanceof Error ? error.message : `Invalid ${url.pathname} request`);
  }
  sendJson(res, 200, { ok: true });
};

const ticketing: SideEndpoint = async (dispatcher, method, url, req, res) => {
  if (method !== "GET" && method !== "POST") throw new HttpError(405, "Method not allowed", { Allow: "GET, POST" });
  const echo: TicketingEcho = { method, path: url.pathname, query: [...url.searchParams], recognised: [] };
  if (method === "POST") {
    const read = await readBody(req);
    if (read.kind === "too-large") throw new HttpError(413, "Body larger than 1 MB");
    if (read.kind === "aborted") throw new HttpError(400, "Body not received");
    const contentType = headerValue(req, "content-type") ?? "";
    if (/^application\/x-www-form-urlencoded\b/i.test(contentType)) {
      echo.form = [...new URLSearchParams(read.bytes.toString("utf8"))];
    } else if (read.bytes.length > 0) {
      echo.bodyNote = `${read.bytes.length} bytes of ${contentType || "no content type"}, not shown`;
    } else {
      echo.form = [];
    }
  } else {
    req.resume();
  }
  const { db } = dispatcher.state;
  const now = dispatcher.state.now();
  const candidates = [
    ...echo.query.map(([name, value]) => ({ source: "query" as const, name, value })),
    ...(echo.form ?? []).map(([name, value]) => ({ source: "form" as const, name, value })),
  ];
  for (const { source, name, value } of candidates.slice(0, 100)) {
    const session = findBySessionToken(db, value, now);
    const member = session ? findMemberById(db, session.member_id) : undefined;
    if (member) echo.recognised.push({ source, name, email: member.email });
  }
  sendHtml(res, 200, renderTicketingPage(echo));
};

function pageRoute(
  dispatcher: Dispatcher,
  method: string,
  params: Record<string, string>,
  req: IncomingMessage,
  res: ServerResponse,
): void {
  req.resume();
  if (method !== "GET") throw new HttpError(405, "Method not allowed", { Allow: "GET" });
  if (params.portalId !== undefined) return sendHtml(res, 200, renderPaymentPortalPage(params.portalId));
  // The link a real provider's activation e-mail would carry.
  const { db } = dispatcher.state;
  const code = liveCode(db, params.code ?? "", "activation", dispatcher.state.now());
  if (!code) return sendHtml(res, 404, renderActivationPage(false));
  db.transaction(() => {
    db.run("UPDATE members SET state = 'active' WHERE member_id = ? AND state = 'not_activated'", [code.member_id]);
    useCode(db, code.code);
  });
  db.persist();
  sendHtml(res, 200, renderActivationPage(true));
}
