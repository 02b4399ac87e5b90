// What one site's settings.json says about consent, analytics and marketing (spec §3), reduced at
// build to what the browser needs. Shipped in the site runtime (a few strings), so the lazily
// loaded tracking code never needs the settings schema.
import type { SiteSettings } from "../../config/settings";
import type { PrivacyChoices } from "./privacy-choices";

export interface SiteTracking {
  /** settings.cookieBannerDidomiId: the consent notice id; "" → no notice. */
  noticeId: string;
  /** The site's own GA4 measurement ids, beside the deploy's fixed one (spec §9). */
  measurementIds: string[];
  /** Google Tag Manager container ids from `google_tag_manager` trackers. */
  containerIds: string[];
  /** adsDisplay read as an on/off switch for the ads container (spec §3, §9). */
  adsDisplayOn: boolean;
  /** The cinema-marketing (Targett) tracker. */
  targett: { enabled: boolean; customerId: string };
}

const unique = (values: string[]): string[] => [...new Set(values.map((v) => v.trim()).filter(Boolean))];

/**
 * adsDisplay has two readings (spec §3): a boolean switch, or an enum. As a switch for the ads
 * container, every enum value except NONE means ads are displayed, so the container is on.
 */
export function adsDisplayIsOn(adsDisplay: SiteSettings["adsDisplay"]): boolean {
  return typeof adsDisplay === "boolean" ? adsDisplay : adsDisplay !== "NONE";
}

export function siteTrackingOf(settings: SiteSettings): SiteTracking {
  const tokens = (type: SiteSettings["trackers"][number]["type"]) =>
    settings.trackers.filter((tracker) => tracker.type === type).map((tracker) => tracker.token);
  return {
    noticeId: settings.cookieBannerDidomiId.trim(),
    measurementIds: unique([settings.analyticsMeasurementId, ...tokens("google_analytics_v4")]),
    containerIds: unique(tokens("google_tag_manager")),
    adsDisplayOn: adsDisplayIsOn(settings.adsDisplay),
    targett: { enabled: settings.enableTargettTracking, customerId: tokens("targett")[0]?.trim() ?? "" },
  };
}

declare module "../../runtime/site-runtime" {
  interface SiteRuntime {
    /** Consent notice, analytics ids, containers and marketing tracker of the site (spec §3). */
    tracking: SiteTracking;
    /**
     * The footer's link to the consent manager's preferences and its wording, decided at build with
     * the deploy's consent settings (privacy-choices.ts); null → the site loads none.
     */
    privacyChoices: PrivacyChoices | null;
  }
}
