// The consent manager from the document head (issue 44), as Didomi documents its embed: the IAB
// TCF stub first (gdpr notices), then `window.didomiConfig`, then the SDK loader, async. The notice
// then paints while the page's own scripts load, not after hydration; nothing is tracked before an
// answer all the same (the SDK only shows the notice; runtime.ts starts what consent allows).
// Planned at build (gatsby-config.ts), written by plugins/gatsby-source-venue/gatsby-ssr.tsx. The
// lazily loaded runtime then registers its callbacks in the arrays the SDK reads (didomi.ts).
import { didomiConfigFor, didomiLoaderUrl, LOADER_SCRIPT_ID, type DidomiSite } from "./didomi";
import type { TrackingDeploySettings } from "./deploy-settings";
import { privacyChoicesOf } from "./privacy-choices";

/** What the head needs of a site's settings. The logo and the policy are site paths or absolute URLs. */
export interface ConsentHeadSite extends Omit<DidomiSite, "logoUrl" | "privacyPolicyUrl"> {
  noticeId: string;
  logoSrc: string;
  privacyPolicySlug: string;
}

export interface ConsentHead {
  /** The IAB's TCF v2.2 stub (`@iabtcf/stub`), before anything else: sites whose notice asks for gdpr consent. */
  tcfStub: string | null;
  /**
   * window.didomiConfig. The logo and the policy are written as the site's paths: the same build
   * is served under more than one origin (a preview host, the tests), so the head script makes
   * them absolute with the page's own.
   */
  config: Record<string, unknown>;
  loaderUrl: string;
}

/** The element that carries the config (JSON, not script: no CSP hash, not counted as script). */
export const DIDOMI_CONFIG_ELEMENT_ID = "didomi-config";

/** Where the SDK loader's address travels: an attribute of the JSON element. */
export const DIDOMI_LOADER_ATTRIBUTE = "data-loader";

/**
 * Sets window.didomiConfig from the JSON element, with absolute logo and policy addresses, then
 * inserts the SDK loader (async), as Didomi's own embed snippet does. Inserted by the script, not
 * written as an element: React hoists an async script element to the top of the head, which would
 * put the SDK before the TCF stub and the config. The same text on every page and site: one CSP hash.
 */
export const DIDOMI_CONFIG_SCRIPT =
  `!function(d,w){var e=d.getElementById("${DIDOMI_CONFIG_ELEMENT_ID}"),c=JSON.parse(e.textContent),a=c.app,` +
  `s=d.createElement("script"),u=function(x){return new URL(x,location.href).href};a.logoUrl=u(a.logoUrl);` +
  `a.privacyPolicyURL=u(a.privacyPolicyURL);w.didomiConfig=c;s.id="${LOADER_SCRIPT_ID}";s.async=!0;` +
  `s.charset="utf-8";s.src=e.getAttribute("${DIDOMI_LOADER_ATTRIBUTE}");d.head.appendChild(s)}(document,window)`;

/**
 * The head of every page of a site, or null where the site loads no consent manager (the same
 * rule as the footer's link: no notice, consent handling off, or no API key; privacy-choices.ts).
 * The TCF stub goes where the notice is a cookie-consent one (not a US opt-out): Didomi answers
 * the TCF there, and an ad stack must find `__tcfapi` before any answer (issue 44).
 */
export function consentHeadOf(
  site: ConsentHeadSite,
  consent: TrackingDeploySettings["consent"],
  tcfStubSource: string,
): ConsentHead | null {
  const choices = privacyChoicesOf(site, consent);
  if (choices === null) return null;
  return {
    tcfStub: choices === "manageCookies" ? tcfStubSource : null,
    config: didomiConfigFor(
      {
        name: site.name,
        logoUrl: site.logoSrc,
        privacyPolicyUrl: site.privacyPolicySlug ? `/${site.privacyPolicySlug}/` : "/",
        country: site.country,
        locale: site.locale,
      },
      consent.apiKey,
      consent.sdkUrl,
    ),
    loaderUrl: didomiLoaderUrl(consent.sdkUrl, consent.apiKey, site.noticeId.trim()),
  };
}
