// POST /api/cypher, without the framework: the browser's member calls (spec §7 envelope) pass
// through here to the loyalty provider at CYPHER_API_URL. This is the only door to the provider,
// so it decides what may go through: a route from the table (src/member/provider/routes.ts) and nothing
// else, the member's two token headers and nothing else (no cookies, no forwarding headers), a
// bounded body, a bounded wait. Failures answer `{ error: { code, message } }` without upstream
// text or stack traces.
//
// Answer contract (docs/loyalty-upstream.md transport): every provider answer that carries a
// peachCode or statusCode reaches the browser as HTTP 200 with that JSON, even when the upstream
// used a 4xx/5xx status for it, because the client branches on peachCode and a failing HTTP
// status would hide it. For such non-2xx answers only peachCode, statusCode and
// clientErrorMessage are passed on (X-Upstream-Status says what the upstream said). Every other
// upstream failure is one of the proxy error codes, with a non-200 status.
import { z } from "zod";
import type { ProxyErrorCode, ProxyErrorBody } from "../member/errors";
import {
  CAPTCHA_SITE_KEY_PATTERN,
  DEFAULT_LOYALTY_BRAND,
  MAX_ROUTE_LENGTH,
  matchRoute,
  refreshHeaderName,
  sessionHeaderName,
  type CypherRequestMetadata,
  type LoyaltyRoute,
  type RouteMatch,
} from "../member/provider/routes";
import { verifyCaptcha, type CaptchaSettings } from "./captcha";
import { rawAnswerHeaders } from "./raw-answer";
import { resetLinkRoute } from "./reset-link";
import { createRefreshReplay, type RefreshReplay } from "./refresh-replay";
import { callUpstream, UpstreamTimeoutError, type UpstreamAnswer, type UpstreamRequest } from "./upstream-fetch";
import {
  REFRESH_HELD_FIELD,
  clearedRefreshCookie,
  readRefreshCookie,
  refreshCookie,
  takeRefreshToken,
} from "./refresh-cookie";

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export interface CypherProxyRequest {
  readonly method: string;
  /** Node's incoming headers (lower-case names); other spellings are normalised here. */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** Parsed JSON object, or form fields (multipart / urlencoded) where reqMetadata is a JSON string. */
  readonly body: unknown;
  readonly ip?: string | undefined;
  /**
   * The page talks to us over https (the host knows: the socket, or x-forwarded-proto behind a
   * trusted proxy): the refresh cookie is then Secure. Unset: Secure unless x-forwarded-proto says http.
   */
  readonly secure?: boolean | undefined;
}

export interface CypherProxyResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: JsonValue | Buffer;
}

export interface CypherProxyLogger {
  warn(message: string): void;
  error(message: string): void;
}

export interface CypherProxyDeps {
  /** CYPHER_API_URL: origin (and optional base path) the route paths are appended to. */
  readonly upstreamUrl: string;
  /** LOYALTY_BRAND, default "Cypher". */
  readonly brand?: string;
  /** The provider through this `fetch` (tests); by default through node:http (upstream-fetch.ts). */
  readonly fetchImpl?: typeof fetch;
  /** CYPHER_TIMEOUT_MS, default 8000: covers connecting and reading the whole answer. */
  readonly timeoutMs?: number;
  /** Largest request body accepted, as JSON bytes (default 64 KiB). */
  readonly maxBodyBytes?: number;
  /** Largest upstream answer passed on (default 5 MiB; wallet passes are the big ones). */
  readonly maxResponseBytes?: number;
  /** RECAPTCHA_*; without a secret, captcha checks are skipped (with one warning per logger). */
  readonly captcha?: Omit<CaptchaSettings, "secret" | "fetchImpl"> & {
    readonly secret?: string | undefined;
    /**
     * RECAPTCHA_PAGE_SECRETS: the secret of each page's own site key. A token whose call names its
     * key (reqMetadata.captchaSiteKey) is verified with that key's secret, or refused when the key
     * has none here; a call that names no key is verified with `secret`.
     */
    readonly pageSecrets?: ReadonlyMap<string, string> | undefined;
  };
  /**
   * The origin the site is served from (https://{settings.domain}): password-reset links are
   * built on it and the reset page's path, never on what the caller sent. Without it, reset
   * requests are refused (503).
   */
  readonly siteOrigin?: string | undefined;
  /**
   * Called once the route is known, before the captcha check and the upstream call: a refusal
   * (the production server's per-address rate limit of sensitive routes) ends the call there.
   */
  readonly admit?: (route: LoyaltyRoute) => Promise<CypherProxyResponse | null>;
  /** Max-Age of the refresh-token cookie (refresh-cookie.ts), default 720 h like the session cookie. */
  readonly refreshCookieMaxAgeSeconds?: number;
  /** Refreshes with the same token share one answer for a while (refresh-replay.ts); default: this process's. */
  readonly refreshReplay?: RefreshReplay;
  readonly logger: CypherProxyLogger;
}

export const DEFAULT_UPSTREAM_TIMEOUT_MS = 8000;
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;
export const DEFAULT_MAX_RESPONSE_BYTES = 5 * 1024 * 1024;
/** Session tokens are opaque; anything printable and of sane length may be one. */
const TOKEN_PATTERN = /^[\x21-\x7e]{1,4096}$/;
const ACCEPT_LIST = /^[A-Za-z0-9!#$&^_.+*\-/;=,\s"]{1,256}$/;

const metadataSchema = z.strictObject({
  method: z.enum(["GET", "POST"]),
  route: z
    .string()
    .min(1)
    .max(MAX_ROUTE_LENGTH * 2),
  responseFormat: z.enum(["json", "raw", "blob"]).optional(),
  "g-recaptcha-response": z.string().max(8192).optional(),
  captchaSiteKey: z.string().max(100).regex(CAPTCHA_SITE_KEY_PATTERN).optional(),
}) satisfies z.ZodType<CypherRequestMetadata>;

const baseHeaders = { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" } as const;
const jsonHeaders = { ...baseHeaders, "Content-Type": "application/json; charset=utf-8" } as const;

function json(status: number, body: JsonValue, extra: Readonly<Record<string, string>> = {}): CypherProxyResponse {
  return { status, headers: { ...jsonHeaders, ...extra }, body };
}

const ERROR_STATUS: Readonly<Record<ProxyErrorCode, number>> = {
  bad_request: 400,
  method_not_allowed: 405,
  route_not_allowed: 400,
  payload_too_large: 413,
  unsupported_media_type: 415,
  cross_site: 403,
  captcha_failed: 403,
  loyalty_not_configured: 503,
  upstream_timeout: 504,
  upstream_unreachable: 502,
  upstream_bad_response: 502,
  upstream_error: 502,
  upstream_rate_limited: 429,
  rate_limited: 429,
  internal_error: 500,
};

/** The proxy's own error answer; exported for the Function layer's "not configured" reply. */
export function proxyError(
  code: ProxyErrorCode,
  message: string,
  extra: Readonly<Record<string, string>> = {},
): CypherProxyResponse {
  const body = { error: { code, message } } satisfies ProxyErrorBody;
  return json(ERROR_STATUS[code], body, extra);
}

/** One per process, shared by every site it serves (keys include the provider and version). */
const processRefreshReplay = createRefreshReplay();

// One "captcha is off" warning per process, whichever request's logger says it (the server and the
// Function make a logger per request: keyed by logger, it was said on every login call).
let warnedWithoutSecret = false;

/**
 * Page keys already reported as having no secret, once each per process. Bounded: the key comes
 * from the caller, and made-up keys must not grow the set or flood the log.
 */
const reportedKeysWithoutSecret = new Set<string>();
const MAX_REPORTED_KEYS = 64;

function reportKeyWithoutSecret(key: string, route: LoyaltyRoute, logger: CypherProxyLogger): void {
  if (reportedKeysWithoutSecret.size > MAX_REPORTED_KEYS || reportedKeysWithoutSecret.has(key)) return;
  reportedKeysWithoutSecret.add(key);
  if (reportedKeysWithoutSecret.size > MAX_REPORTED_KEYS) {
    logger.warn(
      `loyalty proxy: captcha tokens of more than ${MAX_REPORTED_KEYS} site keys without a secret were refused; further keys are not logged`,
    );
    return;
  }
  // The key is public (it is in the page); its secret is what the deploy must add.
  logger.warn(
    `loyalty proxy: captcha refused on ${describe(route)}: the page's site key "${key}" has no secret; add "${key}=<its secret>" to RECAPTCHA_PAGE_SECRETS (logged once per key)`,
  );
}

type RequestHeaders = CypherProxyRequest["headers"];
/** Each request's headers by lower-case name (first spelling wins), made once: a call reads about ten. */
const byLowerCaseName = new WeakMap<RequestHeaders, RequestHeaders>();

function headerValue(headers: RequestHeaders, name: string): string | string[] | undefined {
  let lowerCased = byLowerCaseName.get(headers);
  if (!lowerCased) {
    const map: Record<string, string | string[] | undefined> = Object.create(null) as Record<string, never>;
    for (const [key, value] of Object.entries(headers)) {
      const lower = key.toLowerCase();
      if (!(lower in map)) map[lower] = value;
    }
    lowerCased = map;
    byLowerCaseName.set(headers, lowerCased);
  }
  return lowerCased[name.toLowerCase()];
}

type Outcome<T> = { ok: true; value: T } | { ok: false; response: CypherProxyResponse };

/** Copies the body into a plain object (multer hands over null-prototype objects) and unpacks a JSON-string reqMetadata. */
function readEnvelope(
  body: unknown,
  maxBodyBytes: number,
): Outcome<{ meta: CypherRequestMetadata; payload: Record<string, unknown> }> {
  if (typeof body !== "object" || body === null || Array.isArray(body) || Buffer.isBuffer(body)) {
    return { ok: false, response: proxyError("bad_request", "expected a JSON object or form fields with reqMetadata") };
  }
  const fields: Record<string, unknown> = Object.fromEntries(Object.entries(body));
  let size: number;
  try {
    size = Buffer.byteLength(JSON.stringify(fields) ?? "");
  } catch {
    return { ok: false, response: proxyError("bad_request", "the body is not JSON data") };
  }
  if (size > maxBodyBytes)
    return { ok: false, response: proxyError("payload_too_large", `the body is larger than ${maxBodyBytes} bytes`) };

  const { reqMetadata, ...payload } = fields;
  let metaInput: unknown = reqMetadata;
  if (typeof reqMetadata === "string") {
    try {
      metaInput = JSON.parse(reqMetadata);
    } catch {
      return { ok: false, response: proxyError("bad_request", "reqMetadata is not valid JSON") };
    }
  }
  const meta = metadataSchema.safeParse(metaInput);
  if (!meta.success) {
    const where = meta.error.issues.map((issue) => ["reqMetadata", ...issue.path.map(String)].join(".")).join(", ");
    return { ok: false, response: proxyError("bad_request", `the envelope is malformed at ${where}`) };
  }
  return { ok: true, value: { meta: meta.data, payload } };
}

/** A header the member sent, if it is a plausible token; a malformed one is a client error. */
function tokenHeader(headers: CypherProxyRequest["headers"], name: string): Outcome<string | undefined> {
  const value = headerValue(headers, name);
  if (value === undefined || value === "") return { ok: true, value: undefined };
  if (Array.isArray(value) || !TOKEN_PATTERN.test(value)) {
    return { ok: false, response: proxyError("bad_request", `the ${name} header is malformed`) };
  }
  return { ok: true, value };
}

function upstreamTarget(upstreamUrl: string, canonical: string): URL {
  const base = new URL(upstreamUrl);
  const prefix = base.pathname.replace(/\/+$/, "");
  const target = new URL(`${base.origin}${prefix}${canonical}`);
  // Belt and braces: the table only yields absolute paths, so this cannot change host.
  if (target.origin !== base.origin) throw new Error("the route left the upstream origin");
  return target;
}

async function readCapped(response: Response, cap: number): Promise<Buffer | null> {
  const declared = Number(response.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > cap) {
    await response.body?.cancel().catch(() => undefined);
    return null;
  }
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > cap) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * How deep a provider's JSON answer may nest. Its answers nest a few levels; what is passed on is
 * serialised again (JSON.stringify recurses, and overflows the stack at a few thousand levels, well
 * under the response cap: a 500 instead of the proxy's own error), and the browser parses it with zod.
 */
export const MAX_ANSWER_DEPTH = 64;

/**
 * Whether a value nests arrays and objects more than `limit` deep. Walked with a list, not by
 * recursion (the point is not to overflow the stack), over containers only: measured, a few µs for
 * a member answer, half or less of what a scan of its bytes took.
 */
function nestsDeeperThan(value: JsonValue, limit: number): boolean {
  const pending: [JsonValue, number][] = [[value, 1]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [current, depth] = next;
    if (current === null || typeof current !== "object") continue;
    if (depth > limit) return true;
    for (const child of Array.isArray(current) ? current : Object.values(current))
      if (child !== null && typeof child === "object") pending.push([child, depth + 1]);
  }
  return false;
}

function parseJson(bytes: Buffer): { ok: true; value: JsonValue } | { ok: false } {
  try {
    // JSON.parse yields JSON values by construction (and parses any depth without recursing).
    return { ok: true, value: JSON.parse(bytes.toString("utf8")) as JsonValue };
  } catch {
    return { ok: false };
  }
}

/** The same call as callUpstream, through a `fetch` (deps.fetchImpl). */
async function callThroughFetch(fetchImpl: typeof fetch, target: URL, call: UpstreamRequest): Promise<UpstreamAnswer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), call.timeoutMs);
  try {
    // Redirects are not followed: the provider has no reason to send us elsewhere.
    const response = await fetchImpl(target, {
      method: call.method,
      headers: call.headers,
      ...(call.body === undefined ? {} : { body: call.body }),
      redirect: "manual",
      signal: controller.signal,
    });
    const bytes = await readCapped(response, call.maxBodyBytes);
    return { status: response.status, header: (name) => response.headers.get(name), bytes };
  } catch (error) {
    if (controller.signal.aborted) throw new UpstreamTimeoutError(call.timeoutMs);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** peachCode/statusCode/clientErrorMessage of a provider answer, if it is one. */
function providerVerdict(value: JsonValue): { [key: string]: JsonValue } | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const verdict: { [key: string]: JsonValue } = {};
  for (const key of ["peachCode", "statusCode"] as const) {
    const code = value[key];
    if (typeof code === "number") verdict[key] = code;
  }
  if (Object.keys(verdict).length === 0) return null;
  const message = value.clientErrorMessage;
  if (typeof message === "string") verdict.clientErrorMessage = message;
  return verdict;
}

/**
 * What a member search passes on (issue 43, docs/decisions.md): the verdict, and when it found a
 * member only what the profile's follow-up reads (spec §4: hasUserName, clubId). Never the member
 * id (an Edit without a session names its member by id), the address or any other field: a
 * stranger learns whether an address is a member's, as sign-up's code 34 tells them, and no more.
 */
function memberSearchAnswer(value: JsonValue): { [key: string]: JsonValue } {
  const verdict = providerVerdict(value) ?? {};
  const found =
    verdict.peachCode !== undefined ? verdict.peachCode === 0 : verdict.statusCode === 0 || verdict.statusCode === 200;
  if (!found || typeof value !== "object" || value === null || Array.isArray(value)) return verdict;
  const answer = { ...verdict };
  if (typeof value.hasUserName === "boolean") answer.hasUserName = value.hasUserName;
  if (typeof value.clubId === "string" || typeof value.clubId === "number") answer.clubId = value.clubId;
  return answer;
}

function isJsonContentType(contentType: string | null): boolean {
  return contentType === null || /^application\/(?:[\w.+-]*\+)?json\s*(?:;|$)/i.test(contentType);
}

function acceptFor(route: LoyaltyRoute, headers: CypherProxyRequest["headers"]): string {
  if (route.responseFormat === "json") return "application/json";
  const accept = headerValue(headers, "accept");
  return typeof accept === "string" && ACCEPT_LIST.test(accept) ? accept : "*/*";
}

function describe(route: LoyaltyRoute): string {
  // The pattern, not the route string: query values and path ids can be e-mail addresses.
  return `${route.method} ${route.path}`;
}

export async function handleCypherRequest(
  request: CypherProxyRequest,
  deps: CypherProxyDeps,
): Promise<CypherProxyResponse> {
  if (request.method.toUpperCase() !== "POST") {
    return proxyError("method_not_allowed", "member calls are POST requests", { Allow: "POST" });
  }
  const maxBodyBytes = deps.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const declaredLength = Number(headerValue(request.headers, "content-length") ?? "");
  if (Number.isFinite(declaredLength) && declaredLength > maxBodyBytes) {
    return proxyError("payload_too_large", `the body is larger than ${maxBodyBytes} bytes`);
  }

  const envelope = readEnvelope(request.body, maxBodyBytes);
  if (!envelope.ok) return envelope.response;
  const { meta, payload } = envelope.value;

  const brand = deps.brand ?? DEFAULT_LOYALTY_BRAND;
  const match = matchRoute(meta.method, meta.route, brand);
  if (!match.ok) return proxyError("route_not_allowed", `route refused (${match.reason})`);
  const { route } = match;
  const secure =
    request.secure ?? !/^\s*http\s*(?:,|$)/i.test(String(headerValue(request.headers, "x-forwarded-proto") ?? ""));
  const replayed = route.name === "refresh" ? sentRefreshToken(request.headers, brand) : undefined;
  const answer = replayed
    ? await (deps.refreshReplay ?? processRefreshReplay).run(
        `${deps.upstreamUrl}\0${brand}\0${route.version}`,
        replayed,
        () => relay(request, deps, match, meta, payload, brand),
        issuedNewPair,
      )
    : await relay(request, deps, match, meta, payload, brand);
  return withRefreshCookie(route, answer, secure, deps);
}

/** The refresh token a call carries: our HttpOnly cookie, else (a caller that is not a browser) its header. */
function sentRefreshToken(headers: RequestHeaders, brand: string): string | undefined {
  const header = tokenHeader(headers, refreshHeaderName(brand));
  return readRefreshCookie(headerValue(headers, "cookie")) ?? (header.ok ? header.value : undefined);
}

/** A refresh answer worth giving again: the provider issued a new pair. */
function issuedNewPair(answer: CypherProxyResponse): boolean {
  return (
    answer.status === 200 && !Buffer.isBuffer(answer.body) && takeRefreshToken(answer.body).refreshToken !== undefined
  );
}

/**
 * The refresh token's cookie (refresh-cookie.ts): taken out of any answer that carries one and set
 * as the cookie; cleared by every logout answer, whatever the provider said.
 */
function withRefreshCookie(
  route: LoyaltyRoute,
  answer: CypherProxyResponse,
  secure: boolean,
  deps: CypherProxyDeps,
): CypherProxyResponse {
  if (route.name === "logout")
    return { ...answer, headers: { ...answer.headers, "Set-Cookie": clearedRefreshCookie({ secure }) } };
  if (answer.status !== 200 || Buffer.isBuffer(answer.body)) return answer;
  const taken = takeRefreshToken(answer.body);
  if (taken.refreshToken === undefined)
    return taken.answer === answer.body ? answer : { ...answer, body: taken.answer };
  const cookie = refreshCookie(taken.refreshToken, {
    secure,
    ...(deps.refreshCookieMaxAgeSeconds ? { maxAgeSeconds: deps.refreshCookieMaxAgeSeconds } : {}),
  });
  if (cookie === null) {
    deps.logger.warn(`loyalty proxy: ${describe(route)} answered a refresh token that cannot be kept in a cookie`);
    const body = taken.answer as { [key: string]: JsonValue };
    const tokens = { ...(body.sessionManagementTokens as { [key: string]: JsonValue }) };
    delete tokens[REFRESH_HELD_FIELD];
    return { ...answer, body: { ...body, sessionManagementTokens: tokens } };
  }
  return { ...answer, body: taken.answer, headers: { ...answer.headers, "Set-Cookie": cookie } };
}

async function relay(
  request: CypherProxyRequest,
  deps: CypherProxyDeps,
  match: Extract<RouteMatch, { ok: true }>,
  meta: CypherRequestMetadata,
  payload: Record<string, unknown>,
  brand: string,
): Promise<CypherProxyResponse> {
  const { route } = match;
  if (deps.admit) {
    const refusal = await deps.admit(route);
    if (refusal) return refusal;
  }

  let canonical = match.canonical;
  if (route.name === "resetPasswordCode") {
    if (!deps.siteOrigin) {
      deps.logger.error("loyalty proxy: the site's origin is unknown, so reset links cannot be built; reset refused");
      return proxyError("loyalty_not_configured", "the member service is not configured");
    }
    canonical = resetLinkRoute(match, deps.siteOrigin, brand);
  }

  const binary = route.responseFormat !== "json";
  if (meta.responseFormat !== undefined && (meta.responseFormat === "json") === binary) {
    return proxyError("bad_request", `${describe(route)} answers ${route.responseFormat}, not ${meta.responseFormat}`);
  }

  const session = tokenHeader(request.headers, sessionHeaderName(brand));
  if (!session.ok) return session.response;
  const refresh = tokenHeader(request.headers, refreshHeaderName(brand));
  if (!refresh.ok) return refresh.response;

  if (route.captchaAction) {
    const { secret: deploySecret, pageSecrets, ...captchaSettings } = deps.captcha ?? { secret: undefined };
    if (!deploySecret) {
      if (!warnedWithoutSecret) {
        warnedWithoutSecret = true;
        deps.logger.warn(
          "loyalty proxy: RECAPTCHA_SECRET is not set, so the captcha tokens of sign-in, sign-up, member search, password reset and gift-card calls are not verified",
        );
      }
    } else {
      // A page's own key has its own secret: its tokens never verify with the deploy's (spec §5).
      const pageKey = meta.captchaSiteKey;
      const secret = pageKey === undefined ? deploySecret : pageSecrets?.get(pageKey);
      if (secret === undefined) {
        reportKeyWithoutSecret(pageKey ?? "", route, deps.logger);
        return proxyError("captcha_failed", "the captcha check failed");
      }
      const verdict = await verifyCaptcha(
        { token: meta["g-recaptcha-response"], expectedAction: route.captchaAction, remoteIp: request.ip },
        { ...captchaSettings, secret, ...(deps.fetchImpl ? { fetchImpl: deps.fetchImpl } : {}) },
      );
      if (!verdict.ok) {
        deps.logger.warn(`loyalty proxy: captcha refused on ${describe(route)}: ${verdict.reason} (${verdict.detail})`);
        return proxyError("captcha_failed", "the captcha check failed");
      }
    }
  }

  // The browser holds no refresh token: it comes from our HttpOnly cookie. A caller that is not a
  // browser (a point-of-sale host) may still send the header.
  const kept = readRefreshCookie(headerValue(request.headers, "cookie"));
  const headers: Record<string, string> = { Accept: acceptFor(route, request.headers) };
  if (route.sessionHeader !== "never" && session.value) headers[sessionHeaderName(brand)] = session.value;
  // sentRefreshToken's rule (the cookie, else the header), from what this call already read.
  const refreshToken = kept ?? refresh.value;
  if (route.refreshHeader && refreshToken) headers[refreshHeaderName(brand)] = refreshToken;
  let body: string | undefined;
  if (route.method === "POST") {
    headers["Content-Type"] = "application/json";
    // Spec §4: v3 logout sends userSessionId = the refresh token, which only the server knows.
    const sent = route.name === "logout" && route.version === 3 && kept ? { ...payload, userSessionId: kept } : payload;
    body = JSON.stringify(sent);
  }

  let target: URL;
  try {
    target = upstreamTarget(deps.upstreamUrl, canonical);
  } catch (error) {
    deps.logger.error(
      `loyalty proxy: CYPHER_API_URL is not usable (${error instanceof Error ? error.message : String(error)})`,
    );
    return proxyError("loyalty_not_configured", "the member service is not configured");
  }

  const timeoutMs = deps.timeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS;
  const call: UpstreamRequest = {
    method: route.method,
    headers,
    body,
    timeoutMs,
    maxBodyBytes: deps.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
  };
  let upstream: UpstreamAnswer;
  try {
    upstream = deps.fetchImpl ? await callThroughFetch(deps.fetchImpl, target, call) : await callUpstream(target, call);
  } catch (error) {
    if (error instanceof UpstreamTimeoutError) {
      deps.logger.warn(`loyalty proxy: ${describe(route)} timed out after ${timeoutMs} ms`);
      return proxyError("upstream_timeout", "the member service did not answer in time");
    }
    deps.logger.warn(
      `loyalty proxy: ${describe(route)} failed to reach the member service (${error instanceof Error ? error.message : String(error)})`,
    );
    return proxyError("upstream_unreachable", "the member service cannot be reached");
  }
  if (upstream.bytes === null) {
    deps.logger.warn(`loyalty proxy: ${describe(route)} answered more than the response cap`);
    return proxyError("upstream_bad_response", "the member service answered too much");
  }
  return answerFromUpstream(route, upstream, upstream.bytes, deps.logger);
}

function answerFromUpstream(
  route: LoyaltyRoute,
  upstream: UpstreamAnswer,
  bytes: Buffer,
  logger: CypherProxyLogger,
): CypherProxyResponse {
  const contentType = upstream.header("content-type");
  const okStatus = upstream.status >= 200 && upstream.status < 300;

  if (upstream.status === 429) {
    const retryAfter = upstream.header("retry-after");
    return proxyError(
      "upstream_rate_limited",
      "too many requests",
      retryAfter && /^\d{1,6}$/.test(retryAfter) ? { "Retry-After": retryAfter } : {},
    );
  }

  if (!okStatus) {
    const parsed = isJsonContentType(contentType) ? parseJson(bytes) : { ok: false as const };
    const verdict = parsed.ok ? providerVerdict(parsed.value) : null;
    if (verdict) return json(200, verdict, { "X-Upstream-Status": String(upstream.status) });
    logger.warn(`loyalty proxy: ${describe(route)} answered HTTP ${upstream.status}`);
    return proxyError("upstream_error", "the member service failed");
  }

  if (route.responseFormat !== "json") {
    const headers = rawAnswerHeaders(contentType);
    if (!headers) {
      logger.warn(`loyalty proxy: ${describe(route)} answered ${contentType ?? "no content type"}, not a wallet pass`);
      return proxyError("upstream_bad_response", "the member service answered something unexpected");
    }
    return { status: 200, headers: { ...baseHeaders, ...headers }, body: bytes };
  }

  const parsed = isJsonContentType(contentType) ? parseJson(bytes) : { ok: false as const };
  if (!parsed.ok) {
    logger.warn(
      `loyalty proxy: ${describe(route)} answered ${contentType ?? "no content type"} where JSON was expected`,
    );
    return proxyError("upstream_bad_response", "the member service answered something unexpected");
  }
  // Only a passed-on answer is serialised again; a failing one passes on three top-level fields.
  if (nestsDeeperThan(parsed.value, MAX_ANSWER_DEPTH)) {
    logger.warn(`loyalty proxy: ${describe(route)} answered JSON nested deeper than ${MAX_ANSWER_DEPTH} levels`);
    return proxyError("upstream_bad_response", "the member service answered something unexpected");
  }
  // Reset and activation codes go to the member's mailbox only: whatever else the provider echoes stays here.
  if (route.name === "resetPasswordCode" || route.name === "sendMemberActivationCode")
    return json(200, providerVerdict(parsed.value) ?? {});
  if (route.name === "memberSearch") return json(200, memberSearchAnswer(parsed.value));
  return json(200, parsed.value);
}
