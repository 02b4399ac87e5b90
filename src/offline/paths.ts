/**
 * The offline page. gatsby-plugin-offline precaches the page built at this path (its "app shell")
 * with the files it needs; the site builds its offline page there (src/site/page-plan.ts), without
 * scripts (gatsby-ssr.tsx), and the worker answers it for a page that is neither reachable nor kept
 * (src/offline/sw-append.js).
 */
export const OFFLINE_PAGE_PATH = "/offline-plugin-app-shell-fallback/";
