// Spec §4 "Consent": what the consent tool's answer means for tracking. Pure, so the whole table
// (every regulation, every vendor combination, no SDK at all) is tested without a browser; the
// Didomi adapter (didomi.ts) only turns the SDK's state into a ConsentReading.

/** Regulations in the order the spec checks them; the first one that applies decides. */
export const REGULATION_ORDER = ["gdpr", "ccpa", "cpra", "cpa", "ctdpa", "vcdpa", "tdpsa"] as const;
export type Regulation = (typeof REGULATION_ORDER)[number];

export type ConsentDecision = "granted" | "refused" | "undetermined";

/** A vendor's consent: given, refused, or not known yet (the visitor has not answered). */
export type VendorStatus = boolean | undefined;

/** What the consent tool says about this visitor, read once per evaluation. */
export interface ConsentReading {
  /** Didomi's isConsentRequired(): false when gdpr does not require consent for this visitor. */
  readonly consentRequired: boolean;
  /** Whether a regulation applies to this visitor (Didomi's isRegulationApplied). */
  readonly regulationApplies: (regulation: Regulation) => boolean;
  /** The visitor's consent for one vendor. */
  readonly vendorStatus: (vendorId: string) => VendorStatus;
  /** The visitor has asked not to have their personal information sold or shared (ccpa, cpra). */
  readonly doNotSell: boolean;
}

/** The first regulation of REGULATION_ORDER that applies, or null (none of them). */
export function regulationInForce(reading: ConsentReading): Regulation | null {
  return REGULATION_ORDER.find((regulation) => reading.regulationApplies(regulation)) ?? null;
}

/**
 * The consent decision. `reading` is null while there is no consent tool to ask (its SDK has not
 * loaded, or failed to): nothing is known, so nothing is decided. `requiredVendorIds` are the
 * three gdpr vendors of the deploy (GATSBY_DIDOMI_GDPR_VENDOR_IDS); with fewer than three
 * configured, gdpr consent can never be granted.
 */
export function decideConsent(reading: ConsentReading | null, requiredVendorIds: readonly string[]): ConsentDecision {
  if (!reading) return "undetermined";
  switch (regulationInForce(reading)) {
    case "gdpr": {
      if (!reading.consentRequired) return "granted";
      if (requiredVendorIds.length < 3) return "undetermined";
      const statuses = requiredVendorIds.map((id) => reading.vendorStatus(id));
      if (statuses.every((status) => status === true)) return "granted";
      if (statuses.some((status) => status === false)) return "refused";
      return "undetermined";
    }
    case "ccpa":
    case "cpra":
      return reading.doNotSell ? "refused" : "granted";
    default:
      // cpa, ctdpa, vcdpa, tdpsa, or no regulation at all.
      return "granted";
  }
}

export interface TrackingConditions {
  readonly decision: ConsentDecision;
  /** The site has a consent notice (settings.cookieBannerDidomiId). */
  readonly noticeConfigured: boolean;
  /** The consent manager is on for this deploy (GATSBY_CONSENT_DISABLED is not set). */
  readonly consentHandlingOn: boolean;
  /** The consent tool's SDK has loaded and answered (didomiOnReady). */
  readonly toolReady: boolean;
  /**
   * The deploy configures an analytics-tag-manager script source (GATSBY_ANALYTICS_TAG_MANAGER_URL,
   * with tag management on): that tag manager applies the visitor's choices itself.
   */
  readonly analyticsTagManagerConfigured: boolean;
}

/** Spec §4 "Tracking is enabled when any of these holds". */
export function isTrackingEnabled(conditions: TrackingConditions): boolean {
  return (
    conditions.decision === "granted" ||
    !conditions.noticeConfigured ||
    !conditions.consentHandlingOn ||
    (conditions.toolReady && conditions.analyticsTagManagerConfigured)
  );
}
