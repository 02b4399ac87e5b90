import {
  DEFAULT_DIDOMI_SDK_URL,
  DEFAULT_GA_SCRIPT_URL,
  DEFAULT_GTM_SCRIPT_URL,
  parseTrackingDeploySettings,
  type TrackingEnv,
} from "./deploy-settings";

const parse = (env: TrackingEnv) => parseTrackingDeploySettings(env);

describe("parseTrackingDeploySettings", () => {
  it("with nothing set, every piece is off and the public URLs are the vendors' own", () => {
    expect(parse({})).toEqual({
      problems: [],
      settings: {
        consent: { disabled: false, apiKey: "", sdkUrl: DEFAULT_DIDOMI_SDK_URL, gdprVendorIds: [] },
        analytics: { measurementId: "", scriptUrl: DEFAULT_GA_SCRIPT_URL, collectUrl: "" },
        tagManagement: {
          disabled: false,
          scriptUrl: DEFAULT_GTM_SCRIPT_URL,
          adsContainerId: "",
          targettContainerId: "",
          analyticsTagManagerUrl: "",
        },
        targett: { scriptUrl: "" },
      },
    });
  });

  it("reads every setting", () => {
    const { settings, problems } = parse({
      GATSBY_CONSENT_DISABLED: "true",
      GATSBY_DIDOMI_API_KEY: " key ",
      GATSBY_DIDOMI_SDK_URL: "http://127.0.0.1:9411/__consent/sdk",
      GATSBY_DIDOMI_GDPR_VENDOR_IDS: "google, c:google-analytics ,c:targett",
      GATSBY_GA_MEASUREMENT_ID: "G-FIXED",
      GATSBY_GA_SCRIPT_URL: "http://127.0.0.1:9411/__ga/gtag/js",
      GATSBY_GA_COLLECT_URL: "http://127.0.0.1:9411/__ga/",
      GATSBY_TAG_MANAGEMENT_DISABLED: "1",
      GATSBY_GTM_SCRIPT_URL: "http://127.0.0.1:9411/__gtm/gtm.js",
      GATSBY_GTM_ADS_CONTAINER_ID: "GTM-ADS",
      GATSBY_GTM_TARGETT_CONTAINER_ID: "GTM-TGT",
      GATSBY_ANALYTICS_TAG_MANAGER_URL: "http://127.0.0.1:9411/__atm/tag-manager.js",
      GATSBY_TARGETT_SCRIPT_URL: "http://127.0.0.1:9411/__targett/{customerId}/tag.js",
    });
    expect(problems).toEqual([]);
    expect(settings).toEqual({
      consent: {
        disabled: true,
        apiKey: "key",
        // The loader URL is built as {sdkUrl}{apiKey}/loader.js.
        sdkUrl: "http://127.0.0.1:9411/__consent/sdk/",
        gdprVendorIds: ["google", "c:google-analytics", "c:targett"],
      },
      analytics: {
        measurementId: "G-FIXED",
        scriptUrl: "http://127.0.0.1:9411/__ga/gtag/js",
        collectUrl: "http://127.0.0.1:9411/__ga",
      },
      tagManagement: {
        disabled: true,
        scriptUrl: "http://127.0.0.1:9411/__gtm/gtm.js",
        adsContainerId: "GTM-ADS",
        targettContainerId: "GTM-TGT",
        analyticsTagManagerUrl: "http://127.0.0.1:9411/__atm/tag-manager.js",
      },
      targett: { scriptUrl: "http://127.0.0.1:9411/__targett/{customerId}/tag.js" },
    });
  });

  it.each([
    ["true", true],
    ["TRUE", true],
    ["1", true],
    ["yes", true],
    ["on", true],
    ["false", false],
    ["0", false],
    ["", false],
  ])("a switch set to %j is %s", (value, expected) => {
    const { settings } = parse({ GATSBY_CONSENT_DISABLED: value, GATSBY_TAG_MANAGEMENT_DISABLED: value });
    expect([settings.consent.disabled, settings.tagManagement.disabled]).toEqual([expected, expected]);
  });

  it.each([
    ["one vendor id", "google"],
    ["four vendor ids", "a,b,c,d"],
  ])("%s: gdpr vendors left empty (consent never granted) and the problem named", (_case, value) => {
    const { settings, problems } = parse({ GATSBY_DIDOMI_GDPR_VENDOR_IDS: value });
    expect(settings.consent.gdprVendorIds).toEqual([]);
    expect(problems).toEqual([
      { name: "GATSBY_DIDOMI_GDPR_VENDOR_IDS", message: expect.stringContaining("expected three") },
    ]);
  });

  it.each([
    ["GATSBY_DIDOMI_SDK_URL", "ftp://sdk.example/", DEFAULT_DIDOMI_SDK_URL],
    ["GATSBY_GA_SCRIPT_URL", "not a url", DEFAULT_GA_SCRIPT_URL],
    ["GATSBY_GTM_SCRIPT_URL", "javascript:alert(1)", DEFAULT_GTM_SCRIPT_URL],
  ] as const)("%s=%j is ignored (default kept) and named", (name, value, fallback) => {
    const { settings, problems } = parse({ [name]: value });
    expect(JSON.stringify(settings)).toContain(JSON.stringify(fallback));
    expect(problems).toEqual([{ name, message: expect.stringContaining("expected an http(s) URL") }]);
  });

  it("a Targett URL without {customerId} is ignored: the customer id would be lost", () => {
    const { settings, problems } = parse({ GATSBY_TARGETT_SCRIPT_URL: "https://targett.example/tag.js" });
    expect(settings.targett.scriptUrl).toBe("");
    expect(problems).toEqual([{ name: "GATSBY_TARGETT_SCRIPT_URL", message: expect.stringContaining("{customerId}") }]);
  });
});
