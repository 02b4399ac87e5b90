// Which pages a site is made of (brief §1, spec §2 "Page routes"), as data: gatsby-node.ts reads
// the nodes, hands them here and calls createPage for each planned page. Keeping the plan pure
// lets it be tested without a Gatsby build.
import { toFilmShowtime, toScheduleShowtime } from "../catalogue/film-showtimes";
import { listableShowtimes } from "../catalogue/next-showtimes";
import { buildSearchIndex, FILM_SEARCH_INDEX_PATH } from "../catalogue/search-index";
import { versionOf, type ScheduleDay } from "../catalogue/schedule";
import type { Film, Showtime, Theater } from "../catalogue/types";
import type { PageConfig } from "../config/pages";
import { ACCOUNT_PATH } from "../member/account/routes";
import { FILM_DIRECTORY_PATH, type FilmDirectory } from "../member/favourites/film-directory";
import { findRedirect } from "../links/redirects";
import { BOOKING_PATH, PREVIEW_PATH_PREFIX } from "../links/rules";
import { buildPageContext, type PageContext, type TemplateName } from "../runtime/page-context";
import { bookingKey, shardIndex, shardPath, type PerformanceIndex } from "./booking-key";
import {
  filmsOfBlocks,
  summariseFilm,
  theaterFilm,
  theaterShowtimes,
  type FilmSummary,
  type ProgrammeFilmInfo,
} from "./contexts";
import type { SiteRuntime } from "./model";
import { OFFLINE_PAGE_PATH } from "../offline/paths";
import {
  FILM_INDEX_PATH,
  pagePath,
  PERMALINK_PREFIXES,
  PLATFORM_SEGMENTS,
  scheduleDayPath,
  schedulePath,
  THEATERS_PATH,
  BUILD_INTERNAL_FILES,
} from "../lib/paths";

export { PERMALINK_PREFIXES, PLATFORM_SEGMENTS };

/** The page templates, by file name under src/templates/. */
export type TemplateFile =
  | "FilmsTemplate"
  | "FilmTemplate"
  | "FilmFallbackTemplate"
  | "GenericTemplate"
  | "LoginTemplate"
  | "AccountTemplate"
  | "TheatersTemplate"
  | "TheaterTemplate"
  | "BookingTemplate"
  | "ScheduleTemplate"
  | "NotFoundTemplate"
  | "ServerErrorTemplate"
  | "OfflineTemplate";

export type PlannedPage = {
  path: string;
  /** Client-side routes: every path under it renders this page. */
  matchPath?: string;
  template: TemplateFile;
  /** Gatsby's deferred static generation (spec §3 defer flags). */
  defer?: boolean;
  /** A page that lives a few days (a later day of the schedule): linked, but not in the sitemap. */
  shortLived?: boolean;
  context: PageContext & Record<string, unknown>;
};

export type DeferFlags = { standardPages: boolean; moviePages: boolean; theaterPages: boolean };

/**
 * The settings' defer flags (spec §3) as the plan reads them. `deferEventPages` has nothing to
 * act on: the product has no event pages (docs/decisions.md).
 */
export function deferFlagsOf(settings: {
  deferStandardPages: boolean;
  deferMoviePages: boolean;
  deferTheaterPages: boolean;
  deferEventPages: boolean;
}): DeferFlags {
  return {
    standardPages: settings.deferStandardPages,
    moviePages: settings.deferMoviePages,
    theaterPages: settings.deferTheaterPages,
  };
}

export type SiteContent = {
  runtime: SiteRuntime;
  deferFlags: DeferFlags;
  /** In any order: the plan lists them in the site's (`runtime.theaters`, settings.json theaterIds). */
  theaters: Theater[];
  /** In catalogue order. */
  films: Film[];
  pages: PageConfig[];
  showtimes: Showtime[];
};

/** The kinds of page a search engine should find: the programme, the films, the theaters, the operator's pages. */
const SEARCHABLE_TEMPLATES: ReadonlySet<TemplateFile> = new Set<TemplateFile>([
  "GenericTemplate",
  "FilmsTemplate",
  "FilmTemplate",
  "ScheduleTemplate",
  "TheatersTemplate",
  "TheaterTemplate",
]);

/**
 * The paths the sitemap lists: every film, theater and generic page (the home page, the film list
 * and the schedule among them), and nothing else: no sign-in, account, booking, preview, error or
 * fallback page, no client-side route, no page marked noindex, no short-lived page.
 */
export function sitemapPaths(pages: readonly PlannedPage[]): string[] {
  return pages
    .filter(
      (page) =>
        SEARCHABLE_TEMPLATES.has(page.template) && !page.matchPath && page.context.noindex !== true && !page.shortLived,
    )
    .map((page) => page.path);
}

/** Pages that grow with the catalogue: the film list, and each day of the schedule (all its showtimes). */
const CATALOGUE_WIDE_TEMPLATES: ReadonlySet<TemplateFile> = new Set<TemplateFile>([
  "FilmsTemplate",
  "ScheduleTemplate",
]);

/**
 * The plan's pages in the order to create them, the catalogue-wide ones spread evenly among the
 * rest (each list keeps its own order). Gatsby renders pages in creation order, 50 at a time and
 * all of a batch at once in one worker, then reads every page's HTML back (slice stitching, 25 at a
 * time). Side by side, a circuit's 14 schedule days (about 5 MB of HTML each at 10,000 films)
 * were in memory together: the build's peak.
 */
export function creationOrder(pages: readonly PlannedPage[]): PlannedPage[] {
  const wide = pages.filter((page) => CATALOGUE_WIDE_TEMPLATES.has(page.template));
  const rest = pages.filter((page) => !CATALOGUE_WIDE_TEMPLATES.has(page.template));
  const ordered: PlannedPage[] = [];
  let next = 0;
  rest.forEach((page, index) => {
    // The i-th wide page goes after (i + 1) / (wide + 1) of the rest.
    while (next < wide.length && Math.floor(((next + 1) * rest.length) / (wide.length + 1)) <= index) {
      ordered.push(wide[next]!);
      next += 1;
    }
    ordered.push(page);
  });
  return [...ordered, ...wide.slice(next)];
}

/** Days with shows the home page carries for its "next showtimes" (today's and the next day with shows). */
export const HOME_PROGRAMME_DAYS = 2;

/** A JSON file served beside the pages. */
export type PlannedFile = { path: string; content: unknown };

/**
 * A rule for a static host (gatsby-adapter-netlify's _redirects), not applied in the browser. Not
 * forced: the host applies it only where no built file answers the path.
 */
export type HostRedirect = { fromPath: string; toPath: string; statusCode: 302 | 404; force?: true };

/**
 * What the build keeps in public/ for itself (the page renderer of the deferred pages reads them
 * from disk) and a static host must not serve (issue 43): forced 404s, since the files are there.
 * The production server leaves them out of what it serves (src/server/http/site-files.ts).
 */
export const BUILD_INTERNAL_HOST_RULES: readonly HostRedirect[] = BUILD_INTERNAL_FILES.map((fromPath) => ({
  fromPath,
  toPath: "/404.html",
  statusCode: 404,
  force: true,
}));
export type SitePlan = {
  pages: PlannedPage[];
  files: PlannedFile[];
  hostRedirects: HostRedirect[];
  warnings: string[];
};

/**
 * A static host's stand-in for the production server's dated schedule rule (src/server/http/dated-schedule.ts,
 * which knows the site's today): any address under the schedule's folder without a page of its own
 * (today's, a past day's, one past the built range) goes to the schedule page, never to a 404
 * (issue 42). A day past the range lands on the first day, not the last (docs/decisions.md).
 */
export const scheduleHostRedirect = (locale: string): HostRedirect => ({
  fromPath: `${schedulePath(locale)}*`,
  toPath: schedulePath(locale),
  statusCode: 302,
});

function showtimesByFilmOf(showtimes: readonly Showtime[]): Map<number, Showtime[]> {
  const byFilm = new Map<number, Showtime[]>();
  for (const showtime of showtimes) {
    const list = byFilm.get(showtime.filmId) ?? [];
    list.push(showtime);
    byFilm.set(showtime.filmId, list);
  }
  for (const list of byFilm.values()) list.sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  return byFilm;
}

const filmBlocksOf = (page: PageConfig) => page.blocks.flatMap((block) => (block.type === "films" ? [block] : []));

/** The schedule's pages, one per day with showtimes; one page saying so when there is none. */
function scheduleDayPages(
  showtimes: readonly Showtime[],
  films: readonly ProgrammeFilmInfo[],
  locale: string,
  context: (at: string) => PageContext,
): PlannedPage[] {
  const byDay = new Map<string, Showtime[]>();
  for (const showtime of showtimes) {
    const list = byDay.get(showtime.localDate) ?? [];
    list.push(showtime);
    byDay.set(showtime.localDate, list);
  }
  const dates = [...byDay.keys()].sort();
  const days: ScheduleDay[] = dates.map((date, index) => {
    const counts: Record<string, number> = {};
    for (const s of byDay.get(date)!) counts[s.theaterId] = (counts[s.theaterId] ?? 0) + 1;
    return { date, path: index === 0 ? schedulePath(locale) : scheduleDayPath(locale, date), counts };
  });
  if (days.length === 0) {
    const at = schedulePath(locale);
    return [
      {
        path: at,
        template: "ScheduleTemplate",
        context: { ...context(at), day: null, days, films: [], showtimes: [] },
      },
    ];
  }
  return days.map((day) => {
    const dayShowtimes = byDay.get(day.date)!;
    const filmIds = new Set(dayShowtimes.map((s) => s.filmId));
    return {
      path: day.path,
      template: "ScheduleTemplate",
      shortLived: day !== days[0],
      context: {
        ...context(day.path),
        day: day.date,
        days,
        films: films.filter((film) => filmIds.has(film.id)),
        showtimes: dayShowtimes.map(toScheduleShowtime),
      },
    };
  });
}

/**
 * The theaters in the site's order (settings.json theaterIds, as `runtime.theaters` has them, which
 * the header's picker, the footer and the home page follow). Gatsby's data store hands nodes of a
 * type back in the order of their encoded ids, not as they were created: the US circuit's came
 * back North Lamar, Downtown, Riverside (the shortest id first).
 */
function inSiteOrder(theaters: readonly Theater[], runtime: SiteRuntime): Theater[] {
  const rank = new Map(runtime.theaters.map((t, i) => [t.id, i]));
  return [...theaters].sort((a, b) => (rank.get(a.id) ?? rank.size) - (rank.get(b.id) ?? rank.size));
}

export function planSite(content: SiteContent): SitePlan {
  const { runtime, deferFlags, films, pages } = content;
  const theaters = inSiteOrder(content.theaters, runtime);
  const planned: PlannedPage[] = [];
  const warnings: string[] = [];
  const showtimesByFilm = showtimesByFilmOf(content.showtimes);
  const showtimesOf = (film: Film) => showtimesByFilm.get(film.id) ?? [];
  const context = (at: string, templateName: TemplateName, theaterId?: string) =>
    buildPageContext({ runtime, theaters }, { pagePath: at, templateName, theaterId });
  const theaterOrder = theaters.map((t) => t.id);
  const summaries: FilmSummary[] = films.map((film) => summariseFilm(film, showtimesOf(film), theaterOrder));

  // Film list and film pages.
  planned.push({
    path: "/films/",
    template: "FilmsTemplate",
    context: { ...context("/films/", "films"), films: summaries },
  });
  for (const film of films) {
    planned.push({
      path: film.path,
      template: "FilmTemplate",
      defer: deferFlags.moviePages,
      context: { ...context(film.path, "film"), film, showtimes: showtimesOf(film).map(toFilmShowtime) },
    });
  }
  // The schedule (issue 17): every film by day, a page per day (issue 19: one page of every showtime
  // was 41 MB of page data at 10,000 films). The first day is the schedule page itself; each page
  // has its whole day, so the browser only filters it (by the clock and the theater), and links the others.
  const programmeFilms: ProgrammeFilmInfo[] = films
    .filter((film) => showtimesOf(film).length > 0)
    .map(({ id, title, path, runtimeMinutes }) => ({ id, title, path, runtimeMinutes }));
  const shownFilmIds = new Set(films.map((film) => film.id));
  const programmeShowtimes = content.showtimes.filter((s) => shownFilmIds.has(s.filmId));
  planned.push(
    ...scheduleDayPages(programmeShowtimes, programmeFilms, runtime.locale, (at) => context(at, "schedule")),
  );

  // Any other /films/* path (unknown, under another slug, or a bare id) is the 404 page's to resolve
  // (NotFoundTemplate; the production server answers it from the film index first). Not a matchPath
  // "/films/*": Gatsby would then list every film page in match-paths.json, which it bundles into
  // every page's app script (issue 19: +400 KB of JavaScript at 5000 films, and the build's memory).
  for (const prefix of PERMALINK_PREFIXES) {
    planned.push({
      path: `/${prefix}/movie/`,
      matchPath: `/${prefix}/movie/*`,
      template: "FilmFallbackTemplate",
      context: context(`/${prefix}/movie/`, "permalink"),
    });
  }

  // The home page's next showtimes: the first days of the programme only, to keep its data small.
  // Days with shows, not calendar days: after the last show of the day the list moves on to the
  // next day with shows (issue 42), which is not tomorrow when the cinema is closed tomorrow.
  const homeDays = new Set(
    [...new Set(programmeShowtimes.map((s) => s.localDate))].sort().slice(0, HOME_PROGRAMME_DAYS),
  );
  const homeShowtimes = listableShowtimes(programmeShowtimes.filter((s) => homeDays.has(s.localDate)));
  const homeFilmIds = new Set(homeShowtimes.map((s) => s.filmId));
  const homeProgramme = { films: programmeFilms.filter((f) => homeFilmIds.has(f.id)), showtimes: homeShowtimes };

  // The site's own pages; the login slug gets the login template.
  const genericPage = (at: string, page: PageConfig, extra: Record<string, unknown> = {}) => ({
    ...context(at, "generic"),
    page,
    films: filmsOfBlocks(summaries, filmBlocksOf(page)),
    ...extra,
  });
  for (const page of pages) {
    if (runtime.loginPageSlug && page.slug === runtime.loginPageSlug) continue;
    const at = pagePath(page.slug);
    planned.push({
      path: at,
      template: "GenericTemplate",
      defer: deferFlags.standardPages && page.slug !== "",
      context: genericPage(at, page, page.slug === "" ? { programme: homeProgramme } : {}),
    });
  }
  // The editor's preview (spec §2 preview prefix): the home page under /cms-preview/, where link
  // clicks do nothing so the editor's frame stays on the page being edited.
  const home = pages.find((p) => p.slug === "");
  if (home) {
    planned.push({
      path: PREVIEW_PATH_PREFIX,
      matchPath: `${PREVIEW_PATH_PREFIX}*`,
      template: "GenericTemplate",
      context: genericPage(PREVIEW_PATH_PREFIX, home, { noindex: true }),
    });
  }
  if (runtime.loginPageSlug) {
    const at = pagePath(runtime.loginPageSlug);
    const page = pages.find((p) => p.slug === runtime.loginPageSlug) ?? null;
    planned.push({ path: at, template: "LoginTemplate", context: { ...context(at, "login"), page } });
  }
  // The member account section (brief §2): one client-only page answers every /account/* path.
  planned.push({
    path: ACCOUNT_PATH,
    matchPath: `${ACCOUNT_PATH}*`,
    template: "AccountTemplate",
    context: context(ACCOUNT_PATH, "account"),
  });
  const privacySlug = runtime.privacyPolicyPageSlug;
  if (privacySlug && !pages.some((p) => p.slug === privacySlug)) {
    warnings.push(`privacyPolicyPage.slug "${privacySlug}" has no page in pages.json; a placeholder is built`);
    const at = pagePath(privacySlug);
    const page: PageConfig = {
      id: "privacy-policy",
      slug: privacySlug,
      title: "Privacy",
      description: "",
      blocks: [],
      beta: false,
    };
    planned.push({ path: at, template: "GenericTemplate", context: genericPage(at, page) });
  }

  // Theater pages on circuit sites.
  if (!runtime.isSingleLocation) {
    planned.push({
      path: THEATERS_PATH,
      template: "TheatersTemplate",
      context: { ...context(THEATERS_PATH, "theaters"), theaters },
    });
    for (const theater of theaters) {
      if (!theater.path) continue;
      const there = films.map((film) => ({
        film,
        showtimes: showtimesOf(film).filter((s) => s.theaterId === theater.id),
      }));
      const showing = there
        .map(({ film, showtimes }) => theaterFilm(film, showtimes, theater.id))
        .filter((f) => f.nextDay !== null);
      planned.push({
        path: theater.path,
        template: "TheaterTemplate",
        defer: deferFlags.theaterPages,
        context: {
          ...context(theater.path, "theater", theater.id),
          theater,
          films: showing,
          showtimes: theaterShowtimes(there.flatMap(({ showtimes }) => showtimes)),
        },
      });
    }
  }

  const bookingShards = shardIndex(bookablePerformances(content, showtimesByFilm));
  // Spec §2 internal booking route: booking links lead here in 'tapos_embedded' mode only, which a
  // build may be made for or a tab may enter at run time (?embeddingMode=tapos_embedded), so every
  // build has it. Its index of performances is published in shards (booking-key.ts): the route
  // fetches the one file that holds the performance asked for.
  planned.push({
    path: BOOKING_PATH,
    template: "BookingTemplate",
    context: { ...context(BOOKING_PATH, "booking"), performanceShards: bookingShards.length },
  });

  // Error pages: Gatsby writes /404.html and /500.html from these.
  planned.push({ path: "/404/", template: "NotFoundTemplate", context: context("/404/", "notFound") });
  planned.push({ path: "/500/", template: "ServerErrorTemplate", context: context("/500/", "serverError") });
  // The service worker's offline page, at the path gatsby-plugin-offline precaches (this page
  // replaces the plugin's empty one; see src/offline/).
  planned.push({
    path: OFFLINE_PAGE_PATH,
    template: "OfflineTemplate",
    context: context(OFFLINE_PAGE_PATH, "offline"),
  });

  // The client-side /films/* and permalink routes resolve ids with the index; the watchlist screen
  // names the films a member kept with the directory (fetched on that screen only); the search
  // box fetches the search index once the visitor starts searching.
  const filmIndex = Object.fromEntries(films.map((film) => [String(film.id), film.path]));
  const directory: FilmDirectory = Object.fromEntries(
    films.map((film) => [String(film.id), { title: film.title, path: film.path }]),
  );
  const files: PlannedFile[] = [
    { path: FILM_INDEX_PATH, content: filmIndex },
    { path: FILM_DIRECTORY_PATH, content: directory },
    { path: FILM_SEARCH_INDEX_PATH, content: buildSearchIndex(films) },
    ...bookingShards.map((shard, i) => ({ path: shardPath(i), content: shard })),
  ];
  // A redirect row whose fromPath is a built page sends every visitor away from it (spec §2: the
  // table applies in the browser): almost surely a row written before the page existed.
  for (const page of planned) {
    const to = page.matchPath ? null : findRedirect(runtime.redirects, page.path);
    if (to !== null)
      warnings.push(
        `settings.json redirects: a row sends ${page.path} to ${to}, so visitors never see that built page`,
      );
  }
  return {
    pages: planned,
    files,
    hostRedirects: [scheduleHostRedirect(runtime.locale), ...BUILD_INTERNAL_HOST_RULES],
    warnings,
  };
}

function bookablePerformances(
  { films, theaters }: SiteContent,
  showtimesByFilm: Map<number, Showtime[]>,
): PerformanceIndex {
  const theaterById = new Map(theaters.map((t) => [t.id, t]));
  const performances: PerformanceIndex = {};
  for (const film of films) {
    for (const s of showtimesByFilm.get(film.id) ?? []) {
      const theater = theaterById.get(s.theaterId);
      if (!theater) continue;
      // Only when it has one: most shows are in the film's own language, and the index stays small.
      const version = versionOf(s.attributes);
      performances[bookingKey(theater.theaterCode, s.perfCode)] = {
        filmTitle: film.title,
        filmPath: film.path,
        startsAt: s.startsAt,
        localDate: s.localDate,
        timeZone: theater.timeZone,
        theaterName: theater.name,
        screen: s.screen,
        ...(version ? { version } : {}),
      };
    }
  }
  return performances;
}
