import { parseSearchIndex } from "../catalogue/search-index";
import {
  fromScheduleShowtimes,
  toFilmShowtime,
  type FilmShowtime,
  type ScheduleShowtime,
} from "../catalogue/film-showtimes";
import { SAMPLE_CONFIG_ROOT } from "../config/__fixtures__/temp-site";
import { loadSiteConfig } from "../config/load";
import { buildSiteModel } from "./model";
import {
  creationOrder,
  deferFlagsOf,
  planSite,
  PLATFORM_SEGMENTS,
  sitemapPaths,
  type DeferFlags,
  type PlannedPage,
  type SiteContent,
} from "./page-plan";
import { pagePath, schedulePath, THEATERS_PATH } from "../lib/paths";
import { filmsOfBlock, type FilmSummary, type ProgrammeFilmInfo, type TheaterFilm } from "./contexts";
import { versionOf, type ScheduleDay } from "../catalogue/schedule";
import { BOOKING_INDEX_DIR, bookingKey, performanceIn, shardOf, shardPath } from "./booking-key";
import { itReturnsPerCase } from "../test/tables";

const NOW = new Date("2026-11-23T10:00:00Z");
const NO_DEFER: DeferFlags = { standardPages: false, moviePages: false, theaterPages: false };

async function contentOf(siteId: "lumiere" | "starlight", deferFlags = NO_DEFER): Promise<SiteContent> {
  const model = buildSiteModel(await loadSiteConfig({ configRoot: SAMPLE_CONFIG_ROOT, siteId }), NOW);
  return { ...model, deferFlags };
}

const byPath = (pages: PlannedPage[]) => new Map(pages.map((p) => [p.path, p]));

describe("the pages a site is made of (spec §2 page routes)", () => {
  it.each(["lumiere", "starlight"] as const)("%s: every path is planned once", async (siteId) => {
    const { pages } = planSite(await contentOf(siteId));
    const paths = pages.map((p) => p.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it.each(["lumiere", "starlight"] as const)(
    "%s: every page the platform makes is under one of PLATFORM_SEGMENTS, which operators' slugs may not use",
    async (siteId) => {
      const content = await contentOf(siteId);
      const { loginPageSlug, privacyPolicyPageSlug } = content.runtime;
      const operatorSlugs = [...content.pages.map((page) => page.slug), loginPageSlug, privacyPolicyPageSlug];
      const operatorPaths = new Set(operatorSlugs.map((slug) => pagePath(slug ?? "")));
      const platformPaths = planSite(content)
        .pages.map((page) => page.path)
        .filter((at) => !operatorPaths.has(at));
      expect(platformPaths.length).toBeGreaterThan(content.films.length);
      for (const at of platformPaths) expect([at, PLATFORM_SEGMENTS.has(at.split("/")[1] ?? "")]).toEqual([at, true]);
    },
  );

  it("a single-location site: film list, a page per film, client-side film and permalink routes, its pages, login, account, error pages; no theater pages", async () => {
    const content = await contentOf("lumiere");
    const pages = byPath(planSite(content).pages);
    expect(pages.get("/films/")?.template).toBe("FilmsTemplate");
    for (const film of content.films) {
      const page = pages.get(film.path);
      expect(page?.template).toBe("FilmTemplate");
      expect(page?.context.film).toBe(film);
      // The film's own showtimes, in time order, in their short form (src/catalogue/film-showtimes.ts).
      const showtimes = page?.context.showtimes as FilmShowtime[];
      expect(showtimes).toEqual(
        content.showtimes
          .filter((s) => s.filmId === film.id)
          .sort((a, b) => a.startsAt.localeCompare(b.startsAt))
          .map(toFilmShowtime),
      );
    }
    // No client-side route over the film pages: Gatsby would list each of them in every page's app script.
    expect([...pages.values()].filter((page) => page.matchPath?.startsWith("/films"))).toEqual([]);
    expect(pages.get("/permalink/movie/")).toMatchObject({ matchPath: "/permalink/movie/*" });
    expect(pages.get("/movies/movie/")).toMatchObject({ matchPath: "/movies/movie/*" });
    expect(pages.get("/")?.template).toBe("GenericTemplate");
    const login = `/${content.runtime.loginPageSlug}/`;
    expect(pages.get(login)?.template).toBe("LoginTemplate");
    expect(pages.get("/account/")).toMatchObject({ matchPath: "/account/*", template: "AccountTemplate" });
    expect(pages.get("/404/")?.template).toBe("NotFoundTemplate");
    expect(pages.get("/500/")?.template).toBe("ServerErrorTemplate");
    // The service worker's offline page, where gatsby-plugin-offline precaches its app shell.
    expect(pages.get("/offline-plugin-app-shell-fallback/")).toMatchObject({
      template: "OfflineTemplate",
      context: { templateName: "offline" },
    });
    expect(pages.has("/theaters/")).toBe(false);
    // A single-location site's pages all belong to its one theater.
    expect(pages.get("/films/")?.context.theaterId).toBe(content.theaters[0]?.id);
  });

  it("the preview prefix serves the home page, marked noindex", async () => {
    const pages = byPath(planSite(await contentOf("lumiere")).pages);
    const preview = pages.get("/cms-preview/");
    expect(preview).toMatchObject({ matchPath: "/cms-preview/*", template: "GenericTemplate" });
    expect(preview?.context.noindex).toBe(true);
    expect(preview?.context.page).toBe(pages.get("/")?.context.page);
  });

  it("a circuit: a theater list and a page per theater listing only the films shown there", async () => {
    const content = await contentOf("starlight");
    const pages = byPath(planSite(content).pages);
    expect(pages.get("/theaters/")?.template).toBe("TheatersTemplate");
    for (const theater of content.theaters) {
      const page = pages.get(theater.path ?? "");
      expect(page?.template).toBe("TheaterTemplate");
      expect(page?.context.theaterId).toBe(theater.id);
      const showing = new Set(content.showtimes.filter((s) => s.theaterId === theater.id).map((s) => s.filmId));
      expect((page?.context.films as { id: number }[]).map((f) => f.id).sort()).toEqual([...showing].sort());
      // Each film's first day there; the page carries every showtime there (issue 42: a day strip,
      // not each film's first day only), in the schedule's short form, by start.
      for (const film of page?.context.films as TheaterFilm[]) {
        const there = content.showtimes.filter((s) => s.filmId === film.id && s.theaterId === theater.id);
        const first = there.map((s) => s.localDate).sort()[0];
        expect(film.nextDay?.date).toBe(first);
        expect(film.theaterIds).toEqual([theater.id]);
        // The programme shows every time there: no list card's next showings ride along.
        expect(film).not.toHaveProperty("nextShowings");
      }
      const carried = page?.context.showtimes as ScheduleShowtime[];
      const shown = new Set((page?.context.films as TheaterFilm[]).map((f) => f.id));
      expect(carried.map(([filmId, perfCode]) => `${filmId} ${perfCode}`).sort()).toEqual(
        content.showtimes
          .filter((s) => s.theaterId === theater.id && shown.has(s.filmId))
          .map((s) => `${s.filmId} ${s.perfCode}`)
          .sort(),
      );
      expect(carried.every(([, , theaterId]) => theaterId === theater.id)).toBe(true);
      const starts = carried.map(([, , , startsAt]) => Date.parse(startsAt));
      expect(starts).toEqual([...starts].sort((a, b) => a - b));
    }
    expect(pages.get("/films/")?.context.theaterId).toBeNull();
  });

  // Gatsby's data store gives the theater nodes back in the order of their encoded ids: the US
  // circuit's came back North Lamar, Downtown, Riverside, and /theaters/ listed them so.
  it.each([
    ["in the site's order", ["starlight-downtown", "starlight-riverside", "starlight-north"]],
    ["as Gatsby's data store gave them", ["starlight-north", "starlight-downtown", "starlight-riverside"]],
    ["reversed", ["starlight-north", "starlight-riverside", "starlight-downtown"]],
  ])("a circuit's theaters given %s: listed in the site's order (settings.json theaterIds)", async (_case, given) => {
    const content = await contentOf("starlight");
    const siteOrder = content.runtime.theaters.map((t) => t.id);
    expect(siteOrder).toEqual(["starlight-downtown", "starlight-riverside", "starlight-north"]);
    const theaters = given.map((id) => content.theaters.find((t) => t.id === id)!);
    const plan = planSite({ ...content, theaters });
    const pages = byPath(plan.pages);
    expect((pages.get(THEATERS_PATH)?.context.theaters as { id: string }[]).map((t) => t.id)).toEqual(siteOrder);
    // The theater pages too, and each film's theaters on /films/.
    expect(plan.pages.filter((p) => p.template === "TheaterTemplate").map((p) => p.context.theaterId)).toEqual(
      siteOrder,
    );
    const everywhere = (pages.get("/films/")?.context.films as FilmSummary[]).find((f) => f.theaterIds.length === 3);
    expect(everywhere?.theaterIds).toEqual(siteOrder);
  });

  it.each(["lumiere", "starlight"] as const)(
    "%s: the film list says which day each film plays next, not its showtimes (they weighed 60%% of its data)",
    async (siteId) => {
      const content = await contentOf(siteId);
      const films = byPath(planSite(content).pages).get("/films/")?.context.films as FilmSummary[];
      for (const film of films) {
        const first = content.showtimes
          .filter((s) => s.filmId === film.id)
          .map((s) => s.localDate)
          .sort()[0];
        expect(film.nextDay).toEqual(first === undefined ? null : { date: first });
      }
      expect(films.some((film) => film.nextDay !== null)).toBe(true);
    },
  );

  it.each(["none", "tapos_embedded"] as const)(
    "the booking route exists in every build (embedding mode %s: a tab may enter the mode at run time), keyed by theater code and performance",
    async (embeddingMode) => {
      const content = await contentOf("lumiere");
      const built: SiteContent = {
        ...content,
        runtime: { ...content.runtime, links: { ...content.runtime.links, embeddingMode } },
      };
      const plan = planSite(built);
      const booking = byPath(plan.pages).get("/booking/");
      expect(booking?.template).toBe("BookingTemplate");
      // The index is published beside the pages, not carried by the page.
      const shards = booking?.context.performanceShards as number;
      expect(booking?.context).not.toHaveProperty("performances");
      const files = plan.files.filter((f) => f.path.startsWith(BOOKING_INDEX_DIR));
      expect(files.map((f) => f.path)).toEqual(Array.from({ length: shards }, (_, i) => shardPath(i)));
      const index = Object.assign({}, ...files.map((f) => f.content)) as Record<string, { filmTitle: string }>;
      expect(Object.keys(index)).toHaveLength(content.showtimes.length);
      const theaterCode = content.theaters[0]!.theaterCode;
      for (const s of content.showtimes) {
        const key = bookingKey(theaterCode, s.perfCode);
        const performance = performanceIn(files[shardOf(key, shards)]!.content, key);
        expect(performance?.filmTitle).toBe(content.films.find((f) => f.id === s.filmId)!.title);
        // The booking page names the show's version (issue 45): VF, VO, VOST, or none.
        expect(performance?.version).toBe(versionOf(s.attributes) ?? undefined);
      }
      const versions = new Set(Object.values(index).map((p) => (p as { version?: string }).version));
      expect(versions).toEqual(new Set(["dubbed", "original", "subtitled", undefined]));
    },
  );

  it.each<[string, Partial<DeferFlags>, (page: PlannedPage) => boolean]>([
    ["moviePages defers the film pages", { moviePages: true }, (p) => p.template === "FilmTemplate"],
    [
      "standardPages defers the generic pages but never the home page",
      { standardPages: true },
      (p) => p.template === "GenericTemplate" && p.path !== "/" && !p.matchPath,
    ],
    ["theaterPages defers the theater pages", { theaterPages: true }, (p) => p.template === "TheaterTemplate"],
  ])("spec §3 defer flags: %s, and nothing else", async (_rule, flags, deferred) => {
    const { pages } = planSite(await contentOf("starlight", { ...NO_DEFER, ...flags }));
    for (const page of pages) expect([page.path, page.defer === true]).toEqual([page.path, deferred(page)]);
    expect(pages.some((p) => p.defer)).toBe(true);
  });

  it.each([
    ["deferStandardPages", { standardPages: true, moviePages: false, theaterPages: false }],
    ["deferMoviePages", { standardPages: false, moviePages: true, theaterPages: false }],
    ["deferTheaterPages", { standardPages: false, moviePages: false, theaterPages: true }],
    // No event pages exist: the flag is read and changes nothing.
    ["deferEventPages", NO_DEFER],
  ] as const)("spec §3: the setting %s is the plan's flag", (setting, flags) => {
    const settings = {
      deferStandardPages: false,
      deferMoviePages: false,
      deferTheaterPages: false,
      deferEventPages: false,
      [setting]: true,
    };
    expect(deferFlagsOf(settings)).toEqual(flags);
  });

  it.each(["lumiere", "starlight"] as const)(
    "%s: with every flag off (the default), no page is deferred",
    async (siteId) => {
      const { pages } = planSite(await contentOf(siteId));
      expect(pages.filter((p) => p.defer)).toEqual([]);
    },
  );

  it("a privacy slug without a page gets a placeholder page and a warning", async () => {
    const content = await contentOf("lumiere");
    const withoutPrivacy = { ...content, runtime: { ...content.runtime, privacyPolicyPageSlug: "vie-privee-absente" } };
    const plan = planSite(withoutPrivacy);
    expect(byPath(plan.pages).get("/vie-privee-absente/")?.template).toBe("GenericTemplate");
    expect(plan.warnings).toEqual([
      'privacyPolicyPage.slug "vie-privee-absente" has no page in pages.json; a placeholder is built',
    ]);
  });

  it.each<[string, { fromPath: string; toPath: string; ignoreCase: boolean }[], string[]]>([
    [
      "a row on a path no page has: no warning",
      [{ fromPath: "/now-playing", toPath: "/films/", ignoreCase: true }],
      [],
    ],
    [
      "a row that hides the schedule, in another case: a warning",
      [{ fromPath: "/SEANCES", toPath: "/films/", ignoreCase: true }],
      ["settings.json redirects: a row sends /seances/ to /films/, so visitors never see that built page"],
    ],
    ["the same row, case kept: no page matches", [{ fromPath: "/SEANCES", toPath: "/films/", ignoreCase: false }], []],
  ])("a redirect row over a built page is a build warning: %s", async (_name, redirects, warnings) => {
    const content = await contentOf("lumiere");
    const plan = planSite({ ...content, runtime: { ...content.runtime, redirects } });
    expect(plan.warnings).toEqual(warnings);
  });

  it.each(["lumiere", "starlight"] as const)("%s: the sample sites build without warnings", async (siteId) => {
    expect(planSite(await contentOf(siteId)).warnings).toEqual([]);
  });

  it("serves a film index (id → page) and a film directory (id → title and page) beside the pages", async () => {
    const content = await contentOf("starlight");
    const { files } = planSite(content);
    const film = content.films[0]!;
    expect(files.find((f) => f.path === "/film-index.json")?.content).toMatchObject({ [String(film.id)]: film.path });
    expect(files.find((f) => f.path === "/film-directory.json")?.content).toMatchObject({
      [String(film.id)]: { title: film.title, path: film.path },
    });
    // The search box's index: every film, read back to its page (issue 45), in id order (the index
    // writes ids as steps).
    const index = parseSearchIndex(files.find((f) => f.path === "/film-search.json")?.content);
    expect(index?.map((f) => f.path)).toEqual([...content.films].sort((a, b) => a.id - b.id).map((f) => f.path));
  });

  // Issue 17: a schedule page across every film, and the home page's next showtimes.
  it.each<["lumiere" | "starlight", string]>([
    ["lumiere", "/seances/"],
    ["starlight", "/showtimes/"],
  ])(
    "%s: the schedule is a page per day from %s, each with its day's showtimes and films, linking every day",
    async (siteId, path) => {
      const content = await contentOf(siteId);
      const pages = planSite(content).pages.filter((page) => page.template === "ScheduleTemplate");
      const dates = [...new Set(content.showtimes.map((s) => s.localDate))].sort();
      expect(pages.map((page) => page.path)).toEqual(dates.map((date, i) => (i === 0 ? path : `${path}${date}/`)));
      for (const [i, page] of pages.entries()) {
        const date = dates[i]!;
        expect(page.context.templateName).toBe("schedule");
        expect(page.context.pagePath).toBe(page.path);
        expect(page.context.day).toBe(date);
        const showtimes = fromScheduleShowtimes(page.context.showtimes as ScheduleShowtime[], content.runtime);
        expect(showtimes).toEqual(content.showtimes.filter((s) => s.localDate === date));
        const films = page.context.films as ProgrammeFilmInfo[];
        expect(films.map((f) => f.id).sort()).toEqual([...new Set(showtimes.map((s) => s.filmId))].sort());
        // Only what the programme shows: no synopsis or cast in the schedule's page data.
        expect(Object.keys(films[0]!).sort()).toEqual(["id", "path", "runtimeMinutes", "title"]);
        const days = page.context.days as ScheduleDay[];
        expect(days.map((d) => [d.date, d.path])).toEqual(pages.map((p) => [p.context.day, p.path]));
        const counts: Record<string, number> = {};
        for (const s of showtimes) counts[s.theaterId] = (counts[s.theaterId] ?? 0) + 1;
        expect(days[i]!.counts).toEqual(counts);
      }
      // The later days come and go with the programme: linked from the schedule, not in the sitemap.
      expect(sitemapPaths(pages)).toEqual([path]);
    },
  );

  it.each([
    ["lumiere", "/seances/"],
    ["starlight", "/showtimes/"],
  ] as const)(
    "%s: a static host sends any address under %s without a page to the schedule (302)",
    async (siteId, path) => {
      expect(planSite(await contentOf(siteId)).hostRedirects).toEqual([
        { fromPath: `${path}*`, toPath: path, statusCode: 302 },
        // Issue 43: the build's own files are a 404 there, forced over the files themselves.
        { fromPath: "/webpack.stats.json", toPath: "/404.html", statusCode: 404, force: true },
        { fromPath: "/chunk-map.json", toPath: "/404.html", statusCode: 404, force: true },
      ]);
    },
  );

  it("with nothing scheduled, the schedule is one page that has no day", async () => {
    const content = await contentOf("lumiere");
    const pages = planSite({ ...content, showtimes: [] }).pages.filter((page) => page.template === "ScheduleTemplate");
    expect(pages.map((page) => [page.path, page.context.day, page.context.days, page.context.showtimes])).toEqual([
      ["/seances/", null, [], []],
    ]);
  });

  it("the home page carries the first two days of the programme, no more; other pages none", async () => {
    const content = await contentOf("lumiere");
    const pages = byPath(planSite(content).pages);
    const programme = pages.get("/")?.context.programme as { showtimes: { localDate: string }[]; films: unknown[] };
    const dates = [...new Set(programme.showtimes.map((s) => s.localDate))].sort();
    expect(dates).toEqual(["2026-11-23", "2026-11-24"]);
    expect(programme.showtimes).toHaveLength(content.showtimes.filter((s) => dates.includes(s.localDate)).length);
    expect(programme.films.length).toBeGreaterThan(0);
    expect(pages.get("/cms-preview/")?.context.programme).toBeUndefined();
    expect(pages.get(`/${content.runtime.loginPageSlug}/`)?.context.programme).toBeUndefined();
  });
});

describe("a generic page carries the films its blocks list, not the catalogue", () => {
  it.each(["lumiere", "starlight"] as const)("%s: the home page and its preview", async (siteId) => {
    const content = await contentOf(siteId);
    const pages = byPath(planSite(content).pages);
    const all = pages.get("/films/")?.context.films as FilmSummary[];
    const home = content.pages.find((p) => p.slug === "")!;
    const blocks = home.blocks.flatMap((block) => (block.type === "films" ? [block] : []));
    const listed = new Set(blocks.flatMap((block) => filmsOfBlock(all, block).map((f) => f.id)));
    for (const path of ["/", "/cms-preview/"]) {
      const films = pages.get(path)?.context.films as FilmSummary[];
      expect(films.map((f) => f.id)).toEqual(all.filter((f) => listed.has(f.id)).map((f) => f.id));
      for (const block of blocks) expect(filmsOfBlock(films, block)).toEqual(filmsOfBlock(all, block));
    }
  });

  it("a page without a film block carries none", async () => {
    const content = await contentOf("lumiere");
    const pages = byPath(planSite(content).pages);
    const plain = content.pages.find((p) => p.slug !== "" && !p.blocks.some((b) => b.type === "films"))!;
    expect(pages.get(pagePath(plain.slug))?.context.films).toEqual([]);
  });
});

describe("the sitemap: every film, theater and generic page, and nothing else", () => {
  it.each(["lumiere", "starlight"] as const)("%s", async (siteId) => {
    const content = await contentOf(siteId);
    const { pages } = planSite(content);
    const listed = sitemapPaths(pages);
    const expected = [
      "/films/",
      schedulePath(content.runtime.locale),
      ...content.films.map((film) => film.path),
      ...content.theaters.flatMap((theater) => (theater.path ? [theater.path] : [])),
      ...(content.theaters.length > 1 ? [THEATERS_PATH] : []),
      ...content.pages
        .filter((page) => !pages.some((p) => p.path === pagePath(page.slug) && p.context.noindex === true))
        .filter((page) => pages.some((p) => p.path === pagePath(page.slug) && p.template === "GenericTemplate"))
        .map((page) => pagePath(page.slug)),
    ];
    expect([...listed].sort()).toEqual([...new Set(expected)].sort());
    expect(listed).toContain("/");
    for (const path of listed) expect(path).not.toMatch(/account|cms-preview|booking|__film|404|500|permalink/);
    expect(listed).not.toContain(`/${content.runtime.loginPageSlug}/`);
  });
});

describe("creation order: the catalogue-wide pages spread among the rest", () => {
  const page = (path: string, template: PlannedPage["template"]): PlannedPage =>
    ({ path, template, context: {} }) as unknown as PlannedPage;
  const film = (n: number) => page(`/films/${n}/`, "FilmTemplate");
  const day = (n: number) => page(`/seances/${n}/`, "ScheduleTemplate");
  const list = page("/films/", "FilmsTemplate");
  const order = (pages: PlannedPage[]) => creationOrder(pages).map((p) => p.path);

  itReturnsPerCase(order, [
    ["no page", [], []],
    ["no catalogue-wide page: unchanged", [film(1), film(2)], ["/films/1/", "/films/2/"]],
    ["only catalogue-wide pages: unchanged", [day(1), day(2)], ["/seances/1/", "/seances/2/"]],
    [
      "two among ten: after a third and two thirds of the rest",
      [day(1), day(2), ...Array.from({ length: 10 }, (_, i) => film(i))],
      [
        "/films/0/",
        "/films/1/",
        "/films/2/",
        "/seances/1/",
        "/films/3/",
        "/films/4/",
        "/films/5/",
        "/seances/2/",
      ].concat(["/films/6/", "/films/7/", "/films/8/", "/films/9/"]),
    ],
    [
      "the film list counts as one, each list keeps its order",
      [film(1), list, film(2), day(1), film(3)],
      ["/films/1/", "/films/", "/films/2/", "/seances/1/", "/films/3/"],
    ],
    [
      "more of them than the rest",
      [day(1), day(2), day(3), film(1)],
      ["/seances/1/", "/seances/2/", "/seances/3/", "/films/1/"],
    ],
  ]);

  it("keeps every page of a sample site, and no two schedule days of a circuit side by side", async () => {
    const { pages } = planSite(await contentOf("starlight"));
    const ordered = creationOrder(pages);
    expect([...ordered].sort((a, b) => a.path.localeCompare(b.path))).toEqual(
      [...pages].sort((a, b) => a.path.localeCompare(b.path)),
    );
    const days = ordered.flatMap((p, i) => (p.template === "ScheduleTemplate" ? [i] : []));
    expect(days.length).toBeGreaterThan(1);
    expect(days.every((at, i) => i === 0 || at - days[i - 1]! > 1)).toBe(true);
  });
});
