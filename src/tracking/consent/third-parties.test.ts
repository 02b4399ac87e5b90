import type { TrackingEnv } from "./deploy-settings";
import type { SiteTracking } from "./site-tracking";
import { thirdPartyOriginsFromEnv } from "./third-parties";

const googleDeploy: TrackingEnv = {
  GATSBY_DIDOMI_API_KEY: "key",
  GATSBY_DIDOMI_GDPR_VENDOR_IDS: "a,b,c",
  GATSBY_GA_MEASUREMENT_ID: "G-FIXED",
  GATSBY_GTM_ADS_CONTAINER_ID: "GTM-ADS",
  GATSBY_TARGETT_SCRIPT_URL: "https://tag.targett.example/{customerId}/tag.js",
};

const site = (patch: Partial<SiteTracking> = {}): SiteTracking => ({
  noticeId: "notice",
  measurementIds: [],
  containerIds: [],
  adsDisplayOn: false,
  targett: { enabled: false, customerId: "" },
  ...patch,
});

describe("thirdPartyOrigins (for the Content-Security-Policy)", () => {
  it("nothing configured, no site: only what a site could switch on by itself (GA4, its container)", () => {
    expect(thirdPartyOriginsFromEnv({})).toEqual({
      script: ["https://www.googletagmanager.com"],
      connect: [
        "https://*.analytics.google.com",
        "https://*.google-analytics.com",
        "https://*.googletagmanager.com",
        "https://www.googletagmanager.com",
      ],
      img: [
        "https://*.analytics.google.com",
        "https://*.google-analytics.com",
        "https://*.googletagmanager.com",
        "https://www.googletagmanager.com",
      ],
      frame: [],
    });
  });

  it("nothing configured for sites that use nothing: no origin at all", () => {
    expect(thirdPartyOriginsFromEnv({}, [site({ noticeId: "" })])).toEqual({
      script: [],
      connect: [],
      img: [],
      frame: [],
    });
  });

  it("the vendors' own hosts for a production deploy", () => {
    const origins = thirdPartyOriginsFromEnv(googleDeploy);
    expect(origins.script).toEqual([
      "https://sdk.privacy-center.org",
      "https://tag.targett.example",
      "https://www.googletagmanager.com",
    ]);
    expect(origins.connect).toEqual(
      expect.arrayContaining([
        "https://api.privacy-center.org",
        "https://sdk.privacy-center.org",
        "https://*.google-analytics.com",
      ]),
    );
    expect(origins.img).toEqual(
      expect.arrayContaining(["https://sdk.privacy-center.org", "https://tag.targett.example"]),
    );
  });

  it("a sandbox deploy: every script, hit and image on the stand-ins' origin", () => {
    const sandbox = "http://127.0.0.1:9411";
    const origins = thirdPartyOriginsFromEnv({
      ...googleDeploy,
      GATSBY_DIDOMI_SDK_URL: `${sandbox}/__consent/sdk/`,
      GATSBY_GA_SCRIPT_URL: `${sandbox}/__ga/gtag/js`,
      GATSBY_GA_COLLECT_URL: `${sandbox}/__ga`,
      GATSBY_GTM_SCRIPT_URL: `${sandbox}/__gtm/gtm.js`,
      GATSBY_ANALYTICS_TAG_MANAGER_URL: `${sandbox}/__atm/tag-manager.js`,
      GATSBY_TARGETT_SCRIPT_URL: `${sandbox}/__targett/{customerId}/tag.js`,
    });
    expect(origins).toEqual({ script: [sandbox], connect: [sandbox], img: [sandbox], frame: [] });
  });

  it.each<[string, TrackingEnv, Partial<SiteTracking>, string]>([
    ["consent manager switched off: no Didomi", { GATSBY_CONSENT_DISABLED: "true" }, {}, "privacy-center.org"],
    ["no Didomi key: no Didomi", { GATSBY_DIDOMI_API_KEY: "" }, {}, "privacy-center.org"],
    ["no site with a notice: no Didomi", {}, { noticeId: "" }, "privacy-center.org"],
    ["no site with Targett on: no Targett", {}, {}, "targett.example"],
  ])("%s", (_case, env, sitePatch, absent) => {
    const origins = thirdPartyOriginsFromEnv({ ...googleDeploy, ...env }, [site(sitePatch)]);
    expect(JSON.stringify(origins)).not.toContain(absent);
  });

  it("Targett on with a customer id: its origin is listed", () => {
    const origins = thirdPartyOriginsFromEnv(googleDeploy, [site({ targett: { enabled: true, customerId: "c1" } })]);
    expect(origins.script).toContain("https://tag.targett.example");
  });

  it("no GA4 id anywhere and no container: no Google origin", () => {
    const origins = thirdPartyOriginsFromEnv({ ...googleDeploy, GATSBY_GA_MEASUREMENT_ID: "" }, [site()]);
    expect(JSON.stringify(origins)).not.toContain("google");
  });

  it("the ads container needs a site with adsDisplay on", () => {
    const off = thirdPartyOriginsFromEnv({ GATSBY_GTM_ADS_CONTAINER_ID: "GTM-ADS" }, [site()]);
    const on = thirdPartyOriginsFromEnv({ GATSBY_GTM_ADS_CONTAINER_ID: "GTM-ADS" }, [site({ adsDisplayOn: true })]);
    expect(off.script).toEqual([]);
    expect(on.script).toEqual(["https://www.googletagmanager.com"]);
  });
});
