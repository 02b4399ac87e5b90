import { cp, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { GatsbyNode, PluginOptions } from "gatsby";
import { SiteConfigError } from "../../src/config/errors";
import { loadSiteConfig } from "../../src/config/load";
import { buildSiteModel } from "../../src/site/model";
import { SERVER_SETTINGS_FILE, serverSiteSettingsFrom } from "../../src/server/site-settings";
import { trackingBuildReport } from "../../src/consent/build-report";
import { parseTrackingDeploySettings } from "../../src/consent/deploy-settings";
import {
  NODE_TYPES,
  typeDefs,
  type FilmFields,
  type PageFields,
  type ShowtimeFields,
  type SiteSettingsFields,
  type TheaterFields,
} from "./nodes";

type VenueOptions = PluginOptions & {
  siteId: string;
  configRoot: string;
  catalogueUrl?: string;
  buildDate?: string;
  overrides: { ticketingUrl?: string; embeddingMode?: string };
};

const nonEmpty = (value: unknown): string | undefined => (typeof value === "string" && value ? value : undefined);

function readOptions(options: PluginOptions): VenueOptions {
  const { siteId, configRoot, catalogueUrl, buildDate, ticketingUrl, embeddingMode } = options as Record<
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
  const now = options.buildDate ? new Date(options.buildDate) : new Date();
  const model = buildSiteModel(config, now, { loyaltyBrand: process.env.LOYALTY_BRAND || undefined });
  // The server side (Gatsby Functions) reads what it needs about this site from here.
  const serverSettingsFile = path.resolve(SERVER_SETTINGS_FILE);
  await mkdir(path.dirname(serverSettingsFile), { recursive: true });
  await writeFile(serverSettingsFile, JSON.stringify(serverSiteSettingsFrom(config.siteId, config), null, 2));
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
    deferFlags: {
      standardPages: config.settings.deferStandardPages,
      moviePages: config.settings.deferMoviePages,
      theaterPages: config.settings.deferTheaterPages,
    },
  };
  await add(NODE_TYPES.siteSettings, "site", settings);
  for (const theater of model.theaters) await add<TheaterFields>(NODE_TYPES.theater, theater.id, { theater });
  for (const [position, film] of model.films.entries())
    await add<FilmFields>(NODE_TYPES.film, String(film.id), { filmId: film.id, position, film });
  for (const showtime of model.showtimes)
    await add<ShowtimeFields>(NODE_TYPES.showtime, showtime.perfCode, { showtime });
  for (const page of model.pages) await add<PageFields>(NODE_TYPES.page, page.id, { page });
  const deploy = parseTrackingDeploySettings(process.env);
  for (const line of trackingBuildReport(deploy.settings, deploy.problems, model.runtime.tracking))
    reporter[line.level](`[tracking] ${line.message}`);
  reporter.info(
    `[venue] site "${config.siteId}" (${config.settings.locale}): ${model.films.length} films, ${model.showtimes.length} showtimes over 14 days from ${model.today}, ${model.theaters.length} theatre(s), ${model.pages.length} pages`,
  );
};

/** Copies the site's own assets (logo, posters) to /site-assets/ in the output. */
export const onPostBootstrap: GatsbyNode["onPostBootstrap"] = async ({ store }, pluginOptions) => {
  const options = readOptions(pluginOptions);
  const { program } = store.getState() as { program: { directory: string } };
  const from = path.join(options.configRoot, options.siteId, "assets");
  const to = path.join(program.directory, "public", "site-assets");
  await mkdir(to, { recursive: true });
  await cp(from, to, { recursive: true, force: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "ENOENT") throw error;
  });
};

/** Ships only the font files the site's theme uses (planned in gatsby-config, copied here). */
export const onPreBuild: GatsbyNode["onPreBuild"] = async ({ store }, pluginOptions) => {
  const { fontFiles } = pluginOptions as { fontFiles?: { from: string; fileName: string }[] };
  const { program } = store.getState() as { program: { directory: string } };
  const to = path.join(program.directory, "public", "fonts");
  await mkdir(to, { recursive: true });
  for (const file of fontFiles ?? []) await cp(file.from, path.join(to, file.fileName), { force: true });
};
