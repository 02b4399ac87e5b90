// Gatsby's off-main-thread script proxy, `GET /__third-party-proxy?url={encoded script URL}`
// (spec §7). gatsby-script writes that address as the `src` of a `strategy="off-main-thread"`
// script, and Partytown's web worker fetches it from the site's own origin, since the vendors'
// scripts carry no CORS headers. Gatsby's own proxy (gatsby develop/serve, express-http-proxy)
// forwards the visitor's request as it is; this one is framework-free, shared by the production
// server (src/server/http/app.ts) and the Gatsby Function of hosted deploys
// (src/api/third-party-proxy.ts), and is never an open proxy:
//
// - Only the scripts the site's pages may load already: the `url` must fall under one of the
//   script-src sources the build derived from the deploy's third-party settings
//   (src/server/third-parties.ts, recorded in the server settings), matched as the CSP matches it
//   (scheme, exact host and port, the source's folder). Wildcard hosts are never proxied, nor
//   credentials in the URL, nor plain http but to a loopback host (the sandbox's stand-ins).
//   Anything else: 403 before any connection is made.
// - GET and HEAD only (405 otherwise), and never as a worker or service-worker script: what a
//   vendor's host answers becomes the site's own origin here, so a service worker registered from
//   it would outlive any fix.
// - Nothing of the visitor goes to the vendor: no cookie, Authorization, Referer (a page's address
//   may carry a reset code or a token), Origin or forwarded address; only Accept, Accept-Language,
//   User-Agent and the encodings gzip/br.
// - The answer: 200 only, redirects not followed (502), a JavaScript or JSON type only (502), at
//   most MAX_PROXIED_SCRIPT_BYTES (502) within THIRD_PARTY_PROXY_TIMEOUT_MS (504); a compressed
//   answer is passed on as it is, never inflated here. At most MAX_PROXY_CALLS_IN_FLIGHT calls at
//   once per process (503), so a flood cannot hold more than that many answers in memory.
import { isIP } from "node:net";
import { isLoopbackHost } from "./reset-link";
import { callUpstream, UpstreamTimeoutError, type UpstreamAnswer, type UpstreamRequest } from "./upstream-fetch";

export { THIRD_PARTY_PROXY_PATH } from "../lib/path-kinds";

/** The largest script passed on (as sent, compressed or not): gtag.js is about 400 KB uncompressed. */
export const MAX_PROXIED_SCRIPT_BYTES = 2 * 1024 * 1024;
/** Connecting, sending and reading the whole script; a worker waiting longer is better off without it. */
export const THIRD_PARTY_PROXY_TIMEOUT_MS = 5_000;
/** Calls to vendors at once per process: beyond, 503 (each holds up to MAX_PROXIED_SCRIPT_BYTES). */
export const MAX_PROXY_CALLS_IN_FLIGHT = 32;
/** The longest a proxied script may be reused, whatever its vendor says. */
export const MAX_PROXIED_MAX_AGE_SECONDS = 3600;
/** Longer `url` values are refused: no script address of a vendor comes near. */
export const MAX_PROXIED_URL_LENGTH = 2048;

/** One script-src source the proxy may forward to. */
export interface ProxySource {
  readonly protocol: "https:" | "http:";
  /** host[:port] as URL.host writes it (lower case, default port left out). */
  readonly host: string;
  /** The source's path: "/" allows the whole host, ".../" a folder, anything else that one path. */
  readonly path: string;
}

/**
 * The sources a site's script-src allows that the proxy may call: exact hosts over https, or http
 * on a loopback host (the sandbox's stand-ins), without credentials, query or wildcard.
 */
export function proxySourcesOf(scriptSources: readonly string[]): ProxySource[] {
  const sources: ProxySource[] = [];
  for (const source of scriptSources) {
    if (source.includes("*")) continue;
    let url: URL;
    try {
      url = new URL(source);
    } catch {
      continue; // 'self', a hash, a scheme source: nothing to forward to
    }
    if (!allowedScheme(url) || url.username || url.password || url.search) continue;
    const entry: ProxySource = {
      protocol: url.protocol as ProxySource["protocol"],
      host: url.host,
      path: url.pathname,
    };
    if (
      !sources.some(
        (known) => known.protocol === entry.protocol && known.host === entry.host && known.path === entry.path,
      )
    )
      sources.push(entry);
  }
  return sources;
}

function allowedScheme(url: URL): boolean {
  return url.protocol === "https:" || (url.protocol === "http:" && isLoopbackHost(url.hostname));
}

export type ProxyRefusalCode =
  | "bad_request"
  | "host_not_allowed"
  | "method_not_allowed"
  | "destination_not_allowed"
  | "busy"
  | "upstream_redirect"
  | "upstream_error"
  | "upstream_not_script"
  | "upstream_too_large"
  | "upstream_unreachable"
  | "upstream_timeout"
  | "not_configured";

const REFUSAL_STATUS: Readonly<Record<ProxyRefusalCode, number>> = {
  bad_request: 400,
  host_not_allowed: 403,
  destination_not_allowed: 403,
  method_not_allowed: 405,
  busy: 503,
  upstream_redirect: 502,
  upstream_error: 502,
  upstream_not_script: 502,
  upstream_too_large: 502,
  upstream_unreachable: 502,
  upstream_timeout: 504,
  not_configured: 503,
};

export type ProxyTarget =
  | { readonly ok: true; readonly target: URL }
  | { readonly ok: false; readonly code: "bad_request" | "host_not_allowed"; readonly message: string };

const ENCODED_SEPARATOR = /%(?:2f|5c)/i;

/**
 * Where a `url` query value may be fetched from, or why not. `value` is the query's value as the
 * framework parsed it (a repeated parameter is a list, and refused).
 */
export function proxyTargetOf(value: unknown, sources: readonly ProxySource[]): ProxyTarget {
  if (typeof value !== "string" || value === "")
    return { ok: false, code: "bad_request", message: "Expected one url parameter: the script's absolute URL." };
  if (value.length > MAX_PROXIED_URL_LENGTH)
    return { ok: false, code: "bad_request", message: `The url is longer than ${MAX_PROXIED_URL_LENGTH} characters.` };
  let target: URL;
  try {
    target = new URL(value);
  } catch {
    return { ok: false, code: "bad_request", message: "The url is not an absolute URL." };
  }
  const refuse = (message: string): ProxyTarget => ({ ok: false, code: "host_not_allowed", message });
  if (target.protocol !== "https:" && target.protocol !== "http:") return refuse("Only http(s) scripts are proxied.");
  if (!allowedScheme(target)) return refuse("Only https scripts are proxied (http on a loopback host only).");
  if (target.username || target.password) return refuse("A url with credentials is not proxied.");
  // An encoded slash could climb out of a source's folder once the vendor's server decodes it.
  if (ENCODED_SEPARATOR.test(target.pathname)) return refuse("A url with an encoded slash is not proxied.");
  const allowed = sources.some(
    (source) =>
      source.protocol === target.protocol &&
      source.host === target.host &&
      (source.path.endsWith("/") ? target.pathname.startsWith(source.path) : target.pathname === source.path),
  );
  if (!allowed) {
    const literal = isIP(target.hostname.replace(/^\[|\]$/g, "")) !== 0;
    return refuse(
      literal
        ? "An IP address the site's third-party settings do not name is not proxied."
        : "The site's third-party settings do not name this script's host (or this path of it).",
    );
  }
  target.hash = "";
  return { ok: true, target };
}

/** What the caller wrote for one header (a repeated one joined), or undefined. */
type RequestHeaders = Readonly<Record<string, string | string[] | undefined>>;

export interface ThirdPartyProxyRequest {
  readonly method: string;
  /** The `url` query parameter as parsed (string, list, or absent). */
  readonly url: unknown;
  readonly headers: RequestHeaders;
}

export interface ThirdPartyProxyResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** The script's bytes, or a JSON error. */
  readonly body: Buffer | string;
}

export interface ThirdPartyProxyDeps {
  /** What the site may load scripts from: proxySourcesOf(its thirdPartySources["script-src"]). */
  readonly sources: readonly ProxySource[];
  readonly timeoutMs?: number;
  readonly maxBodyBytes?: number;
  /** Tests: a call in place of the network. */
  readonly call?: (target: URL, call: UpstreamRequest) => Promise<UpstreamAnswer>;
}

/** An endpoint's JSON error, as /api/* answers them. */
export function thirdPartyProxyRefusal(
  code: ProxyRefusalCode,
  message: string,
  extra: Readonly<Record<string, string>> = {},
): ThirdPartyProxyResponse {
  return {
    status: REFUSAL_STATUS[code],
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...extra },
    body: JSON.stringify({ error: { code, message } }),
  };
}

export const methodNotAllowed = (): ThirdPartyProxyResponse =>
  thirdPartyProxyRefusal("method_not_allowed", "Only GET and HEAD are proxied.", { Allow: "GET, HEAD" });

const firstValue = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value.join(", ") : value;

/** A header worth passing on: printable ASCII and short (a header is bounded by Node anyway). */
function passable(value: string | undefined, max: number): string | undefined {
  if (value === undefined || value.length > max || !/^[\x20-\x7e]*$/.test(value)) return undefined;
  return value;
}

/** The encodings of the caller's Accept-Encoding the proxy asks for (passed on compressed). */
export function acceptedEncodings(header: string | undefined): string[] {
  const accepted = new Set<string>();
  for (const part of (header ?? "").toLowerCase().split(",")) {
    const [name = "", ...params] = part.split(";").map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith("q="));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    if (name === "br" || name === "gzip") accepted.add(name);
  }
  return ["br", "gzip"].filter((name) => accepted.has(name));
}

/** The only headers of the visitor's request that reach the vendor. */
export function forwardedHeaders(headers: RequestHeaders): Record<string, string> {
  const forwarded: Record<string, string> = {};
  const accept = passable(firstValue(headers.accept), 256);
  forwarded.Accept = accept || "*/*";
  const language = passable(firstValue(headers["accept-language"]), 256);
  if (language) forwarded["Accept-Language"] = language;
  const agent = passable(firstValue(headers["user-agent"]), 512);
  if (agent) forwarded["User-Agent"] = agent;
  const encodings = acceptedEncodings(firstValue(headers["accept-encoding"]));
  forwarded["Accept-Encoding"] = encodings.length > 0 ? encodings.join(", ") : "identity";
  return forwarded;
}

/** What fetches the proxy answers: a script element, Partytown's worker (fetch), or a tool without Fetch Metadata. */
const ALLOWED_DESTINATIONS = new Set(["script", "empty"]);

export const SCRIPT_TYPE =
  /^(?:(?:text|application)\/(?:x-)?(?:javascript|ecmascript)|application\/(?:[\w.+-]*\+)?json)\s*(?:;|$)/i;

/**
 * How long the answer may be reused: the vendor's no-store stands, its max-age is kept up to
 * MAX_PROXIED_MAX_AGE_SECONDS (private stays private), and without one the answer is revalidated.
 */
export function proxiedCacheControl(upstream: string | null): string {
  const directives = (upstream ?? "").toLowerCase();
  if (/(?:^|[\s,])no-store(?:$|[\s,])/.test(directives)) return "no-store";
  const scope = /(?:^|[\s,])private(?:$|[\s,=])/.test(directives) ? "private" : "public";
  const maxAge = /(?:^|[\s,])max-age\s*=\s*"?(\d+)/.exec(directives);
  if (!maxAge || /(?:^|[\s,])no-cache(?:$|[\s,=])/.test(directives)) return `${scope}, no-cache`;
  return `${scope}, max-age=${Math.min(Number(maxAge[1]), MAX_PROXIED_MAX_AGE_SECONDS)}`;
}

/** Upstream Vary entries the proxy's answer inherits: only those of headers it forwards. */
const FORWARDED_VARY = new Set(["accept", "accept-language", "user-agent"]);

let inFlight = 0;

export async function handleThirdPartyProxy(
  request: ThirdPartyProxyRequest,
  deps: ThirdPartyProxyDeps,
): Promise<ThirdPartyProxyResponse> {
  if (request.method !== "GET" && request.method !== "HEAD") return methodNotAllowed();
  const destination = firstValue(request.headers["sec-fetch-dest"])?.toLowerCase();
  if ((destination !== undefined && !ALLOWED_DESTINATIONS.has(destination)) || request.headers["service-worker"])
    return thirdPartyProxyRefusal(
      "destination_not_allowed",
      "A proxied script is for a script element or a fetch, never a worker or a page.",
    );
  const decision = proxyTargetOf(request.url, deps.sources);
  if (!decision.ok) return thirdPartyProxyRefusal(decision.code, decision.message);

  if (inFlight >= MAX_PROXY_CALLS_IN_FLIGHT)
    return thirdPartyProxyRefusal("busy", "Too many scripts are being fetched; try again.", { "Retry-After": "1" });
  const headers = forwardedHeaders(request.headers);
  const asked = new Set(headers["Accept-Encoding"]!.split(", "));
  let answer: UpstreamAnswer;
  inFlight += 1;
  try {
    answer = await (deps.call ?? callUpstream)(decision.target, {
      method: "GET",
      headers,
      timeoutMs: deps.timeoutMs ?? THIRD_PARTY_PROXY_TIMEOUT_MS,
      maxBodyBytes: deps.maxBodyBytes ?? MAX_PROXIED_SCRIPT_BYTES,
    });
  } catch (error) {
    if (error instanceof UpstreamTimeoutError)
      return thirdPartyProxyRefusal("upstream_timeout", "The third party did not answer in time.");
    return thirdPartyProxyRefusal("upstream_unreachable", "The third party could not be reached.");
  } finally {
    inFlight -= 1;
  }

  if (answer.status >= 300 && answer.status < 400)
    return thirdPartyProxyRefusal(
      "upstream_redirect",
      "The third party answered with a redirect, which is not followed.",
    );
  if (answer.status !== 200)
    return thirdPartyProxyRefusal("upstream_error", `The third party answered ${answer.status}.`);
  if (answer.bytes === null)
    return thirdPartyProxyRefusal(
      "upstream_too_large",
      `The script is larger than ${deps.maxBodyBytes ?? MAX_PROXIED_SCRIPT_BYTES} bytes.`,
    );
  const type = answer.header("content-type");
  if (!type || !SCRIPT_TYPE.test(type))
    return thirdPartyProxyRefusal("upstream_not_script", "The third party's answer is not a script.");
  const encoding = (answer.header("content-encoding") ?? "").trim().toLowerCase();
  if (encoding !== "" && encoding !== "identity" && !asked.has(encoding))
    return thirdPartyProxyRefusal("upstream_not_script", "The third party's answer is in an encoding not asked for.");

  const vary = (answer.header("vary") ?? "")
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .filter((name) => FORWARDED_VARY.has(name));
  return {
    status: 200,
    headers: {
      "Content-Type": type,
      ...(encoding !== "" && encoding !== "identity" ? { "Content-Encoding": encoding } : {}),
      "Cache-Control": proxiedCacheControl(answer.header("cache-control")),
      Vary: ["Accept-Encoding", ...new Set(vary)].join(", "),
      // Only the site's own pages may load it: another site cannot use this server as its script host.
      "Cross-Origin-Resource-Policy": "same-origin",
    },
    body: answer.bytes,
  };
}

/** Tests only: the calls in flight. */
export const proxyCallsInFlight = (): number => inFlight;
