/** Where circuit sites list their theaters. */
export const THEATERS_PATH = "/theaters/";

/** Where the site's own assets folder (site-config/<id>/assets: logo, posters) is published. */
export const SITE_ASSETS_PATH = "/site-assets/";

/** A page slug as a site path: "" → "/", "a/b" → "/a/b/". */
export function pagePath(slug: string): string {
  return slug ? `/${slug}/` : "/";
}

/**
 * The pictures link previews show (og:image), made at build from the site's own posters and logo
 * (src/build/share-images.ts, src/lib/share-image.ts): social networks show no SVG.
 */
export const SHARE_IMAGES_PATH = "/share-images/";
/** What each of those pictures was drawn from, so an incremental build redraws only what changed. */
export const SHARE_IMAGES_LEDGER_FILE = ".cache/venue/share-images.json";

/** The worker that sets the browser's Intl data up while a page loads (src/shell/intl-warmup.ts); in static/. */
export const INTL_WARMUP_WORKER_PATH = "/intl-warmup.js";

/** Film id → film page, served beside the pages; the client-side /films/* and permalink routes read it. */
export const FILM_INDEX_PATH = "/film-index.json";

/** The 500 page (spec §8: pages that fail fall back to it); Gatsby also writes it as /500.html. */
export const SERVER_ERROR_PATH = "/500/";

/**
 * A path under /films/ other than the list: a film page, or, when no page is built there, one the
 * film index may resolve (a bare id, an outdated slug). The server and the 404 page both look it up.
 */
export const isFilmPath = (pathname: string): boolean => pathname.startsWith("/films/") && pathname.length > 7;

/** The schedule page (every film by day): "Séances" on French sites, "Showtimes" elsewhere. */
export function schedulePath(locale: string): string {
  return locale.toLowerCase().startsWith("fr") ? "/seances/" : "/showtimes/";
}

/** A later day of the schedule (the first day is the schedule page itself): /seances/2026-11-24/. */
export function scheduleDayPath(locale: string, date: string): string {
  return `${schedulePath(locale)}${date}/`;
}

/** What onPostBuild last left in each page's HTML (structured-data-html.ts StructuredDataLedger). */
export const STRUCTURED_DATA_LEDGER_FILE = ".cache/venue/structured-data-ledger.json";

/** The paths the sitemap lists (page-plan.ts sitemapPaths), written by createPages for gatsby-plugin-sitemap. */
export const SITEMAP_PATHS_FILE = ".cache/venue/sitemap-paths.json";

/**
 * The member account section (src/member/account/routes.ts plans its screens). Here, below both, because
 * the loyalty header (MemberAccess) links to it on every page and the loyalty layer imports nothing
 * of the account screens.
 */
export const ACCOUNT_PATH = "/account/";

/**
 * The account section's forgotten password or username screen (src/member/account/routes.ts), a guest's
 * screen: the sign-in dialog links to it, and the loyalty layer imports nothing of src/member/account/.
 */
export const FORGOT_PASSWORD_PATH = `${ACCOUNT_PATH}forgot-password/`;

/**
 * Where a member is sent after signing in (`?next=`): only back into the account section, so the
 * parameter cannot be used to send members to another site. The login page reads it, and on a
 * site without one the header's sign-in (src/member/account/routes.ts loginPathFor): here, below both.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next) return null;
  if (!next.startsWith(ACCOUNT_PATH) || next.includes("//") || next.includes("\\") || /[\u0000-\u001f]/.test(next))
    return null;
  try {
    const url = new URL(next, "https://site.invalid");
    return url.origin === "https://site.invalid" && url.pathname.startsWith(ACCOUNT_PATH)
      ? `${url.pathname}${url.search}`
      : null;
  } catch {
    return null;
  }
}

/** Beside Gatsby's page renderer (.cache/page-ssr): the deferred pages' JSON-LD, which the server puts in their HTML. */
export const ENGINE_STRUCTURED_DATA_FILE = "structured-data.json";

/** Spec §2 "preview path prefix" (value decided in brief §2): clicks there do nothing. */
export const PREVIEW_PATH_PREFIX = "/cms-preview/";

/** Spec §2 internal booking route (name decided in brief §2). */
export const BOOKING_PATH = "/booking/";

/** Where the booking route's performance index is written, in shards (src/site/booking-key.ts). */
export const BOOKING_INDEX_DIR = "/booking-index/";

/**
 * The offline page. gatsby-plugin-offline precaches the page built at this path (its "app shell")
 * with the files it needs; the site builds its offline page there (src/site/page-plan.ts), without
 * scripts (gatsby-ssr.tsx), and the worker answers it for a page that is neither reachable nor kept
 * (src/offline/sw-append.js).
 */
export const OFFLINE_PAGE_PATH = "/offline-plugin-app-shell-fallback/";

/** Movie permalinks (brief §2): /permalink/movie/<filmId> and /<prefix>/movie/<filmId>. */
export const PERMALINK_PREFIXES = ["permalink", "movies"] as const;

const firstSegment = (at: string) => at.split("/")[1] ?? "";

/**
 * First path segments the platform itself builds or serves: an operator's page there would take a
 * platform page's path, and Gatsby keeps whichever page is made last, silently (src/config/load.ts
 * refuses such slugs). Both schedule names are kept, so a site can switch language safely.
 */
export const PLATFORM_SEGMENTS: ReadonlySet<string> = new Set([
  "films",
  firstSegment(schedulePath("fr-FR")),
  firstSegment(schedulePath("en-US")),
  firstSegment(THEATERS_PATH),
  firstSegment(ACCOUNT_PATH),
  firstSegment(BOOKING_PATH),
  firstSegment(BOOKING_INDEX_DIR),
  firstSegment(PREVIEW_PATH_PREFIX),
  firstSegment(OFFLINE_PAGE_PATH),
  ...PERMALINK_PREFIXES,
  "404",
  "500",
  // Served beside the pages: Gatsby's page data and files, the site's assets and fonts, the server's endpoints.
  "page-data",
  "static",
  firstSegment(SITE_ASSETS_PATH),
  firstSegment(SHARE_IMAGES_PATH),
  "fonts",
  "api",
  "healthz",
]);

/**
 * What the build keeps in public/ for itself and no host serves (issue 43): webpack's stats and
 * Gatsby's chunk map, which the deferred pages' renderer reads from disk. Source maps are not
 * served either (any `.map`).
 */
export const BUILD_INTERNAL_FILES: readonly string[] = ["/webpack.stats.json", "/chunk-map.json"];
