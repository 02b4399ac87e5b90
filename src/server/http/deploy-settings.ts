// The production server's own deploy settings (environment), parsed once at start-up. A value
// that cannot be used stops the start with the setting's name, rather than serving a policy the
// operator did not mean.
import { isIP } from "node:net";
import { isLoopbackHost } from "../reset-link";
import { DEFAULT_UPSTREAM_TIMEOUT_MS } from "../cypher-proxy";
import { loyaltyBrandFrom } from "../cypher-settings";

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
 * TRUST_PROXY: which reverse proxies' X-Forwarded-For/-Proto/-Host are believed (the client's
 * address for the logs and the rate limits, https for HSTS, the host for site selection): a hop
 * count or a comma list of the proxies' addresses/CIDRs ("127.0.0.1,10.0.0.0/8"). The client is the
 * first address from the right of X-Forwarded-For (the socket's first) that is not a trusted
 * proxy. Unset or "false": nothing is believed and the socket's address is the client's (behind a
 * proxy, the proxy's: one budget for everybody). "true" is refused (issue 43): it believed the
 * left-most address, which the client writes itself, so rotating it defeated the sign-in limit.
 */
export type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

/** Names Fastify's proxy-addr knows for whole address ranges. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** An address, a CIDR ("10.0.0.0/8", "fd00::/8") or an IPv4 address with its netmask ("10.0.0.0/255.0.0.0"). */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = "", range, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  if (family !== 4 || isIP(range) !== 4) return false;
  // A netmask is ones then zeros (255.255.240.0), as proxy-addr requires.
  const mask = range.split(".").reduce((bits, octet) => bits * 256 + Number(octet), 0);
  const zeros = 2 ** 32 - 1 - mask;
  return (zeros & (zeros + 1)) === 0;
}

export function trustProxyFrom(text: string | undefined): TrustProxy {
  const value = text?.trim() ?? "";
  if (value === "" || value.toLowerCase() === "false") return false;
  if (value.toLowerCase() === "true")
    throw new Error(
      'TRUST_PROXY: "true" would believe any X-Forwarded-For a client writes (a new address per request defeats the rate limits); name the proxies instead: a hop count (1 behind one reverse proxy) or their addresses and CIDRs such as 127.0.0.1,10.0.0.0/8',
    );
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  const list = value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  // Checked here rather than left to Fastify, whose error ("invalid IP address: …") names no setting.
  const wrong = list.find((entry) => !isProxyAddress(entry));
  if (wrong !== undefined)
    throw new Error(
      `TRUST_PROXY: "${wrong}" is not a proxy address (expected false, a hop count, or a comma list of IP addresses and CIDRs such as 127.0.0.1,10.0.0.0/8)`,
    );
  return list;
}

/**
 * HSTS_INCLUDE_SUBDOMAINS: "true" adds includeSubDomains to Strict-Transport-Security, so a browser
 * takes every subdomain of the site's host over https only (each must then serve https); unset or
 * "false": the host alone.
 */
export function hstsIncludeSubDomainsFrom(text: string | undefined): boolean {
  const value = text?.trim().toLowerCase() ?? "";
  if (value === "" || value === "false") return false;
  if (value === "true") return true;
  throw new Error(`HSTS_INCLUDE_SUBDOMAINS: "${text}" is not true or false`);
}

/**
 * CSP_REPORT_URI: where browsers report what the Content-Security-Policy blocked (its report-uri
 * directive): an absolute https URL (http on a loopback host, for a local collector); unset: no
 * reports. Checked whole: a space or ";" in it would add directives of its own.
 */
export function cspReportUriFrom(text: string | undefined): string | null {
  const value = text?.trim() ?? "";
  if (value === "") return null;
  const refuse = () => {
    throw new Error(`CSP_REPORT_URI: "${value}" is not an https URL (e.g. https://csp.example.com/report)`);
  };
  if (/[\s;,'"]/.test(value)) return refuse();
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return refuse();
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && isLoopbackHost(url.hostname))) return refuse();
  return url.href;
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

/** A whole-number setting within its bounds; unset: the fallback; anything else stops the start, naming the setting. */
export function wholeNumber(
  name: string,
  text: string | undefined,
  fallback: number,
  min: number,
  max: number,
  what = "whole number",
): number {
  const value = text?.trim() ?? "";
  if (value === "") return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min || number > max)
    throw new Error(`${name}: "${value}" is not a ${what} from ${min} to ${max}`);
  return number;
}

/** setTimeout's ceiling: a longer delay is not waited for, it fires at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** pino's levels; "silent" writes nothing. */
export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** LOG_LEVEL: checked here, as pino's own refusal ("default level:… must be included in custom levels") names no setting. */
export function logLevelFrom(text: string | undefined): LogLevel {
  const value = text?.trim() ?? "";
  if (value === "") return "info";
  const level = LOG_LEVELS.find((name) => name === value.toLowerCase());
  if (!level) throw new Error(`LOG_LEVEL: "${value}" is not a log level (one of ${LOG_LEVELS.join(", ")})`);
  return level;
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
  readonly logLevel: LogLevel;
  /** LOYALTY_BRAND: `{brand}` of the member's token headers, which the logs redact (default "Cypher"). */
  readonly loyaltyBrand: string;
  /** DEFAULT_SITE: the site id answering hosts no site claims, when several sites are served. */
  readonly defaultSite: string | undefined;
  /** MEMBER_RATE_LIMIT: /api/cypher calls per minute and client address (default 120, "off"). */
  readonly memberRateLimit: RateLimit;
  /** MEMBER_RATE_LIMIT_SENSITIVE: sign-in, password-reset and gift-card calls per minute and address (default 10). */
  readonly sensitiveRateLimit: RateLimit;
  /** MAX_CONNECTIONS: open connections beyond this are closed at once (default 2048). */
  readonly maxConnections: number;
  /** HSTS_INCLUDE_SUBDOMAINS: HSTS covers the host's subdomains too (default false). */
  readonly hstsIncludeSubDomains: boolean;
  /** CSP_REPORT_URI: the pages' policy reports what it blocked there (default: none). */
  readonly cspReportUri: string | null;
}

export function serverDeploySettings(env: Env): ServerDeploySettings {
  const port = Number(env.PORT || 9000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT: "${env.PORT}" is not a port number`);
  // The proxy reads these again per call (cypher-settings.ts, shared with the Gatsby Function, which
  // has no start to stop); checked here, a value it could not use stops the start instead of making
  // every member call answer 503, or of falling back to a default the operator did not choose.
  const brand = loyaltyBrandFrom(env.LOYALTY_BRAND);
  if (!brand.ok) throw new Error(brand.problem);
  const upstreamTimeoutMs = wholeNumber(
    "CYPHER_TIMEOUT_MS",
    env.CYPHER_TIMEOUT_MS,
    DEFAULT_UPSTREAM_TIMEOUT_MS,
    1,
    MAX_TIMER_MS,
    "number of milliseconds",
  );
  return {
    port,
    host: env.HOST || "localhost",
    editorOrigins: editorOriginsFrom(env.EDITOR_ORIGINS),
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    shutdownTimeoutMs: wholeNumber(
      "SHUTDOWN_TIMEOUT_MS",
      env.SHUTDOWN_TIMEOUT_MS,
      Math.min(upstreamTimeoutMs + 2000, MAX_TIMER_MS),
      1,
      MAX_TIMER_MS,
      "number of milliseconds",
    ),
    logLevel: logLevelFrom(env.LOG_LEVEL),
    loyaltyBrand: brand.brand,
    defaultSite: env.DEFAULT_SITE || undefined,
    memberRateLimit: rateLimitFrom("MEMBER_RATE_LIMIT", env.MEMBER_RATE_LIMIT, DEFAULT_MEMBER_RATE_LIMIT),
    sensitiveRateLimit: rateLimitFrom(
      "MEMBER_RATE_LIMIT_SENSITIVE",
      env.MEMBER_RATE_LIMIT_SENSITIVE,
      DEFAULT_SENSITIVE_RATE_LIMIT,
    ),
    maxConnections: wholeNumber("MAX_CONNECTIONS", env.MAX_CONNECTIONS, DEFAULT_MAX_CONNECTIONS, 1, 1_000_000),
    hstsIncludeSubDomains: hstsIncludeSubDomainsFrom(env.HSTS_INCLUDE_SUBDOMAINS),
    cspReportUri: cspReportUriFrom(env.CSP_REPORT_URI),
  };
}
