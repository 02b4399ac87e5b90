import path from "node:path";
import { arr, copySampleSite, obj, SAMPLE_CONFIG_ROOT, type TempSite } from "./__fixtures__/temp-site";
import { versionOf } from "../catalogue/schedule";
import { SiteConfigError, type ConfigProblem } from "./errors";
import { buildMoment, DEFAULT_SITE_ID, loadOptionsFromEnv, loadSiteConfig, type LoadOptions } from "./load";

async function loadError(options: LoadOptions): Promise<SiteConfigError> {
  try {
    await loadSiteConfig(options);
  } catch (error) {
    if (error instanceof SiteConfigError) return error;
    throw error;
  }
  throw new Error("expected loadSiteConfig to throw a SiteConfigError");
}

describe("the sample sites load", () => {
  type SampleSite = {
    siteId: "lumiere" | "starlight";
    /** Locale, country code, time zone, first day of the play week, single location?, loyalty version. */
    settings: { locale: string; code: string; zone: string; week: string; single: boolean; loyalty: number };
    roundness: { buttons: string; content: string };
    /** What only this sample shows. */
    alsoExpect: (config: Awaited<ReturnType<typeof loadSiteConfig>>) => void;
  };
  it.each<[string, SampleSite]>([
    [
      "lumiere: a French single-location cinema",
      {
        siteId: "lumiere",
        settings: { locale: "fr-FR", code: "FR", zone: "Europe/Paris", week: "WED", single: true, loyalty: 3 },
        roundness: { buttons: "MEDIUM", content: "MEDIUM" },
        alsoExpect: (config) => {
          expect(config.settings.circuit).toBeNull();
          expect(config.theaters).toHaveLength(1);
          expect(config.settings.globalExcludedMovieIds).toEqual([1000031466]);
          expect(config.pages.pages.some((p) => p.slug === "")).toBe(true);
        },
      },
    ],
    [
      "starlight: a US circuit of three theaters",
      {
        siteId: "starlight",
        settings: { locale: "en-US", code: "US", zone: "America/Chicago", week: "FRI", single: false, loyalty: 1 },
        roundness: { buttons: "HIGH", content: "NONE" },
        alsoExpect: (config) => {
          expect(config.settings.circuit).toEqual({ id: "STARLIGHT", name: "Starlight Cinemas" });
          expect(config.theaters.map((t) => t.id)).toEqual([
            "starlight-downtown",
            "starlight-riverside",
            "starlight-north",
          ]);
          // Omitted in the file, so the default applies.
          expect(config.settings.relatedEntityType).toBe("Theater");
          // The circuit tries the beta features (the French site keeps the default, off).
          expect(config.settings.betaFeaturesEnabled).toBe(true);
        },
      },
    ],
  ])("%s", async (_name, { siteId, settings, roundness, alsoExpect }) => {
    const config = await loadSiteConfig({ configRoot: SAMPLE_CONFIG_ROOT, siteId });
    expect(config.siteId).toBe(siteId);
    const { locale, country, timeZone, playWeekStartsOn, isSingleLocation, loyalty } = config.settings;
    expect({
      locale,
      code: country.code,
      zone: timeZone,
      week: playWeekStartsOn,
      single: isSingleLocation,
      loyalty: loyalty.version,
    }).toEqual(settings);
    expect(config.theme.roundness).toEqual(roundness);
    alsoExpect(config);
  });
});

type Row = {
  name: string;
  site: "lumiere" | "starlight";
  breakIt: (site: TempSite) => void;
  file: string;
  field: string;
  message: string;
};

/** A theater of theaters.json without a slug, named `name`: its page's URL comes from the name. */
const unsluggedTheater = (index: number, name: string) => (s: TempSite) =>
  s.editJson("theaters.json", (d) => {
    const theater = obj(arr(d.theaters)[index]);
    delete theater.slug;
    theater.name = name;
  });

const rows: Row[] = [
  {
    name: "wrong type: loyalty.version 2",
    site: "lumiere",
    breakIt: (s) => s.editJson("settings.json", (d) => (obj(d.loyalty).version = 2)),
    file: "settings.json",
    field: "loyalty.version",
    message: "expected 1 or 3 (received 2)",
  },
  {
    name: "wrong type: isSingleLocation as a string",
    site: "lumiere",
    breakIt: (s) => s.editJson("settings.json", (d) => (d.isSingleLocation = "true")),
    file: "settings.json",
    field: "isSingleLocation",
    message: "expected boolean",
  },
  {
    name: "misspelled field: timezone",
    site: "lumiere",
    breakIt: (s) =>
      s.editJson("settings.json", (d) => {
        d.timezone = d.timeZone;
        delete d.timeZone;
      }),
    file: "settings.json",
    field: "timezone",
    message: "unknown field",
  },
  {
    name: "unknown nested field: loyalty.sessionTimout",
    site: "starlight",
    breakIt: (s) => s.editJson("settings.json", (d) => (obj(d.loyalty).sessionTimout = 12)),
    file: "settings.json",
    field: "loyalty.sessionTimout",
    message: "unknown field",
  },
  {
    name: "missing required field: settings name",
    site: "starlight",
    breakIt: (s) => s.editJson("settings.json", (d) => delete d.name),
    file: "settings.json",
    field: "name",
    message: "expected string, received undefined (missing)",
  },
  {
    name: "missing required field: a theater's city",
    site: "starlight",
    breakIt: (s) => s.editJson("theaters.json", (d) => delete obj(obj(arr(d.theaters)[1]).address).city),
    file: "theaters.json",
    field: "theaters[1].address.city",
    message: "(missing)",
  },
  {
    name: "invalid JSON (trailing comma)",
    site: "lumiere",
    breakIt: (s) => s.writeText("settings.json", s.readText("settings.json").replace(/\}\s*$/, ",}")),
    file: "settings.json",
    field: "",
    message: 'a property name in double quotes was expected (JSON allows no comma before "}")',
  },
  {
    name: "an empty file",
    site: "starlight",
    breakIt: (s) => s.writeText("pages.json", "\n"),
    file: "pages.json",
    field: "",
    message: "empty: expected JSON text",
  },
  {
    name: "text without double quotes",
    site: "starlight",
    breakIt: (s) => s.writeText("theaters.json", "{ theaters: [] }"),
    file: "theaters.json",
    field: "",
    message: "not valid JSON at line 1, column 3: not a JSON value",
  },
  {
    name: "missing file: theme.json",
    site: "lumiere",
    breakIt: (s) => s.remove("theme.json"),
    file: "theme.json",
    field: "",
    message: "file not found",
  },
  {
    name: "missing file: catalogue.json",
    site: "starlight",
    breakIt: (s) => s.remove("catalogue.json"),
    file: "catalogue.json",
    field: "",
    message: "file not found",
  },
  {
    name: "bad colour",
    site: "lumiere",
    breakIt: (s) => s.editJson("theme.json", (d) => (obj(obj(d.colors).palette).primary = "crimson")),
    file: "theme.json",
    field: "colors.palette.primary",
    message: 'expected a hex colour such as "#1a2b3c" (received "crimson")',
  },
  {
    name: 'bad time "25:00"',
    site: "lumiere",
    breakIt: (s) => s.editJson("catalogue.json", (d) => (obj(arr(d.programme)[0]).times = ["25:00", "18:15"])),
    file: "catalogue.json",
    field: "programme[0].times[0]",
    message: 'expected a 24-hour time such as "20:30" (received "25:00")',
  },
  {
    name: "unknown theaterId in programme",
    site: "starlight",
    breakIt: (s) => s.editJson("catalogue.json", (d) => (obj(arr(d.programme)[2]).theaterId = "starlight-south")),
    file: "catalogue.json",
    field: "programme[2].theaterId",
    message:
      'unknown theater "starlight-south"; theaters.json defines: starlight-downtown, starlight-riverside, starlight-north',
  },
  {
    name: "unknown film id in programme",
    site: "lumiere",
    breakIt: (s) => s.editJson("catalogue.json", (d) => (obj(arr(d.programme)[1]).filmId = 42)),
    file: "catalogue.json",
    field: "programme[1].filmId",
    message: "unknown film id 42",
  },
  {
    name: "programme ends before it starts",
    site: "lumiere",
    breakIt: (s) => s.editJson("catalogue.json", (d) => (obj(arr(d.programme)[7]).until = "2026-11-30")),
    file: "catalogue.json",
    field: "programme[7].until",
    message: "ends (2026-11-30) before it starts (2026-12-02)",
  },
  {
    name: "duplicate film id",
    site: "lumiere",
    breakIt: (s) => s.editJson("catalogue.json", (d) => arr(d.films).push({ ...obj(arr(d.films)[0]), title: "Copie" })),
    file: "catalogue.json",
    field: "films[9].id",
    message: "duplicate film id 1000021001",
  },
  {
    name: "duplicate page slug",
    site: "lumiere",
    breakIt: (s) => s.editJson("pages.json", (d) => (obj(arr(d.pages)[2]).slug = "infos-pratiques")),
    file: "pages.json",
    field: "pages[2].slug",
    message: '"infos-pratiques" is already used by pages[1]',
  },
  {
    name: "no home page",
    site: "starlight",
    breakIt: (s) => s.editJson("pages.json", (d) => (obj(arr(d.pages)[0]).slug = "home")),
    file: "pages.json",
    field: "pages",
    message: 'expected a home page (a page with slug "")',
  },
  {
    name: "single-location site with 2 theaters",
    site: "lumiere",
    breakIt: (s) => {
      s.editJson("theaters.json", (d) =>
        arr(d.theaters).push({ ...obj(arr(d.theaters)[0]), id: "lumiere-seynod", slug: "seynod" }),
      );
      s.editJson("settings.json", (d) => arr(d.theaterIds).push("lumiere-seynod"));
    },
    file: "settings.json",
    field: "theaterIds",
    message: "a single-location site has exactly one theater",
  },
  {
    name: "circuit site with no circuit",
    site: "starlight",
    breakIt: (s) => s.editJson("settings.json", (d) => delete d.circuit),
    file: "settings.json",
    field: "circuit",
    message: "a circuit site (isSingleLocation false) needs circuit {id, name}",
  },
  {
    name: "two pages with the same id (the second would replace the first, the home page here)",
    site: "lumiere",
    breakIt: (s) => s.editJson("pages.json", (d) => (obj(arr(d.pages)[1]).id = "home")),
    file: "pages.json",
    field: "pages[1].id",
    message: '"home" is already used by pages[0]',
  },
  ...[
    "films",
    "seances",
    "showtimes",
    "account",
    "booking",
    "theaters",
    "404",
    "site-assets",
    "api",
    "films/archives",
  ].map((slug): Row => ({
    name: `a page at the platform's own path: ${slug}`,
    site: "lumiere",
    breakIt: (s) => s.editJson("pages.json", (d) => (obj(arr(d.pages)[4]).slug = slug)),
    file: "pages.json",
    field: "pages[4].slug",
    message: `"/${slug.split("/")[0]}/" is a path the platform builds itself`,
  })),
  {
    name: "the login page at the platform's own path",
    site: "starlight",
    breakIt: (s) => s.editJson("settings.json", (d) => (d.loginPage = { slug: "account" })),
    file: "settings.json",
    field: "loginPage.slug",
    message: '"/account/" is a path the platform builds itself',
  },
  {
    name: "terms of use that name no page of the site (issue 46: sign-up links to them)",
    site: "lumiere",
    breakIt: (s) => s.editJson("settings.json", (d) => (d.termsPage = { slug: "conditions" })),
    file: "settings.json",
    field: "termsPage.slug",
    message: 'expected the slug of a page in pages.json: "conditions" is none',
  },
  {
    name: "a theater listed twice",
    site: "starlight",
    breakIt: (s) => s.editJson("settings.json", (d) => arr(d.theaterIds).push("starlight-downtown")),
    file: "settings.json",
    field: "theaterIds[3]",
    message: '"starlight-downtown" is already listed at theaterIds[0]',
  },
  {
    name: "two theaters with the same slug",
    site: "starlight",
    breakIt: (s) => s.editJson("theaters.json", (d) => (obj(arr(d.theaters)[2]).slug = "downtown")),
    file: "theaters.json",
    field: "theaters[2].slug",
    message: "the theater's page would be /theaters/downtown/, as theaters[0]'s is",
  },
  {
    name: "a theater without a slug whose name makes another's",
    site: "starlight",
    breakIt: unsluggedTheater(1, "Downtown"),
    file: "theaters.json",
    field: "theaters[1].name",
    message: "the theater's page would be /theaters/downtown/, as theaters[0]'s is",
  },
  {
    name: "a theater whose name makes no URL",
    site: "starlight",
    breakIt: unsluggedTheater(1, "影院"),
    file: "theaters.json",
    field: "theaters[1].name",
    message: '"影院" gives no URL for the theater\'s page: set slug',
  },
  {
    name: "a theater with no code, whose id cannot serve as one",
    site: "lumiere",
    breakIt: (s) => {
      s.editJson("theaters.json", (d) => {
        const theater = obj(arr(d.theaters)[0]);
        delete theater.theaterCode;
        theater.id = "Lumière Annecy/1";
      });
      s.editJson("settings.json", (d) => (d.theaterIds = ["Lumière Annecy/1"]));
      s.editJson("catalogue.json", (d) => arr(d.programme).forEach((row) => (obj(row).theaterId = "Lumière Annecy/1")));
    },
    file: "theaters.json",
    field: "theaters[0].theaterCode",
    message: 'booking links would carry the id "Lumière Annecy/1"',
  },
  {
    name: "a logo that is not in the assets folder",
    site: "lumiere",
    breakIt: (s) => s.editJson("settings.json", (d) => (obj(d.logo).src = "/site-assets/logo-2026.svg")),
    file: "settings.json",
    field: "logo.src",
    message: '"/site-assets/logo-2026.svg" is not in the site\'s assets folder',
  },
  {
    name: "a poster that is not in the assets folder",
    site: "starlight",
    breakIt: (s) =>
      s.editJson("catalogue.json", (d) => (obj(obj(arr(d.films)[0]).poster).src = "/site-assets/posters/missing.svg")),
    file: "catalogue.json",
    field: "films[0].poster.src",
    message: '"/site-assets/posters/missing.svg" is not in the site\'s assets folder',
  },
  {
    name: "a file saved as Latin-1",
    site: "lumiere",
    breakIt: (s) => s.writeBytes("settings.json", Buffer.from(s.readText("settings.json"), "latin1")),
    file: "settings.json",
    field: "",
    message: "not UTF-8 text (line 3): save the file as UTF-8",
  },
  {
    name: "invalid JSON names the line and column",
    site: "lumiere",
    breakIt: (s) => s.writeText("theme.json", '{\n  "colors": {\n    "palette": ,\n  }\n}'),
    file: "theme.json",
    field: "",
    message: "at line 3, column 16",
  },
  {
    name: "settings gives a grace after a show's start over half an hour (issue 42)",
    site: "lumiere",
    breakIt: (s) => s.editJson("settings.json", (d) => (d.bookableAfterStartMinutes = 45)),
    file: "settings.json",
    field: "bookableAfterStartMinutes",
    message: "expected a number from 0 to 30 (received 45)",
  },
  {
    name: "a theater's amenity is empty (issue 42)",
    site: "starlight",
    breakIt: (s) => s.editJson("theaters.json", (d) => (obj(arr(d.theaters)[0]).amenities = ["Bar", ""])),
    file: "theaters.json",
    field: "theaters[0].amenities[1]",
    message: ">=1 characters",
  },
  {
    name: "settings names a theater theaters.json does not define",
    site: "starlight",
    breakIt: (s) => s.editJson("settings.json", (d) => (arr(d.theaterIds)[2] = "starlight-nort")),
    file: "settings.json",
    field: "theaterIds[2]",
    message: 'unknown theater "starlight-nort"',
  },
];

// Issue 45: the home page sells "VO comme VF", so the sample programmes say which runs are in which
// version (versionOf: VF dubbed, VO original, VOST original with subtitles); a film in the site's
// own language names none ("own").
describe("the sample catalogues' versions, film by film", () => {
  it.each<[string, "lumiere" | "starlight", Record<number, string[]>]>([
    [
      "lumiere: VF, VO and VOST for the foreign films, nothing for the French ones",
      "lumiere",
      {
        1000021001: ["own"],
        1000021002: ["dubbed", "original"], // Orbite basse (Low Orbit): VF 14:15 and 17:30, VO 20:30
        1000021003: ["own"],
        1000021004: ["own"],
        1000021005: ["dubbed", "subtitled"], // The Quiet Hours: VOST Monday and Thursday, VF Tuesday and Friday
        1000021006: ["own"],
        1000021007: ["own"],
        1000031466: ["own"],
      },
    ],
    [
      "starlight: the French film with subtitles, Low Orbit's original version at North Lamar",
      "starlight",
      {
        2048: ["original", "own"],
        2049: ["own"],
        2050: ["own"],
        2051: ["own"],
        2052: ["own"],
        2053: ["subtitled"], // The Last Rope (La Dernière Cordée)
        2054: ["own"],
      },
    ],
  ])("%s", async (_name, siteId, expected) => {
    const { catalogue } = await loadSiteConfig({ configRoot: SAMPLE_CONFIG_ROOT, siteId });
    const versions: Record<number, Set<string>> = {};
    for (const entry of catalogue.programme)
      (versions[entry.filmId] ??= new Set()).add(versionOf(entry.attributes) ?? "own");
    expect(Object.fromEntries(Object.entries(versions).map(([id, set]) => [id, [...set].sort()]))).toEqual(expected);
  });

  it("between them, lumiere's runs have every version", async () => {
    const { catalogue } = await loadSiteConfig({ configRoot: SAMPLE_CONFIG_ROOT, siteId: "lumiere" });
    const versions = new Set(catalogue.programme.map((entry) => versionOf(entry.attributes) ?? "own"));
    expect([...versions].sort()).toEqual(["dubbed", "original", "own", "subtitled"]);
  });
});

describe("a broken site config fails with a SiteConfigError naming file, field and what was expected", () => {
  let site: TempSite | undefined;
  afterEach(() => site?.cleanup());

  it.each(rows)("$name", async ({ site: siteId, breakIt, file, field, message }) => {
    site = copySampleSite(siteId);
    breakIt(site);
    const error = await loadError({ configRoot: site.configRoot, siteId });

    expect(error.problems).toEqual<ConfigProblem[]>([
      { file: expect.any(String), field, message: expect.stringContaining(message) },
    ]);
    const [problem] = error.problems;
    // A path relative to the working directory, ending in the site folder and file name.
    expect(path.isAbsolute(problem?.file ?? "/")).toBe(false);
    expect(problem?.file.endsWith(path.join(siteId, file))).toBe(true);
    expect(path.resolve(problem?.file ?? "")).toBe(path.join(site.siteDir, file));

    expect(error.message).toContain(`Site "${siteId}" cannot be built`);
    expect(error.message).toContain(`${problem?.file} › ${field || "(whole file)"}: `);
    expect(error.message).toContain(message);
    expect(error.message).not.toContain("    at ");
  });

  it("lists every problem in every file, not just the first", async () => {
    site = copySampleSite("lumiere");
    site.editJson("settings.json", (d) => (obj(d.loyalty).version = 2));
    site.editJson("theme.json", (d) => (obj(obj(d.colors).palette).muted = "grey"));
    site.remove("pages.json");
    const error = await loadError({ configRoot: site.configRoot, siteId: "lumiere" });
    expect(error.problems.map((p) => [path.basename(p.file), p.field]).sort()).toEqual([
      ["pages.json", ""],
      ["settings.json", "loyalty.version"],
      ["theme.json", "colors.palette.muted"],
    ]);
    expect(error.message).toContain("3 problems");
  });

  it("names the files relative to the working directory", async () => {
    const error = await loadError({ configRoot: SAMPLE_CONFIG_ROOT, siteId: "nowhere" });
    expect(error.problems.map((p) => p.file).sort()).toEqual(
      ["catalogue.json", "pages.json", "settings.json", "theaters.json", "theme.json"].map((f) =>
        path.relative(process.cwd(), path.join(SAMPLE_CONFIG_ROOT, "nowhere", f)),
      ),
    );
    for (const p of error.problems) expect(p.message).toBe("file not found");
  });

  it.each(["../lumiere", "Lumiere", "", "lumiere/x", "-lumiere"])(
    "refuses the site id %j before reading anything",
    async (siteId) => {
      const error = await loadError({ configRoot: SAMPLE_CONFIG_ROOT, siteId });
      expect(error.problems).toEqual([
        { file: "SITE", field: "", message: expect.stringContaining("expected a site id") },
      ]);
    },
  );
});

describe("what the checks let through, and what else they catch", () => {
  let site: TempSite | undefined;
  afterEach(() => site?.cleanup());

  it("reads a file that starts with a byte-order mark, as some Windows editors save it", async () => {
    site = copySampleSite("lumiere");
    site.writeText("settings.json", `\uFEFF${site.readText("settings.json")}`);
    const config = await loadSiteConfig({ configRoot: site.configRoot, siteId: "lumiere" });
    expect(config.settings.name).toBe("Cinéma Lumière");
  });

  it("names every image that the missing assets folder should hold", async () => {
    site = copySampleSite("starlight");
    site.remove("assets");
    const error = await loadError({ configRoot: site.configRoot, siteId: "starlight" });
    const posters = JSON.parse(site.readText("catalogue.json")) as { films: { poster?: unknown }[] };
    const withPoster = posters.films.flatMap((film, i) => (film.poster ? [`films[${i}].poster.src`] : []));
    expect(error.problems.map((p) => p.field)).toEqual(["logo.src", ...withPoster]);
    for (const problem of error.problems) expect(problem.message).toContain("is not in the site's assets folder");
  });

  it.each<[string, string | undefined, string | null]>([
    ["unset: now", undefined, "2026-11-25T12:00:00.000Z"],
    ["a date", "2026-11-23", "2026-11-23T00:00:00.000Z"],
    ["a UTC date-time", "2026-11-23T08:00:00.000Z", "2026-11-23T08:00:00.000Z"],
    ["a date-time with an offset", "2026-11-23T09:00:00+01:00", "2026-11-23T08:00:00.000Z"],
    ["a word", "tomorrow", null],
    ["a French date", "23/11/2026", null],
    ["an impossible date", "2026-02-30", null],
    ["an impossible time", "2026-11-23T25:00:00Z", null],
  ])("BUILD_DATE %s", (_case, value, expected) => {
    const moment = buildMoment(value, () => new Date("2026-11-25T12:00:00Z"));
    if (expected === null) {
      expect(moment).toEqual({
        file: "BUILD_DATE",
        field: "",
        message: expect.stringContaining("expected an ISO date"),
      });
    } else {
      expect(moment).toEqual(new Date(expected));
    }
  });

  it("refuses a bad BUILD_DATE before the build reads it, naming the setting", async () => {
    const error = await loadError({
      ...loadOptionsFromEnv({ SITE_CONFIG_DIR: SAMPLE_CONFIG_ROOT, BUILD_DATE: "tomorrow" }),
    });
    expect(error.problems).toEqual([
      { file: "BUILD_DATE", field: "", message: expect.stringContaining('(received "tomorrow")') },
    ]);
    expect(error.message).toContain(
      'BUILD_DATE (deploy setting): expected an ISO date or date-time such as "2026-11-23"',
    );
  });
});

describe("CATALOGUE_URL: the catalogue comes from a feed", () => {
  const url = "https://feed.example.com/lumiere/catalogue.json";
  let site: TempSite | undefined;
  afterEach(() => site?.cleanup());

  function respond(body: string, status = 200): typeof fetch {
    return async () => new Response(body, { status });
  }

  it("loads the feed instead of catalogue.json", async () => {
    site = copySampleSite("lumiere");
    const feed = JSON.parse(site.readText("catalogue.json")) as { films: unknown[]; programme: unknown[] };
    const calls: string[] = [];
    site.remove("catalogue.json");
    const config = await loadSiteConfig({
      configRoot: site.configRoot,
      siteId: "lumiere",
      catalogueUrl: url,
      fetchImpl: async (input) => {
        calls.push(String(input));
        return new Response(JSON.stringify({ films: feed.films.slice(0, 1), programme: feed.programme.slice(0, 1) }));
      },
    });
    expect(calls).toEqual([url]);
    expect(config.catalogue.films.map((f) => f.id)).toEqual([1000021001]);
    expect(config.catalogue.programme).toHaveLength(1);
  });

  it.each<[string, typeof fetch, string, string]>([
    [
      "the request fails",
      async () => {
        throw new TypeError("fetch failed");
      },
      "",
      "the feed could not be fetched: fetch failed",
    ],
    ["the feed answers HTTP 500", respond("Internal Server Error", 500), "", "the feed answered HTTP 500"],
    ["the feed answers HTTP 404", respond("Not Found", 404), "", "the feed answered HTTP 404"],
    ["the feed is not JSON", respond("<html>maintenance</html>"), "", "not valid JSON"],
    ["the feed is truncated JSON", respond('{"films": [{"id": 1'), "", "not valid JSON"],
    [
      "the feed breaks the schema",
      respond(JSON.stringify({ films: [], programme: [{ filmId: 1, theaterId: "lumiere-annecy", times: ["25:00"] }] })),
      "programme[0].times[0]",
      'expected a 24-hour time such as "20:30" (received "25:00")',
    ],
    ["the feed has no films list", respond(JSON.stringify({ programme: [] })), "films", "(missing)"],
    [
      "the feed lists no films",
      respond(JSON.stringify({ films: [], programme: [] })),
      "films",
      "the feed lists no films",
    ],
    [
      "the feed is not UTF-8",
      async () => new Response(Buffer.from('{"films": [{"id": 1, "title": "Cinéma"}], "programme": []}', "latin1")),
      "",
      "not UTF-8 text (line 1)",
    ],
  ])("fails the build when %s", async (_case, fetchImpl, field, message) => {
    site = copySampleSite("lumiere");
    const error = await loadError({ configRoot: site.configRoot, siteId: "lumiere", catalogueUrl: url, fetchImpl });
    expect(error.problems).toEqual([
      { file: `CATALOGUE_URL (${url})`, field, message: expect.stringContaining(message) },
    ]);
    expect(error.message).toContain(`CATALOGUE_URL (${url}) › ${field || "(whole file)"}: `);
    expect(error.message).not.toContain("    at ");
  });

  it("blames the feed, not catalogue.json, for a programme row naming an unknown theater", async () => {
    site = copySampleSite("lumiere");
    const feed = {
      films: [{ id: 1, title: "Film" }],
      programme: [{ filmId: 1, theaterId: "elsewhere", times: ["20:00"] }],
    };
    const error = await loadError({
      configRoot: site.configRoot,
      siteId: "lumiere",
      catalogueUrl: url,
      fetchImpl: respond(JSON.stringify(feed)),
    });
    expect(error.problems).toEqual([
      {
        file: `CATALOGUE_URL (${url})`,
        field: "programme[0].theaterId",
        message: expect.stringContaining('unknown theater "elsewhere"'),
      },
    ]);
  });
});

describe("loadOptionsFromEnv", () => {
  const none = { ticketingUrl: undefined, embeddingMode: undefined };
  it("defaults to the lumiere site in ./site-config with the local catalogue", () => {
    expect(DEFAULT_SITE_ID).toBe("lumiere");
    expect(loadOptionsFromEnv({}, "/srv/app")).toEqual({
      configRoot: "/srv/app/site-config",
      siteId: "lumiere",
      catalogueUrl: undefined,
      overrides: none,
    });
  });

  it("treats empty settings as unset", () => {
    expect(
      loadOptionsFromEnv(
        { SITE: "", SITE_CONFIG_DIR: "", CATALOGUE_URL: "", TICKETING_URL: "", EMBEDDING_MODE: "" },
        "/srv/app",
      ),
    ).toEqual({
      configRoot: "/srv/app/site-config",
      siteId: "lumiere",
      catalogueUrl: undefined,
      overrides: none,
    });
  });

  it.each([
    [
      { SITE: "starlight" },
      { configRoot: "/srv/app/site-config", siteId: "starlight", catalogueUrl: undefined, overrides: none },
    ],
    [
      { SITE_CONFIG_DIR: "configs/prod" },
      { configRoot: "/srv/app/configs/prod", siteId: "lumiere", catalogueUrl: undefined, overrides: none },
    ],
    [
      { SITE_CONFIG_DIR: "/etc/sites" },
      { configRoot: "/etc/sites", siteId: "lumiere", catalogueUrl: undefined, overrides: none },
    ],
    [
      { CATALOGUE_URL: "https://feed.example.com/c.json" },
      {
        configRoot: "/srv/app/site-config",
        siteId: "lumiere",
        catalogueUrl: "https://feed.example.com/c.json",
        overrides: none,
      },
    ],
    [
      { TICKETING_URL: "http://127.0.0.1:9410/ticketing", EMBEDDING_MODE: "tapos_embedded" },
      {
        configRoot: "/srv/app/site-config",
        siteId: "lumiere",
        catalogueUrl: undefined,
        overrides: { ticketingUrl: "http://127.0.0.1:9410/ticketing", embeddingMode: "tapos_embedded" },
      },
    ],
  ])("reads %j", (env, expected) => {
    expect(loadOptionsFromEnv(env, "/srv/app")).toEqual(expected);
  });

  // Deploy settings that replace a settings.json value are validated like the file's own field.
  it.each([
    [
      { ticketingUrl: "http://127.0.0.1:9410/ticketing" },
      { ticketingUrl: "http://127.0.0.1:9410/ticketing", embeddingMode: "none" },
    ],
    [
      { embeddingMode: "tapos_embedded" },
      { ticketingUrl: "https://billetterie.cinema-lumiere.fr", embeddingMode: "tapos_embedded" },
    ],
  ])("applies the overrides %j", async (overrides, expected) => {
    const config = await loadSiteConfig({ configRoot: SAMPLE_CONFIG_ROOT, siteId: "lumiere", overrides });
    expect(config.settings).toMatchObject(expected);
  });

  it.each([
    [{ ticketingUrl: "ftp://tickets" }, "TICKETING_URL"],
    [{ ticketingUrl: "https://tickets.example.com/" }, "TICKETING_URL"],
    [{ embeddingMode: "iframe" }, "EMBEDDING_MODE"],
  ])("names the deploy setting when an override is invalid: %j", async (overrides, file) => {
    const error: unknown = await loadSiteConfig({ configRoot: SAMPLE_CONFIG_ROOT, siteId: "lumiere", overrides }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SiteConfigError);
    expect((error as SiteConfigError).problems).toEqual([{ file, field: "", message: expect.any(String) }]);
  });

  it("loads the sample site named by SITE", async () => {
    const config = await loadSiteConfig(loadOptionsFromEnv({ SITE: "starlight", SITE_CONFIG_DIR: SAMPLE_CONFIG_ROOT }));
    expect(config.siteId).toBe("starlight");
  });
});
