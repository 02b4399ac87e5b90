// Every response header the platform decides, in one place: the security headers and the
// Cache-Control of each kind of path. The self-hosted server (src/server/http/app.ts) sets them
// per response; the Netlify adapter gets the same values as header rules (netlifyHeaderRoutes,
// wired in src/server/http/netlify-adapter.ts); the Gatsby Functions set apiHeaders(). A test
// compares what the adapter wrote with what the server sends (e2e/server-headers.spec.ts).
//
// Content-Security-Policy, decided:
// - script-src: 'self', the SHA-256 of each inline script the built pages carry (Gatsby's page
//   path, chunk map and compilation hash; the page path is made the same on every page by
//   plugins/gatsby-source-venue/gatsby-ssr.tsx, so one policy covers the whole site), and the
//   configured third parties (src/server/third-parties.ts). No 'unsafe-inline', no 'unsafe-eval'.
// - style-src keeps 'unsafe-inline': styled-components writes <style> elements at run time and
//   Gatsby writes style="" attributes; nonces would need a per-response rewrite of every page,
//   which a static host cannot do.
// - img-src allows any https: image (posters may come from a remote catalogue feed).
// - frame-src and media-src add the trailers' players and MP4 origins the catalogue names
//   (src/catalogue/trailer.ts), each only when some film needs it: no video host otherwise.
// - frame-ancestors: the site itself, settings.allowedEmbeddingDomains and the editor origins
//   (EDITOR_ORIGINS). No X-Frame-Options: it cannot name a list, and frame-ancestors supersedes it.
// - form-action is not restricted: the spec's post-protocol links submit forms to any host.
import type { ThirdPartySources } from "../third-parties";

import { CACHE_CONTROL, pathKindOf, type PathKind } from "../../lib/path-kinds";

export { CACHE_CONTROL, pathKindOf, HEALTH_PATH, THIRD_PARTY_PROXY_PATH, type PathKind } from "../../lib/path-kinds";

/** What a site's policy is made of; see sitePolicy() in ./site-bundle.ts. */
export interface SiteHeaderPolicy {
  /** settings.allowedEmbeddingDomains: origins (or bare hosts) that may frame the pages. */
  readonly allowedEmbeddingDomains: readonly string[];
  /** EDITOR_ORIGINS: the editor's origins, which frame the pages for preview. */
  readonly editorOrigins: readonly string[];
  readonly thirdPartySources: ThirdPartySources;
  /** CSP hash sources ("sha256-…") of every inline script of the built pages. */
  readonly inlineScriptHashes: readonly string[];
  /** CSP_REPORT_URI: where browsers report what the policy blocked; absent: no reports. */
  readonly reportUri?: string | null;
}

const unique = (values: readonly string[]): string[] => [...new Set(values)];

export function contentSecurityPolicy(policy: SiteHeaderPolicy): string {
  const third = policy.thirdPartySources;
  const directives: [string, readonly string[]][] = [
    ["default-src", ["'self'"]],
    ["script-src", ["'self'", ...policy.inlineScriptHashes.map((hash) => `'${hash}'`), ...(third["script-src"] ?? [])]],
    ["style-src", ["'self'", "'unsafe-inline'", ...(third["style-src"] ?? [])]],
    ["img-src", ["'self'", "data:", "https:", ...(third["img-src"] ?? [])]],
    ["font-src", ["'self'", "data:"]],
    ["connect-src", ["'self'", ...(third["connect-src"] ?? [])]],
    ["frame-src", ["'self'", ...(third["frame-src"] ?? [])]],
    ["media-src", ["'self'", ...(third["media-src"] ?? [])]],
    ["frame-ancestors", ["'self'", ...policy.allowedEmbeddingDomains, ...policy.editorOrigins]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["worker-src", ["'self'"]],
    ["manifest-src", ["'self'"]],
    ...(policy.reportUri ? [["report-uri", [policy.reportUri]] as [string, string[]]] : []),
  ];
  return directives.map(([name, sources]) => `${name} ${unique(sources).join(" ")}`).join("; ");
}

/** Endpoints answer data or redirects: nothing in them may run, load or be framed. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000";
/** HSTS, with its subdomains when HSTS_INCLUDE_SUBDOMAINS says so. */
export const strictTransportSecurity = (includeSubDomains = false): string =>
  includeSubDomains ? `${STRICT_TRANSPORT_SECURITY}; includeSubDomains` : STRICT_TRANSPORT_SECURITY;
export const REFERRER_POLICY = "strict-origin-when-cross-origin";
/** Powerful features no page of the site uses (only names Chromium knows: an unknown one is logged as an error). */
export const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=()";

export interface Transport {
  /** The request arrived over TLS (directly or, with TRUST_PROXY, at the proxy): HSTS is only meaningful then. */
  readonly https: boolean;
  /** HSTS_INCLUDE_SUBDOMAINS. */
  readonly includeSubDomains?: boolean;
}

/** The security headers of every response; `csp` is the policy of what is served. */
export function securityHeaders(csp: string, { https, includeSubDomains }: Transport): Record<string, string> {
  return {
    "Content-Security-Policy": csp,
    ...(https ? { "Strict-Transport-Security": strictTransportSecurity(includeSubDomains) } : {}),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": REFERRER_POLICY,
    "Permissions-Policy": PERMISSIONS_POLICY,
  };
}

/** Every header of a response for a file of the build (or the 404 page), Cache-Control included. */
export function staticHeaders(
  kind: Exclude<PathKind, "api">,
  policy: SiteHeaderPolicy,
  transport: Transport,
): Record<string, string> {
  return { ...securityHeaders(contentSecurityPolicy(policy), transport), "Cache-Control": CACHE_CONTROL[kind] };
}

/** Every header of an endpoint's response (`/api/*`, `/healthz`); the endpoint may add its own (e.g. Referrer-Policy: no-referrer). */
export function apiHeaders(transport: Transport): Record<string, string> {
  return { ...securityHeaders(API_CONTENT_SECURITY_POLICY, transport), "Cache-Control": CACHE_CONTROL.api };
}

/** The names of the headers this module decides (lower case), for comparisons. */
export const MANAGED_HEADERS = [
  "content-security-policy",
  "strict-transport-security",
  "x-content-type-options",
  "referrer-policy",
  "permissions-policy",
  "cache-control",
] as const;

/** Gatsby's adapter header rule shape (`HeaderRoutes`). */
export interface HeaderRule {
  path: string;
  headers: { key: string; value: string }[];
}

const asPairs = (headers: Record<string, string>) => Object.entries(headers).map(([key, value]) => ({ key, value }));

/**
 * The header rules for a static host (Netlify's `_headers`), from the list of the build's files
 * (URL paths, "/app-1a2b….js"). The layering is the one Gatsby's own adapter uses for its
 * defaults: one `/*` rule with every header and `Cache-Control: no-cache`, then a rule per
 * immutable file (or per folder whose files are all immutable) that overrides Cache-Control.
 * No other header appears in two rules, so no platform merging can change a security header.
 * Platforms always serve over TLS, hence HSTS.
 */
export function netlifyHeaderRoutes(
  policy: SiteHeaderPolicy,
  files: readonly string[],
  { includeSubDomains = false }: { includeSubDomains?: boolean } = {},
): HeaderRule[] {
  const rules: HeaderRule[] = [
    { path: "/*", headers: asPairs(staticHeaders("revalidate", policy, { https: true, includeSubDomains })) },
  ];
  const immutable = asPairs({ "Cache-Control": CACHE_CONTROL.immutable });
  const byFolder = new Map<string, string[]>();
  for (const file of files) {
    const folder = file.indexOf("/", 1) > 0 ? file.slice(0, file.indexOf("/", 1)) : "";
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), file]);
  }
  for (const [folder, inFolder] of [...byFolder.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const hashed = inFolder.filter((file) => pathKindOf(file) === "immutable").sort();
    if (folder && hashed.length > 0 && hashed.length === inFolder.length) {
      rules.push({ path: `${folder}/*`, headers: immutable });
    } else {
      for (const file of hashed) rules.push({ path: file, headers: immutable });
    }
  }
  return rules;
}
