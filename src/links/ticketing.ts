// The ticketing service's URL rules (spec §2, §4, §7), defined once for the three places that
// send a visitor there: the link rules (rules.ts), the member hand-off (loyalty/handoff.ts) and
// the server's redirect endpoints (server/ticketing-redirect.ts). Plain TypeScript: the server
// imports it too.

/** The ticketing service's base URL, or null when it is not an http(s) URL. */
export function ticketingBase(ticketingUrl: string): URL | null {
  if (!ticketingUrl) return null;
  try {
    const base = new URL(ticketingUrl);
    return base.protocol === "http:" || base.protocol === "https:" ? base : null;
  } catch {
    return null;
  }
}

/** Spec §7: of the current page's parameters, only the utm_* ones travel. */
export function isUtmParam(key: string): boolean {
  return key.toLowerCase().startsWith("utm_");
}

/** The utm_* parameters of a query string, in order. */
export function utmParams(search: string): [string, string][] {
  // The server render and most visits have no query string: nothing to parse.
  if (search === "" || search === "?") return [];
  return [...new URLSearchParams(search)].filter(([key]) => isUtmParam(key));
}

/**
 * Spec §7 "Session token on ticketing links" and "Ticketing hand-off": the member's token (or
 * another value the hand-off carries) as a query parameter, placed before any fragment, the rest
 * of the URL left as written.
 * - "keep": a link that already carries the parameter keeps it (links, spec §7).
 * - "replace": the member's own token wins over one the URL came with (the hand-off's `return`
 *   path and the redirect endpoints' input are visitor-controlled).
 */
export function withQueryParameter(href: string, name: string, value: string, mode: "keep" | "replace"): string {
  const hashAt = href.indexOf("#");
  const beforeHash = hashAt === -1 ? href : href.slice(0, hashAt);
  const hash = hashAt === -1 ? "" : href.slice(hashAt);
  const queryAt = beforeHash.indexOf("?");
  const path = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const query = queryAt === -1 ? "" : beforeHash.slice(queryAt + 1);
  const pairs = query.split("&").filter(Boolean);
  const named = (pair: string) => {
    try {
      return decodeURIComponent((pair.split("=")[0] ?? "").replace(/\+/g, " ")) === name;
    } catch {
      return false;
    }
  };
  if (pairs.some(named)) {
    if (mode === "keep") return href;
    pairs.splice(0, pairs.length, ...pairs.filter((pair) => !named(pair)));
  }
  pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  return `${path}?${pairs.join("&")}${hash}`;
}
