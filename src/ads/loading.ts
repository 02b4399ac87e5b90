// Spec §5 "Ad loading conditions". Pure.
import type { AdsDisplay } from "./mappings";

/**
 * Ad-wrapper mode is skipped when adsDisplay is empty, when it is CUSTOM_WITHOUT_WRAPPER, or when
 * the ad command queue already has entries (the library is already on its way).
 */
export function shouldLoadAdWrapper({ display, queuedCommands }: { display: AdsDisplay; queuedCommands: number }) {
  return display !== "" && display !== "CUSTOM_WITHOUT_WRAPPER" && queuedCommands === 0;
}

/** Direct ad-server mode loads its script only if the user has consented or the consent manager is disabled. */
export function shouldLoadDirectAds({
  display,
  consented,
  consentManagerDisabled,
}: {
  display: AdsDisplay;
  consented: boolean;
  consentManagerDisabled: boolean;
}) {
  return display === "CUSTOM_WITHOUT_WRAPPER" && (consented || consentManagerDisabled);
}
