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
  const result: AdOrigins = { script: [origin], connect: [origin], frame: [origin] };
  if (origin === new URL(DEFAULT_GPT_SCRIPT_URL).origin)
    for (const key of ["script", "connect", "frame"] as const)
      result[key] = [...new Set([...result[key], ...GOOGLE_ADS[key]])];
  return result;
}
