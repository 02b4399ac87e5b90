// The production server's own deploy settings (environment), parsed once at start-up. A value
// that cannot be used stops the start with the setting's name, rather than serving a policy the
// operator did not mean.
import { DEFAULT_UPSTREAM_TIMEOUT_MS } from "../cypher-proxy";
import { positiveNumber } from "../cypher-settings";

type Env = Readonly<Record<string, string | undefined>>;

const ORIGIN = /^https?:\/\/[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::\d{1,5})?$/i;

/** EDITOR_ORIGINS: comma list of exact origins ("https://editor.example.com"), which may frame the pages. */
export function editorOriginsFrom(text: string | undefined): string[] {
  const list = (text ?? "")
    .split(",")
    .map((origin) => origin.trim().replace(/\/+$/, ""))
    .filter(Boolean);
  for (const origin of list) {
    if (!ORIGIN.test(origin))
      throw new Error(
        `EDITOR_ORIGINS: "${origin}" is not an origin (scheme://host[:port], e.g. https://editor.example.com)`,
      );
  }
  return [...new Set(list.map((origin) => new URL(origin).origin))];
}

/**
 * TRUST_PROXY: whether X-Forwarded-For/-Proto/-Host are believed (the client's address in the
 * logs, https for HSTS, the host for site selection). "true", a hop count, or a comma list of
 * proxy addresses/CIDRs ("127.0.0.1,10.0.0.0/8"); unset or "false": not believed.
 */
export type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

export function trustProxyFrom(text: string | undefined): TrustProxy {
  const value = text?.trim() ?? "";
  if (value === "" || value === "false") return false;
  if (value === "true") return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** Requests per minute and client address; null: no limit. */
export type RateLimit = number | null;

/** A per-minute limit setting: a positive whole number, or "off"; anything else stops the start. */
export function rateLimitFrom(name: string, text: string | undefined, fallback: number): RateLimit {
  const value = text?.trim() ?? "";
  if (value === "") return fallback;
  if (value.toLowerCase() === "off") return null;
  if (/^\d{1,7}$/.test(value) && Number(value) > 0) return Number(value);
  throw new Error(`${name}: "${value}" is not a number of requests per minute (or "off")`);
}

function wholeNumber(name: string, text: string | undefined, fallback: number, min: number, max: number): number {
  const value = text?.trim() ?? "";
  if (value === "") return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min || number > max)
    throw new Error(`${name}: "${value}" is not a whole number from ${min} to ${max}`);
  return number;
}

export const DEFAULT_MEMBER_RATE_LIMIT = 120;
export const DEFAULT_SENSITIVE_RATE_LIMIT = 10;
export const DEFAULT_MAX_CONNECTIONS = 2048;

export interface ServerDeploySettings {
  readonly port: number;
  readonly host: string;
  readonly editorOrigins: readonly string[];
  readonly trustProxy: TrustProxy;
  /** SHUTDOWN_TIMEOUT_MS: how long SIGTERM waits for requests in flight (default: the upstream timeout + 2 s). */
  readonly shutdownTimeoutMs: number;
  /** LOG_LEVEL (pino): info logs one access line per request. */
  readonly logLevel: string;
  /** DEFAULT_SITE: the site id answering hosts no site claims, when several sites are served. */
  readonly defaultSite: string | undefined;
  /** MEMBER_RATE_LIMIT: /api/cypher calls per minute and client address (default 120, "off"). */
  readonly memberRateLimit: RateLimit;
  /** MEMBER_RATE_LIMIT_SENSITIVE: sign-in, password-reset and gift-card calls per minute and address (default 10). */
  readonly sensitiveRateLimit: RateLimit;
  /** MAX_CONNECTIONS: open connections beyond this are closed at once (default 2048). */
  readonly maxConnections: number;
}

export function serverDeploySettings(env: Env): ServerDeploySettings {
  const port = Number(env.PORT || 9000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT: "${env.PORT}" is not a port number`);
  const upstreamTimeout = positiveNumber(env.CYPHER_TIMEOUT_MS, DEFAULT_UPSTREAM_TIMEOUT_MS);
  return {
    port,
    host: env.HOST || "localhost",
    editorOrigins: editorOriginsFrom(env.EDITOR_ORIGINS),
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    shutdownTimeoutMs: positiveNumber(env.SHUTDOWN_TIMEOUT_MS, upstreamTimeout + 2000),
    logLevel: env.LOG_LEVEL || "info",
    defaultSite: env.DEFAULT_SITE || undefined,
    memberRateLimit: rateLimitFrom("MEMBER_RATE_LIMIT", env.MEMBER_RATE_LIMIT, DEFAULT_MEMBER_RATE_LIMIT),
    sensitiveRateLimit: rateLimitFrom(
      "MEMBER_RATE_LIMIT_SENSITIVE",
      env.MEMBER_RATE_LIMIT_SENSITIVE,
      DEFAULT_SENSITIVE_RATE_LIMIT,
    ),
    maxConnections: wholeNumber("MAX_CONNECTIONS", env.MAX_CONNECTIONS, DEFAULT_MAX_CONNECTIONS, 1, 1_000_000),
  };
}
