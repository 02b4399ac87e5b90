import type { GatsbyBrowser } from "gatsby";

/**
 * Spec §2: a navigation may pass `shouldUpdateScroll: false` in its location state to keep the
 * scroll position; by default the page scrolls as Gatsby decides.
 */
export const shouldUpdateScroll: GatsbyBrowser["shouldUpdateScroll"] = ({ routerProps }) => {
  const state = routerProps.location.state as { shouldUpdateScroll?: unknown } | null | undefined;
  return state?.shouldUpdateScroll !== false;
};
