// Spec §4 "Ticketing hand-off for a logged-in member" and §7 "Ticketing hand-off", as pure
// functions: whether a page should send the member on to the ticketing service, and where. The
// `return` query parameter is visitor-controlled, so only a site-relative path is ever accepted:
// the hand-off must never become an open redirect that carries the member's token elsewhere.
import { ticketingBase, withQueryParameter } from "../../links/ticketing";
import { REQUEST_DATA_PARAM } from "../../tracking/analytics/private-params";
import type { LoyaltyConfig } from "../config";
import { isShutOutAsExpired, type Member, type MemberSession } from "../types";

/** Spec §9: the v1 overlay navigates after 5 seconds. */
export const HANDOFF_REDIRECT_DELAY_MS = 5000;

export type HandoffPlan = "none" | { readonly version: 1 } | { readonly version: 3 };

export interface HandoffInput {
  readonly session: MemberSession | null;
  /** The member screens see (null when absent, e.g. expired and not allowed). */
  readonly member: Member | null;
  readonly config: Pick<LoyaltyConfig, "allowExpiredAccountsLogin">;
  readonly ticketingUrl: string;
  /** The page's `return` query parameter, or null. */
  readonly returnPath: string | null | undefined;
  readonly now?: Date;
}

export type HandoffTarget =
  | { readonly method: "GET"; readonly url: string }
  | { readonly method: "POST"; readonly action: string; readonly fields: [string, string][] };

export interface HandoffTargetInput {
  readonly ticketingUrl: string;
  readonly returnPath: string | null | undefined;
  readonly tokenParam: string;
  readonly token: string;
  /** The page's `requestData` query parameter, if any (see REQUEST_DATA_PARAM). */
  readonly requestData?: string | null;
}

// Spec §2 `requestData` (REQUEST_DATA_PARAM, private-params.ts says why it is private): the hand-off
// passes it on to the ticketing service unchanged, under the same name, up to this length.
const MAX_REQUEST_DATA = 2048;

// Control characters, whitespace and backslashes have no place in a path we forward; browsers
// strip tabs and newlines and read "\" as "/", which is how "/\t/evil" or "/\evil" escape.
const UNSAFE_PATH_CHARS = /[\u0000-\u0020\u007f-\u009f\\]/;

/** A path segment "." or "..", written plainly or percent-encoded ("%2e%2E"). */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/**
 * A site-relative path that stays where it is put: one leading "/", not "//" or "/\", no
 * whitespace or control characters, no "." or ".." segment (plain or encoded: a ticketing host
 * shared by several cinemas would resolve "/../other-tenant/collect" out of this cinema's path,
 * issue 43), and no encoded slash or backslash in its path (servers that decode first split there).
 */
export function isSafeReturnPath(value: string | null | undefined): value is string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return false;
  if (!value.startsWith("/") || value.startsWith("//")) return false;
  if (UNSAFE_PATH_CHARS.test(value)) return false;
  const pathPart = value.split(/[?#]/, 1)[0]!;
  if (/%(2f|5c)/i.test(pathPart)) return false;
  return !pathPart.split("/").some((segment) => DOT_SEGMENT.test(segment));
}

/**
 * {ticketingUrl}{return}, or null unless the result, once resolved, stays on the ticketing host
 * and under the ticketing URL's path ("https://tickets.example.com/lumiere" admits
 * "/lumiere/book", never "/other/…").
 */
function joinTicketing(ticketingUrl: string, returnPath: string | null | undefined): string | null {
  const base = ticketingBase(ticketingUrl);
  if (!base || !isSafeReturnPath(returnPath)) return null;
  const joined = ticketingUrl.replace(/\/+$/, "") + returnPath;
  try {
    const url = new URL(joined);
    const under = base.pathname.replace(/\/+$/, "");
    const inside = url.pathname === under || url.pathname.startsWith(`${under}/`);
    return url.origin === base.origin && inside ? joined : null;
  } catch {
    return null;
  }
}

/**
 * Why a page's `return` is refused, for the member to be told (issue 43): "outside" when it would
 * leave the ticketing service's host or path; null when it is acceptable or absent, or when the
 * site has no ticketing URL (nothing to hand off to, nothing to say).
 */
export function returnRefusal(ticketingUrl: string, returnPath: string | null | undefined): "outside" | null {
  if (returnPath === null || returnPath === undefined || returnPath === "" || !ticketingBase(ticketingUrl)) return null;
  return joinTicketing(ticketingUrl, returnPath) === null ? "outside" : null;
}

export function planHandoff(input: HandoffInput): HandoffPlan {
  const { session, member } = input;
  if (!session || !session.token || !member) return "none";
  if (joinTicketing(input.ticketingUrl, input.returnPath) === null) return "none";
  if (session.cypherVersion === 3) return { version: 3 };
  const rules = { now: input.now ?? new Date(), allowExpiredAccountsLogin: input.config.allowExpiredAccountsLogin };
  if (isShutOutAsExpired(session.member, rules)) return "none";
  return { version: 1 };
}

/**
 * Version 1: a GET to {ticketingUrl}{return}?{tokenParam}={token} ("&" when return already has a
 * query; before any fragment). Version 3: a POST form to {ticketingUrl}{return} with one hidden
 * field. Null when the return path or ticketing URL is not acceptable.
 */
export function handoffTarget(plan: HandoffPlan, input: HandoffTargetInput): HandoffTarget | null {
  if (plan === "none" || !input.token || !input.tokenParam) return null;
  const target = joinTicketing(input.ticketingUrl, input.returnPath);
  if (target === null) return null;
  const requestData = input.requestData && input.requestData.length <= MAX_REQUEST_DATA ? input.requestData : null;
  if (plan.version === 3) {
    const fields: [string, string][] = [[input.tokenParam, input.token]];
    if (requestData) fields.push([REQUEST_DATA_PARAM, requestData]);
    return { method: "POST", action: target, fields };
  }
  const withData = requestData ? withQueryParameter(target, REQUEST_DATA_PARAM, requestData, "replace") : target;
  return { method: "GET", url: withQueryParameter(withData, input.tokenParam, input.token, "replace") };
}

/**
 * Spec §4 "Validation failure": after logging out, the member lands on a fixed site path with the
 * query string kept (brief §2: the login page slug, else "/").
 */
export function invalidTokenPath(loginPageSlug: string | null | undefined, search: string): string {
  const slug = (loginPageSlug ?? "").replace(/^\/+|\/+$/g, "");
  const path = slug ? `/${slug}/` : "/";
  const query = search.replace(/^\?/, "");
  return query ? `${path}?${query}` : path;
}
