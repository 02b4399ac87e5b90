import type { GatsbyBrowser } from "gatsby";
import { recordPageView } from "./src/tracking/analytics/events";
import { focusFragmentAfterNavigation } from "./src/links/fragments";
import { wrapPageWithLocation } from "./src/links/wrap-page";
import { loadOnce } from "./src/lib/lazy";
import { watchFailedResources } from "./src/offline/failed-resources";
import { PageErrorBoundary } from "./src/shell/PageErrorBoundary";
import { hydrateInTransition } from "./src/shell/hydrate";
import { watchPageStart } from "./src/shell/page-failure";

export const wrapPageElement: GatsbyBrowser["wrapPageElement"] = ({ element, props }) => (
  <PageErrorBoundary pathname={props.location.pathname}>{wrapPageWithLocation({ element, props })}</PageErrorBoundary>
);

export const replaceHydrateFunction: GatsbyBrowser["replaceHydrateFunction"] = () => hydrateInTransition;

/**
 * Spec §2: a navigation may pass `shouldUpdateScroll: false` in its location state to keep the
 * scroll position; by default the page scrolls as Gatsby decides.
 */
export const shouldUpdateScroll: GatsbyBrowser["shouldUpdateScroll"] = ({ routerProps }) => {
  const state = routerProps.location.state as { shouldUpdateScroll?: unknown } | null | undefined;
  return state?.shouldUpdateScroll !== false;
};

// The offline worker's page side; Gatsby registers the worker. Only the failed-resource watch must
// start this early; the rest (src/offline/page-support.ts) loads after the first render, out of
// the first-load JavaScript. It starts once it has loaded; a load that failed is tried again at
// the next navigation.
const loadOfflineSupport = /* @__PURE__ */ loadOnce(() =>
  import("./src/offline/page-support").then((module) => {
    module.startOfflineSupport(window);
    return module;
  }),
);
const withOfflineSupport = (use: (module: typeof import("./src/offline/page-support")) => void) => {
  loadOfflineSupport()
    .then(use)
    .catch(() => undefined);
};
// Spec §8: a page whose resources fail to load lands on the 500 page (src/shell/page-failure.ts).
let pageStart: ReturnType<typeof watchPageStart> | null = null;
export const onClientEntry: GatsbyBrowser["onClientEntry"] = () => {
  watchFailedResources(window);
  pageStart = watchPageStart(window);
  // Issue 44: the member's token and the reset values left the address bar before this (the head's
  // first script, src/tracking/analytics/address-bar-script.ts): the router read the cleaned address.
};
export const onInitialClientRender: GatsbyBrowser["onInitialClientRender"] = () => pageStart?.rendered();

export const onRouteUpdate: GatsbyBrowser["onRouteUpdate"] = ({ location }) => {
  // Spec §2: every navigation records a page view (dropped until analytics is set up).
  recordPageView(`${location.pathname}${location.search}`);
  // The pages a visitor saw open offline.
  withOfflineSupport((module) => module.keepForOffline(window));
  // A link to another page's #fragment: focus follows it there, as on the same page (spec §2).
  if (location.hash) focusFragmentAfterNavigation(location.hash);
};
