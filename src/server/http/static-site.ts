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
// Another is ours too: a path under a client-only route that no screen of it shows (an unknown
// /account/* segment, a permalink without a film id) is a 404, so that search engines and monitors
// see one; it gets the route's own HTML, not /404.html. Gatsby's client picks the page from the
// address bar's path (match-paths.json, production-app.js `loadPage(location.pathname)`), so under
// /account/* it renders the account page whatever HTML was sent: /404.html would be hydrated by the
// account template (a mismatch, the 404 page flashing before the section's own not-found screen),
// while the route's HTML hydrates as it is and then shows that screen, as a permalink's does.
import { accountEntryOf, ACCOUNT_PATH } from "../../member/account/routes";
import { resolveFilmPath, type FilmIndex } from "../../catalogue/resolve";
import { isFilmPath } from "../../lib/paths";
import { findMatchPath, type MatchPathEntry } from "./match-path";

export type StaticTarget =
  | { readonly kind: "file"; readonly file: string }
  | { readonly kind: "redirect"; readonly location: string }
  /** `file`: a page that renders the not-found content itself (a client-only route's); else /404.html. */
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
 * Whether the client-only route whose page is at `pageDir` ("/account/") shows a screen at `rawPath`
 * (under its matchPath): the account section the screens of its table (src/member/account/routes.ts, which
 * its template reads too), a permalink only with something after its own path (a film id); any other
 * route (the editor's preview) its page everywhere. The path as sent, not decoded: the template reads
 * the address bar's, so /account/pro%66ile/ is its not-found screen.
 */
function clientRouteShows(pageDir: string, rawPath: string): boolean {
  if (pageDir === ACCOUNT_PATH) return accountEntryOf(rawPath) !== null;
  if (isPermalinkPage(pageDir)) return rawPath.replace(/\/+$/, "") !== pageDir.slice(0, -1);
  return true;
}

const pageDirOf = (pagePath: string): string => (pagePath.endsWith("/") ? pagePath : `${pagePath}/`);

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
  if (slashed && site.files.has(`${path}index.html`)) {
    const file = `${path}index.html`;
    // A client-only route's page is a file at its own path, where its route may still show nothing (/permalink/movie/).
    const route = site.matchPaths.some((entry) => pageDirOf(entry.path) === path);
    return route && !clientRouteShows(path, rawPath) ? { kind: "notFound", file } : { kind: "file", file };
  }
  if (!slashed && site.files.has(path)) return { kind: "file", file: path };
  const redirect = { kind: "redirect", location: `${rawPath}/${search}` } as const;
  if (!slashed && !hasExtension(path) && site.files.has(`${path}/index.html`)) return redirect;
  const page = findMatchPath(site.matchPaths, path);
  const pageDir = page && pageDirOf(page.path);
  const file = pageDir && `${pageDir}index.html`;
  const permalink = page && file && isPermalinkPage(page.path) ? file : null;
  if (site.filmIndex && (permalink || (!page && isFilmPath(path)))) {
    const canonical = resolveFilmPath(path, site.filmIndex);
    if (canonical) return { kind: "redirect", location: `${canonical}${search}` };
    // The slash first, as for every page: Gatsby's client routes only the slashed form.
    if (!slashed && !hasExtension(path)) return redirect;
    return permalink && site.files.has(permalink) ? { kind: "notFound", file: permalink } : { kind: "notFound" };
  }
  if (pageDir && file) {
    if (!slashed && !hasExtension(path)) return redirect;
    if (site.files.has(file))
      return clientRouteShows(pageDir, rawPath) ? { kind: "file", file } : { kind: "notFound", file };
  }
  return { kind: "notFound" };
}
