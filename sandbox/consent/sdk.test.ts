/** @jest-environment jsdom */
// The Didomi SDK stand-in itself, run in a DOM: regulation by country, notice and popup, choices
// kept in storage, events and the IAB US Privacy API.
import { CONSENT_STORAGE_KEY, SANDBOX_GDPR_VENDOR_IDS, didomiSdkSource, storedConsent } from "./standin";

type Sdk = {
  isConsentRequired(): boolean;
  isRegulationApplied(r: string): boolean;
  shouldConsentBeCollected(): boolean;
  getCurrentUserStatus(): { regulation: string; user_id: string; vendors: Record<string, { enabled: boolean }> };
  getUserConsentStatusForVendor(id: string): boolean | undefined;
  notice: { isVisible(): boolean };
  preferences: { show(): void; isVisible(): boolean };
};
// Typed here rather than through src/ (the sandbox knows nothing of the site's own declarations).
type W = {
  Didomi?: Sdk;
  didomiConfig?: unknown;
  didomiOnReady?: unknown[];
  didomiEventListeners?: unknown[];
  __uspapi?: (c: string, v: number, cb: (data: { uspString: string } | null, ok: boolean) => void) => void;
};
const win = window as unknown as W;

const beacons: string[] = [];
/** What each beacon carried (a Blob of JSON), in order. */
const reports: Blob[] = [];

/** The reports the SDK sent so far, read back from their Blobs (jsdom's Blob has no text()). */
function reported(): Promise<{ type: string; choice: string | null }[]> {
  return Promise.all(
    reports.map(
      (blob) =>
        new Promise<{ type: string; choice: string | null }>((resolve, reject) => {
          const reader = new FileReader();
          reader.onload = () => resolve(JSON.parse(String(reader.result)) as { type: string; choice: string | null });
          reader.onerror = () => reject(reader.error);
          reader.readAsText(blob);
        }),
    ),
  );
}

function load(country: string, language = "fr") {
  delete win.Didomi;
  delete win.__uspapi;
  document.body.innerHTML = "";
  win.didomiConfig = {
    app: {
      name: "Cinéma Lumière",
      logoUrl: "http://site.test/logo.svg",
      privacyPolicyURL: "http://site.test/privacy/",
      country,
    },
    regulations: { ccpa: { enabled: true } },
    languages: { enabled: [language], default: language },
  };
  Object.defineProperty(document, "currentScript", {
    configurable: true,
    value: { src: "http://sandbox.test/__consent/sdk/key/loader.js?target_type=notice&target=notice-1" },
  });
  new Function(didomiSdkSource())();
  return win.Didomi!;
}

const events: string[] = [];
beforeEach(() => {
  localStorage.clear();
  events.length = 0;
  beacons.length = 0;
  reports.length = 0;
  Object.defineProperty(navigator, "sendBeacon", {
    configurable: true,
    value: (url: string, body: Blob) => {
      beacons.push(url);
      reports.push(body);
      return true;
    },
  });
  win.didomiOnReady = [];
  win.didomiEventListeners = ["consent.changed", "notice.shown", "notice.hidden", "preferences.shown"].map((event) => ({
    event,
    listener: () => events.push(event),
  }));
});

const button = (name: string) =>
  Array.from(document.querySelectorAll("button")).find((b) => b.textContent === name) as HTMLButtonElement;

describe("gdpr (a French site)", () => {
  it("shows the notice with the site's name, logo, privacy policy and country; nothing is known yet", () => {
    const sdk = load("FR");
    const notice = document.getElementById("didomi-notice")!;
    expect(notice.textContent).toContain("Cinéma Lumière");
    expect(notice.querySelector("img")!.getAttribute("src")).toBe("http://site.test/logo.svg");
    expect(notice.querySelector("a")!.getAttribute("href")).toBe("http://site.test/privacy/");
    expect(notice.textContent).toContain("FR");
    expect(sdk.isConsentRequired()).toBe(true);
    expect(sdk.isRegulationApplied("gdpr")).toBe(true);
    expect(sdk.shouldConsentBeCollected()).toBe(true);
    expect(sdk.getUserConsentStatusForVendor("google")).toBeUndefined();
    expect(events).toEqual(["notice.shown"]);
  });

  it("Accepter enables every vendor, hides the notice, tells the listeners and keeps the choice", () => {
    const sdk = load("FR");
    button("Accepter").click();
    expect(sdk.notice.isVisible()).toBe(false);
    expect(events).toEqual(["notice.shown", "notice.hidden", "consent.changed"]);
    expect(Object.values(sdk.getCurrentUserStatus().vendors).map((v) => v.enabled)).toEqual(
      SANDBOX_GDPR_VENDOR_IDS.map(() => true),
    );
    expect(JSON.parse(localStorage.getItem(CONSENT_STORAGE_KEY)!)).toEqual(
      expect.objectContaining({ choice: "agree" }),
    );
    expect(beacons).toHaveLength(2);
  });

  it("a refusal holds on the next page load: no notice, every vendor refused", () => {
    load("FR");
    button("Refuser").click();
    const sdk = load("FR");
    expect(sdk.notice.isVisible()).toBe(false);
    expect(sdk.getUserConsentStatusForVendor("google")).toBe(false);
    expect(sdk.shouldConsentBeCollected()).toBe(false);
  });

  it("calls didomiOnReady callbacks once ready, and those pushed later at once", () => {
    const ready: string[] = [];
    win.didomiOnReady = [() => ready.push("queued")];
    load("FR");
    win.didomiOnReady!.push(() => ready.push("later"));
    expect(ready).toEqual(["queued", "later"]);
  });

  it("the preferences popup: the provider's logo first and focused, an image without alt text", () => {
    const sdk = load("FR");
    button("Paramétrer").click();
    expect(sdk.preferences.isVisible()).toBe(true);
    const popup = document.getElementById("didomi-popup")!;
    expect(popup.getAttribute("role")).toBe("dialog");
    const img = popup.querySelector("img")!;
    expect(img.hasAttribute("alt")).toBe(false);
    expect(document.activeElement).toBe(img.closest("a"));
    expect(events).toContain("preferences.shown");
  });
});

describe("US regulations", () => {
  it("a US site under ccpa: no consent required, tracked until do-not-sell", () => {
    const sdk = load("US", "en");
    expect(sdk.isConsentRequired()).toBe(false);
    expect(sdk.getCurrentUserStatus().regulation).toBe("ccpa");
    const usp = () => {
      let value = "";
      win.__uspapi!("getUSPData", 1, (data) => (value = data!.uspString));
      return value;
    };
    expect(usp()).toBe("1NNN");
    button("Do Not Sell or Share My Personal Information").click();
    expect(usp()).toBe("1YYN");
    expect(sdk.getCurrentUserStatus().vendors.google!.enabled).toBe(false);
  });

  it.each([
    ["US_CA", "cpra"],
    ["US_CO", "cpa"],
    ["US_CT", "ctdpa"],
    ["US_VA", "vcdpa"],
    ["US_TX", "tdpsa"],
    ["JP", "none"],
  ])("country %s → %s", (country, regulation) => {
    expect(load(country, "en").getCurrentUserStatus().regulation).toBe(regulation);
  });

  it("no regulation: no notice", () => {
    const sdk = load("JP", "en");
    expect(sdk.notice.isVisible()).toBe(false);
  });
});

describe("Didomi.preferences.show(): a site's own link reopens the choice", () => {
  it.each([
    // [country, language, earlier answer, popup button, new answer, vendors enabled after]
    ["FR", "fr", "disagree", "Tout accepter", "agree", true],
    ["FR", "fr", "agree", "Tout refuser", "disagree", false],
    ["US", "en", "agree", "Do Not Sell or Share My Personal Information", "disagree", false],
    ["US", "en", "disagree", "Allow", "agree", true],
  ] as const)(
    "%s (%s), answered %s: the popup opens, the call is reported; %s → %s",
    async (country, language, before, choice, after, enabled) => {
      localStorage.setItem(CONSENT_STORAGE_KEY, storedConsent(before, "visitor-2"));
      const sdk = load(country, language);
      expect(sdk.notice.isVisible()).toBe(false);

      sdk.preferences.show();
      expect(sdk.preferences.isVisible()).toBe(true);
      expect(events).toEqual(["preferences.shown"]);
      const popup = document.getElementById("didomi-popup")!;
      (Array.from(popup.querySelectorAll("button")).find((b) => b.textContent === choice) as HTMLButtonElement).click();

      expect(sdk.preferences.isVisible()).toBe(false);
      expect(events).toEqual(["preferences.shown", "consent.changed"]);
      expect(JSON.parse(localStorage.getItem(CONSENT_STORAGE_KEY)!)).toEqual(
        expect.objectContaining({ user_id: "visitor-2", choice: after }),
      );
      expect(sdk.getCurrentUserStatus().vendors.google!.enabled).toBe(enabled);
      expect((await reported()).map((report) => [report.type, report.choice])).toEqual([
        ["sdk.ready", before],
        ["preferences.show", before],
        ["consent.given", after],
      ]);
    },
  );

  it("the notice's own button opens the same popup without reporting an API call", async () => {
    load("FR");
    button("Paramétrer").click();
    expect((await reported()).map((report) => report.type)).toEqual(["sdk.ready"]);
  });
});

it("storedConsent is what the SDK reads back", () => {
  localStorage.setItem(CONSENT_STORAGE_KEY, storedConsent("agree", "visitor-1"));
  const sdk = load("FR");
  expect(sdk.getCurrentUserStatus().user_id).toBe("visitor-1");
  expect(sdk.getUserConsentStatusForVendor("c:targett")).toBe(true);
});
