// The browser's member API client: every call is a POST of the spec §7 envelope to /api/cypher
// (src/server/cypher-proxy.ts), with the route string built from the one route table. Answers are
// parsed with zod (raw-types.ts) and reshaped into domain types here; failures come back as a
// typed LoyaltyFailure, never as a thrown error, so screens branch instead of catching.
import type { z } from "zod";
import { loyaltyContextOf, withCurrentCinema, type LoyaltyConfig } from "../config";
import { isProxyErrorCode, type ProxyErrorCode } from "../errors";
import {
  isProviderSuccess,
  rawMemberAnswerSchema,
  rawVerdictSchema,
  type RawMemberAnswer,
  type RawMemberDetails,
  type RawVerdict,
} from "./raw-types";
import {
  buildRoute,
  findRoute,
  sessionHeaderName,
  type CaptchaAction,
  type CypherRequestMetadata,
  type LoyaltyRouteName,
  type QueryKeyName,
  type QueryValue,
  type ResponseFormat,
  type RouteArguments,
  type RouteParamName,
} from "./routes";
import { expiryFromProvider, type LoyaltyFailure, type LoyaltyResult, type Member, type MemberSession } from "../types";
import { otherMemberDetails } from "./member-details";
import { pageKeyOfToken } from "../captcha-token-key";

export type { LoyaltyFailure, LoyaltyResult } from "../types";

export const DEFAULT_CYPHER_ENDPOINT = "/api/cypher";

/**
 * How long the page waits for a member call before taking the member service as unreachable (the
 * `network` failure, "the member service cannot be reached"). The site server gives the provider
 * 8 s (DEFAULT_UPSTREAM_TIMEOUT_MS, CYPHER_TIMEOUT_MS, in src/server/cypher-proxy.ts) and then
 * always answers, with a 504 upstream_timeout at worst; 15 s leaves 7 s on top of that for a slow
 * mobile link and a busy server. Past it the connection between the browser and the site has
 * stalled, and the screen would otherwise stay on its loading state for good. A JSON answer must
 * be read whole within it (the server sends it at once, having read it whole from the provider);
 * a raw or blob answer only has to start within it (see MEMBER_DOWNLOAD_TIMEOUT_MS).
 */
export const MEMBER_CALL_TIMEOUT_MS = 15_000;

/**
 * How long the bytes of a raw or blob answer (a wallet pass) may take once its headers have come.
 * A pass may be as large as the proxy's answer limit (5 MiB, DEFAULT_MAX_RESPONSE_BYTES), which a
 * slow mobile link does not bring in 15 s; a minute lets such a pass through at about 700 kbit/s
 * (real passes are tens of kilobytes) and still ends a download that has stalled.
 */
export const MEMBER_DOWNLOAD_TIMEOUT_MS = 60_000;

export interface LoyaltyClientOptions {
  readonly config: LoyaltyConfig;
  /** `{brand}` of the headers and v3 query keys (runtime.loyaltyBrand). */
  readonly brand: string;
  readonly fetchImpl?: typeof fetch;
  readonly endpoint?: string;
  /**
   * The current theater's code at the moment of a call (spec §4 "Selected theater"), read by
   * every call: the override providers' cinemaId follows the visitor (withCurrentCinema).
   */
  readonly currentCinemaId?: () => string | null;
}

/**
 * A fresh reCAPTCHA v3 token for an action, minted when asked (the page's captcha,
 * sign-in/captcha.tsx); undefined or null when the page has none. Tokens are single-use and live
 * two minutes, so a flow of several calls asks once per call, just before it.
 */
export type CaptchaTokens = (action: CaptchaAction) => Promise<string | null | undefined>;

export interface CallOptions<N extends LoyaltyRouteName> {
  /** Path parameters; circuitId and cinemaId default to the loyalty context (a missing other one throws a RouteBuildError). */
  readonly params?: Readonly<Partial<Record<RouteParamName<N>, string | number>>>;
  /** Extra query keys; the context keys the route takes are added (required ones even when empty). */
  readonly query?: Readonly<Partial<Record<QueryKeyName, QueryValue>>>;
  /** Payload fields, sent beside reqMetadata (POST routes only reach the provider with them). */
  readonly payload?: Readonly<Record<string, unknown>>;
  /** The member's session token → `{brand}-Session-Token`. */
  readonly session?: string | null;
  /**
   * reCAPTCHA v3 token → reqMetadata["g-recaptcha-response"]; when a page's own key minted it
   * (captcha-token-key.ts), that key goes too, as reqMetadata.captchaSiteKey.
   */
  readonly captchaToken?: string | null;
  /** Defaults to the route table's format. */
  readonly responseFormat?: ResponseFormat;
  /** Defaults to config.version. */
  readonly version?: 1 | 3;
}

export interface JsonCallOptions<N extends LoyaltyRouteName, T> extends CallOptions<N> {
  readonly responseFormat?: "json";
  /** Parses a successful answer; without one the answer comes back as a loose verdict object. */
  readonly schema?: z.ZodType<T>;
}

export interface BinaryCallOptions<N extends LoyaltyRouteName> extends CallOptions<N> {
  readonly responseFormat: "raw" | "blob";
}

export interface BinaryAnswer {
  readonly blob: Blob;
  readonly contentType: string;
}

export interface LoyaltyClient {
  readonly version: 1 | 3;
  login(
    credentials: { readonly username: string; readonly password: string },
    captchaToken?: string | null,
  ): Promise<LoyaltyResult<MemberSession>>;
  /** Spec §4 Refresh: v1 RefreshLogin; v3 RefreshLogin then the member by the new token. */
  refresh(session: MemberSession): Promise<LoyaltyResult<MemberSession>>;
  /**
   * v1 with the session token; v3 with cancelAssociatedOrder=true and userSessionId = refresh
   * token, which the server fills in from its cookie (the page never holds it).
   */
  logout(session: Pick<MemberSession, "token">): Promise<LoyaltyResult<void>>;
  /** Spec §5: valid only on peachCode 0. v1 ValidateToken; v3 has no such route, so GetMember by token. */
  validateToken(token: string): Promise<LoyaltyResult<void>>;
  /**
   * Spec §4 Login by token. v1 LoginByToken (statusCode 0|200 with memberDetails and
   * sessionManagementTokens); v3 GetMember by token (peachCode 0). Tokens the answer lacks fall
   * back to `token` and `stored`. `flag` is read as includeCards on v3 and ignored on v1.
   */
  loginByToken(
    token: string,
    flag?: boolean,
    stored?: Partial<Pick<MemberSession, "refreshable" | "userSessionId" | "encryptedSessionId">>,
  ): Promise<LoyaltyResult<MemberSession>>;
  /** v3 (docs/loyalty-upstream.md): GET /Member/v3/GetMember/?{brand}CircuitId[&includeCards=true]. */
  getMemberByToken(token: string, includeCards?: boolean): Promise<LoyaltyResult<Member>>;
  /**
   * The member of a restored session (nothing personal is stored in the browser): v1 GetMember
   * (with the box-office userSessionId when there is one), v3 GetMember by token.
   */
  fetchMember(
    session: Pick<MemberSession, "token" | "cypherVersion" | "userSessionId">,
  ): Promise<LoyaltyResult<Member>>;
  /** Any route of the table, for the account screens. */
  call<N extends LoyaltyRouteName>(name: N, options: BinaryCallOptions<N>): Promise<LoyaltyResult<BinaryAnswer>>;
  call<N extends LoyaltyRouteName, T = RawVerdict>(name: N, options?: JsonCallOptions<N, T>): Promise<LoyaltyResult<T>>;
}

// ---------------------------------------------------------------------------------------------
// Reshaping (provider → domain).

export function memberFromProvider(details: RawMemberDetails): Member {
  return {
    memberId: details.memberId,
    firstName: details.firstName ?? "",
    lastName: details.lastName ?? "",
    email: details.email ?? "",
    username: details.username ?? "",
    mobilePhone: details.mobilePhone ?? "",
    birthDate: details.birthDate ?? "",
    expiresAt: expiryFromProvider(details.memberExpiry),
    cardNumber: details.cardNumber ?? "",
    clubId: details.clubId ?? "",
    levelName: details.memberLevelName ?? "",
    pointsBalance: details.pointsBalance ?? 0,
    // Spec §4 member search: only an explicit false means "no username yet".
    hasUserName: details.hasUserName ?? true,
    details: otherMemberDetails(details),
  };
}

function stringField(source: unknown, key: string): string | undefined {
  if (typeof source !== "object" || source === null) return undefined;
  const value = (source as Record<string, unknown>)[key];
  return typeof value === "string" && value !== "" ? value : undefined;
}

/**
 * The session token of an answer (spec §3 also names box-office tokens, read "if present"), and
 * whether the server kept a refresh token with it (it never reaches the page: refresh-cookie.ts).
 */
function tokensOf(answer: RawMemberAnswer): { token?: string; refreshable: boolean } {
  const tokens = answer.sessionManagementTokens;
  const token = stringField(tokens, "token") ?? stringField(tokens, "boxofficeSessionToken");
  return { ...(token ? { token } : {}), refreshable: tokens?.refreshTokenHeld === true };
}

function sessionFrom(
  version: 1 | 3,
  details: RawMemberDetails,
  tokens: { token: string; refreshable: boolean },
  answer: RawMemberAnswer,
  fallback: Partial<Pick<MemberSession, "userSessionId" | "encryptedSessionId">> = {},
): MemberSession {
  const member = memberFromProvider(details);
  if (version === 3) return { token: tokens.token, refreshable: tokens.refreshable, cypherVersion: 3, member };
  const userSessionId = details.userSessionId || answer.userSessionId || fallback.userSessionId;
  const encryptedSessionId = details.encryptedSessionId || fallback.encryptedSessionId;
  return {
    token: tokens.token,
    refreshable: tokens.refreshable,
    cypherVersion: 1,
    memberId: member.memberId,
    ...(userSessionId ? { userSessionId } : {}),
    ...(encryptedSessionId ? { encryptedSessionId } : {}),
    member,
  };
}

// ---------------------------------------------------------------------------------------------
// Failures.

const badResponse: LoyaltyFailure = { kind: "bad_response" };
/** A rejected fetch and a call past its time limit alike: the screens' "cannot be reached". */
const networkFailure: LoyaltyFailure = { kind: "network" };
const fail = <T>(failure: LoyaltyFailure): LoyaltyResult<T> => ({ ok: false, failure });

/** The proxy's error for a status when its body is unreadable (a CDN page, an HTML 502...). */
const PROXY_CODE_BY_STATUS: Readonly<Record<number, ProxyErrorCode>> = {
  400: "bad_request",
  403: "captcha_failed",
  405: "method_not_allowed",
  413: "payload_too_large",
  429: "upstream_rate_limited",
  500: "internal_error",
  502: "upstream_error",
  503: "loyalty_not_configured",
  504: "upstream_timeout",
};

export function providerFailure(verdict: RawVerdict): LoyaltyFailure {
  const code = verdict.peachCode ?? verdict.statusCode;
  if (code === undefined) return badResponse;
  return {
    kind: "provider",
    code,
    ...(verdict.clientErrorMessage ? { clientErrorMessage: verdict.clientErrorMessage } : {}),
  };
}

/**
 * A member call's time limit. An AbortController and a timer rather than AbortSignal.timeout,
 * which not every browser the site targets has (browserslist in package.json: KaiOS 3 runs
 * Firefox 84's engine, AbortSignal.timeout came with Firefox 100); the timer also stops as soon as
 * the call is done, so none is left running, and can be given a new length. What the call awaits
 * is raced against the limit too, so a fetch or a body that ignores the signal still ends.
 */
interface Deadline {
  readonly signal: AbortSignal;
  /** True once the limit has passed (the request is then aborted). */
  readonly expired: boolean;
  /** `work`, or a rejection once the limit passes first. */
  within<T>(work: Promise<T>): Promise<T>;
  /** Counts `ms` from now instead. */
  restart(ms: number): void;
  /** The call is done: no timer is left running. */
  clear(): void;
}

function startDeadline(ms: number): Deadline {
  const controller = new AbortController();
  let expire: (reason: Error) => void = () => undefined;
  const expiry = new Promise<never>((_, reject) => {
    expire = reject;
  });
  // Only ever raced, never awaited alone: a limit that passes with nothing racing it is no error.
  expiry.catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const restart = (after: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      controller.abort();
      expire(new Error(`no answer from the member service within ${after} ms`));
    }, after);
  };
  restart(ms);
  return {
    signal: controller.signal,
    get expired() {
      return controller.signal.aborted;
    },
    within: (work) => Promise.race([work, expiry]),
    restart,
    clear: () => clearTimeout(timer),
  };
}

async function readJson(response: Response, deadline: Deadline): Promise<{ ok: true; value: unknown } | { ok: false }> {
  try {
    return { ok: true, value: await deadline.within(response.json() as Promise<unknown>) };
  } catch {
    return { ok: false };
  }
}

async function failureOfStatus(response: Response, deadline: Deadline): Promise<LoyaltyFailure> {
  // A body that does not come within the limit leaves the status to speak for the answer.
  const body = await readJson(response, deadline);
  const code =
    body.ok && typeof body.value === "object" && body.value !== null
      ? (body.value as { error?: { code?: unknown } }).error?.code
      : undefined;
  // Retry-After in seconds (the proxy's own 429s, and the provider's it passes on); dates are not used.
  const retryAfter = /^\d{1,6}$/.test(response.headers.get("retry-after") ?? "")
    ? Number(response.headers.get("retry-after"))
    : undefined;
  const wait = response.status === 429 && retryAfter !== undefined ? { retryAfter } : {};
  if (isProxyErrorCode(code)) return { kind: "proxy", code, ...wait };
  const byStatus = PROXY_CODE_BY_STATUS[response.status];
  return byStatus ? { kind: "proxy", code: byStatus, ...wait } : badResponse;
}

// ---------------------------------------------------------------------------------------------

export function createLoyaltyClient(options: LoyaltyClientOptions): LoyaltyClient {
  const { config, brand } = options;
  const endpoint = options.endpoint ?? DEFAULT_CYPHER_ENDPOINT;
  const version = config.version;

  function routeFor<N extends LoyaltyRouteName>(name: N, routeVersion: 1 | 3, callOptions: CallOptions<N>): string {
    const entry = findRoute(name, routeVersion);
    const context = loyaltyContextOf(withCurrentCinema(config, options.currentCinemaId?.()));
    const query: Partial<Record<QueryKeyName, QueryValue>> = {};
    for (const spec of entry.query) {
      if (spec.name !== "circuitId" && spec.name !== "cinemaId") continue;
      const value = context[spec.name];
      // A required key goes even when empty (the allowlist wants it present); an optional one only with a value.
      if (spec.required || value !== "") query[spec.name] = value;
    }
    Object.assign(query, callOptions.query);
    const params = {
      circuitId: context.circuitId,
      cinemaId: context.cinemaId,
      ...callOptions.params,
    } as RouteArguments<N>["params"];
    return buildRoute(name, routeVersion, { params, query }, brand);
  }

  async function send<N extends LoyaltyRouteName>(
    name: N,
    callOptions: CallOptions<N>,
  ): Promise<{ ok: true; response: Response; deadline: Deadline } | { ok: false; failure: LoyaltyFailure }> {
    const routeVersion = callOptions.version ?? version;
    const entry = findRoute(name, routeVersion);
    // A RouteBuildError is a bug in the caller, not a member-facing failure: let it throw.
    const route = routeFor(name, routeVersion, callOptions);
    const captchaToken = callOptions.captchaToken || undefined;
    const captchaSiteKey = captchaToken ? pageKeyOfToken(captchaToken) : undefined;
    const reqMetadata: CypherRequestMetadata = {
      method: entry.method,
      route,
      responseFormat: callOptions.responseFormat ?? entry.responseFormat,
      ...(captchaToken ? { "g-recaptcha-response": captchaToken } : {}),
      ...(captchaSiteKey ? { captchaSiteKey } : {}),
    };
    const headers: Record<string, string> = { Accept: "application/json", "Content-Type": "application/json" };
    if (callOptions.session) headers[sessionHeaderName(brand)] = callOptions.session;
    const fetchImpl = options.fetchImpl ?? globalThis.fetch.bind(globalThis);
    // Cleared by the caller once it has read the answer; here when there is none.
    const deadline = startDeadline(MEMBER_CALL_TIMEOUT_MS);
    try {
      const response = await deadline.within(
        fetchImpl(endpoint, {
          method: "POST",
          headers,
          credentials: "same-origin",
          body: JSON.stringify({ ...callOptions.payload, reqMetadata }),
          signal: deadline.signal,
        }),
      );
      return { ok: true, response, deadline };
    } catch {
      deadline.clear();
      return { ok: false, failure: networkFailure };
    }
  }

  /** Sends the call and hands an answer with a success status to `read`; the deadline ends with it. */
  async function answered<N extends LoyaltyRouteName, T>(
    name: N,
    callOptions: CallOptions<N>,
    read: (response: Response, deadline: Deadline) => Promise<LoyaltyResult<T>>,
  ): Promise<LoyaltyResult<T>> {
    const sent = await send(name, callOptions);
    if (!sent.ok) return fail(sent.failure);
    const { response, deadline } = sent;
    try {
      if (!response.ok) return fail(await failureOfStatus(response, deadline));
      return await read(response, deadline);
    } finally {
      deadline.clear();
    }
  }

  function callJson<N extends LoyaltyRouteName, T>(
    name: N,
    callOptions: JsonCallOptions<N, T>,
    schema: z.ZodType<T>,
  ): Promise<LoyaltyResult<T>> {
    return answered(name, callOptions, async (response, deadline) => {
      const body = await readJson(response, deadline);
      if (!body.ok) return fail(deadline.expired ? networkFailure : badResponse);
      const verdict = rawVerdictSchema.safeParse(body.value);
      if (!verdict.success) return fail(badResponse);
      if (!isProviderSuccess(verdict.data)) return fail(providerFailure(verdict.data));
      const parsed = schema.safeParse(body.value);
      return parsed.success ? { ok: true, value: parsed.data } : fail(badResponse);
    });
  }

  function callBinary<N extends LoyaltyRouteName>(
    name: N,
    callOptions: BinaryCallOptions<N>,
  ): Promise<LoyaltyResult<BinaryAnswer>> {
    return answered(name, callOptions, async (response, deadline) => {
      // The headers came in time; the bytes of a pass may take longer on a slow link.
      deadline.restart(MEMBER_DOWNLOAD_TIMEOUT_MS);
      const contentType = response.headers.get("content-type") ?? "application/octet-stream";
      try {
        const blob = await deadline.within(response.blob());
        // A raw route may still answer a provider verdict (GoogleWallet, or a failure) as JSON.
        if (/^application\/json/i.test(contentType)) {
          const verdict = rawVerdictSchema.safeParse(JSON.parse(await blob.text()));
          if (verdict.success && !isProviderSuccess(verdict.data)) return fail(providerFailure(verdict.data));
        }
        return { ok: true, value: { blob, contentType } };
      } catch {
        return fail(deadline.expired ? networkFailure : badResponse);
      }
    });
  }

  function call<N extends LoyaltyRouteName>(
    name: N,
    callOptions: BinaryCallOptions<N>,
  ): Promise<LoyaltyResult<BinaryAnswer>>;
  function call<N extends LoyaltyRouteName, T = RawVerdict>(
    name: N,
    callOptions?: JsonCallOptions<N, T>,
  ): Promise<LoyaltyResult<T>>;
  function call<N extends LoyaltyRouteName, T>(
    name: N,
    callOptions: JsonCallOptions<N, T> | BinaryCallOptions<N> = {},
  ): Promise<LoyaltyResult<T | BinaryAnswer>> {
    if (callOptions.responseFormat === "raw" || callOptions.responseFormat === "blob")
      return callBinary(name, callOptions as BinaryCallOptions<N>);
    const jsonOptions = callOptions as JsonCallOptions<N, T>;
    return callJson(name, jsonOptions, jsonOptions.schema ?? (rawVerdictSchema as unknown as z.ZodType<T>));
  }

  async function getMemberAnswer(token: string, includeCards?: boolean): Promise<LoyaltyResult<RawMemberAnswer>> {
    return callJson(
      "getMemberByToken",
      { version: 3, session: token, ...(includeCards ? { query: { includeCards: true } } : {}) },
      rawMemberAnswerSchema,
    );
  }

  return {
    version,
    call,

    async login(credentials, captchaToken) {
      const answer = await callJson(
        "login",
        {
          payload: { username: credentials.username, password: credentials.password },
          captchaToken: captchaToken ?? null,
        },
        rawMemberAnswerSchema,
      );
      if (!answer.ok) return answer;
      const details = answer.value.memberDetails;
      const tokens = tokensOf(answer.value);
      // Without a session token there is nothing to authenticate later calls with. A missing
      // refresh token still signs the member in (spec §4: peachCode 0 logs in; version 3 only
      // stores the session "when both tokens are present", which persistence decides, canPersist);
      // such a session is never refreshed.
      if (!details || !tokens.token) return fail(badResponse);
      return {
        ok: true,
        value: sessionFrom(version, details, { token: tokens.token, refreshable: tokens.refreshable }, answer.value),
      };
    },

    async refresh(session) {
      if (session.cypherVersion === 1) {
        // The refresh token itself travels in the server's cookie (credentials: same-origin).
        if (!session.memberId || !session.token || !session.refreshable) return fail(badResponse);
        const answer = await callJson("refresh", { version: 1 }, rawMemberAnswerSchema);
        if (!answer.ok) return answer;
        const details = answer.value.memberDetails;
        if (!details) return fail(badResponse);
        const tokens = tokensOf(answer.value);
        return {
          ok: true,
          value: sessionFrom(
            1,
            details,
            { token: tokens.token ?? session.token, refreshable: tokens.refreshable || session.refreshable },
            answer.value,
            session,
          ),
        };
      }
      const answer = await callJson("refresh", { version: 3 }, rawMemberAnswerSchema);
      if (!answer.ok) return answer;
      const tokens = tokensOf(answer.value);
      if (!tokens.token || !tokens.refreshable) return fail(badResponse);
      const member = await getMemberAnswer(tokens.token);
      if (!member.ok) return member;
      if (!member.value.memberDetails) return fail(badResponse);
      return {
        ok: true,
        value: sessionFrom(3, member.value.memberDetails, { token: tokens.token, refreshable: true }, member.value),
      };
    },

    async logout(session) {
      const answer =
        version === 1
          ? await callJson("logout", { version: 1, session: session.token }, rawVerdictSchema)
          : await callJson(
              "logout",
              {
                version: 3,
                session: session.token,
                // userSessionId (= the refresh token) is filled in by the server from its cookie.
                payload: { cancelAssociatedOrder: true },
              },
              rawVerdictSchema,
            );
      return answer.ok ? { ok: true, value: undefined } : answer;
    },

    async validateToken(token) {
      const answer =
        version === 1
          ? await callJson("validateToken", { version: 1, session: token }, rawVerdictSchema)
          : await getMemberAnswer(token);
      return answer.ok ? { ok: true, value: undefined } : answer;
    },

    async loginByToken(token, flag, stored = {}) {
      if (version === 1) {
        const answer = await callJson("loginByToken", { version: 1, payload: { token } }, rawMemberAnswerSchema);
        if (!answer.ok) return answer;
        const details = answer.value.memberDetails;
        if (!details || !answer.value.sessionManagementTokens) return fail(badResponse);
        const tokens = tokensOf(answer.value);
        return {
          ok: true,
          value: sessionFrom(
            1,
            details,
            { token: tokens.token ?? token, refreshable: tokens.refreshable || stored.refreshable === true },
            answer.value,
            stored,
          ),
        };
      }
      const answer = await getMemberAnswer(token, flag);
      if (!answer.ok) return answer;
      if (!answer.value.memberDetails) return fail(badResponse);
      const tokens = tokensOf(answer.value);
      return {
        ok: true,
        value: sessionFrom(
          3,
          answer.value.memberDetails,
          { token: tokens.token ?? token, refreshable: tokens.refreshable || stored.refreshable === true },
          answer.value,
        ),
      };
    },

    async getMemberByToken(token, includeCards) {
      const answer = await getMemberAnswer(token, includeCards);
      if (!answer.ok) return answer;
      return answer.value.memberDetails
        ? { ok: true, value: memberFromProvider(answer.value.memberDetails) }
        : fail(badResponse);
    },

    async fetchMember(session) {
      const answer =
        session.cypherVersion === 3
          ? await getMemberAnswer(session.token)
          : await callJson(
              "getMember",
              {
                version: 1,
                session: session.token,
                ...(session.userSessionId ? { query: { userSessionId: session.userSessionId } } : {}),
              },
              rawMemberAnswerSchema,
            );
      if (!answer.ok) return answer;
      return answer.value.memberDetails
        ? { ok: true, value: memberFromProvider(answer.value.memberDetails) }
        : fail(badResponse);
    },
  };
}
