// Origins that may frame the site or drive its live preview: a site's allowedEmbeddingDomains
// (settings.json) and the deploy's EDITOR_ORIGINS. Both are compared with an exact origin match
// (brief §2), in the browser against MessageEvent.origin and on the server in frame-ancestors, so
// they are normalised once, here, to what `new URL(x).origin` and the browser produce:
// lowercase scheme and host, no default port, no path. Pure; used by the build, the server and tests.

/** Why a configured origin was refused, for the build's error message. */
export class OriginListError extends Error {}

/**
 * "https://Caisse.Example.com:443/" → "https://caisse.example.com". Refuses anything that is not
 * exactly an http(s) origin: a path, a query, credentials or a wildcard would make "exact match"
 * mean something else in one of the places that compares it.
 */
export function normaliseOrigin(value: string): string {
  const text = value.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new OriginListError(`"${value}" is not an origin: expected e.g. "https://editor.example.com"`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new OriginListError(`"${value}" is not an http(s) origin`);
  if (url.username || url.password || url.search || url.hash || (url.pathname !== "/" && url.pathname !== ""))
    throw new OriginListError(`"${value}" is not an origin: remove the path, query or credentials`);
  if (text.includes("*")) throw new OriginListError(`"${value}": wildcards are not allowed, list each origin`);
  // URL keeps a trailing slash off .origin, lowercases the host and drops a default port.
  return url.origin;
}

/** Normalised, without duplicates, in the given order. */
export function normaliseOrigins(values: readonly string[]): string[] {
  return [...new Set(values.map(normaliseOrigin))];
}

/**
 * Deploy setting EDITOR_ORIGINS: a comma list ("https://a.example, https://b.example"); unset or
 * empty → no editor may preview the site. Throws OriginListError naming the bad entry.
 */
export function parseEditorOrigins(raw: string | undefined): string[] {
  const entries = (raw ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  try {
    return normaliseOrigins(entries);
  } catch (error) {
    throw new OriginListError(`EDITOR_ORIGINS: ${(error as Error).message}`);
  }
}
