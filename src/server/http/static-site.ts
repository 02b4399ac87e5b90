// Gatsby's serving conventions for a built site, as `gatsby serve` applies them, decided without
// touching the disk (the file list is read at start-up):
// - "/dir/" answers dir/index.html; a file answers itself;
// - "/dir" (no extension) where dir/index.html exists, or where a client-only route (matchPath)
//   matches, is redirected (301) to "/dir/" (trailingSlash: "always");
// - a path no file answers but a matchPath matches gets that page's HTML (client-side routes);
// - anything else is not found: /404.html with a 404 status.
// One rule is ours: a /films/* path no page is built at, or a movie permalink, is answered from the
// film index, as the browser would answer it, so that search engines and links see real statuses: a
// known film under another slug, a bare id or a permalink → 301 to its page; an unknown one → 404,
// with the permalink page's HTML for a permalink and the 404 page for /films/* (both render the film
// not-found content).
import { resolveFilmPath, type FilmIndex } from "../../catalogue/resolve";
import { isFilmPath } from "../../site/paths";
import { findMatchPath, type MatchPathEntry } from "./match-path";

export type StaticTarget =
  | { readonly kind: "file"; readonly file: string }
  | { readonly kind: "redirect"; readonly location: string }
  /** `file`: a page that renders the not-found content itself (a film fallback); else /404.html. */
  | { readonly kind: "notFound"; readonly file?: string };

export const NOT_FOUND_PAGE = "/404.html";
export const SERVER_ERROR_PAGE = "/500.html";

export const hasExtension = (path: string): boolean => (path.split("/").pop() ?? "").includes(".");

/**
 * A request's path as sent (percent-encoded), decoded; null when it does not decode or could make a
 * slash redirect's Location leave the site ("//host", "/\\host").
 */
export function decodedRequestPath(rawPath: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  if (!path.startsWith("/") || path.startsWith("//") || path.includes("\\") || path.includes("\0")) return null;
  return path;
}

/** The page plan's movie permalink pages (/<prefix>/movie/*), client-side routes. */
const isPermalinkPage = (pagePath: string): boolean => /^\/[a-z0-9-]+\/movie\/$/.test(pagePath);

/**
 * `rawPath` is the request's path as sent (percent-encoded), `search` its query with the "?".
 * Answers which file to send, where to redirect, or that nothing is there.
 */
export function resolveStatic(
  site: {
    readonly files: ReadonlySet<string>;
    readonly matchPaths: readonly MatchPathEntry[];
    /** The site's /film-index.json, when it has one. */
    readonly filmIndex?: FilmIndex;
  },
  rawPath: string,
  search: string,
): StaticTarget {
  const path = decodedRequestPath(rawPath);
  if (path === null) return { kind: "notFound" };
  const slashed = path.endsWith("/");
  if (slashed && site.files.has(`${path}index.html`)) return { kind: "file", file: `${path}index.html` };
  if (!slashed && site.files.has(path)) return { kind: "file", file: path };
  const redirect = { kind: "redirect", location: `${rawPath}/${search}` } as const;
  if (!slashed && !hasExtension(path) && site.files.has(`${path}/index.html`)) return redirect;
  const page = findMatchPath(site.matchPaths, path);
  const file = page && `${page.path.endsWith("/") ? page.path : `${page.path}/`}index.html`;
  const permalink = page && file && isPermalinkPage(page.path) ? file : null;
  if (site.filmIndex && (permalink || (!page && isFilmPath(path)))) {
    const canonical = resolveFilmPath(path, site.filmIndex);
    if (canonical) return { kind: "redirect", location: `${canonical}${search}` };
    // The slash first, as for every page: Gatsby's client routes only the slashed form.
    if (!slashed && !hasExtension(path)) return redirect;
    return permalink && site.files.has(permalink) ? { kind: "notFound", file: permalink } : { kind: "notFound" };
  }
  if (file) {
    if (!slashed && !hasExtension(path)) return redirect;
    if (site.files.has(file)) return { kind: "file", file };
  }
  return { kind: "notFound" };
}
