import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { GatsbyNode } from "gatsby";
import type { Showtime } from "./src/catalogue/types";
import { buildPageContext, type TemplateName } from "./src/page-context/page-context";
import { ACCOUNT_PATH } from "./src/account/routes";
import { FILM_DIRECTORY_PATH, type FilmDirectory } from "./src/favourites/film-directory";
import { pagePath, THEATERS_PATH } from "./src/site/paths";
import { summariseFilm, type BookingContext, type FilmSummary } from "./src/templates/contexts";
import { bookingKey } from "./src/templates/booking-key";
import { BOOKING_PATH, PREVIEW_PATH_PREFIX } from "./src/links/rules";
import {
  NODE_TYPES,
  type FilmFields,
  type PageFields,
  type ShowtimeFields,
  type SiteSettingsFields,
  type TheaterFields,
} from "./plugins/gatsby-source-venue/nodes";

const template = (name: string) => path.resolve(`src/templates/${name}.tsx`);

/** Movie permalinks (brief §2): /permalink/movie/<filmId> and /<prefix>/movie/<filmId>. */
const PERMALINK_PREFIXES = ["permalink", "movies"] as const;
/** Served beside the pages; the client-side /films/* and permalink routes resolve ids with it. */
const FILM_INDEX_PATH = "/film-index.json";

export const createPages: GatsbyNode["createPages"] = async ({ actions, getNodesByType, reporter, store }) => {
  const { createPage } = actions;
  const [settingsNode] = getNodesByType(NODE_TYPES.siteSettings) as unknown as SiteSettingsFields[];
  if (!settingsNode) {
    reporter.panic("[venue] no SiteSettings node: the gatsby-source-venue plugin did not run");
    return;
  }
  const { runtime, deferFlags } = settingsNode;
  const theaters = (getNodesByType(NODE_TYPES.theater) as unknown as TheaterFields[]).map((n) => n.theater);
  const films = (getNodesByType(NODE_TYPES.film) as unknown as FilmFields[])
    .sort((a, b) => a.position - b.position)
    .map((n) => n.film);
  const pages = (getNodesByType(NODE_TYPES.page) as unknown as PageFields[]).map((n) => n.page);
  const theaterOrder = theaters.map((t) => t.id);

  const showtimesByFilm = new Map<number, Showtime[]>();
  for (const { showtime } of getNodesByType(NODE_TYPES.showtime) as unknown as ShowtimeFields[]) {
    const list = showtimesByFilm.get(showtime.filmId) ?? [];
    list.push(showtime);
    showtimesByFilm.set(showtime.filmId, list);
  }
  for (const list of showtimesByFilm.values()) list.sort((a, b) => a.startsAt.localeCompare(b.startsAt));

  const model = { runtime, theaters };
  const context = (pagePath: string, templateName: TemplateName, theaterId?: string) =>
    buildPageContext(model, { pagePath, templateName, theaterId });
  const summaries: FilmSummary[] = films.map((film) =>
    summariseFilm(film, showtimesByFilm.get(film.id) ?? [], theaterOrder),
  );

  // Film list and film pages.
  createPage({
    path: "/films/",
    component: template("FilmsTemplate"),
    context: { ...context("/films/", "films"), films: summaries },
  });
  const filmIndex: Record<string, string> = {};
  for (const film of films) {
    filmIndex[String(film.id)] = film.path;
    createPage({
      path: film.path,
      component: template("FilmTemplate"),
      defer: deferFlags.moviePages,
      context: { ...context(film.path, "film"), film, showtimes: showtimesByFilm.get(film.id) ?? [] },
    });
  }
  // Any other /films/* path (unknown, deferred under another slug, or a bare id) resolves client-side.
  createPage({
    path: "/films/__film/",
    matchPath: "/films/*",
    component: template("FilmFallbackTemplate"),
    context: context("/films/", "filmFallback"),
  });
  for (const prefix of PERMALINK_PREFIXES) {
    createPage({
      path: `/${prefix}/movie/`,
      matchPath: `/${prefix}/movie/*`,
      component: template("FilmFallbackTemplate"),
      context: context(`/${prefix}/movie/`, "permalink"),
    });
  }

  // The site's own pages; the login slug gets the login template (placeholder until loyalty lands).
  const hasFilmBlock = (blocks: readonly { type: string }[]) => blocks.some((b) => b.type === "films");
  for (const page of pages) {
    const at = pagePath(page.slug);
    if (runtime.loginPageSlug && page.slug === runtime.loginPageSlug) continue;
    createPage({
      path: at,
      component: template("GenericTemplate"),
      defer: deferFlags.standardPages && page.slug !== "",
      context: { ...context(at, "generic"), page, films: hasFilmBlock(page.blocks) ? summaries : [] },
    });
  }
  // The editor's preview (spec §2 preview prefix): the home page under /cms-preview/, where link
  // clicks do nothing so the editor's frame stays on the page being edited.
  const home = pages.find((p) => p.slug === "");
  if (home) {
    createPage({
      path: PREVIEW_PATH_PREFIX,
      matchPath: `${PREVIEW_PATH_PREFIX}*`,
      component: template("GenericTemplate"),
      context: {
        ...context(PREVIEW_PATH_PREFIX, "generic"),
        page: home,
        films: hasFilmBlock(home.blocks) ? summaries : [],
        noindex: true,
      },
    });
  }
  if (runtime.loginPageSlug) {
    const at = pagePath(runtime.loginPageSlug);
    const page = pages.find((p) => p.slug === runtime.loginPageSlug) ?? null;
    createPage({ path: at, component: template("LoginTemplate"), context: { ...context(at, "login"), page } });
  }
  // The member account section (brief §2): one client-only page answers every /account/* path.
  createPage({
    path: ACCOUNT_PATH,
    matchPath: `${ACCOUNT_PATH}*`,
    component: template("AccountTemplate"),
    context: context(ACCOUNT_PATH, "account"),
  });
  if (runtime.privacyPolicyPageSlug && !pages.some((p) => p.slug === runtime.privacyPolicyPageSlug)) {
    reporter.warn(
      `[venue] privacyPolicyPage.slug "${runtime.privacyPolicyPageSlug}" has no page in pages.json; a placeholder is built`,
    );
    const at = pagePath(runtime.privacyPolicyPageSlug);
    const page = {
      id: "privacy-policy",
      slug: runtime.privacyPolicyPageSlug,
      title: "Privacy",
      description: "",
      blocks: [],
      beta: false,
    };
    createPage({
      path: at,
      component: template("GenericTemplate"),
      context: { ...context(at, "generic"), page, films: [] },
    });
  }

  // Theatre pages on circuit sites.
  if (!runtime.isSingleLocation) {
    createPage({
      path: THEATERS_PATH,
      component: template("TheatersTemplate"),
      context: { ...context(THEATERS_PATH, "theaters"), theaters },
    });
    for (const theater of theaters) {
      if (!theater.path) continue;
      const showing = films
        .map((film) =>
          summariseFilm(
            film,
            (showtimesByFilm.get(film.id) ?? []).filter((s) => s.theaterId === theater.id),
            [theater.id],
          ),
        )
        .filter((f) => f.nextDay !== null);
      createPage({
        path: theater.path,
        component: template("TheaterTemplate"),
        defer: deferFlags.theaterPages,
        context: { ...context(theater.path, "theater", theater.id), theater, films: showing },
      });
    }
  }

  // Spec §2 internal booking route: booking links lead here in 'tapos_embedded' mode only, which a
  // build may be made for or a tab may enter at run time (?embeddingMode=tapos_embedded), so every
  // build has it. Its index of performances is page data: only this route fetches it.
  const theaterById = new Map(theaters.map((t) => [t.id, t]));
  const performances: BookingContext["performances"] = {};
  for (const film of films) {
    for (const s of showtimesByFilm.get(film.id) ?? []) {
      const theater = theaterById.get(s.theaterId);
      if (!theater) continue;
      performances[bookingKey(theater.theaterCode, s.perfCode)] = {
        filmTitle: film.title,
        filmPath: film.path,
        startsAt: s.startsAt,
        localDate: s.localDate,
        timeZone: theater.timeZone,
        theaterName: theater.name,
        screen: s.screen,
      };
    }
  }
  createPage({
    path: BOOKING_PATH,
    component: template("BookingTemplate"),
    context: { ...context(BOOKING_PATH, "booking"), performances },
  });

  // Error pages: Gatsby writes /404.html and /500.html from these.
  createPage({ path: "/404/", component: template("NotFoundTemplate"), context: context("/404/", "notFound") });
  createPage({ path: "/500/", component: template("ServerErrorTemplate"), context: context("/500/", "serverError") });

  // Written here rather than after the build so `gatsby develop` serves it too.
  const publicDir = path.join(store.getState().program.directory, "public");
  await mkdir(publicDir, { recursive: true });
  await writeFile(path.join(publicDir, FILM_INDEX_PATH.slice(1)), JSON.stringify(filmIndex));
  // The watchlist screen names the films a member kept: id → title and page, fetched on that screen only.
  const directory: FilmDirectory = Object.fromEntries(
    films.map((film) => [String(film.id), { title: film.title, path: film.path }]),
  );
  await writeFile(path.join(publicDir, FILM_DIRECTORY_PATH.slice(1)), JSON.stringify(directory));
};

/**
 * Gatsby puts a module in the `commons` chunk, loaded by every page, once as many chunks use it as
 * there are templates, lazy chunks included. The member code (zod, the client, the member API) is
 * used by many lazily loaded screens and engines, so it would land there and cost every guest's
 * first page ~20 KB gzip (measured: 167.7 → 145.0 KB). This group keeps it in one chunk of its own, fetched on first use.
 */
export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({ stage, getConfig, actions }) => {
  if (stage !== "build-javascript") return;
  const config = getConfig() as { optimization?: { splitChunks?: { cacheGroups?: Record<string, unknown> } } };
  const cacheGroups = config.optimization?.splitChunks?.cacheGroups;
  if (!cacheGroups) return;
  actions.replaceWebpackConfig({
    ...config,
    optimization: {
      ...config.optimization,
      splitChunks: {
        ...config.optimization?.splitChunks,
        cacheGroups: {
          ...cacheGroups,
          memberCode: {
            name: "member-code",
            chunks: "async",
            test: /[\\/](node_modules[\\/]zod|src[\\/]loyalty[\\/](api[\\/]|raw-types|client\.ts|routes\.ts))/,
            // Above Gatsby's commons (20), below its framework and lib groups.
            priority: 25,
            enforce: true,
          },
        },
      },
    },
  });
};
