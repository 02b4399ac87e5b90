// The one part of the offline support that must run before anything else loads (onClientEntry):
// Gatsby 5 never sets `___failedResources` (spec §4: reload on update if resources had failed to
// load), so the site sets it when one of its own scripts or style sheets fails. The rest of the
// page's side (page-support.ts) is loaded after the first render, out of the first-load JS.

declare global {
  interface Window {
    ___swUpdated?: boolean;
    ___failedResources?: boolean;
  }
}

/** One of the site's own scripts or style sheets failed to load (not an image, not a third party). */
export function isFailedSiteResource(target: EventTarget | null, origin: string): boolean {
  const sameOrigin = (url: string) => {
    try {
      return new URL(url, origin).origin === origin;
    } catch {
      return false;
    }
  };
  if (target instanceof HTMLScriptElement) return !!target.src && sameOrigin(target.src);
  if (target instanceof HTMLLinkElement) {
    const rel = target.rel.toLowerCase();
    const as = target.getAttribute("as") ?? "";
    const loadsCode = rel === "stylesheet" || (rel === "preload" && ["script", "style", "fetch"].includes(as));
    return loadsCode && !!target.href && sameOrigin(target.href);
  }
  return false;
}

/** Sets `___failedResources` when one of the site's scripts or style sheets fails to load. */
export function watchFailedResources(win: Window = window): void {
  win.addEventListener(
    "error",
    (event) => {
      if (isFailedSiteResource(event.target, win.location.origin)) win.___failedResources = true;
    },
    true,
  );
}
