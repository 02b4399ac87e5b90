// Spec §7: the wrapper shows the interstitial "on the first page of a visit"
// (interstitialOnFirstPageEnabled). The site makes sure of it itself (issue 44: it came back on
// every full page load): a visit is the browser tab's session (sessionStorage), so reloads and
// later pages in the tab, loaded in full or client-side, are the same visit, and a new tab or a
// new browsing session is a new one. Once the ad library has drawn the interstitial, the rest of
// the visit neither mounts its element nor names its position to the library. Where storage is
// missing or refuses (disabled, a sandboxed frame), the page load remembers it instead.

export const INTERSTITIAL_SHOWN_KEY = "venue.adsInterstitialShown";

export type VisitStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** Shown in this page load: the answer when storage cannot keep it. */
let shownInThisLoad = false;

/** sessionStorage, or null where reading the property itself throws (storage disabled). */
function visitStorage(): VisitStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Has this visit shown the interstitial already? */
export function interstitialShownThisVisit(storage: VisitStorage | null = visitStorage()): boolean {
  if (shownInThisLoad) return true;
  try {
    return storage?.getItem(INTERSTITIAL_SHOWN_KEY) === "1";
  } catch {
    return false;
  }
}

/** The ad library drew the interstitial: none for the rest of the visit. */
export function rememberInterstitialShown(storage: VisitStorage | null = visitStorage()): void {
  shownInThisLoad = true;
  try {
    storage?.setItem(INTERSTITIAL_SHOWN_KEY, "1");
  } catch {
    // Full or refused: this page load remembers it.
  }
}

/** Tests: a new visit. */
export function forgetInterstitialShown(storage: VisitStorage | null = visitStorage()): void {
  shownInThisLoad = false;
  try {
    storage?.removeItem(INTERSTITIAL_SHOWN_KEY);
  } catch {
    // Nothing kept.
  }
}
