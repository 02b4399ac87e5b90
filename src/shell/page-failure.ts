// Spec §8 "Pages": a page that fails falls back to the 500 page. Render errors are the page error
// boundary's (PageErrorBoundary.tsx); this is the other way a page fails: its resources (page
// data, the template's chunk) do not load. Gatsby's loader then gives no page to render:
//  - on a client-side navigation it gives up on the route and loads the URL afresh
//    (cache-dir/navigation.js: `window.location = pathname`), which usually mends a passing fault;
//  - on a page load (that reload included) it does not render React at all and rejects its start-up
//    promise with "page resources for <path> not found. Not rendering React", or with the chunk's
//    own ChunkLoadError (cache-dir/production-app.js), leaving the unhydrated HTML, or nothing.
// So the one place to act is that start-up rejection: it is left unhandled, and the window hears it.
// (A page-data answer of exactly 500 is already handled by Gatsby: it renders the 500 page in place.)
import { SERVER_ERROR_PATH } from "../lib/paths";

/** Gatsby's start-up error when a page's resources failed to load (cache-dir/production-app.js). */
const PAGE_RESOURCES_FAILED = /^page resources for .* not found\. Not rendering React/;

const isServerErrorPage = (path: string | undefined): boolean => !!path && /^\/500(\/|\.html)?$/.test(path);

export type StartFailure = {
  /** The unhandled rejection's reason. */
  reason: unknown;
  /** Whether the site has rendered once (after that, failures are the error boundary's or Gatsby's). */
  rendered: boolean;
  /** The browser's path. */
  pathname: string;
  /** The page this HTML was built for (Gatsby's window.pagePath). */
  pagePath: string | undefined;
  /** navigator.onLine: offline, a page that cannot load is the offline worker's to answer. */
  online: boolean;
};

/**
 * What to do about a page that failed to start: send the visitor to the 500 page ("leave"), keep
 * the 500 page's own HTML when it is the page that failed ("stay": no loop), or nothing when the
 * rejection is not the page failing to load ("ignore").
 */
export type StartFailureAction = "leave" | "stay" | "ignore";

export function startFailureAction({ reason, rendered, pathname, pagePath, online }: StartFailure): StartFailureAction {
  if (rendered || !online || !(reason instanceof Error)) return "ignore";
  if (!PAGE_RESOURCES_FAILED.test(reason.message) && reason.name !== "ChunkLoadError") return "ignore";
  return isServerErrorPage(pathname) || isServerErrorPage(pagePath) ? "stay" : "leave";
}

declare global {
  interface Window {
    pagePath?: string;
  }
}

/**
 * Sends the visitor to the 500 page when the page's resources fail to load at start-up (call
 * from onClientEntry, before Gatsby loads the page). Returns what to call once the site rendered.
 */
export function watchPageStart(win: Window = window): { rendered: () => void } {
  let rendered = false;
  win.addEventListener("unhandledrejection", (event) => {
    const action = startFailureAction({
      reason: event.reason,
      rendered,
      pathname: win.location.pathname,
      pagePath: win.pagePath,
      online: win.navigator.onLine,
    });
    if (action === "ignore") return;
    // Handled here: logged once as what it is, not as an uncaught error.
    event.preventDefault();
    console.error(`page failed to load: ${(event.reason as Error).message}`);
    if (action === "leave") win.location.replace(SERVER_ERROR_PATH);
  });
  return {
    rendered: () => {
      rendered = true;
    },
  };
}
