import type { Answer, JsonObject } from "./answers";
import type { LoyaltyDb } from "./db";
import type { MemberRow } from "./members";
import type { SessionRow } from "./sessions";
import type { Language } from "./texts";

export type Method = "GET" | "POST";

/** What lives for the provider's lifetime, shared by every request. */
export interface ProviderState {
  readonly db: LoyaltyDb;
  /** LOYALTY_BRAND: names the session headers and the v3 query keys. */
  readonly brand: string;
  now(): Date;
  log(message: string): void;
}

export interface RouteContext {
  readonly state: ProviderState;
  readonly db: LoyaltyDb;
  /** One instant per request, so every expiry a request writes agrees. */
  readonly now: Date;
  readonly path: string;
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  readonly body: JsonObject;
  /** The language of the circuit the request is for (circuits.ts): member-visible texts answer in it. */
  readonly language: Language;
  /** Where this provider is reachable from the caller's point of view (for links it hands out). */
  readonly baseUrl: string;
  readonly sessionToken: string | undefined;
  readonly refreshToken: string | undefined;
}

export interface MemberContext extends RouteContext {
  readonly session: SessionRow;
  readonly member: MemberRow;
}

interface RouteBase {
  readonly method: Method;
  /** Exact path, case and trailing slash included; `{name}` matches one segment. */
  readonly path: string;
  /** Values a path parameter may take; others leave the path unmatched (404). */
  readonly paramPatterns?: Readonly<Record<string, RegExp>>;
  /** Query keys that must be present; `{brand}` is replaced by the brand. */
  readonly query?: readonly string[];
  /** Version 1 refresh and login-by-token report success in statusCode (docs/loyalty-upstream.md). */
  readonly answers?: "peachCode" | "statusCode";
}

export interface PublicRoute extends RouteBase {
  readonly session?: false;
  handle(ctx: RouteContext): Answer | Promise<Answer>;
}

/** Needs a live `{brand}-Session-Token`; otherwise answered with peachCode 7 before the handler runs. */
export interface MemberRoute extends RouteBase {
  readonly session: true;
  handle(ctx: MemberContext): Answer | Promise<Answer>;
}

export type Route = PublicRoute | MemberRoute;

export function matchPath(pattern: string, pathname: string): Record<string, string> | undefined {
  const expected = pattern.split("/");
  const actual = pathname.split("/");
  if (expected.length !== actual.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, segment] of expected.entries()) {
    const given = actual[index] ?? "";
    const name = /^\{(\w+)\}$/.exec(segment)?.[1];
    if (name === undefined) {
      if (segment !== given) return undefined;
      continue;
    }
    if (given === "") return undefined;
    try {
      params[name] = decodeURIComponent(given);
    } catch {
      return undefined;
    }
  }
  return params;
}

/** matchPath plus the route's own parameter constraints. */
export function matchRoute(route: Route, pathname: string): Record<string, string> | undefined {
  const params = matchPath(route.path, pathname);
  if (!params || !route.paramPatterns) return params;
  const fits = Object.entries(route.paramPatterns).every(([name, pattern]) => pattern.test(params[name] ?? ""));
  return fits ? params : undefined;
}

export function requiredQueryKeys(route: Route, brand: string): string[] {
  return (route.query ?? []).map((key) => key.replace("{brand}", brand));
}
