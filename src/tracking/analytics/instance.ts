// The analytics instance: the `analytics` library with the GA4 plugin (spec §7, §9). Loaded only
// by the tracking runtime, after hydration, so neither library is in a guest's first load.
import Analytics from "analytics";
import googleAnalytics from "@analytics/google-analytics";
import type { AnalyticsFactory, AnalyticsLike } from "./controller";
import type { Ga4PluginOptions } from "./ga4-options";

const GA_PLUGIN = "google-analytics";

type GaMethods = { enable?: () => void; disable?: () => void };

/**
 * The plugin's own readiness check matches script sources with a regular expression built from
 * the URL, which a query (`?id=…`) breaks: calls would wait forever. gtag() only queues onto the
 * data layer, so the plugin is ready once its script is in the page and the layer exists.
 */
function gtagReady(ga4: Ga4PluginOptions): boolean {
  const layer = (window as unknown as Record<string, unknown>)[ga4.dataLayerName];
  return (
    Array.isArray(layer) && Array.from(document.scripts).some((s) => s.getAttribute("src") === ga4.customScriptSrc)
  );
}

function memoryStorage() {
  const values = new Map<string, unknown>();
  return {
    getItem: (key: string) => values.get(key),
    setItem: (key: string, value: unknown) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

/** A factory of instances for the controller; `ga4` null → an instance without plugins. */
export function analyticsFactory(appName: string, ga4: Ga4PluginOptions | null): AnalyticsFactory {
  return ({ enabled }) => {
    // A plugin registered with enabled: false is known to the instance but never initialised:
    // gtag.js is not loaded and nothing is sent.
    const plugins = ga4 ? [{ ...googleAnalytics(ga4), enabled, loaded: () => gtagReady(ga4) }] : [];
    // The library keeps an anonymous visitor id; a visitor who refused gets none written to the
    // browser (it lives in memory for the page).
    const instance = Analytics({
      app: appName,
      plugins,
      ...(enabled ? {} : { storage: memoryStorage() }),
    } as Parameters<typeof Analytics>[0]);
    const ga = (instance.plugins as unknown as Record<string, GaMethods | undefined>)[GA_PLUGIN];
    // A visitor who refused, then agreed, in the same visit: lift the opt-out flags set on refusal.
    if (enabled) ga?.enable?.();
    return {
      instance: instance as unknown as AnalyticsLike,
      pluginNames: plugins.map((plugin) => plugin.name),
      optOut: () => ga?.disable?.(),
    };
  };
}
