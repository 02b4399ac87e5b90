// CSP sources of the ads (src/server/third-parties.ts lists them with the other third parties),
// and what the build reports.
import { minimalSettings } from "../config/__fixtures__/minimal";
import { siteSettingsSchema, type SiteSettingsInput } from "../config/settings";
import { thirdPartySources } from "../server/third-parties";
import { adsBuildReport } from "./build-report";
import { parseAdsDeploySettings } from "./deploy-settings";
import { siteAdsOf } from "./site-ads";
import { adOrigins } from "./third-parties";

const adsOf = (overrides: Partial<SiteSettingsInput>) =>
  siteAdsOf(siteSettingsSchema.parse({ ...minimalSettings, ...overrides }));
const programmatic = adsOf({ adsDisplay: "PROGRAMMATIC", adsLocation: ["PAGES_TOP"] });
const direct = adsOf({
  adsDisplay: "CUSTOM_WITHOUT_WRAPPER",
  adsCustom: { locations: [{ key: "top" }], sizeMapping: '{"top": {"0": [[320, 50]]}}', url: "", networkCode: "" },
});

describe("adOrigins", () => {
  it("the wrapper library's origin, and the Google Ad Manager hosts it serves and frames through", () => {
    const origins = adOrigins({ GATSBY_ADS_LIBRARY_URL: "https://lib.example/library/{siteCode}.js" }, programmatic)!;
    for (const directive of ["script", "connect", "frame"] as const)
      expect(origins[directive][0]).toBe("https://lib.example");
    expect(origins.script).toContain("https://securepubads.g.doubleclick.net");
    expect(origins.connect).toContain("https://securepubads.g.doubleclick.net");
    expect(origins.frame).toContain("https://*.safeframe.googlesyndication.com");
    expect(origins.frame).toContain("https://tpc.googlesyndication.com");
  });
  it("Google Publisher Tag and the hosts it serves and frames ads from", () => {
    const origins = adOrigins({}, direct)!;
    expect(origins.script).toContain("https://securepubads.g.doubleclick.net");
    expect(origins.frame).toContain("https://*.safeframe.googlesyndication.com");
  });
  it("nothing without ads or without a library", () => {
    expect(adOrigins({}, programmatic)).toBeNull();
    expect(adOrigins({ GATSBY_ADS_LIBRARY_URL: "https://lib.example/x.js" }, undefined)).toBeNull();
  });
  it("is one of the server's third parties", () => {
    const sources = thirdPartySources({
      env: { GATSBY_GPT_SCRIPT_URL: "http://127.0.0.1:9411/__ads/gpt.js" },
      ads: direct,
    });
    expect(sources["script-src"]).toEqual(["http://127.0.0.1:9411"]);
  });
});

describe("adsBuildReport", () => {
  const deploy = (env = {}) => parseAdsDeploySettings(env);
  it("says why ads are off", () => {
    expect(adsBuildReport(programmatic, deploy().settings, [])).toEqual([
      {
        level: "info",
        message: "ads off: PROGRAMMATIC needs the ad wrapper library and GATSBY_ADS_LIBRARY_URL is unset",
      },
    ]);
  });
  it("repeats the size-mapping messages and a bad setting", () => {
    const bad = { ...direct, sizeMapping: "{" };
    const { settings, problems } = deploy({ GATSBY_GPT_SCRIPT_URL: "ftp://x" });
    expect(adsBuildReport(bad, settings, problems).map((l) => l.message)).toEqual([
      'GATSBY_GPT_SCRIPT_URL: expected an http(s) URL, got "ftp://x"; ignored',
      "settings.adsCustom.sizeMapping: Error parsing size mapping",
      "ads CUSTOM_WITHOUT_WRAPPER from https://securepubads.g.doubleclick.net/tag/js/gpt.js: top",
    ]);
  });
});
