// The options of the GA4 plugin (@analytics/google-analytics), spec §9 "Analytics measurement".
// Pure, so each option is checked in a table test rather than in a browser.

/** 34,164,000 s, about 395 days (spec §9). */
export const GA_COOKIE_EXPIRES_SECONDS = 34_164_000;
/** The plugin's own data layer, kept apart from the tag managers' `dataLayer`. */
export const GA_DATA_LAYER = "ga4DataLayer";

export interface Ga4Input {
  /** The deploy's fixed measurement id ("" when the deploy has none). */
  fixedMeasurementId: string;
  /** The site's optional ids. */
  siteMeasurementIds: readonly string[];
  /** gtag.js without query (the deploy's GATSBY_GA_SCRIPT_URL, or Google's). */
  scriptUrl: string;
  /** gtag's server_container_url ("" → Google's own collect endpoint). */
  collectUrl: string;
}

export interface Ga4PluginOptions {
  measurementIds: string[];
  dataLayerName: string;
  customScriptSrc: string;
  gtagConfig: {
    anonymize_ip: true;
    cookie_expires: number;
    cookie_update: false;
    server_container_url?: string;
  };
}

/** The plugin's options, or null when no measurement id is configured at all (GA stays off). */
export function ga4PluginOptions(input: Ga4Input): Ga4PluginOptions | null {
  const measurementIds = [...new Set([input.fixedMeasurementId, ...input.siteMeasurementIds].filter(Boolean))];
  const first = measurementIds[0];
  if (!first) return null;
  const separator = input.scriptUrl.includes("?") ? "&" : "?";
  return {
    measurementIds,
    dataLayerName: GA_DATA_LAYER,
    // The plugin uses a custom source as is, so it carries the query gtag.js expects.
    customScriptSrc: `${input.scriptUrl}${separator}id=${encodeURIComponent(first)}&l=${GA_DATA_LAYER}`,
    gtagConfig: {
      anonymize_ip: true,
      cookie_expires: GA_COOKIE_EXPIRES_SECONDS,
      cookie_update: false,
      ...(input.collectUrl ? { server_container_url: input.collectUrl } : {}),
    },
  };
}
