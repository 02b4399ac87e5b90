import lumiereSettings from "../../../site-config/lumiere/settings.json";
import starlightSettings from "../../../site-config/starlight/settings.json";
import { minimalSettings } from "../../config/__fixtures__/minimal";
import { siteSettingsSchema, type SiteSettingsInput } from "../../config/settings";
import { adsDisplayIsOn, siteTrackingOf } from "./site-tracking";

const tracking = (patch: Partial<SiteSettingsInput>) =>
  siteTrackingOf(siteSettingsSchema.parse({ ...minimalSettings, ...patch }));

describe("siteTrackingOf", () => {
  it("a site without any tracking setting: no notice, nothing on", () => {
    expect(tracking({})).toEqual({
      noticeId: "",
      measurementIds: [],
      containerIds: [],
      adsDisplayOn: false,
      targett: { enabled: false, customerId: "" },
    });
  });

  it("reads the notice, the measurement ids, the containers and the Targett customer id", () => {
    expect(
      tracking({
        cookieBannerDidomiId: "notice-1",
        analyticsMeasurementId: "G-SITE1",
        enableTargettTracking: true,
        adsDisplay: "PROGRAMMATIC",
        trackers: [
          { type: "google_tag_manager", token: "GTM-ONE" },
          { type: "google_analytics_v4", token: "G-SITE2" },
          { type: "google_analytics_v4", token: "G-SITE1" },
          { type: "targett", token: "cinema-9" },
        ],
      }),
    ).toEqual({
      noticeId: "notice-1",
      measurementIds: ["G-SITE1", "G-SITE2"],
      containerIds: ["GTM-ONE"],
      adsDisplayOn: true,
      targett: { enabled: true, customerId: "cinema-9" },
    });
  });

  it.each<[SiteSettingsInput["adsDisplay"], boolean]>([
    [true, true],
    [false, false],
    ["NONE", false],
    ["PROGRAMMATIC", true],
    ["CUSTOM", true],
    ["CUSTOM_WITHOUT_WRAPPER", true],
    ["HOUSE", true],
  ])("adsDisplay %j → the ads container is %s", (adsDisplay, on) => {
    expect(adsDisplayIsOn(adsDisplay!)).toBe(on);
  });

  it("the sample sites: the French one has its notice and analytics on; the US one a notice (CCPA)", () => {
    const lumiere = siteTrackingOf(siteSettingsSchema.parse(lumiereSettings));
    const starlight = siteTrackingOf(siteSettingsSchema.parse(starlightSettings));
    expect(lumiere).toEqual(
      expect.objectContaining({ noticeId: "lumiere-notice", measurementIds: ["G-LUMIERE42"], adsDisplayOn: true }),
    );
    expect(lumiere.targett).toEqual({ enabled: true, customerId: "lumiere-annecy" });
    expect(starlight).toEqual(
      expect.objectContaining({ noticeId: "starlight-notice", measurementIds: ["G-STARLIGHT7"] }),
    );
  });
});
