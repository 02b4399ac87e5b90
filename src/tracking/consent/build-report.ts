// What the build says, once, about consent, analytics and marketing for the site it builds (brief
// §2: "when absent the feature stays off, visibly logged at build"). Pure: lines in, reporter out.
import { ga4PluginOptions } from "../analytics/ga4-options";
import { planTags } from "../analytics/tags";
import type { SettingProblem, TrackingDeploySettings } from "./deploy-settings";
import type { SiteTracking } from "./site-tracking";

export type ReportLine = { level: "info" | "warn"; message: string };

export function trackingBuildReport(
  deploy: TrackingDeploySettings,
  problems: readonly SettingProblem[],
  site: SiteTracking,
): ReportLine[] {
  const lines: ReportLine[] = problems.map(({ name, message }) => ({ level: "warn", message: `${name}: ${message}` }));
  const info = (message: string) => lines.push({ level: "info", message });
  const warn = (message: string) => lines.push({ level: "warn", message });

  if (deploy.consent.disabled)
    info("consent manager switched off (GATSBY_CONSENT_DISABLED): tracking starts without asking");
  else if (!site.noticeId) info("no consent notice (settings.cookieBannerDidomiId): tracking starts without asking");
  else if (!deploy.consent.apiKey)
    warn(
      `consent notice "${site.noticeId}" but no GATSBY_DIDOMI_API_KEY: the notice cannot load, so nothing will be tracked`,
    );
  else {
    info(`consent notice "${site.noticeId}" from ${deploy.consent.sdkUrl}`);
    if (deploy.consent.gdprVendorIds.length === 0)
      warn("GATSBY_DIDOMI_GDPR_VENDOR_IDS unset: where gdpr applies, consent can never be granted, so nothing tracks");
  }

  const ga4 = ga4PluginOptions({
    fixedMeasurementId: deploy.analytics.measurementId,
    siteMeasurementIds: site.measurementIds,
    scriptUrl: deploy.analytics.scriptUrl,
    collectUrl: deploy.analytics.collectUrl,
  });
  if (!ga4) info("GA4 off: no GATSBY_GA_MEASUREMENT_ID and no site measurement id");
  else {
    if (!deploy.analytics.measurementId) info("no GATSBY_GA_MEASUREMENT_ID: GA4 reports to the site's own id only");
    info(`GA4 measurement ids ${ga4.measurementIds.join(", ")}`);
  }

  const tags = planTags(site, deploy);
  if (site.adsDisplayOn && !deploy.tagManagement.adsContainerId)
    info("ads container off: no GATSBY_GTM_ADS_CONTAINER_ID");
  if (site.targett.enabled && !deploy.tagManagement.targettContainerId)
    info("Targett container off: no GATSBY_GTM_TARGETT_CONTAINER_ID");
  if (site.containerIds.length > 0 && deploy.tagManagement.disabled)
    info("site tag-manager container off: tag management switched off (GATSBY_TAG_MANAGEMENT_DISABLED)");
  if (tags.containers.length > 0) info(`tag-manager containers ${tags.containers.join(", ")}`);
  if (tags.analyticsTagManagerUrl)
    info(
      "analytics tag manager configured: tracking starts once the consent tool is ready, whatever the visitor answers (spec §4)",
    );
  if (site.targett.enabled && !site.targett.customerId)
    warn("enableTargettTracking without a targett tracker: no customer id, no script");
  else if (site.targett.enabled && !tags.targettScriptUrl) info("Targett script off: no GATSBY_TARGETT_SCRIPT_URL");
  return lines;
}
