import { trackingBuildReport } from "./build-report";
import { parseTrackingDeploySettings, type TrackingEnv } from "./deploy-settings";
import type { SiteTracking } from "./site-tracking";

const site: SiteTracking = {
  noticeId: "notice-1",
  measurementIds: ["G-SITE"],
  containerIds: ["GTM-SITE"],
  adsDisplayOn: true,
  targett: { enabled: true, customerId: "c1" },
};

const report = (env: TrackingEnv, patch: Partial<SiteTracking> = {}) => {
  const { settings, problems } = parseTrackingDeploySettings(env);
  return trackingBuildReport(settings, problems, { ...site, ...patch });
};
const warnings = (lines: ReturnType<typeof report>) => lines.filter((l) => l.level === "warn").map((l) => l.message);
const text = (lines: ReturnType<typeof report>) => lines.map((l) => l.message).join("\n");

describe("trackingBuildReport: what stays off is said once at build", () => {
  it("a notice without the Didomi key warns that nothing will be tracked", () => {
    expect(warnings(report({}))).toEqual([expect.stringContaining("no GATSBY_DIDOMI_API_KEY")]);
  });

  it("a key without the gdpr vendor ids warns that gdpr consent cannot be granted", () => {
    expect(warnings(report({ GATSBY_DIDOMI_API_KEY: "k" }))).toEqual([
      expect.stringContaining("GATSBY_DIDOMI_GDPR_VENDOR_IDS unset"),
    ]);
  });

  it("names every piece that stays off for want of a deploy setting", () => {
    const lines = text(report({ GATSBY_DIDOMI_API_KEY: "k", GATSBY_DIDOMI_GDPR_VENDOR_IDS: "a,b,c" }));
    expect(lines).toContain("no GATSBY_GA_MEASUREMENT_ID");
    expect(lines).toContain("ads container off: no GATSBY_GTM_ADS_CONTAINER_ID");
    expect(lines).toContain("Targett container off: no GATSBY_GTM_TARGETT_CONTAINER_ID");
    expect(lines).toContain("Targett script off: no GATSBY_TARGETT_SCRIPT_URL");
  });

  it("the consent manager switched off, and an analytics tag manager, are said plainly", () => {
    const lines = text(
      report({ GATSBY_CONSENT_DISABLED: "true", GATSBY_ANALYTICS_TAG_MANAGER_URL: "https://atm.example/tm.js" }),
    );
    expect(lines).toContain("consent manager switched off");
    expect(lines).toContain("whatever the visitor answers");
  });

  it("Targett enabled without a customer id is a warning", () => {
    expect(
      warnings(
        report(
          { GATSBY_DIDOMI_API_KEY: "k", GATSBY_DIDOMI_GDPR_VENDOR_IDS: "a,b,c" },
          { targett: { enabled: true, customerId: "" } },
        ),
      ),
    ).toEqual([expect.stringContaining("without a targett tracker")]);
  });

  it("a malformed setting is a warning naming it", () => {
    expect(
      warnings(
        report({ GATSBY_DIDOMI_API_KEY: "k", GATSBY_DIDOMI_GDPR_VENDOR_IDS: "a,b,c", GATSBY_GA_SCRIPT_URL: "nope" }),
      ),
    ).toEqual([expect.stringContaining("GATSBY_GA_SCRIPT_URL")]);
  });
});
