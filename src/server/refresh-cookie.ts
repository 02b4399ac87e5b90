// The member's refresh token never reaches JavaScript (issue 20): the proxy takes it out of every
// answer it relays and keeps it in an HttpOnly, SameSite=Strict cookie scoped to /api/, which the
// browser sends back only to the member calls. On the refresh routes the proxy sends it upstream
// as `{brand}-Refresh-Session-Token`; on logout it fills spec §4's `userSessionId = refresh token`
// in from it, and clears the cookie whatever the outcome. The answer tells the client that a
// refresh token is held (`sessionManagementTokens.refreshTokenHeld: true`), so it knows the session
// can be refreshed without ever seeing the token.
//
// Framework-free and used by the proxy itself (cypher-proxy.ts), so the production server and the
// Gatsby Function behave the same.
import { cookieValue } from "../lib/cookie-header";
import type { JsonValue } from "./cypher-proxy";

export const REFRESH_COOKIE = "memberRefresh";
/** Only the member calls (/api/cypher) ever see the cookie; the pages' scripts cannot read it (HttpOnly). */
export const REFRESH_COOKIE_PATH = "/api/";
/** As long as the session cookie lives by default (settings.loyalty.sessionTimeout, 720 h). */
export const DEFAULT_REFRESH_COOKIE_MAX_AGE_S = 720 * 3600;
/** The provider's names for the refresh token in sessionManagementTokens (spec §3). */
const REFRESH_KEYS = ["refreshToken", "boxofficeRefreshSessionToken"] as const;
/** Tokens are opaque; this is what may be stored in a cookie value without quoting. */
const COOKIE_VALUE = /^[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]{1,4096}$/;
export const REFRESH_HELD_FIELD = "refreshTokenHeld";

export interface RefreshCookieOptions {
  /** Secure attribute: on https (the browser drops a Secure cookie on plain http, e.g. localhost tests). */
  readonly secure: boolean;
  readonly maxAgeSeconds?: number;
}

function attributes(secure: boolean): string {
  return `Path=${REFRESH_COOKIE_PATH}; HttpOnly; SameSite=Strict${secure ? "; Secure" : ""}`;
}

/** The Set-Cookie value that keeps `token`; null when the token cannot be a cookie value. */
export function refreshCookie(token: string, options: RefreshCookieOptions): string | null {
  if (!COOKIE_VALUE.test(token)) return null;
  const maxAge = Math.floor(options.maxAgeSeconds ?? DEFAULT_REFRESH_COOKIE_MAX_AGE_S);
  return `${REFRESH_COOKIE}=${token}; Max-Age=${maxAge}; ${attributes(options.secure)}`;
}

/** The Set-Cookie value that removes the cookie (logout). */
export function clearedRefreshCookie(options: Pick<RefreshCookieOptions, "secure">): string {
  return `${REFRESH_COOKIE}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; ${attributes(options.secure)}`;
}

/** The refresh token the browser sent back in its Cookie header(s), if any. */
export function readRefreshCookie(cookieHeader: string | string[] | undefined): string | undefined {
  const header = Array.isArray(cookieHeader) ? cookieHeader.join("; ") : cookieHeader;
  const value = cookieValue(header, REFRESH_COOKIE, { raw: true });
  return value !== null && COOKIE_VALUE.test(value) ? value : undefined;
}

function isObject(value: JsonValue | undefined): value is { [key: string]: JsonValue } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Takes the refresh token out of a provider answer: the answer without it (and with
 * `refreshTokenHeld: true` in its place), and the token. An answer that carries none is returned
 * as it is.
 */
export function takeRefreshToken(answer: JsonValue): { answer: JsonValue; refreshToken?: string } {
  if (!isObject(answer)) return { answer };
  const tokens = answer.sessionManagementTokens;
  if (!isObject(tokens) || !REFRESH_KEYS.some((key) => key in tokens)) return { answer };
  const kept: { [key: string]: JsonValue } = {};
  let refreshToken: string | undefined;
  for (const [key, value] of Object.entries(tokens)) {
    if ((REFRESH_KEYS as readonly string[]).includes(key)) {
      if (refreshToken === undefined && typeof value === "string" && value !== "") refreshToken = value;
    } else if (key !== REFRESH_HELD_FIELD) kept[key] = value;
  }
  if (refreshToken !== undefined) kept[REFRESH_HELD_FIELD] = true;
  return {
    answer: { ...answer, sessionManagementTokens: kept },
    ...(refreshToken !== undefined ? { refreshToken } : {}),
  };
}
