// The deploy's consent, analytics and marketing settings (brief §2: "Deploy settings; when absent
// the feature stays off, visibly logged at build"). GATSBY_ variables are inlined into the browser
// bundle by the build, so changing one means building again. Parsing is pure (tested); reading
// process.env happens in one function whose literal `process.env.GATSBY_…` expressions webpack can
// replace.

export const DEFAULT_DIDOMI_SDK_URL = "https://sdk.privacy-center.org/";
export const DEFAULT_GA_SCRIPT_URL = "https://www.googletagmanager.com/gtag/js";
export const DEFAULT_GTM_SCRIPT_URL = "https://www.googletagmanager.com/gtm.js";
/** Where the Targett script URL template takes the site's customer id. */
export const TARGETT_CUSTOMER_ID_PLACEHOLDER = "{customerId}";

/** Every deploy setting of this feature, by the name the deploy sets. */
export const TRACKING_ENV = [
  "GATSBY_CONSENT_DISABLED",
  "GATSBY_DIDOMI_API_KEY",
  "GATSBY_DIDOMI_SDK_URL",
  "GATSBY_DIDOMI_GDPR_VENDOR_IDS",
  "GATSBY_GA_MEASUREMENT_ID",
  "GATSBY_GA_SCRIPT_URL",
  "GATSBY_GA_COLLECT_URL",
  "GATSBY_TAG_MANAGEMENT_DISABLED",
  "GATSBY_GTM_SCRIPT_URL",
  "GATSBY_GTM_ADS_CONTAINER_ID",
  "GATSBY_GTM_TARGETT_CONTAINER_ID",
  "GATSBY_ANALYTICS_TAG_MANAGER_URL",
  "GATSBY_TARGETT_SCRIPT_URL",
] as const;
export type TrackingEnvName = (typeof TRACKING_ENV)[number];
export type TrackingEnv = Partial<Record<TrackingEnvName, string | undefined>>;

export interface TrackingDeploySettings {
  consent: {
    /** GATSBY_CONSENT_DISABLED: no consent manager at all; tracking then runs (spec §4). */
    disabled: boolean;
    /** Didomi public API key; "" → the notice cannot load and, where a site has one, nothing tracks. */
    apiKey: string;
    /** Base URL of the Didomi SDK (`{sdkUrl}{apiKey}/loader.js`), ending in "/". */
    sdkUrl: string;
    /** The three vendors gdpr consent requires (spec §4); [] unless exactly three are set. */
    gdprVendorIds: string[];
  };
  analytics: {
    /** The fixed GA4 measurement id every site reports to (spec §9); "" → only the site's own. */
    measurementId: string;
    /** gtag.js, without query. */
    scriptUrl: string;
    /** gtag's server_container_url: hits go to `{collectUrl}/g/collect`; "" → Google's own endpoint. */
    collectUrl: string;
  };
  tagManagement: {
    /** GATSBY_TAG_MANAGEMENT_DISABLED: no site container and no analytics-tag-manager script. */
    disabled: boolean;
    /** gtm.js, without query. */
    scriptUrl: string;
    /** Container loaded when a site's adsDisplay is on; "" → none. */
    adsContainerId: string;
    /** Container loaded when a site's enableTargettTracking is on; "" → none. */
    targettContainerId: string;
    /** The analytics-tag-manager script, loaded as is; "" → none. */
    analyticsTagManagerUrl: string;
  };
  targett: {
    /** URL template of the cinema-marketing script, with {customerId}; "" → none. */
    scriptUrl: string;
  };
}

export type SettingProblem = { name: TrackingEnvName; message: string };

const flag = (value: string | undefined): boolean => /^(?:1|true|yes|on)$/i.test(value?.trim() ?? "");

function httpUrl(value: string | undefined): string | null {
  const text = value?.trim() ?? "";
  if (!text) return "";
  try {
    const url = new URL(text);
    return url.protocol === "https:" || url.protocol === "http:" ? text : null;
  } catch {
    return null;
  }
}

/** Parses the deploy's settings; every problem found is returned beside the (safe) result. */
export function parseTrackingDeploySettings(env: TrackingEnv): {
  settings: TrackingDeploySettings;
  problems: SettingProblem[];
} {
  const problems: SettingProblem[] = [];
  const url = (name: TrackingEnvName, fallback = ""): string => {
    const parsed = httpUrl(env[name]);
    if (parsed === null) {
      problems.push({ name, message: `expected an http(s) URL, got "${env[name]}"; ignored` });
      return fallback;
    }
    return parsed || fallback;
  };
  const text = (name: TrackingEnvName): string => env[name]?.trim() ?? "";

  const vendorIds = text("GATSBY_DIDOMI_GDPR_VENDOR_IDS")
    .split(",")
    .map((id) => id.trim())
    .filter(Boolean);
  if (vendorIds.length > 0 && vendorIds.length !== 3)
    problems.push({
      name: "GATSBY_DIDOMI_GDPR_VENDOR_IDS",
      message: `expected three comma-separated vendor ids, got ${vendorIds.length}; gdpr consent cannot be granted`,
    });
  const sdkUrl = url("GATSBY_DIDOMI_SDK_URL", DEFAULT_DIDOMI_SDK_URL);

  let targettUrl = url("GATSBY_TARGETT_SCRIPT_URL");
  if (targettUrl && !targettUrl.includes(TARGETT_CUSTOMER_ID_PLACEHOLDER)) {
    problems.push({
      name: "GATSBY_TARGETT_SCRIPT_URL",
      message: `expected the placeholder ${TARGETT_CUSTOMER_ID_PLACEHOLDER} for the site's customer id; ignored`,
    });
    targettUrl = "";
  }

  return {
    problems,
    settings: {
      consent: {
        disabled: flag(env.GATSBY_CONSENT_DISABLED),
        apiKey: text("GATSBY_DIDOMI_API_KEY"),
        sdkUrl: sdkUrl.endsWith("/") ? sdkUrl : `${sdkUrl}/`,
        gdprVendorIds: vendorIds.length === 3 ? vendorIds : [],
      },
      analytics: {
        measurementId: text("GATSBY_GA_MEASUREMENT_ID"),
        scriptUrl: url("GATSBY_GA_SCRIPT_URL", DEFAULT_GA_SCRIPT_URL),
        collectUrl: url("GATSBY_GA_COLLECT_URL").replace(/\/+$/, ""),
      },
      tagManagement: {
        disabled: flag(env.GATSBY_TAG_MANAGEMENT_DISABLED),
        scriptUrl: url("GATSBY_GTM_SCRIPT_URL", DEFAULT_GTM_SCRIPT_URL),
        adsContainerId: text("GATSBY_GTM_ADS_CONTAINER_ID"),
        targettContainerId: text("GATSBY_GTM_TARGETT_CONTAINER_ID"),
        analyticsTagManagerUrl: url("GATSBY_ANALYTICS_TAG_MANAGER_URL"),
      },
      targett: { scriptUrl: targettUrl },
    },
  };
}

/**
 * The settings this build was made with. Each variable is written out in full: webpack replaces
 * exactly these expressions in the browser bundle (a computed `process.env[name]` would be empty).
 */
export function readTrackingEnv(): TrackingEnv {
  return {
    GATSBY_CONSENT_DISABLED: process.env.GATSBY_CONSENT_DISABLED,
    GATSBY_DIDOMI_API_KEY: process.env.GATSBY_DIDOMI_API_KEY,
    GATSBY_DIDOMI_SDK_URL: process.env.GATSBY_DIDOMI_SDK_URL,
    GATSBY_DIDOMI_GDPR_VENDOR_IDS: process.env.GATSBY_DIDOMI_GDPR_VENDOR_IDS,
    GATSBY_GA_MEASUREMENT_ID: process.env.GATSBY_GA_MEASUREMENT_ID,
    GATSBY_GA_SCRIPT_URL: process.env.GATSBY_GA_SCRIPT_URL,
    GATSBY_GA_COLLECT_URL: process.env.GATSBY_GA_COLLECT_URL,
    GATSBY_TAG_MANAGEMENT_DISABLED: process.env.GATSBY_TAG_MANAGEMENT_DISABLED,
    GATSBY_GTM_SCRIPT_URL: process.env.GATSBY_GTM_SCRIPT_URL,
    GATSBY_GTM_ADS_CONTAINER_ID: process.env.GATSBY_GTM_ADS_CONTAINER_ID,
    GATSBY_GTM_TARGETT_CONTAINER_ID: process.env.GATSBY_GTM_TARGETT_CONTAINER_ID,
    GATSBY_ANALYTICS_TAG_MANAGER_URL: process.env.GATSBY_ANALYTICS_TAG_MANAGER_URL,
    GATSBY_TARGETT_SCRIPT_URL: process.env.GATSBY_TARGETT_SCRIPT_URL,
  };
}
