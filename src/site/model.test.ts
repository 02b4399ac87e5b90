import { makeSiteConfig } from "../config/__fixtures__/site-config";
import { SAMPLE_CONFIG_ROOT } from "../config/__fixtures__/temp-site";
import { loadSiteConfig } from "../config/load";
import type { SiteConfig } from "../config/site-config";
import { buildSiteModel, type SiteModel } from "./model";
import { pagePath, THEATERS_PATH } from "../lib/paths";
import { itReturns } from "../test/tables";

const countByFilm = (model: SiteModel) => {
  const counts = new Map<number, number>();
  for (const s of model.showtimes) counts.set(s.filmId, (counts.get(s.filmId) ?? 0) + 1);
  return counts;
};
const film = (model: SiteModel, id: number) => {
  const found = model.films.find((f) => f.id === id);
  if (!found) throw new Error(`film ${id} is not in the model`);
  return found;
};

describe("buildSiteModel: lumiere on Wednesday 2026-11-18, 11:00 in Annecy", () => {
  let config: SiteConfig;
  let model: SiteModel;
  beforeAll(async () => {
    config = await loadSiteConfig({ configRoot: SAMPLE_CONFIG_ROOT, siteId: "lumiere" });
    model = buildSiteModel(config, new Date("2026-11-18T10:00:00Z"));
  });

  it("today is the date in the site's time zone", () => {
    expect(model.today).toBe("2026-11-18");
  });

  it("has its one theater, with no theater page on a single-location site", () => {
    expect(model.theaters).toEqual([
      {
        id: "lumiere-annecy",
        name: "Cinéma Lumière",
        slug: "annecy",
        path: null,
        theaterCode: "LUM01",
        ticketingProvider: "BOOST_POS",
        timeZone: "Europe/Paris",
        address: { line1: "12 rue Royale", city: "Annecy", postalCode: "74000", region: "Haute-Savoie" },
        phone: "+33 4 50 00 00 00",
        screens: 5,
        accessibility: ["Accès PMR", "Boucle magnétique"],
        amenities: ["Salle Dolby Atmos", "Café-bar", "Parking à 200 m"],
        openingHours: ["Du lundi au vendredi : 13 h 30 – 23 h", "Samedi et dimanche : 10 h 30 – 23 h 30"],
      },
    ]);
  });

  it("orders films: movieOrderIndex first, then newest release, undated last; the excluded film is gone", () => {
    expect(model.films.map((f) => f.id)).toEqual([
      1000021002,
      1000021001, // movieOrderIndex
      1000021007, // 2026-12-16
      1000021006, // 2026-12-02
      1000021004, // 2026-11-04
      1000021003, // 2026-10-28
      1000021005, // 2026-10-21
      1000021008, // no release date
    ]);
  });

  it.each([
    [1000021001, "CURRENT_PLAYWEEK", ["NEW"]], // released today
    [1000021002, "CURRENT_PLAYWEEK", []], // released 7 days ago
    [1000021006, "NEXT_PLAYWEEK_2", []], // 2026-12-02, no showtimes before it
    [1000021007, "BEYOND_NEXT_PLAYWEEK_3", ["PREVIEW"]], // 2026-12-16, shown on Saturdays before
    [1000021008, "NEXT_PLAYWEEK_UNDETERMINED", []],
  ])("film %i is %s with flags %j", (id, playWeek, flags) => {
    expect(film(model, id).playWeek).toBe(playWeek);
    expect(film(model, id).releaseFlags).toEqual(flags);
  });

  it("film pages are /films/{id}-{slug}/ with accents folded", () => {
    expect(film(model, 1000021003).path).toBe("/films/1000021003-le-petit-theatre-de-marius/");
    expect(film(model, 1000021007).path).toBe("/films/1000021007-reine-de-coeur/");
  });

  it("publishes 14 days of showtimes, following each run's days and bounds, never the excluded film", () => {
    expect(Object.fromEntries(countByFilm(model))).toEqual({
      1000021001: 3 * 14,
      1000021002: 3 * 14, // two runs: 1 + 2 times a day
      1000021003: 3 * 6, // WED, SAT, SUN between Nov 18 and Dec 1
      1000021004: 2 * 14,
      1000021005: 8, // MON, TUE, THU, FRI
      1000021007: 2, // SAT 21 and 28
      // 1000021006 starts on Dec 2, after the window; 1000031466 is excluded
    });
    const dates = model.showtimes.map((s) => s.localDate);
    expect(dates.every((d) => d >= "2026-11-18" && d <= "2026-12-01")).toBe(true);
    const instants = model.showtimes.map((s) => s.startsAt);
    expect(instants).toEqual([...instants].sort());
  });

  it("a showtime starts at the Paris wall-clock time and links to ticketing", () => {
    const show = model.showtimes.find(
      (s) => s.filmId === 1000021001 && s.localDate === "2026-11-18" && s.startsAt === "2026-11-18T19:45:00.000Z",
    );
    expect(show).toBeDefined();
    expect(show?.screen).toBe("Salle 1");
    expect(show?.bookingUrl).toBe(
      `https://billetterie.cinema-lumiere.fr/websales/sales/LUM01/book?perfcode=${show?.perfCode ?? ""}`,
    );
  });

  it("carries the site-wide runtime data", () => {
    expect(model.runtime).toMatchObject({
      siteId: "lumiere",
      name: "Cinéma Lumière",
      domain: "www.cinema-lumiere.fr",
      locale: "fr-FR",
      country: { code: "FR", iso31661A2: "FR", iso31661A3: "FRA" },
      timeZone: "Europe/Paris",
      isSingleLocation: true,
      circuit: null,
      ticketingUrl: "https://billetterie.cinema-lumiere.fr",
      loginPageSlug: "connexion",
      privacyPolicyPageSlug: "confidentialite",
      betaFeaturesEnabled: false,
      theaters: [{ id: "lumiere-annecy", name: "Cinéma Lumière", path: null }],
      redirects: [],
    });
    expect(model.runtime.theme).toEqual(config.theme);
    // The beta page ("Le labo") is off on this site: neither built nor linked (spec §6 beta viewer).
    const withoutBeta = config.pages.navigation.footer.map((group) => ({
      ...group,
      links: group.links.filter((link) => link.to !== "/labo/"),
    }));
    expect(model.runtime.navigation).toEqual({ ...config.pages.navigation, footer: withoutBeta });
  });

  it("keeps every page but the beta one", () => {
    expect(model.pages.map((p) => p.slug)).not.toContain("labo");
    expect(model.pages.map((p) => p.slug)).toEqual(
      expect.arrayContaining(["", "infos-pratiques", "connexion", "confidentialite"]),
    );
  });
});

describe("buildSiteModel: starlight on Friday 2026-11-20, 21:00 in Austin (already the 21st in UTC)", () => {
  let model: SiteModel;
  beforeAll(async () => {
    const config = await loadSiteConfig({ configRoot: SAMPLE_CONFIG_ROOT, siteId: "starlight" });
    model = buildSiteModel(config, new Date("2026-11-21T03:00:00Z"));
  });

  it("today is the Chicago date, not the UTC date", () => {
    expect(model.today).toBe("2026-11-20");
  });

  it("lists the three theaters in settings order, each with its page under /theaters/", () => {
    expect(THEATERS_PATH).toBe("/theaters/");
    expect(model.theaters.map((t) => [t.id, t.path, t.theaterCode, t.timeZone, t.ticketingProvider])).toEqual([
      ["starlight-downtown", "/theaters/downtown/", "SL001", "America/Chicago", "VISTA"],
      ["starlight-riverside", "/theaters/riverside/", "SL002", "America/Chicago", "VISTA"],
      ["starlight-north", "/theaters/north-lamar/", "SL003", "America/Chicago", "VISTA"],
    ]);
    expect(model.runtime.circuit).toEqual({ id: "STARLIGHT", name: "Starlight Cinemas" });
  });

  it("orders films with movieOrderIndex first, then newest, undated last", () => {
    expect(model.films.map((f) => f.id)).toEqual([2051, 2054, 2053, 2048, 2050, 2052, 2049, 2055]);
  });

  it.each([
    [2051, "CURRENT_PLAYWEEK", ["NEW"]], // released today (Friday)
    [2048, "CURRENT_PLAYWEEK", []], // released a week ago: no longer new
    [2053, "NEXT_PLAYWEEK_2", []], // Friday Dec 4, shown only from then
    [2054, "BEYOND_NEXT_PLAYWEEK_3", ["PREVIEW"]], // Dec 18, early screenings on Fridays
    [2055, "NEXT_PLAYWEEK_UNDETERMINED", []],
  ])("film %i is %s with flags %j", (id, playWeek, flags) => {
    expect(film(model, id).playWeek).toBe(playWeek);
    expect(film(model, id).releaseFlags).toEqual(flags);
  });

  it("publishes each theater's runs for the 14 days from Nov 20 to Dec 3", () => {
    expect(Object.fromEntries(countByFilm(model))).toEqual({
      2048: (4 + 2 + 1) * 14,
      2049: 8, // MON–THU
      2050: 3 * 14 + 2 * 4, // riverside daily; north SAT and SUN
      2051: (2 + 1) * 14,
      2052: 14,
      2054: 2, // FRI Nov 20 and 27
    });
  });

  it("a late show is listed under its Chicago date and booked with its theater code", () => {
    const show = model.showtimes.find(
      (s) => s.filmId === 2048 && s.theaterId === "starlight-downtown" && s.startsAt === "2026-11-21T04:30:00.000Z",
    );
    expect(show?.localDate).toBe("2026-11-20");
    expect(show?.attributes).toEqual(["Format.Picture.IMAX"]);
    expect(
      show?.bookingUrl.startsWith("https://tickets.starlightcinemas.com/websales/sales/SL001/book?perfcode="),
    ).toBe(true);
  });
});

describe("buildSiteModel with a constructed config", () => {
  const now = new Date("2026-11-18T10:00:00Z");

  it("fills theater defaults from the site: code = id, time zone, provider; slug from the name", () => {
    const config = makeSiteConfig({
      settings: {
        timeZone: "America/Chicago",
        ticketingProvider: "VISTA",
        isSingleLocation: false,
        circuit: { id: "C", name: "C" },
        theaterIds: ["t1"],
      },
      theaters: {
        theaters: [{ id: "t1", name: "Le Grand Rex", address: { line1: "1", city: "Paris", postalCode: "75002" } }],
      },
    });
    const [theater] = buildSiteModel(config, now).theaters;
    expect(theater).toEqual({
      id: "t1",
      name: "Le Grand Rex",
      slug: "le-grand-rex",
      path: "/theaters/le-grand-rex/",
      theaterCode: "t1",
      ticketingProvider: "VISTA",
      timeZone: "America/Chicago",
      address: { line1: "1", city: "Paris", postalCode: "75002" },
      phone: null,
      screens: null,
      accessibility: [],
      amenities: [],
      openingHours: [],
    });
  });

  it("follows settings.theaterIds, not theaters.json, for which theaters and in what order", () => {
    const address = { line1: "1", city: "X", postalCode: "1" };
    const config = makeSiteConfig({
      settings: { isSingleLocation: false, circuit: { id: "C", name: "C" }, theaterIds: ["b", "a"] },
      theaters: { theaters: ["a", "b", "c"].map((id) => ({ id, name: id.toUpperCase(), address })) },
    });
    expect(buildSiteModel(config, now).theaters.map((t) => t.id)).toEqual(["b", "a"]);
  });

  it("uses the site name as the logo's alt text when none is given", () => {
    expect(buildSiteModel(makeSiteConfig(), now).runtime.logo).toEqual({
      src: "/site-assets/logo.svg",
      alt: "Test Cinema",
      width: 100,
      height: 40,
    });
  });

  it.each([
    ["2026-11-18T22:59:00Z", "Europe/Paris", "2026-11-18"],
    ["2026-11-18T23:00:00Z", "Europe/Paris", "2026-11-19"],
    ["2026-11-19T05:59:00Z", "America/Chicago", "2026-11-18"],
    ["2026-11-19T06:00:00Z", "America/Chicago", "2026-11-19"],
    ["2026-11-18T23:59:00Z", "UTC", "2026-11-18"],
  ])("at %s the %s site's today is %s", (instant, timeZone, expected) => {
    expect(buildSiteModel(makeSiteConfig({ settings: { timeZone } }), new Date(instant)).today).toBe(expected);
  });

  it.each([
    [false, ["", "about"]],
    [true, ["", "about", "labs"]],
  ])("with betaFeaturesEnabled %s, the pages are %j", (betaFeaturesEnabled, slugs) => {
    const config = makeSiteConfig({
      settings: { betaFeaturesEnabled },
      pages: {
        pages: [
          { id: "home", slug: "", title: "Home" },
          { id: "about", slug: "about", title: "About" },
          { id: "labs", slug: "labs", title: "Labs", beta: true },
        ],
        navigation: {
          header: [
            { label: "About", to: "/about/" },
            { label: "Labs", to: "/labs/" },
          ],
          footer: [{ title: "More", links: [{ label: "Labs", to: "/labs" }] }],
        },
      },
    });
    const model = buildSiteModel(config, now);
    expect(model.pages.map((p) => p.slug)).toEqual(slugs);
    expect(model.runtime.betaFeaturesEnabled).toBe(betaFeaturesEnabled);
    // A link to a beta page goes with it; a group left empty goes too.
    expect(model.runtime.navigation.header.map((l) => l.to)).toEqual(
      betaFeaturesEnabled ? ["/about/", "/labs/"] : ["/about/"],
    );
    expect(model.runtime.navigation.footer).toHaveLength(betaFeaturesEnabled ? 1 : 0);
  });

  it("the same config and instant always build the same model", () => {
    const config = makeSiteConfig({
      catalogue: { films: [{ id: 1, title: "A" }], programme: [{ filmId: 1, theaterId: "t1", times: ["20:00"] }] },
    });
    expect(buildSiteModel(config, now)).toEqual(buildSiteModel(config, now));
  });
});

describe("pagePath", () => {
  itReturns(
    pagePath,
    [
      ["", "/"],
      ["about", "/about/"],
      ["infos/acces", "/infos/acces/"],
    ],
    "slug %j → %s",
  );
});
