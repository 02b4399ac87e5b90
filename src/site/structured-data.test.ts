import { loadSiteConfig } from "../config/load";
import { buildSiteModel, type SiteModel } from "./model";
import { filmJsonLd, jsonLdText, movieTheaterJsonLd, structuredDataOf } from "./structured-data";

type Node = Record<string, unknown>;

const NOW = new Date("2026-11-20T10:00:00Z");
const models = new Map<string, Promise<SiteModel>>();
const modelOf = (siteId: string) => {
  if (!models.has(siteId))
    models.set(
      siteId,
      loadSiteConfig({ configRoot: "site-config", siteId }).then((config) => buildSiteModel(config, NOW)),
    );
  return models.get(siteId)!;
};

/** A film page's JSON-LD as a search engine reads it: parsed back from the text the page carries. */
async function filmPage(siteId: string) {
  const model = await modelOf(siteId);
  const film = model.films.find((candidate) => model.showtimes.some((s) => s.filmId === candidate.id))!;
  const showtimes = model.showtimes.filter((s) => s.filmId === film.id);
  const site = { origin: `https://${model.runtime.domain}`, name: model.runtime.name };
  const text = jsonLdText(filmJsonLd(film, showtimes, model.runtime.theaters, site, model.runtime.country.iso31661A2));
  const graph = (JSON.parse(text) as { "@context": string; "@graph": Node[] })["@graph"];
  return { model, film, showtimes, graph, text };
}

const OFFSET_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;

describe.each(["lumiere", "starlight"])("a film page's JSON-LD on %s", (siteId) => {
  it("is one Movie, then one ScreeningEvent per showtime", async () => {
    const { graph, showtimes, film } = await filmPage(siteId);
    expect(graph[0]).toMatchObject({ "@type": "Movie", name: film.title });
    expect(graph.slice(1)).toHaveLength(showtimes.length);
    expect(graph.slice(1).every((node) => node["@type"] === "ScreeningEvent")).toBe(true);
  });

  // Google's Event rich result: required name, startDate, location (name and address); the
  // recommended fields that the site knows are filled in as well.
  it("gives every event the fields Google's Event rich result requires and recommends", async () => {
    const { graph, model } = await filmPage(siteId);
    for (const event of graph.slice(1)) {
      expect(event.name).toEqual(expect.any(String));
      expect(event.startDate).toMatch(OFFSET_DATE_TIME);
      expect(event.endDate).toMatch(OFFSET_DATE_TIME);
      expect(Date.parse(String(event.endDate))).toBeGreaterThan(Date.parse(String(event.startDate)));
      expect(event.eventStatus).toBe("https://schema.org/EventScheduled");
      const location = event.location as Node;
      expect(location["@type"]).toBe("MovieTheater");
      expect(model.runtime.theaters.map((t) => t.name)).toContain(location.name);
      expect(location.address).toMatchObject({
        "@type": "PostalAddress",
        streetAddress: expect.stringMatching(/\S/),
        addressLocality: expect.stringMatching(/\S/),
        postalCode: expect.stringMatching(/\S/),
        addressCountry: model.runtime.country.iso31661A2,
      });
      expect(event.image).toMatch(/^https:\/\//);
      expect(event.description).toEqual(expect.any(String));
      expect(event.offers).toMatchObject({ "@type": "Offer", url: expect.stringMatching(/^https?:\/\//) });
      expect(event.organizer).toMatchObject({ name: model.runtime.name });
      expect(event.workPresented).toMatchObject({ "@type": "Movie", url: expect.stringMatching(/^https:\/\//) });
    }
  });

  it("starts each event at the showtime's instant, written in the theater's time, and books it at its booking link", async () => {
    const { graph, showtimes } = await filmPage(siteId);
    graph.slice(1).forEach((event, i) => {
      const showtime = showtimes[i]!;
      expect(Date.parse(String(event.startDate))).toBe(Date.parse(showtime.startsAt));
      expect((event.offers as Node).url).toBe(new URL(showtime.bookingUrl, "https://unused.invalid").href);
    });
  });
});

describe("JSON-LD text", () => {
  it("cannot close its script element, whatever a title holds", () => {
    expect(jsonLdText({ name: "</script><script>alert(1)</script>" })).not.toContain("</script");
    expect(JSON.parse(jsonLdText({ name: "</script>" }))).toEqual({ name: "</script>" });
  });
});

describe("a theater's JSON-LD", () => {
  it("is a MovieTheater with its postal address, telephone and absolute page URL", async () => {
    const model = await modelOf("starlight");
    const theater = model.runtime.theaters.find((t) => t.path)!;
    const data = movieTheaterJsonLd(theater, { origin: "https://example.com", name: "S" }, "US") as Node;
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "MovieTheater",
      name: theater.name,
      url: `https://example.com${theater.path}`,
      address: {
        "@type": "PostalAddress",
        addressLocality: theater.address.city,
        postalCode: theater.address.postalCode,
        addressCountry: "US",
      },
    });
    if (theater.phone) expect(data.telephone).toBe(theater.phone);
  });
});

describe("the JSON-LD the build writes for the HTML renderer", () => {
  it("has an entry for every film and theater page, and for nothing else", async () => {
    const model = await modelOf("starlight");
    const theater = model.theaters.find((t) => t.path)!;
    const film = model.films[0]!;
    const pages = [
      { path: film.path, template: "FilmTemplate", context: { film, showtimes: [] } },
      { path: theater.path!, template: "TheaterTemplate", context: { theater } },
      { path: "/films/", template: "FilmsTemplate", context: {} },
    ];
    const byPath = Object.fromEntries(
      [...structuredDataOf(pages, model.runtime)].map((page) => [page.path, page.text()]),
    );
    expect(Object.keys(byPath).sort()).toEqual([film.path, theater.path].sort());
    expect(JSON.parse(byPath[film.path]!)).toMatchObject({ "@graph": [{ "@type": "Movie", name: film.title }] });
    expect(JSON.parse(byPath[theater.path!]!)).toMatchObject({ "@type": "MovieTheater", name: theater.name });
  });

  it("names as its inputs the page's context and the whole site: the same pages give the same, any change another", async () => {
    const model = await modelOf("starlight");
    const film = model.films[0]!;
    const page = { path: film.path, template: "FilmTemplate", context: { film, showtimes: [] } };
    const inputsOf = (p: typeof page, runtime = model.runtime) => [...structuredDataOf([p], runtime)][0]!.inputs;
    const before = inputsOf(page);
    expect(inputsOf(structuredClone(page))).toBe(before);
    expect(
      inputsOf({ ...page, context: { film: { ...film, synopsis: `${film.synopsis} Nouveau.` }, showtimes: [] } }),
    ).not.toBe(before);
    expect(inputsOf(page, { ...model.runtime, name: `${model.runtime.name} ` })).not.toBe(before);
    // A setting the graph does not read today still counts: the code may read it tomorrow.
    expect(inputsOf(page, structuredClone({ ...model.runtime, extra: 1 }))).not.toBe(before);
  });
});
