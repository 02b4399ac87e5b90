// The builds the browser tests run against, each in its own folder under .e2e-builds/ (made by
// `npm run build:e2e` in one work copy, E2E_WORK_DIR, and served by `npm run serve -- <dir>`, the
// server `npm start` runs; the checkout's own public/ is left alone). Every build sends
// members to the sandbox provider's ticketing page, so the hand-off can be asserted, and loads
// the consent manager, analytics and marketing scripts from the sandbox's stand-ins.
import {
  SANDBOX_ADS_CONTAINER_ID,
  SANDBOX_GA_MEASUREMENT_ID,
  SANDBOX_TARGETT_CONTAINER_ID,
} from "../sandbox/analytics/standin";
import { SANDBOX_DIDOMI_API_KEY, SANDBOX_GDPR_VENDOR_IDS } from "../sandbox/consent/standin";
import { readFileSync } from "node:fs";
import path from "node:path";

/** The default site's port; the other variants take the next ones, so a second checkout can run its own set. */
const BASE_PORT = Number(process.env.E2E_PORT || 9123);
export const SANDBOX_PORT = Number(process.env.E2E_SANDBOX_PORT || 9411);
export const SANDBOX_URL = `http://127.0.0.1:${SANDBOX_PORT}`;
export const SANDBOX_TICKETING_URL = `${SANDBOX_URL}/ticketing`;
/** The sandbox's reCAPTCHA stand-in (sandbox/recaptcha/standin.ts) and its default secret. */
export const RECAPTCHA_SCRIPT_URL = `${SANDBOX_URL}/__recaptcha/api.js`;
export const RECAPTCHA_VERIFY_URL = `${SANDBOX_URL}/__recaptcha/siteverify`;
export const RECAPTCHA_STANDIN_SECRET = "sandbox-recaptcha-secret";
/**
 * The sandbox site editor (sandbox/site-editor/). The builds allow its localhost origin only; the
 * same server reached as 127.0.0.1 is a third origin, which the site must not listen to.
 */
export const EDITOR_PORT = Number(process.env.E2E_EDITOR_PORT || BASE_PORT + 5);
export const EDITOR_URL = `http://localhost:${EDITOR_PORT}`;
export const THIRD_ORIGIN_URL = `http://127.0.0.1:${EDITOR_PORT}`;
const captchaBuild = {
  GATSBY_RECAPTCHA_SITE_KEY: "sandbox-site-key",
  GATSBY_RECAPTCHA_SCRIPT_URL: RECAPTCHA_SCRIPT_URL,
};
/**
 * Consent, analytics and marketing against the sandbox's stand-ins (sandbox/consent/,
 * sandbox/analytics/): the Didomi SDK, gtag.js and its collect endpoint, gtm.js, Targett. No
 * analytics-tag-manager source: with one, tracking would start whatever the visitor answers
 * (spec §4), so only the build without a consent manager sets it.
 */
export const TRACKING_BUILD = {
  GATSBY_DIDOMI_API_KEY: SANDBOX_DIDOMI_API_KEY,
  GATSBY_DIDOMI_SDK_URL: `${SANDBOX_URL}/__consent/sdk/`,
  GATSBY_DIDOMI_GDPR_VENDOR_IDS: SANDBOX_GDPR_VENDOR_IDS.join(","),
  GATSBY_GA_MEASUREMENT_ID: SANDBOX_GA_MEASUREMENT_ID,
  GATSBY_GA_SCRIPT_URL: `${SANDBOX_URL}/__ga/gtag/js`,
  GATSBY_GA_COLLECT_URL: `${SANDBOX_URL}/__ga`,
  GATSBY_GTM_SCRIPT_URL: `${SANDBOX_URL}/__gtm/gtm.js`,
  GATSBY_GTM_ADS_CONTAINER_ID: SANDBOX_ADS_CONTAINER_ID,
  GATSBY_GTM_TARGETT_CONTAINER_ID: SANDBOX_TARGETT_CONTAINER_ID,
  GATSBY_TARGETT_SCRIPT_URL: `${SANDBOX_URL}/__targett/{customerId}/tag.js`,
};
export const ANALYTICS_TAG_MANAGER_URL = `${SANDBOX_URL}/__atm/tag-manager.js`;
/**
 * The ad scripts from the sandbox's stand-ins (sandbox/ads/): the ad wrapper library (per site
 * code) and Google Publisher Tag. Only the builds whose ads the tests look at load them: the
 * default site keeps no ad on its pages.
 */
export const ADS_BUILD = {
  GATSBY_ADS_LIBRARY_URL: `${SANDBOX_URL}/__ads/library/{siteCode}.js`,
  GATSBY_GPT_SCRIPT_URL: `${SANDBOX_URL}/__ads/gpt.js`,
};
/**
 * Direct ad-server mode (CUSTOM_WITHOUT_WRAPPER) with two custom locations, a size mapping (widths
 * given out of order, a size repeated) and the custom interstitial; laid over the French site's
 * settings.json in the build's copy of site-config/.
 */
export const DIRECT_ADS_SETTINGS = {
  adsDisplay: "CUSTOM_WITHOUT_WRAPPER",
  adsLocation: [],
  adsCustom: {
    locations: [{ key: "top" }, { key: "aside" }],
    sizeMapping: JSON.stringify({
      top: {
        "0": [[320, 50]],
        "1024": [
          [970, 90],
          [728, 90],
          [970, 90],
        ],
        "768": [[728, 90]],
      },
      aside: { "0": [[300, 250]] },
      interstitial: {},
      unknown: { "0": [[1, 1]] },
    }),
    url: "",
    networkCode: "21800000",
  },
};

/**
 * The offline worker's tests (e2e/offline.spec.ts) run servers of their own, one per test, on
 * the ports from here (BASE_PORT + 10 to + 15): a worker belongs to an origin, and a test that
 * swaps one build for another keeps its origin.
 */
export const OFFLINE_BASE_PORT = BASE_PORT + 10;

/**
 * The publish test (e2e/publish.spec.ts, issue 47) runs a publisher of its own on this port; the
 * sandbox editor's Publish button calls it with this token (playwright.config.ts).
 */
export const PUBLISH_E2E_PORT = Number(process.env.E2E_PUBLISH_PORT || BASE_PORT + 20);
export const PUBLISH_E2E_TOKEN = "e2e-publish-token-for-the-sandbox-editor";

/** The film the second lumiere build (lumiere-pos) renames: the offline tests' "new deploy". */
export const RENAMED_FILM = { id: 1000021006, title: "La Dernière Cordée, version restaurée" } as const;

/**
 * The US circuit's second build (starlight-v3): its loyalty settings with a v3 provider that takes
 * spec §4's provider overrides (TAPOS: the cinema id is the visitor's current theater), and direct
 * ad-server mode with the consent manager on (CCPA), so GPT waits for the visitor's answer; its
 * size mapping names a location with a malformed value (spec §5's console message).
 */
const starlightLoyalty = (
  JSON.parse(readFileSync(path.join(__dirname, "..", "site-config", "starlight", "settings.json"), "utf8")) as {
    loyalty: Record<string, unknown>;
  }
).loyalty;
export const CIRCUIT_V3_SETTINGS = {
  loyalty: { ...starlightLoyalty, version: 3, provider: "TAPOS" },
  adsDisplay: "CUSTOM_WITHOUT_WRAPPER",
  adsLocation: [],
  adsCustom: {
    locations: [{ key: "top" }, { key: "aside" }],
    sizeMapping: JSON.stringify({ top: { "0": [[320, 50]], "768": [[728, 90]] }, aside: { "0": "300x250" } }),
    url: "",
    networkCode: "21800001",
  },
};

/**
 * The default site (VARIANTS.lumiere) is built the way an operator builds a circuit: by `npm run
 * build:sites` over a configuration folder holding it and a copy whose settings break
 * (`brokenSite`). What that run printed and wrote (`log`, `out`) is what `npm run test:sites`
 * checks (scripts/build-sites.sites.ts), rather than building the same site a second time.
 */
export const SITES_RUN = {
  config: ".e2e-builds/config/sites-run",
  work: ".e2e-builds/sites-work",
  out: ".e2e-builds/sites-dist",
  log: ".e2e-builds/sites-run.log",
  brokenSite: "broken",
} as const;

/**
 * The copy of the project every variant is built in, one after the other (scripts/build-e2e.ts), so
 * that each finds webpack's cache of the one before: build:sites' copy of the default site.
 */
export const E2E_WORK_DIR = `${SITES_RUN.work}/lumiere`;

export type Variant = {
  name: string;
  /** Where it is served from, relative to the project root: public/ and what the server reads of .cache/. */
  dir: string;
  port: number;
  /** Build settings. */
  env: Record<string, string>;
  /** Run-time settings of its server, beside CYPHER_API_URL. */
  serveEnv?: Record<string, string>;
  /** Laid over the site's settings.json in a copy of site-config/ (top-level keys replaced). */
  settings?: Record<string, unknown>;
  /** Films renamed in that copy's catalogue.json (film id → title), as a later deploy would. */
  filmTitles?: Record<string, string>;
};

export const VARIANTS = {
  /**
   * The French single-location site (loyalty v3), the default of `npm start`. It loads the
   * captcha stand-in, but its server has no secret: tokens go unverified, as against a sandbox.
   */
  lumiere: {
    name: "lumiere",
    dir: ".e2e-builds/lumiere",
    port: BASE_PORT,
    env: { SITE: "lumiere", ...captchaBuild, ...TRACKING_BUILD, EDITOR_ORIGINS: EDITOR_URL },
  },
  /** The US circuit (loyalty v1), with the captcha verified by its server as in production. */
  starlight: {
    name: "starlight",
    dir: ".e2e-builds/starlight",
    port: BASE_PORT + 1,
    env: { SITE: "starlight", ...captchaBuild, ...TRACKING_BUILD, ...ADS_BUILD },
    serveEnv: { RECAPTCHA_SECRET: RECAPTCHA_STANDIN_SECRET, RECAPTCHA_VERIFY_URL, RECAPTCHA_HOSTNAME: "localhost" },
  },
  /**
   * The French site as its point-of-sale deploy builds it, one build for what the default site
   * leaves out (one more Gatsby build cost the 2-core `npm test` 30–50 s):
   * - embedded in its point-of-sale host ('tapos_embedded'): booking links lead to the internal
   *   booking route (links.pos.spec.ts);
   * - its film pages and its own pages deferred (spec §3 defer flags): the server makes them on
   *   first request with Gatsby's page renderer (deferred-pages.pos.spec.ts);
   * - the consent manager switched off (GATSBY_CONSENT_DISABLED) with an analytics-tag-manager
   *   source: tracking starts without a notice (spec §4, tracking.consent-off.spec.ts); its ads in
   *   direct ad-server mode, which with no consent manager load at once (spec §5,
   *   ads.consent-off.spec.ts);
   * - one film renamed: served after the default build on the same origin, it is a new deploy of
   *   the same site for the offline worker's update test (offline.spec.ts).
   */
  "lumiere-pos": {
    name: "lumiere-pos",
    dir: ".e2e-builds/lumiere-pos",
    port: BASE_PORT + 2,
    env: {
      SITE: "lumiere",
      EMBEDDING_MODE: "tapos_embedded",
      ...TRACKING_BUILD,
      GATSBY_CONSENT_DISABLED: "true",
      GATSBY_ANALYTICS_TAG_MANAGER_URL: ANALYTICS_TAG_MANAGER_URL,
      ...ADS_BUILD,
    },
    settings: { ...DIRECT_ADS_SETTINGS, deferMoviePages: true, deferStandardPages: true },
    filmTitles: { [RENAMED_FILM.id]: RENAMED_FILM.title },
  },
  /**
   * The US circuit with a v3 provider and direct-mode ads behind the consent manager
   * (CIRCUIT_V3_SETTINGS): circuit-v3.starlight-v3.spec.ts, ads.starlight-v3.spec.ts. No captcha.
   */
  "starlight-v3": {
    name: "starlight-v3",
    dir: ".e2e-builds/starlight-v3",
    port: BASE_PORT + 4,
    env: { SITE: "starlight", ...TRACKING_BUILD, ...ADS_BUILD },
    settings: CIRCUIT_V3_SETTINGS,
  },
} satisfies Record<string, Variant>;

export type VariantName = keyof typeof VARIANTS;

export const baseUrlOf = (variant: Variant) => `http://localhost:${variant.port}`;
