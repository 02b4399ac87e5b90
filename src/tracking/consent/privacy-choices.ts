// The footer's way back to the consent manager (spec §4 "re-evaluated whenever the user changes
// consent"): once the notice is answered it is gone, so the site offers its own link to Didomi's
// preferences. Whether a site has one, and its wording, is decided at build (privacyChoicesOf);
// the browser only opens the preferences. Only types come from didomi.ts: this module is in the
// first load of every page, the SDK adapter is not.
import type { DidomiSdk } from "./didomi";
import type { TrackingDeploySettings } from "./deploy-settings";

/**
 * The wording of the footer's link, after the regime of the site's notice: a cookie-consent
 * notice (gdpr: "Manage cookies") or a US opt-out notice, whose link repeats the notice's own
 * "Do Not Sell or Share My Personal Information".
 */
export type PrivacyChoices = "manageCookies" | "doNotSell";

/** Message id of each wording (src/i18n). */
export const PRIVACY_CHOICES_MESSAGE = {
  manageCookies: "consent.choices.manageCookies",
  doNotSell: "consent.choices.doNotSell",
} as const satisfies Record<PrivacyChoices, string>;

/**
 * What the footer offers, or null when the site loads no consent manager: no notice configured
 * (settings.cookieBannerDidomiId), consent handling switched off (GATSBY_CONSENT_DISABLED), or a
 * deploy without the Didomi key (the notice cannot load, so there is nothing to reopen).
 *
 * The regulation Didomi applies follows the visitor's location, which a static page cannot know;
 * the wording follows the site's country, where its visitors are: a US site's notice is the CCPA
 * opt-out (didomiConfigFor enables ccpa), any other site's asks for cookie consent.
 */
export function privacyChoicesOf(
  site: { noticeId: string; country: string },
  consent: Pick<TrackingDeploySettings["consent"], "disabled" | "apiKey">,
): PrivacyChoices | null {
  if (site.noticeId.trim() === "" || consent.disabled || consent.apiKey === "") return null;
  return site.country.toUpperCase() === "US" ? "doNotSell" : "manageCookies";
}

/**
 * Opens the consent manager's preferences with Didomi's public API (`Didomi.preferences.show()`,
 * the call Didomi documents for a site's own "manage my preferences" link, whatever the
 * regulation). Before the SDK is ready (it loads from the document head, async: consent-head.ts)
 * the call waits in `didomiOnReady`, which the SDK runs once it is: a click is never lost. An SDK
 * that never loads leaves the queue unread and the page unchanged.
 */
export function showPrivacyChoices(win: Window = window): void {
  const show = (didomi: DidomiSdk) => didomi.preferences?.show();
  if (win.Didomi) {
    show(win.Didomi);
    return;
  }
  win.didomiOnReady = win.didomiOnReady ?? [];
  win.didomiOnReady.push(show);
}
