// The deploy's ad settings (brief §2: third-party URLs are deploy settings; absent → the feature
// stays off, logged at build). GATSBY_ variables are inlined into the browser bundle by the build.
import type { SiteAds } from "./site-ads";

export const DEFAULT_GPT_SCRIPT_URL = "https://securepubads.g.doubleclick.net/tag/js/gpt.js";
/** Where the wrapper library URL takes the site code (WMP_FR_WEB, WMP_US_WEB): the library varies by country (spec §7). */
export const SITE_CODE_PLACEHOLDER = "{siteCode}";

export const ADS_ENV = ["GATSBY_ADS_LIBRARY_URL", "GATSBY_GPT_SCRIPT_URL"] as const;
export type AdsEnvName = (typeof ADS_ENV)[number];
export type AdsEnv = Partial<Record<AdsEnvName, string | undefined>>;

export interface AdsDeploySettings {
  /** The ad wrapper library, optionally with {siteCode}; "" → wrapper mode off (CUSTOM sites bring their own). */
  libraryUrl: string;
  /** Google Publisher Tag, for direct ad-server mode. */
  gptScriptUrl: string;
}

export type AdsSettingProblem = { name: AdsEnvName; message: string };

function httpUrl(value: string | undefined): string | null {
  const text = value?.trim() ?? "";
  if (!text) return "";
  try {
    const url = new URL(text.replace(SITE_CODE_PLACEHOLDER, "X"));
    return url.protocol === "https:" || url.protocol === "http:" ? text : null;
  } catch {
    return null;
  }
}

export function parseAdsDeploySettings(env: AdsEnv): { settings: AdsDeploySettings; problems: AdsSettingProblem[] } {
  const problems: AdsSettingProblem[] = [];
  const url = (name: AdsEnvName, fallback: string): string => {
    const parsed = httpUrl(env[name]);
    if (parsed === null) {
      problems.push({ name, message: `expected an http(s) URL, got "${env[name]}"; ignored` });
      return fallback;
    }
    return parsed || fallback;
  };
  return {
    problems,
    settings: {
      libraryUrl: url("GATSBY_ADS_LIBRARY_URL", ""),
      gptScriptUrl: url("GATSBY_GPT_SCRIPT_URL", DEFAULT_GPT_SCRIPT_URL),
    },
  };
}

/** The script a site's ads load (spec §4 "Which ads are loaded"); "" → none, the ads stay off. */
export function adScriptUrl(ads: SiteAds, deploy: AdsDeploySettings): string {
  if (ads.display === "") return "";
  if (ads.display === "CUSTOM_WITHOUT_WRAPPER") return deploy.gptScriptUrl;
  if (ads.display === "CUSTOM" && ads.customLibraryUrl) return ads.customLibraryUrl;
  return deploy.libraryUrl.split(SITE_CODE_PLACEHOLDER).join(encodeURIComponent(ads.siteCode));
}

/** Whether a page shows ad placeholders at all: there is something to place and a script to fill it. */
export function adsShown(ads: SiteAds, deploy: AdsDeploySettings): boolean {
  const placements = ads.positions.length + ads.customLocations.length + (ads.customInterstitial ? 1 : 0);
  return placements > 0 && adScriptUrl(ads, deploy) !== "";
}

/** The settings this build was made with; each variable written out in full for webpack to replace. */
export function readAdsEnv(): AdsEnv {
  return {
    GATSBY_ADS_LIBRARY_URL: process.env.GATSBY_ADS_LIBRARY_URL,
    GATSBY_GPT_SCRIPT_URL: process.env.GATSBY_GPT_SCRIPT_URL,
  };
}
