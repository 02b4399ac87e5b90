import { readdirSync, rmSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { GatsbyNode, Node, Store } from "gatsby";
import { NO_PARSER_MODULE, PARSER_MODULE } from "./src/i18n/compile";
import { finishWorker } from "./src/offline/build";
import { offlineWorkerSetting } from "./src/offline/settings";
import { precompressBuild } from "./src/build/precompress";
import { bundleSharpIntoQueryEngine, writeEngineStructuredData } from "./src/build/deferred-engines";
import { creationOrder, planSite, sitemapPaths } from "./src/site/page-plan";
import { sharedChunkName, type ChunkLike } from "./src/build/shared-chunks";
import { oneTslibFile } from "./src/build/one-tslib";
import { reactProfileWebpack } from "./src/build/react-profile";
import {
  isUnderFolders,
  loadedByMostPages,
  MEMBER_CODE_FOLDERS,
  type ChunkGraphLike,
  type ModuleLike,
} from "./src/build/member-code";
import { SITEMAP_PATHS_FILE, STRUCTURED_DATA_LEDGER_FILE } from "./src/lib/paths";
import { structuredDataOf } from "./src/site/structured-data";
import { ReleaseClosedCompilation } from "./src/build/release-webpack-memory";
import { CompileHints } from "./src/build/compile-hints";
import { BOOKING_INDEX_DIR } from "./src/site/booking-key";
import {
  generatorVersion,
  readStructuredDataLedger,
  writeStructuredData,
  writeStructuredDataLedger,
} from "./src/build/structured-data-html";
import {
  NODE_TYPES,
  type FilmFields,
  type PageFields,
  type SiteSettingsFields,
  type TheaterFields,
} from "./plugins/gatsby-source-venue/nodes";

type FieldsByType = {
  [NODE_TYPES.siteSettings]: SiteSettingsFields;
  [NODE_TYPES.theater]: TheaterFields;
  [NODE_TYPES.film]: FilmFields;
  [NODE_TYPES.page]: PageFields;
};

export const createPages: GatsbyNode["createPages"] = async ({ actions, getNodesByType, reporter, store }) => {
  // The node layer (plugins/gatsby-source-venue) wrote these shapes; this is the one place they are read back.
  const nodesOf = <T extends keyof FieldsByType>(type: T) => getNodesByType(type) as Array<Node & FieldsByType[T]>;
  const [settings] = nodesOf(NODE_TYPES.siteSettings);
  if (!settings) {
    reporter.panic("[venue] no SiteSettings node: the gatsby-source-venue plugin did not run");
    return;
  }
  const filmNodes = nodesOf(NODE_TYPES.film).sort((a, b) => a.position - b.position);
  const plan = planSite({
    runtime: settings.runtime,
    deferFlags: settings.deferFlags,
    theaters: nodesOf(NODE_TYPES.theater).map((n) => n.theater),
    films: filmNodes.map((n) => n.film),
    pages: nodesOf(NODE_TYPES.page).map((n) => n.page),
    // The programme's order (src/catalogue/programme.ts expandProgramme): by time, then theater.
    showtimes: filmNodes
      .flatMap((n) => n.showtimes)
      .sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.theaterId.localeCompare(b.theaterId)),
  });
  for (const warning of plan.warnings) reporter.warn(`[venue] ${warning}`);
  for (const page of creationOrder(plan.pages)) {
    actions.createPage({
      path: page.path,
      ...(page.matchPath ? { matchPath: page.matchPath } : {}),
      ...(page.defer ? { defer: true } : {}),
      component: path.resolve(`src/templates/${page.template}.tsx`),
      context: page.context,
    });
  }
  // For a static host only (its _redirects): the production server has rules of its own.
  for (const redirect of plan.hostRedirects)
    actions.createRedirect({ force: false, ...redirect, isPermanent: false, redirectInBrowser: false });
  // Written here rather than after the build so `gatsby develop` serves them too.
  const publicDir = path.join(store.getState().program.directory, "public");
  await mkdir(publicDir, { recursive: true });
  // A rebuild may publish fewer index files than the last build: none of the last build's is kept.
  await rm(path.join(publicDir, BOOKING_INDEX_DIR), { recursive: true, force: true });
  for (const file of plan.files) {
    const target = path.join(publicDir, file.path.slice(1));
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, JSON.stringify(file.content));
  }
  // gatsby-plugin-sitemap reads it after the build (gatsby-config.ts).
  await mkdir(path.dirname(SITEMAP_PATHS_FILE), { recursive: true });
  await writeFile(SITEMAP_PATHS_FILE, JSON.stringify(sitemapPaths(plan.pages)));
};

/**
 * Gatsby puts a module in the `commons` chunk, loaded by every page, once as many chunks use it as
 * there are templates, lazy chunks included. The member code (zod, the client, the member API) is
 * used by many lazily loaded screens and engines, so it would land there and cost every guest's
 * first page ~20 KB gzip (measured: 167.7 → 145.0 KB). This group keeps it in one chunk of its own, fetched on first use.
 */
export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({
  stage,
  getConfig,
  actions,
  getNodesByType,
  plugins,
  store,
}) => {
  // A site that shows no ads ships none of their code: AdSlots.tsx becomes NoAds.tsx, in the
  // browser bundles and the HTML renderer alike (both render nothing for such a site).
  const [settings] = getNodesByType(NODE_TYPES.siteSettings) as Array<Node & SiteSettingsFields>;
  const noAds =
    settings && !settings.runtime.ads.shown
      ? [
          plugins.normalModuleReplacement(
            /[\\/]ads[\\/]components[\\/]AdSlots$/,
            path.resolve("src/ads/components/NoAds.tsx"),
          ),
        ]
      : [];
  // The browser gets the messages compiled at build (src/i18n/compile.ts), so not the parser.
  const noParser = { [`${PARSER_MODULE}$`]: createRequire(path.resolve("package.json")).resolve(NO_PARSER_MODULE) };
  // Production compilers let go of their compilation once closed (src/build/release-webpack-memory.ts).
  const release = stage === "build-javascript" || stage === "build-html" ? [new ReleaseClosedCompilation()] : [];
  // The HTML renderer's styled-components compiles each CSS text once per build, not once per page.
  const memoStylis =
    stage === "build-html"
      ? [
          plugins.normalModuleReplacement(/^stylis$/, (resource: { request: string; context: string }) => {
            if (/[\\/]node_modules[\\/]styled-components[\\/]/.test(resource.context))
              resource.request = path.resolve("src/build/ssr-stylis/index.ts");
          }),
        ]
      : [];
  if (stage !== "build-javascript") {
    const extra = [...noAds, ...release, ...memoStylis];
    if (extra.length) actions.setWebpackConfig({ plugins: extra });
    if (stage === "develop") actions.setWebpackConfig({ resolve: { alias: noParser } });
    return;
  }
  const config = getConfig() as {
    plugins?: unknown[];
    devtool?: unknown;
    resolve?: { alias?: Record<string, unknown> };
    module?: { rules?: unknown[] };
    optimization?: { minimizer?: unknown[]; splitChunks?: { cacheGroups?: Record<string, unknown> } };
    cache?: { cacheLocation?: string };
  };
  // REACT_PROFILE=1: React's profiling renderer and named components (src/build/react-profile.ts).
  const profile = reactProfileWebpack(
    process.env,
    createRequire(path.resolve("package.json")).resolve("react-dom/profiling"),
  );
  const cacheGroups = config.optimization?.splitChunks?.cacheGroups;
  const projectDir = (store.getState() as { program: { directory: string } }).program.directory;
  const templates = (store.getState() as { components: Map<string, unknown> }).components.size;
  actions.replaceWebpackConfig({
    ...config,
    // replaceWebpackConfig replaces what setWebpackConfig would add: the swap goes in here.
    plugins: [
      ...(config.plugins ?? []),
      ...noAds,
      ...release,
      // Chrome compiles the first load's chunks while it streams them (src/build/compile-hints.ts).
      new CompileHints(),
      // Gatsby's partytown plugin does nothing in a production browser (src/build/dev-only-browser-plugin.cjs).
      plugins.normalModuleReplacement(
        /[\\/]internal-plugins[\\/]partytown[\\/]gatsby-browser\.js$/,
        path.resolve("src/build/dev-only-browser-plugin.cjs"),
      ),
    ],
    // One copy of tslib for the intl packages (src/build/one-tslib.ts).
    resolve: {
      ...config.resolve,
      alias: {
        ...(profile ? profile.alias(config.resolve?.alias ?? {}) : config.resolve?.alias),
        ...noParser,
        tslib$: oneTslibFile(projectDir),
      },
    },
    // Libraries' browser code, changed by loaders (each says why).
    module: {
      ...config.module,
      rules: [
        ...(config.module?.rules ?? []),
        // react-intl's advice for a message without an id, out of every first load.
        {
          test: /[\\/]@formatjs[\\/]intl[\\/](?:lib[\\/])?src[\\/]message\.js$/,
          use: [{ loader: path.resolve("src/build/short-invariant-loader.cjs") }],
        },
        // styled-components takes over the server's style sheet rather than copying it (src/shell/styled-server-sheet.ts).
        {
          test: /[\\/]styled-components[\\/]dist[\\/]styled-components\.browser\.esm\.js$/,
          use: [{ loader: path.resolve("src/build/styled-server-sheet-loader.cjs") }],
        },
        // react-intl imports it for injectIntl alone, which no page uses; a CommonJS module without
        // a sideEffects flag, it stayed (with its copy of react-is) in every first load. It has none.
        { test: /[\\/]node_modules[\\/]hoist-non-react-statics[\\/]/, sideEffects: false },
      ],
    },
    // No source maps in public/: they would publish the whole source to anyone who asks.
    devtool: false,
    ...(profile && config.cache && { cache: profile.cache(config.cache) }),
    ...(cacheGroups && {
      optimization: {
        ...config.optimization,
        ...(profile &&
          config.optimization?.minimizer && {
            minimizer: profile.minimizer(config.optimization.minimizer, (options) => plugins.minifyJs(options)),
          }),
        splitChunks: {
          ...config.optimization?.splitChunks,
          cacheGroups: {
            ...cacheGroups,
            ...(typeof cacheGroups.shared === "object" && {
              shared: {
                ...cacheGroups.shared,
                name: (_module: unknown, chunks: readonly ChunkLike[]) => sharedChunkName(chunks, projectDir),
              },
            }),
            // Lazily loaded code stays out of the first load by folder, not by file name
            // (src/build/member-code.ts): `commons` only takes what most pages load themselves...
            ...(typeof cacheGroups.commons === "object" && {
              commons: {
                ...cacheGroups.commons,
                test: (module: ModuleLike, { chunkGraph }: { chunkGraph: ChunkGraphLike<ModuleLike> }) =>
                  loadedByMostPages(module, chunkGraph, templates),
              },
            }),
            // ...and the member code (MEMBER_CODE_FOLDERS) is one lazy chunk of its own.
            memberCode: {
              name: "member-code",
              chunks: "async",
              test: (module: ModuleLike) => isUnderFolders(module, MEMBER_CODE_FOLDERS, projectDir),
              // Above Gatsby's commons (20), below its framework and lib groups.
              priority: 25,
              enforce: true,
            },
          },
        },
      },
    }),
  });
};

type StoredPage = { path: string; component: string; context: Record<string, unknown>; mode?: string };
const storedPages = (store: Store): Map<string, StoredPage> =>
  (store.getState() as { pages: Map<string, StoredPage> }).pages;

/** The paths of the deferred pages (spec §3 defer flags): Gatsby gives them the mode "DSG". */
const deferredPaths = (store: Store): string[] =>
  [...storedPages(store).values()].filter((page) => page.mode === "DSG").map((page) => page.path);

/** With deferred pages, Gatsby builds its rendering engines; make them whole (src/build/deferred-engines.ts). */
export const onPreBuild: GatsbyNode["onPreBuild"] = ({ store, reporter }) => {
  const deferred = deferredPaths(store);
  if (deferred.length === 0) return;
  const copied = bundleSharpIntoQueryEngine(store.getState().program.directory);
  reporter.info(
    `[venue] ${deferred.length} deferred page(s); sharp's native packages in the query engine: ${copied.join(", ") || "none"}`,
  );
};

/**
 * The offline worker (src/offline/): runs after gatsby-plugin-offline wrote /sw.js (the site's own
 * gatsby-node comes last). With OFFLINE_WORKER=off, /sw.js is the kill switch instead.
 */
export const onPostBuild: GatsbyNode["onPostBuild"] = async ({ store, reporter, getNodesByType }) => {
  const projectDir = store.getState().program.directory;
  // Each page's schema.org JSON-LD, in its HTML only (no JavaScript, no page data), made from the
  // pages as created. The deferred pages' goes beside the page renderer, which makes their HTML later.
  const [settings] = getNodesByType(NODE_TYPES.siteSettings) as Array<Node & SiteSettingsFields>;
  const deferred = new Set(deferredPaths(store));
  const deferredData: Record<string, string> = {};
  function* pages() {
    const created = [...storedPages(store).values()].map((page) => ({
      path: page.path,
      template: path.basename(page.component, path.extname(page.component)),
      context: page.context,
    }));
    for (const page of settings ? structuredDataOf(created, settings.runtime) : []) {
      if (deferred.has(page.path)) deferredData[page.path] = page.text();
      yield page;
    }
  }
  const ledger = readStructuredDataLedger(STRUCTURED_DATA_LEDGER_FILE);
  const generator = generatorVersion(path.join(projectDir, ".cache", "compiled", "gatsby-node.js"));
  writeStructuredData(path.join(projectDir, "public"), pages(), { ledger, generator });
  writeStructuredDataLedger(STRUCTURED_DATA_LEDGER_FILE, ledger);
  writeEngineStructuredData(projectDir, [...deferred], deferredData);
  // No source maps are published (devtool: false above); Gatsby keeps public/ between builds, so a
  // checkout built before that setting would still serve its old maps: they go.
  const publicDir = path.join(projectDir, "public");
  // Workbox's folder (gatsby-plugin-offline) brings 31 of its own (issue 43): every one goes.
  for (const entry of readdirSync(publicDir, { recursive: true, withFileTypes: true }))
    if (entry.isFile() && entry.name.endsWith(".map")) rmSync(path.join(entry.parentPath, entry.name));
  const result = finishWorker(projectDir, offlineWorkerSetting(process.env));
  if (result === "kill-switch") reporter.warn("[offline] OFFLINE_WORKER=off: /sw.js unregisters the site's worker");
  if (result === "none") reporter.warn("[offline] no /sw.js was generated: gatsby-plugin-offline did not run");
  // Last, once every file is final (finishWorker rewrites /sw.js). The production server sends
  // these copies as they are; Netlify compresses at its edge.
  if (process.env.NETLIFY !== "true") {
    const packed = await precompressBuild(publicDir);
    reporter.info(
      `[venue] brotli and gzip copies of ${packed.files} build file(s): ${(packed.rawBytes / 1024).toFixed(0)} KB → ${(packed.brotliBytes / 1024).toFixed(0)} KB brotli${packed.removed ? `; ${packed.removed} stale cop(ies) removed` : ""}`,
    );
  }
};
