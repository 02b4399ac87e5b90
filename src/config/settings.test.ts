import { minimalSettings } from "./__fixtures__/minimal";
import { edited, problemsOf } from "./__fixtures__/issues";
import { rawLoyaltySchema, siteSettingsSchema, type SiteSettingsInput } from "./settings";

type Mutable = Record<string, unknown>;

describe("siteSettingsSchema defaults", () => {
  const parsed = siteSettingsSchema.parse(minimalSettings);

  it("keeps what the operator wrote", () => {
    expect(parsed).toMatchObject(minimalSettings);
  });

  it.each<[string, unknown]>([
    ["relatedEntityType", "Theater"],
    ["circuit", null],
    ["ticketingProvider", ""],
    ["loginPage", { slug: "" }],
    ["privacyPolicyPage", { slug: "" }],
    ["termsPage", { slug: "" }],
    ["allCountries", []],
    ["timeZone", "UTC"],
    ["playWeekStartsOn", "WED"],
    ["pathPrefix", ""],
    ["allowedEmbeddingDomains", []],
    ["embeddingMode", "none"],
    ["globalExcludedMovieIds", []],
    ["movieOrderIndex", []],
    ["bookableAfterStartMinutes", 10],
    ["deferStandardPages", false],
    ["deferEventPages", false],
    ["deferMoviePages", false],
    ["deferTheaterPages", false],
    ["betaFeaturesEnabled", false],
    ["cookieBannerDidomiId", ""],
    ["adsDisplay", "NONE"],
    ["adsLocation", []],
    ["adsCustom", null],
    ["enableTargettTracking", false],
    ["analyticsMeasurementId", ""],
    ["trackers", []],
    ["loyalty", {}],
    ["redirects", []],
  ])("%s defaults to %j", (field, expected) => {
    expect((parsed as Mutable)[field]).toEqual(expected);
  });

  it("a site that names no locale nor country gets the platform's: en-US, US (spec §9)", () => {
    const unnamed: Mutable = { ...minimalSettings };
    delete unnamed.locale;
    delete unnamed.country;
    expect(siteSettingsSchema.parse(unnamed)).toMatchObject({
      locale: "en-US",
      country: { code: "US", iso31661A2: "US", iso31661A3: "USA" },
      timeZone: "UTC",
    });
  });

  it("parsing the parsed defaults again changes nothing", () => {
    expect(siteSettingsSchema.parse(parsed)).toEqual(parsed);
  });

  it("fills the defaults inside adsCustom and a redirect row", () => {
    const withNested = siteSettingsSchema.parse({
      ...minimalSettings,
      adsCustom: {},
      redirects: [{ fromPath: "/old/", toPath: "/new/" }],
    });
    expect(withNested.adsCustom).toEqual({ locations: [], sizeMapping: "", url: "", networkCode: "" });
    expect(withNested.redirects).toEqual([{ fromPath: "/old/", toPath: "/new/", ignoreCase: false }]);
  });

  it("stores allowedEmbeddingDomains as exact origins, once each (compared as such by the server and the browser)", () => {
    const parsed = siteSettingsSchema.parse({
      ...minimalSettings,
      allowedEmbeddingDomains: ["https://Caisse.Example.com/", "http://localhost:8080", "https://caisse.example.com"],
    });
    expect(parsed.allowedEmbeddingDomains).toEqual(["https://caisse.example.com", "http://localhost:8080"]);
  });

  it("leaves every loyalty field unset when loyalty is {} (the loyalty feature applies its own defaults)", () => {
    expect(rawLoyaltySchema.parse({})).toEqual({});
  });

  it.each([
    ["adsDisplay as a boolean", { adsDisplay: true }],
    ["adsDisplay CUSTOM_WITHOUT_WRAPPER", { adsDisplay: "CUSTOM_WITHOUT_WRAPPER" }],
    ["a circuit", { isSingleLocation: false, circuit: { id: "C1", name: "Circuit" } }],
    ["loyalty version 1", { loyalty: { version: 1 } }],
    ["loyalty version 3 with an empty ticketingUrl", { loyalty: { version: 3, ticketingUrl: "" } }],
    [
      "a loyalty ticketingUrl repeating the site's",
      { loyalty: { ticketingUrl: "https://tickets.test-cinema.example/" } },
    ],
    ["a pathPrefix", { pathPrefix: "/fr/cinema" }],
    ["no grace after a show's start", { bookableAfterStartMinutes: 0 }],
    ["the longest grace, 30 minutes", { bookableAfterStartMinutes: 30 }],
    ["an empty-slug login page", { loginPage: { slug: "" } }],
    [
      "every kind of tracker",
      {
        analyticsMeasurementId: "G-AB12CD34EF",
        enableTargettTracking: true,
        trackers: [
          { type: "google_tag_manager", token: "GTM-AB12CD3" },
          { type: "google_analytics_v4", token: "G-ZY98XW76VU" },
          { type: "targett", token: "cinema-42" },
        ],
      },
    ],
  ])("accepts %s", (_case, patch) => {
    expect(problemsOf(siteSettingsSchema, { ...minimalSettings, ...patch })).toEqual([]);
  });
});

describe("siteSettingsSchema refuses, naming the field and what was expected", () => {
  it.each<[string, (s: Mutable) => void, string, string]>([
    ["loyalty.version 2", (s) => (s.loyalty = { version: 2 }), "loyalty.version", "expected 1 or 3 (received 2)"],
    ["loyalty.version as a string", (s) => (s.loyalty = { version: "3" }), "loyalty.version", "expected 1 or 3"],
    ["a misspelled top-level field", (s) => (s.timezone = "Europe/Paris"), "timezone", "unknown field"],
    [
      "a misspelled loyalty field",
      (s) => (s.loyalty = { sessionTimout: 12 }),
      "loyalty.sessionTimout",
      "unknown field",
    ],
    ["a missing name", (s) => delete s.name, "name", "expected string"],
    ["an empty name", (s) => (s.name = ""), "name", "expected the venue site name"],
    ["a missing isSingleLocation", (s) => delete s.isSingleLocation, "isSingleLocation", "(missing)"],
    ["isSingleLocation as a string", (s) => (s.isSingleLocation = "yes"), "isSingleLocation", "expected boolean"],
    ["an id that is not base64", (s) => (s.id = "not base64!"), "id", "expected the base64 website id"],
    ["a domain with a scheme", (s) => (s.domain = "https://www.example.com"), "domain", "expected a host name"],
    [
      "a loyalty ticketingUrl other than the site's (one ticketing service per site)",
      (s) => (s.loyalty = { ticketingUrl: "https://other-tickets.example.com" }),
      "loyalty.ticketingUrl",
      "a site has one ticketing service",
    ],
    [
      "a ticketingUrl with a trailing slash",
      (s) => (s.ticketingUrl = "https://tickets.example.com/"),
      "ticketingUrl",
      'expected no trailing "/"',
    ],
    [
      "a javascript: ticketingUrl",
      (s) => (s.ticketingUrl = "javascript:alert(1)"),
      "ticketingUrl",
      "expected an absolute http:// or https:// URL",
    ],
    ["an unsupported locale", (s) => (s.locale = "de-DE"), "locale", "expected one of fr-FR, en-US"],
    ["an unknown time zone", (s) => (s.timeZone = "Europe/Atlantis"), "timeZone", "expected an IANA time zone"],
    // Issue 42: the grace after a show's start, 0 to 30 whole minutes.
    [
      "a grace of 31 minutes",
      (s) => (s.bookableAfterStartMinutes = 31),
      "bookableAfterStartMinutes",
      "expected a number from 0 to 30 (received 31)",
    ],
    [
      "a negative grace",
      (s) => (s.bookableAfterStartMinutes = -1),
      "bookableAfterStartMinutes",
      "expected a number from 0 to 30 (received -1)",
    ],
    [
      "a grace in fractions of a minute",
      (s) => (s.bookableAfterStartMinutes = 2.5),
      "bookableAfterStartMinutes",
      "expected a whole number (received 2.5)",
    ],
    ["a grace as a string", (s) => (s.bookableAfterStartMinutes = "10"), "bookableAfterStartMinutes", 'received "10"'],
    [
      "a lowercase country code",
      (s) => (s.country = { code: "us", iso31661A2: "US", iso31661A3: "USA" }),
      "country.code",
      "two-letter country code",
    ],
    ["no theater ids", (s) => (s.theaterIds = []), "theaterIds", "expected at least one theater id"],
    ["a pathPrefix with a trailing slash", (s) => (s.pathPrefix = "/fr/"), "pathPrefix", 'expected "" or "/segment"'],
    [
      "a login page slug with a leading slash",
      (s) => (s.loginPage = { slug: "/connexion" }),
      "loginPage.slug",
      "expected a slug",
    ],
    [
      "a negative excluded film id",
      (s) => (s.globalExcludedMovieIds = [12, -1]),
      "globalExcludedMovieIds[1]",
      "expected number to be >0",
    ],
    [
      "a tracker without a token",
      (s) => (s.trackers = [{ type: "google_tag_manager", token: "" }]),
      "trackers[0].token",
      "expected a non-empty tracker token",
    ],
    [
      "a redirect from a relative path",
      (s) => (s.redirects = [{ fromPath: "old", toPath: "/new/" }]),
      "redirects[0].fromPath",
      'expected a site path starting with "/"',
    ],
    [
      "a bad token parameter name",
      (s) => (s.loyalty = { tokenParam: "1token" }),
      "loyalty.tokenParam",
      "expected a query-parameter name",
    ],
    [
      "a zero session timeout",
      (s) => (s.loyalty = { sessionTimeout: 0 }),
      "loyalty.sessionTimeout",
      "expected a number of hours from 0 to 8760 (a year)",
    ],
    [
      "an absurd session timeout",
      (s) => (s.loyalty = { sessionTimeout: 1e12 }),
      "loyalty.sessionTimeout",
      "expected a number of hours from 0 to 8760 (a year)",
    ],
    [
      "a logo a billion pixels wide",
      (s) => (s.logo = { src: "/site-assets/logo.svg", width: 1e9, height: 10 }),
      "logo.width",
      "expected a number from 1 to 2000",
    ],
    ["a site name of 500 characters", (s) => (s.name = "n".repeat(500)), "name", "expected at most 120 characters"],
    [
      "a related entity name of 2,000,000 characters",
      (s) => (s.relatedEntity = { name: "n".repeat(2_000_000) }),
      "relatedEntity.name",
      "expected at most 200 characters",
    ],
    ["an unknown ads location", (s) => (s.adsLocation = ["SIDEBAR"]), "adsLocation[0]", "Invalid option"],
    [
      "an embedding domain without a scheme",
      (s) => (s.allowedEmbeddingDomains = ["caisse.cinema-lumiere.fr"]),
      "allowedEmbeddingDomains[0]",
      "is not an origin",
    ],
    [
      "an embedding domain with a path",
      (s) => (s.allowedEmbeddingDomains = ["https://ok.example", "https://caisse.example/till"]),
      "allowedEmbeddingDomains[1]",
      "remove the path",
    ],
    [
      "an embedding domain with a wildcard",
      (s) => (s.allowedEmbeddingDomains = ["https://*.example.com"]),
      "allowedEmbeddingDomains[0]",
      "wildcards are not allowed",
    ],
    [
      "a GA4 id in a tag-manager tracker",
      (s) => (s.trackers = [{ type: "google_tag_manager", token: "G-AB12CD34EF" }]),
      "trackers[0].token",
      'expected a container id such as "GTM-AB12CD3"',
    ],
    [
      "a container id as a GA4 tracker",
      (s) => (s.trackers = [{ type: "google_analytics_v4", token: "GTM-AB12CD3" }]),
      "trackers[0].token",
      'expected a measurement id such as "G-AB12CD34EF"',
    ],
    [
      "a Targett customer id with a slash",
      (s) => (s.trackers = [{ type: "targett", token: "a/b" }]),
      "trackers[0].token",
      "expected a customer id",
    ],
    [
      "two Targett customer ids",
      (s) =>
        (s.trackers = [
          { type: "targett", token: "one" },
          { type: "targett", token: "two" },
        ]),
      "trackers",
      "expected at most one targett tracker",
    ],
    [
      "a malformed analytics measurement id",
      (s) => (s.analyticsMeasurementId = "UA-1234-1"),
      "analyticsMeasurementId",
      "measurement id",
    ],
    [
      "a javascript: logo",
      (s) => (s.logo = { src: "javascript:alert(1)", width: 100, height: 40 }),
      "logo.src",
      'expected an http(s) URL or "/site-assets/<file',
    ],
    [
      "a logo outside the assets folder",
      (s) => (s.logo = { src: "/logo.svg", width: 100, height: 40 }),
      "logo.src",
      'expected an http(s) URL or "/site-assets/<file',
    ],
    [
      "a logo path that climbs out of the assets folder",
      (s) => (s.logo = { src: "/site-assets/../settings.json", width: 100, height: 40 }),
      "logo.src",
      'expected an http(s) URL or "/site-assets/<file',
    ],
    [
      "a member-menu link with a javascript: target",
      (s) => (s.loyalty = { loggedInMenu: [{ label: "Bad", to: "javascript:alert(1)" }] }),
      "loyalty.loggedInMenu[0].to",
      "expected a site path",
    ],
    [
      "a redirect to a javascript: URL",
      (s) => (s.redirects = [{ fromPath: "/old/", toPath: "javascript:alert(1)" }]),
      "redirects[0].toPath",
      "expected a site path",
    ],
    [
      "a redirect to nowhere",
      (s) => (s.redirects = [{ fromPath: "/old/", toPath: "" }]),
      "redirects[0].toPath",
      "expected a site path",
    ],
    [
      "a logo of zero width",
      (s) => (s.logo = { src: "/site-assets/logo.svg", width: 0, height: 10 }),
      "logo.width",
      "expected a number from 1 to 2000",
    ],
  ])("%s", (_case, breakIt, field, fragment) => {
    const data = edited<Mutable>({ ...minimalSettings } satisfies SiteSettingsInput, breakIt);
    const problems = problemsOf(siteSettingsSchema, data);
    expect(problems).toEqual([{ field, message: expect.stringContaining(fragment) }]);
  });
});
