// Turns tracking on and off for the page: creates the analytics instance, installs it as the sink
// of events.ts, and applies the spec's refusal sequence (§4 "On refusal: all analytics plugins
// are disabled, the analytics instance is re-created and a page view is sent"). The instance comes
// from a factory, so the sequence is tested without the analytics library or a network.
import { setAnalyticsSink, type AnalyticsSink } from "./events";
import { withoutPrivateParams } from "./private-params";
import { withoutPrivateValues } from "./vendor-payload";

/** The part of an `analytics` instance the controller uses. */
export interface AnalyticsLike {
  page(data?: Record<string, unknown>): unknown;
  track(event: string, properties?: Record<string, unknown>): unknown;
  plugins: { disable(plugins: string[]): unknown };
}

export interface CreatedAnalytics {
  instance: AnalyticsLike;
  /** Names of the plugins it was created with. */
  pluginNames: string[];
  /** Tells vendor code already on the page to stop sending (GA4: `ga-disable-{id}`). */
  optOut(): void;
}

export type AnalyticsFactory = (options: { enabled: boolean }) => CreatedAnalytics;

export type AnalyticsState = "idle" | "enabled" | "refused";

export interface AnalyticsController {
  readonly state: AnalyticsState;
  /** Tracking is enabled: plugins on, the current page recorded at once. Repeated calls do nothing. */
  enable(): void;
  /** The visitor refused: the spec's sequence. Repeated calls do nothing. */
  refuse(): void;
}

export function createAnalyticsController({
  create,
  currentPath,
  install = setAnalyticsSink,
  afterRender = (send) => send(),
}: {
  create: AnalyticsFactory;
  /** The page being shown, path and query (the route updates carry later ones). */
  currentPath: () => string;
  install?: (sink: AnalyticsSink | null) => unknown;
  /** Runs a page view once the new page has rendered, so it carries the new page's title. */
  afterRender?: (send: () => void) => void;
}): AnalyticsController {
  let state: AnalyticsState = "idle";
  let current: CreatedAnalytics | null = null;

  // gtag.js gives an event without page_location the address bar's URL, query included.
  const pageLocation = () => ({ page_location: pageProperties(currentPath()).url });
  const sinkFor = ({ instance }: CreatedAnalytics): AnalyticsSink => ({
    sending: state === "enabled",
    pageView: (path) => afterRender(() => void instance.page(pageProperties(path))),
    // Whatever a screen reports, no private query parameter in it (issue 44, vendor-payload.ts).
    event: ({ action, category, label }) =>
      void instance.track(action, withoutPrivateValues({ category, label, ...pageLocation() })),
    track: (event, properties) =>
      void instance.track(event, withoutPrivateValues({ ...properties, ...pageLocation() })),
  });

  return {
    get state() {
      return state;
    },
    enable() {
      if (state === "enabled") return;
      state = "enabled";
      current = create({ enabled: true });
      const sink = sinkFor(current);
      install(sink);
      sink.pageView(currentPath());
    },
    refuse() {
      if (state === "refused") return;
      state = "refused";
      if (current) {
        current.optOut();
        void current.instance.plugins.disable(current.pluginNames);
      }
      current = create({ enabled: false });
      const sink = sinkFor(current);
      install(sink);
      sink.pageView(currentPath());
    },
  };
}

/**
 * What a page view carries: the path with its query and the full URL of it, both without the
 * member's token and the reset values (private-params.ts). Given explicitly, because the library
 * would otherwise take the URL, query and referrer from the browser, and the GA4 plugin sends
 * them as page_location (`dl`) and page_referrer.
 */
export function pageProperties(path: string): Record<string, unknown> {
  const inBrowser = typeof window !== "undefined";
  const origin = inBrowser ? window.location.origin : "";
  const shown = withoutPrivateParams(path);
  const withoutHash = shown.split("#", 1)[0]!;
  const queryAt = withoutHash.indexOf("?");
  const referrer = inBrowser ? withoutPrivateParams(document.referrer) : "";
  return {
    path: shown,
    url: `${origin}${shown}`,
    search: queryAt === -1 ? "" : withoutHash.slice(queryAt),
    ...(referrer ? { referrer } : {}),
  };
}
