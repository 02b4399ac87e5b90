/** @jest-environment jsdom */
import { regulationInForce, decideConsent } from "./decision";
import {
  LOADER_SCRIPT_ID,
  didomiConfigFor,
  didomiLoaderUrl,
  doNotSellFrom,
  loadDidomi,
  readConsent,
  type DidomiSdk,
} from "./didomi";

afterEach(() => {
  document.head.innerHTML = "";
  delete window.didomiConfig;
  delete window.didomiOnReady;
  delete window.didomiEventListeners;
  delete window.__uspapi;
});

describe("didomiConfigFor (spec §7, §9)", () => {
  it("carries the app name, logo, privacy policy and country; CCPA and external consent on", () => {
    expect(
      didomiConfigFor(
        {
          name: "Cinéma Lumière",
          logoUrl: "https://www.cinema-lumiere.fr/site-assets/logo.svg",
          privacyPolicyUrl: "https://www.cinema-lumiere.fr/confidentialite/",
          country: "FR",
          locale: "fr-FR",
        },
        "public-key",
        "https://sdk.privacy-center.org/",
      ),
    ).toEqual({
      app: {
        apiKey: "public-key",
        name: "Cinéma Lumière",
        logoUrl: "https://www.cinema-lumiere.fr/site-assets/logo.svg",
        privacyPolicyURL: "https://www.cinema-lumiere.fr/confidentialite/",
        country: "FR",
      },
      languages: { enabled: ["fr"], default: "fr" },
      regulations: { ccpa: { enabled: true } },
      user: { externalConsent: { enabled: true } },
      sdkPath: "https://sdk.privacy-center.org/",
    });
  });
});

describe("loadDidomi: what @didomi/react does, as a function", () => {
  const options = {
    apiKey: "key",
    sdkUrl: "https://sdk.privacy-center.org/",
    noticeId: "notice 1",
    config: { app: {} },
  };

  it("sets the config, queues the callbacks and listeners, then inserts the SDK loader for the notice", () => {
    const onReady = jest.fn();
    const changed = jest.fn();
    window.didomiEventListeners = [{ event: "notice.shown", listener: () => undefined }];
    loadDidomi(options, { onReady, events: { "consent.changed": changed } });
    expect(window.didomiConfig).toBe(options.config);
    expect(window.didomiOnReady).toEqual([onReady]);
    expect(window.didomiEventListeners.map((l) => l.event)).toEqual(["notice.shown", "consent.changed"]);
    const script = document.getElementById(LOADER_SCRIPT_ID) as HTMLScriptElement;
    expect(script.getAttribute("src")).toBe(
      "https://sdk.privacy-center.org/key/loader.js?target_type=notice&target=notice%201",
    );
    expect(script.async).toBe(true);
  });

  it("a head that loaded the SDK (issue 44): its config stays as the SDK read it, no second loader, the callbacks are queued", () => {
    const headConfig = { app: { apiKey: "key", name: "from the head" } };
    window.didomiConfig = headConfig;
    document.head.innerHTML = `<script id="${LOADER_SCRIPT_ID}" async src="https://sdk.example/key/loader.js"></script>`;
    const onReady = jest.fn();
    loadDidomi(options, { onReady, events: { "consent.changed": () => undefined } });
    expect(window.didomiConfig).toBe(headConfig);
    expect(document.querySelectorAll("script")).toHaveLength(1);
    expect(window.didomiOnReady).toEqual([onReady]);
    expect(window.didomiEventListeners?.map((l) => l.event)).toEqual(["consent.changed"]);
  });

  it("inserts the loader once", () => {
    loadDidomi(options, { onReady: () => undefined, events: {} });
    loadDidomi(options, { onReady: () => undefined, events: {} });
    expect(document.querySelectorAll("script")).toHaveLength(1);
  });

  it("a loader that fails to load is removed: consent stays undetermined, nothing else happens", () => {
    loadDidomi(options, { onReady: () => undefined, events: {} });
    document.getElementById(LOADER_SCRIPT_ID)!.dispatchEvent(new Event("error"));
    expect(document.getElementById(LOADER_SCRIPT_ID)).toBeNull();
  });

  it("didomiLoaderUrl follows the SDK URL", () => {
    expect(didomiLoaderUrl("http://127.0.0.1:9411/__consent/sdk/", "k", "n")).toBe(
      "http://127.0.0.1:9411/__consent/sdk/k/loader.js?target_type=notice&target=n",
    );
  });
});

describe("readConsent: the SDK's state as the decision reads it", () => {
  const sdk = (patch: Partial<DidomiSdk> & { regulation?: string; enabled?: boolean } = {}): DidomiSdk => ({
    isConsentRequired: () => true,
    shouldConsentBeCollected: () => false,
    getCurrentUserStatus: () => ({
      regulation: patch.regulation ?? "gdpr",
      vendors: { a: { enabled: patch.enabled ?? true }, b: { enabled: patch.enabled ?? true }, c: { enabled: true } },
    }),
    ...patch,
  });

  it("vendor statuses from getCurrentUserStatus once the visitor answered", async () => {
    const reading = await readConsent(sdk({ enabled: false }));
    expect(["a", "b", "c", "unknown"].map(reading.vendorStatus)).toEqual([false, false, true, undefined]);
    expect(decideConsent(reading, ["a", "b", "c"])).toBe("refused");
  });

  it("no vendor status while consent is still to be collected", async () => {
    const reading = await readConsent(sdk({ shouldConsentBeCollected: () => true }));
    expect(reading.vendorStatus("a")).toBeUndefined();
    expect(decideConsent(reading, ["a", "b", "c"])).toBe("undetermined");
  });

  it("the regulation from isRegulationApplied, else from the user status", async () => {
    expect(regulationInForce(await readConsent(sdk({ regulation: "CCPA" })))).toBe("ccpa");
    expect(regulationInForce(await readConsent(sdk({ isRegulationApplied: (r) => r === "cpra" })))).toBe("cpra");
  });

  it.each([
    ["1YYN", true],
    ["1YNN", false],
    ["1---", false],
    ["", false],
  ])("do-not-sell from the US Privacy string %j → %s", async (uspString, expected) => {
    expect(doNotSellFrom(uspString)).toBe(expected);
    window.__uspapi = (_command, _version, callback) => callback({ version: 1, uspString }, true);
    expect((await readConsent(sdk({ regulation: "ccpa" }))).doNotSell).toBe(expected);
  });

  it("no US Privacy API → not do-not-sell", async () => {
    expect((await readConsent(sdk())).doNotSell).toBe(false);
  });
});
