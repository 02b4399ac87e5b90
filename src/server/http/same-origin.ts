// /api/cypher serves the site's own pages only: a browser calling it from another site (a CSRF
// attempt, or a page that would use a member's session through it) is refused with 403 before
// the body is read. Browsers say where a request comes from with `Origin` (every cross-origin
// request, and every POST) and `Sec-Fetch-Site`; whichever is present must say "this site". A
// request with neither comes from no browser (curl, a monitor) and carries no visitor's session,
// so it is let through, as the Fetch Metadata guidance does for clients that predate it.
import { proxyError, type CypherProxyResponse } from "../cypher-proxy";
import { boundedMemo } from "../../lib/bounded-memo";

type Headers = Readonly<Record<string, string | string[] | undefined>>;

const header = (headers: Headers, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

function normalisedOrigin(text: string): string | null {
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The origins a same-site call may come from: settings.domain over https, and the host actually
 * serving (the `Host` the browser used, over http or https since TLS may end at a proxy), so
 * localhost, an alias or a staging host work too.
 */
/**
 * ownOrigins() is asked on every member call with the same few (domain, host) pairs; parsing them
 * as URLs each time was a visible share of the proxy's CPU (issue 20). The Host header is the
 * caller's to choose, so the memo is bounded (emptied when full) rather than growing.
 */
const originsMemo = boundedMemo<readonly string[]>(256);

export function ownOrigins(domain: string | undefined, host: string | undefined): readonly string[] {
  return originsMemo(`${domain ?? ""}\n${host ?? ""}`, () => computeOwnOrigins(domain, host));
}

function computeOwnOrigins(domain: string | undefined, host: string | undefined): string[] {
  const origins = new Set<string>();
  if (domain) origins.add(`https://${domain.toLowerCase()}`);
  if (host) {
    for (const scheme of ["http", "https"]) {
      const origin = normalisedOrigin(`${scheme}://${host}`);
      if (origin) origins.add(origin);
    }
  }
  return [...origins];
}

/** ownOrigins() from a Node request's headers (the Gatsby Function's view). */
export function requestOrigins(headers: Headers, domain: string | undefined): readonly string[] {
  return ownOrigins(domain, header(headers, "host"));
}

/** A 403 answer when Origin or Sec-Fetch-Site shows another site; null when the call may go on. */
export function crossSiteRefusal(headers: Headers, origins: readonly string[]): CypherProxyResponse | null {
  const origin = header(headers, "origin");
  const site = header(headers, "sec-fetch-site");
  const refuse = () => proxyError("cross_site", "member calls are only accepted from the site's own pages");
  if (origin !== undefined) {
    const given = normalisedOrigin(origin.trim());
    if (!given || !origins.includes(given)) return refuse();
  }
  if (site !== undefined && site.trim().toLowerCase() !== "same-origin") return refuse();
  return null;
}
