import { cp, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { GatsbyNode, PluginOptions } from "gatsby";
import type { Showtime } from "../../src/catalogue/types";
import { SiteConfigError } from "../../src/config/errors";
import { loadSiteConfig } from "../../src/config/load";
import { buildSiteModel } from "../../src/site/model";
import { deferFlagsOf } from "../../src/site/page-plan";
import { SHARE_IMAGES_LEDGER_FILE, SHARE_IMAGES_PATH, SITE_ASSETS_PATH } from "../../src/lib/paths";
import { writeShareImages } from "../../src/build/share-images";
import { messagesFor } from "../../src/i18n/catalogues";
import { compileMessages } from "../../src/i18n/compile";
import { SERVER_SETTINGS_FILE, serverSiteSettingsFrom } from "../../src/server/site-settings";
import { trackingBuildReport } from "../../src/tracking/consent/build-report";
import { parseTrackingDeploySettings } from "../../src/tracking/consent/deploy-settings";
import { adsBuildReport } from "../../src/ads/build-report";
import { parseAdsDeploySettings } from "../../src/ads/deploy-settings";
import { parseEditorOrigins } from "../../src/embedding/origins";
import { copyFontFiles, planPreviewFonts, type FontFileCopy } from "../../src/theme/font-assets";
import { PREVIEW_FONTS_PATH } from "../../src/theme/fonts";
import {
  NODE_TYPES,
  typeDefs,
  type FilmFields,
  type PageFields,
  type SiteSettingsFields,
  type TheaterFields,
} from "./nodes";

type VenueOptions = PluginOptions & {
  siteId: string;
  configRoot: string;
  catalogueUrl?: string;
  buildDate?: string;
  overrides: { ticketingUrl?: string; embeddingMode?: string };
  /** EDITOR_ORIGINS, normalised. */
  editorOrigins: string[];
};

const nonEmpty = (value: unknown): string | undefined => (typeof value === "string" && value ? value : undefined);

function readOptions(options: PluginOptions): VenueOptions {
  const { siteId, configRoot, catalogueUrl, buildDate, ticketingUrl, embeddingMode, editorOrigins } = options as Record<
    string,
    unknown
  >;
  if (typeof siteId !== "string" || typeof configRoot !== "string") {
    throw new Error("gatsby-source-venue needs the siteId and configRoot options");
  }
  return {
    ...options,
    siteId,
    configRoot,
    catalogueUrl: nonEmpty(catalogueUrl),
    buildDate: nonEmpty(buildDate),
    overrides: { ticketingUrl: nonEmpty(ticketingUrl), embeddingMode: nonEmpty(embeddingMode) },
    // scripts/check-site.ts has already reported a bad list before the build; this throws the same message.
    editorOrigins: parseEditorOrigins(nonEmpty(editorOrigins)),
  };
}

export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createTypes(typeDefs);
};

export const sourceNodes: GatsbyNode["sourceNodes"] = async (
  { actions, createContentDigest, reporter },
  pluginOptions,
) => {
  const options = readOptions(pluginOptions);
  let config;
  try {
    config = await loadSiteConfig(options);
  } catch (error) {
    // The message already names file, field and expectation; a stack trace would only bury it.
    if (error instanceof SiteConfigError)
      reporter.panic({ id: "venue-config", context: { sourceMessage: error.message } });
    throw error;
  }
  // loadSiteConfig has checked BUILD_DATE.
  const now = options.buildDate ? new Date(options.buildDate) : new Date();
  const adsDeploy = parseAdsDeploySettings(process.env);
  const deploy = parseTrackingDeploySettings(process.env);
  const model = buildSiteModel(config, now, {
    loyaltyBrand: process.env.LOYALTY_BRAND || undefined,
    editorOrigins: options.editorOrigins,
    adsDeploy: adsDeploy.settings,
    consentDeploy: deploy.settings.consent,
  });
  // The server side (Gatsby Functions) reads what it needs about this site from here.
  const serverSettingsFile = path.resolve(SERVER_SETTINGS_FILE);
  await mkdir(path.dirname(serverSettingsFile), { recursive: true });
  await writeFile(
    serverSettingsFile,
    JSON.stringify(serverSiteSettingsFrom(config.siteId, config, { editorOrigins: options.editorOrigins }), null, 2),
  );
  const { createNode } = actions;
  const add = <T extends object>(type: string, key: string, fields: T) =>
    createNode({
      ...fields,
      id: `${type}:${key}`,
      internal: { type, contentDigest: createContentDigest(fields) },
    });

  const settings: SiteSettingsFields = {
    siteId: config.siteId,
    today: model.today,
    runtime: model.runtime,
    compiledMessages: compileMessages(messagesFor(model.runtime.locale), model.runtime.locale),
    deferFlags: deferFlagsOf(config.settings),
  };
  await add(NODE_TYPES.siteSettings, "site", settings);
  for (const theater of model.theaters) await add<TheaterFields>(NODE_TYPES.theater, theater.id, { theater });
  const showtimesByFilm = new Map<number, Showtime[]>();
  for (const showtime of model.showtimes) {
    const list = showtimesByFilm.get(showtime.filmId) ?? [];
    list.push(showtime);
    showtimesByFilm.set(showtime.filmId, list);
  }
  // Showtimes of a film the catalogue does not build (excluded, unknown) are never shown.
  for (const [position, film] of model.films.entries())
    await add<FilmFields>(NODE_TYPES.film, String(film.id), {
      filmId: film.id,
      position,
      film,
      showtimes: showtimesByFilm.get(film.id) ?? [],
    });
  for (const page of model.pages) await add<PageFields>(NODE_TYPES.page, page.id, { page });
  for (const line of trackingBuildReport(deploy.settings, deploy.problems, model.runtime.tracking))
    reporter[line.level](`[tracking] ${line.message}`);
  for (const line of adsBuildReport(model.runtime.ads, adsDeploy.settings, adsDeploy.problems))
    reporter[line.level](`[ads] ${line.message}`);
  reporter.info(
    `[venue] site "${config.siteId}" (${config.settings.locale}): ${model.films.length} films, ${model.showtimes.length} showtimes over 14 days from ${model.today}, ${model.theaters.length} theater(s), ${model.pages.length} pages`,
  );
};

/** Copies the site's own assets (logo, posters) to SITE_ASSETS_PATH in the output (load.ts checks that each one named exists). */
export const onPostBootstrap: GatsbyNode["onPostBootstrap"] = async (
  { store, getNodesByType, reporter },
  pluginOptions,
) => {
  const options = readOptions(pluginOptions);
  const { program } = store.getState() as { program: { directory: string } };
  const from = path.join(options.configRoot, options.siteId, "assets");
  const to = path.join(program.directory, "public", SITE_ASSETS_PATH);
  await mkdir(to, { recursive: true });
  await cp(from, to, { recursive: true, force: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "ENOENT") throw error;
  });
  // The link previews' pictures, drawn from those posters and that logo (src/lib/share-image.ts).
  const [settings] = getNodesByType(NODE_TYPES.siteSettings) as unknown as SiteSettingsFields[];
  if (!settings) return;
  const films = (getNodesByType(NODE_TYPES.film) as unknown as FilmFields[]).map(({ film }) => film);
  const pictures = await writeShareImages(
    path.join(program.directory, "public", SHARE_IMAGES_PATH),
    path.join(program.directory, SHARE_IMAGES_LEDGER_FILE),
    { assetsDir: from, films, logoSrc: settings.runtime.logo.src },
  );
  reporter.info(`[venue] link-preview pictures: ${pictures.drawn} drawn, ${pictures.kept} kept`);
  for (const problem of pictures.problems) reporter.warn(`[venue] link-preview picture not drawn: ${problem}`);
};

/**
 * Ships only the font files the site's theme uses (planned in gatsby-config, copied here). A
 * deploy with editor origins also gets every catalogue family under /fonts/preview/, one
 * stylesheet per family, which only the editor preview ever requests (spec §3 fonts, §4 preview).
 */
export const onPreBuild: GatsbyNode["onPreBuild"] = async ({ store, reporter }, pluginOptions) => {
  const { fontFiles } = pluginOptions as { fontFiles?: FontFileCopy[] };
  const { program } = store.getState() as { program: { directory: string } };
  copyFontFiles(fontFiles ?? [], path.join(program.directory, "public", "fonts"));

  if (readOptions(pluginOptions).editorOrigins.length === 0) return;
  const previewDir = path.join(program.directory, "public", PREVIEW_FONTS_PATH.slice(1));
  const families = planPreviewFonts({ rootDir: program.directory });
  let files = 0;
  for (const family of families) {
    files += copyFontFiles(family.files, previewDir).length;
    await writeFile(path.join(program.directory, "public", family.cssPath.slice(1)), family.css);
  }
  reporter.info(`[venue] editor preview: ${families.length} font families (${files} files) in ${PREVIEW_FONTS_PATH}/`);
};
