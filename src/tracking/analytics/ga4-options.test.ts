import { GA_COOKIE_EXPIRES_SECONDS, GA_DATA_LAYER, ga4PluginOptions, type Ga4Input } from "./ga4-options";

const input: Ga4Input = {
  fixedMeasurementId: "G-FIXED0001",
  siteMeasurementIds: ["G-SITE0002"],
  scriptUrl: "https://www.googletagmanager.com/gtag/js",
  collectUrl: "",
};

describe("ga4PluginOptions (spec §9 analytics measurement)", () => {
  const options = ga4PluginOptions(input)!;

  it.each<[string, unknown, unknown]>([
    ["the fixed id first, then the site's", options.measurementIds, ["G-FIXED0001", "G-SITE0002"]],
    ["IP addresses anonymised", options.gtagConfig.anonymize_ip, true],
    ["cookie expiry 34,164,000 s", options.gtagConfig.cookie_expires, 34_164_000],
    ["about 395 days", Math.round(GA_COOKIE_EXPIRES_SECONDS / 86_400), 395],
    ["cookies not refreshed on update", options.gtagConfig.cookie_update, false],
    ["its own data layer, apart from the tag managers' dataLayer", options.dataLayerName, "ga4DataLayer"],
    [
      "gtag.js with the first id and the data layer",
      options.customScriptSrc,
      `https://www.googletagmanager.com/gtag/js?id=G-FIXED0001&l=${GA_DATA_LAYER}`,
    ],
    ["Google's collect endpoint when none is set", "server_container_url" in options.gtagConfig, false],
  ])("%s", (_case, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  it.each<[string, Partial<Ga4Input>, string[] | null]>([
    ["fixed id only", { siteMeasurementIds: [] }, ["G-FIXED0001"]],
    ["site id only (no fixed id deployed)", { fixedMeasurementId: "" }, ["G-SITE0002"]],
    [
      "several site ids",
      { siteMeasurementIds: ["G-SITE0002", "G-SITE0003"] },
      ["G-FIXED0001", "G-SITE0002", "G-SITE0003"],
    ],
    ["a site id equal to the fixed one counts once", { siteMeasurementIds: ["G-FIXED0001"] }, ["G-FIXED0001"]],
    ["no id at all → GA off", { fixedMeasurementId: "", siteMeasurementIds: [] }, null],
  ])("%s", (_case, patch, ids) => {
    expect(ga4PluginOptions({ ...input, ...patch })?.measurementIds ?? null).toEqual(ids);
  });

  it("sends hits to the deploy's collect URL (server container) when one is set", () => {
    const withCollect = ga4PluginOptions({ ...input, collectUrl: "http://127.0.0.1:9411/__ga" })!;
    expect(withCollect.gtagConfig.server_container_url).toBe("http://127.0.0.1:9411/__ga");
  });

  it("keeps a script URL's own query", () => {
    expect(ga4PluginOptions({ ...input, scriptUrl: "https://proxy.example/gtag?v=2" })!.customScriptSrc).toBe(
      "https://proxy.example/gtag?v=2&id=G-FIXED0001&l=ga4DataLayer",
    );
  });
});
