// Our own loader for Didomi's Web SDK. @didomi/react does the same (it sets window.didomiConfig,
// queues didomiOnReady callbacks and didomiEventListeners, then inserts
// `{sdkPath}{apiKey}/loader.js?target_type=notice&target={noticeId}`), but its peer range stops at
// React 18. The document head loads the SDK (consent-head.ts, with the IAB TCF stub on gdpr
// sites); loadDidomi then only registers the page's callbacks, which the SDK picks up whenever
// they come, and inserts the loader itself only on a page whose head did not.
import type { SiteLocale } from "../../config/settings";
import type { ConsentReading, Regulation } from "./decision";

/** The part of the Didomi Web SDK (window.Didomi) the site calls. */
export interface DidomiSdk {
  isConsentRequired(): boolean;
  isRegulationApplied?(regulation: string): boolean;
  shouldConsentBeCollected?(): boolean;
  getCurrentUserStatus(): {
    vendors?: Record<string, { id?: string; enabled?: boolean } | undefined>;
    regulation?: string;
  };
  /** The preferences popup (privacy-choices.ts opens it from the footer). */
  preferences?: { show(): void; isVisible?(): boolean };
}

type DidomiEventListener = { event: string; listener: (payload?: unknown) => void };
type UspData = { version: number; uspString: string };

declare global {
  interface Window {
    didomiConfig?: Record<string, unknown>;
    didomiOnReady?: ((didomi: DidomiSdk) => void)[];
    didomiEventListeners?: DidomiEventListener[];
    Didomi?: DidomiSdk;
    /** IAB US Privacy API, which Didomi exposes where ccpa applies. */
    __uspapi?: (command: "getUSPData", version: 1, callback: (data: UspData | null, success: boolean) => void) => void;
  }
}

/** What the site tells the consent tool about itself (spec §7). */
export interface DidomiSite {
  name: string;
  /** Absolute URLs: the SDK shows them outside the site's own pages. */
  logoUrl: string;
  privacyPolicyUrl: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  locale: SiteLocale;
}

/** window.didomiConfig: app name, logo, privacy policy and country; CCPA on; external consent on (spec §7, §9). */
export function didomiConfigFor(site: DidomiSite, apiKey: string, sdkUrl: string): Record<string, unknown> {
  const language = site.locale.slice(0, 2);
  return {
    app: {
      apiKey,
      name: site.name,
      logoUrl: site.logoUrl,
      privacyPolicyURL: site.privacyPolicyUrl,
      country: site.country,
    },
    languages: { enabled: [language], default: language },
    regulations: { ccpa: { enabled: true } },
    user: { externalConsent: { enabled: true } },
    sdkPath: sdkUrl,
  };
}

export function didomiLoaderUrl(sdkUrl: string, apiKey: string, noticeId: string): string {
  return `${sdkUrl}${encodeURIComponent(apiKey)}/loader.js?target_type=notice&target=${encodeURIComponent(noticeId)}`;
}

/** The id @didomi/react gives its script; a second load on the same page is skipped. */
export const LOADER_SCRIPT_ID = "spcloader";

export interface DidomiHandlers {
  onReady(didomi: DidomiSdk): void;
  /** Any event of the SDK by name (consent.changed, preferences.shown, ...). */
  events: Record<string, () => void>;
}

export function loadDidomi(
  options: { apiKey: string; sdkUrl: string; noticeId: string; config: Record<string, unknown> },
  handlers: DidomiHandlers,
  win: Window = window,
): void {
  const doc = win.document;
  const loading = doc.getElementById(LOADER_SCRIPT_ID) !== null;
  // didomiConfig must be in place before the SDK runs; the head's is left as the SDK read it.
  if (!loading) win.didomiConfig = options.config;
  win.didomiOnReady = win.didomiOnReady ?? [];
  win.didomiOnReady.push(handlers.onReady);
  win.didomiEventListeners = win.didomiEventListeners ?? [];
  for (const [event, listener] of Object.entries(handlers.events)) win.didomiEventListeners.push({ event, listener });

  if (loading) return;
  const script = doc.createElement("script");
  script.id = LOADER_SCRIPT_ID;
  script.async = true;
  script.charset = "utf-8";
  script.src = didomiLoaderUrl(options.sdkUrl, options.apiKey, options.noticeId);
  // A blocked or failed SDK leaves consent undetermined: nothing tracks, nothing on the page changes.
  script.onerror = () => script.remove();
  doc.head.appendChild(script);
}

/** Do-not-sell from the US Privacy string ("1YYN": version, notice given, opted out of sale, LSPA). */
export function doNotSellFrom(uspString: string | undefined): boolean {
  return uspString?.[2]?.toUpperCase() === "Y";
}

function readDoNotSell(win: Window): Promise<boolean> {
  const uspapi = win.__uspapi;
  if (typeof uspapi !== "function") return Promise.resolve(false);
  return new Promise((resolve) => {
    const fallback = win.setTimeout(() => resolve(false), 1000);
    try {
      uspapi("getUSPData", 1, (data, success) => {
        win.clearTimeout(fallback);
        resolve(success && !!data && doNotSellFrom(data.uspString));
      });
    } catch {
      win.clearTimeout(fallback);
      resolve(false);
    }
  });
}

/** The SDK's state as the decision reads it (decision.ts). */
export async function readConsent(didomi: DidomiSdk, win: Window = window): Promise<ConsentReading> {
  const status = didomi.getCurrentUserStatus();
  const regulation = status.regulation?.toLowerCase() ?? "";
  // The SDK lists a vendor without a choice as not enabled; while it still has to collect
  // consent, no vendor status is known yet.
  const pending = didomi.shouldConsentBeCollected?.() ?? false;
  const doNotSell = await readDoNotSell(win);
  return {
    consentRequired: didomi.isConsentRequired(),
    regulationApplies: (candidate: Regulation) =>
      didomi.isRegulationApplied ? didomi.isRegulationApplied(candidate) : regulation === candidate,
    vendorStatus: (id) => (pending ? undefined : status.vendors?.[id]?.enabled),
    doNotSell,
  };
}
