import { makeSiteConfig } from "../config/__fixtures__/site-config";
import { SAMPLE_CONFIG_ROOT } from "../config/__fixtures__/temp-site";
import { loadSiteConfig } from "../config/load";
import { buildSiteModel, type SiteModel } from "../site/model";
import { buildPageContext, DEFAULT_TEMPLATE, templateNames, type PageContext } from "./page-context";

const now = new Date("2026-11-18T10:00:00Z");

describe("buildPageContext", () => {
  let lumiere: SiteModel;
  let starlight: SiteModel;
  beforeAll(async () => {
    lumiere = buildSiteModel(await loadSiteConfig({ configRoot: SAMPLE_CONFIG_ROOT, siteId: "lumiere" }), now);
    starlight = buildSiteModel(await loadSiteConfig({ configRoot: SAMPLE_CONFIG_ROOT, siteId: "starlight" }), now);
  });

  it("single-location French site: the page belongs to its theater, French intl, generic template", () => {
    expect(buildPageContext(lumiere, { pagePath: "/infos-pratiques/" })).toEqual<PageContext>({
      circuitId: null,
      pagePath: "/infos-pratiques/",
      theaterId: "lumiere-annecy",
      isSingleLocation: true,
      intl: {
        locale: { short: "fr", long: "fr-FR" },
        country: { code: "FR", iso31661A2: "FR", iso31661A3: "FRA" },
      },
      betaFeaturesEnabled: false,
      templateName: "generic",
    });
  });

  it("circuit US site: the circuit id, no theater unless the page names one, English intl", () => {
    expect(buildPageContext(starlight, { pagePath: "/films/", templateName: "films" })).toEqual<PageContext>({
      circuitId: "STARLIGHT",
      pagePath: "/films/",
      theaterId: null,
      isSingleLocation: false,
      intl: {
        locale: { short: "en", long: "en-US" },
        country: { code: "US", iso31661A2: "US", iso31661A3: "USA" },
      },
      betaFeaturesEnabled: true,
      templateName: "films",
    });
  });

  it("a theater page on a circuit carries that theater's id", () => {
    const context = buildPageContext(starlight, {
      pagePath: "/theaters/north-lamar/",
      templateName: "theater",
      theaterId: "starlight-north",
    });
    expect(context.theaterId).toBe("starlight-north");
    expect(context.templateName).toBe("theater");
  });

  it.each([
    [undefined, "generic"],
    ["film", "film"],
    ["notFound", "notFound"],
  ] as const)("templateName %s → %s", (templateName, expected) => {
    expect(buildPageContext(lumiere, { pagePath: "/", templateName }).templateName).toBe(expected);
  });

  it("the default template is generic and is one of the template names", () => {
    expect(DEFAULT_TEMPLATE).toBe("generic");
    expect(templateNames).toContain(DEFAULT_TEMPLATE);
  });

  it("pagePath is passed through as given", () => {
    expect(buildPageContext(lumiere, { pagePath: "/films/1000021003-le-petit-theatre-de-marius/" }).pagePath).toBe(
      "/films/1000021003-le-petit-theatre-de-marius/",
    );
  });

  it.each([
    [{}, false],
    [{ betaFeaturesEnabled: false }, false],
    [{ betaFeaturesEnabled: true }, true],
  ])("settings %j → betaFeaturesEnabled %s", (settings, expected) => {
    const model = buildSiteModel(makeSiteConfig({ settings }), now);
    expect(buildPageContext(model, { pagePath: "/" }).betaFeaturesEnabled).toBe(expected);
  });

  it("a single-location site's only theater is the first of settings.theaterIds", () => {
    const model = buildSiteModel(makeSiteConfig(), now);
    expect(buildPageContext(model, { pagePath: "/" }).theaterId).toBe("t1");
  });

  it("the page context survives JSON (Gatsby serialises it into page data)", () => {
    const context = buildPageContext(lumiere, { pagePath: "/" });
    expect(JSON.parse(JSON.stringify(context))).toEqual(context);
  });
});
