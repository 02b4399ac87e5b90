// What the build says, once, about the ads of the site it builds (brief §2: "when absent the
// feature stays off, visibly logged at build"). Pure: lines in, reporter out.
import type { ReportLine } from "../tracking/consent/build-report";
import { adScriptUrl, adsShown, type AdsDeploySettings, type AdsSettingProblem } from "./deploy-settings";
import type { SiteAds } from "./site-ads";
import { parseSizeMapping } from "./size-mapping";

export function adsBuildReport(
  ads: SiteAds,
  deploy: AdsDeploySettings,
  problems: readonly AdsSettingProblem[],
): ReportLine[] {
  const lines: ReportLine[] = problems.map(({ name, message }) => ({ level: "warn", message: `${name}: ${message}` }));
  const info = (message: string) => lines.push({ level: "info", message });
  const warn = (message: string) => lines.push({ level: "warn", message });
  if (ads.display === "") {
    info("ads off (settings.adsDisplay)");
    return lines;
  }
  // The same messages the browser's console will show (spec §8), said once here too.
  parseSizeMapping(
    ads.sizeMapping,
    ads.customLocations.map((l) => l.key),
    {
      warn: (m) => warn(`settings.adsCustom.sizeMapping: ${m}`),
      error: (m) => warn(`settings.adsCustom.sizeMapping: ${m}`),
    },
  );
  if (!adScriptUrl(ads, deploy)) {
    info(`ads off: ${ads.display} needs the ad wrapper library and GATSBY_ADS_LIBRARY_URL is unset`);
    return lines;
  }
  if (!adsShown(ads, deploy)) {
    info(`ads off: ${ads.display} with no placement (settings.adsLocation, adsCustom.locations)`);
    return lines;
  }
  const placements = [
    ...ads.positions,
    ...ads.customLocations.map((l) => l.key),
    ...(ads.customInterstitial ? ["custom interstitial"] : []),
  ];
  info(`ads ${ads.display} from ${adScriptUrl(ads, deploy)}: ${placements.join(", ")}`);
  return lines;
}
