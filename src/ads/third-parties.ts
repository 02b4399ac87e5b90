// The origins a site's ads load from, per CSP directive. Pure: src/server/third-parties.ts calls
// it with the build's deploy settings and the site's ads.
import { adScriptUrl, DEFAULT_GPT_SCRIPT_URL, parseAdsDeploySettings, type AdsEnv } from "./deploy-settings";
import type { SiteAds } from "./site-ads";

export interface AdOrigins {
  script: string[];
  connect: string[];
  frame: string[];
}

/** What Google Publisher Tag loads and frames once on the page (its documented serving hosts). */
const GOOGLE_ADS = {
  script: ["https://securepubads.g.doubleclick.net", "https://pagead2.googlesyndication.com"],
  connect: ["https://securepubads.g.doubleclick.net", "https://pagead2.googlesyndication.com"],
  frame: [
    "https://securepubads.g.doubleclick.net",
    "https://tpc.googlesyndication.com",
    "https://*.safeframe.googlesyndication.com",
    "https://googleads.g.doubleclick.net",
  ],
};

export function adOrigins(env: AdsEnv, ads: SiteAds | undefined): AdOrigins | null {
  if (!ads) return null;
  const url = adScriptUrl(ads, parseAdsDeploySettings(env).settings);
  if (!url) return null;
  let origin: string;
  try {
    origin = new URL(url).origin;
  } catch {
    return null;
  }
  // The library (or the stand-in) records and fetches from its own origin and may frame from it.
  const own: AdOrigins = { script: [origin], connect: [origin], frame: [origin] };
  // Every mode serves through Google Ad Manager (the ad path is a network and ad-unit path, spec
  // §9): a wrapper or a CUSTOM library loads GPT and its frames itself, so Google's hosts are
  // allowed for them, or their slots would stay empty. Direct mode loads GPT from the deploy's URL:
  // Google's hosts only when that URL is Google's (not a stand-in or a self-hosted copy).
  const viaGoogle = ads.display !== "CUSTOM_WITHOUT_WRAPPER" || origin === new URL(DEFAULT_GPT_SCRIPT_URL).origin;
  if (!viaGoogle) return own;
  return {
    script: [...new Set([...own.script, ...GOOGLE_ADS.script])],
    connect: [...new Set([...own.connect, ...GOOGLE_ADS.connect])],
    frame: [...new Set([...own.frame, ...GOOGLE_ADS.frame])],
  };
}
