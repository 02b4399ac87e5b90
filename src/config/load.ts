// Node-only: reads a site's folder, validates every file, and cross-checks references between
// files. Nothing is built from a config that fails here.
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { z } from "zod";
import { catalogueFileSchema, type CatalogueFile } from "./catalogue";
import { SiteConfigError, problemsFromZod, type ConfigProblem } from "./errors";
import { pagesFileSchema } from "./pages";
import { siteSettingsSchema, type SiteSettings } from "./settings";
import type { SiteConfig } from "./site-config";
import { theatersFileSchema } from "./theaters";
import { siteThemeSchema } from "./theme";

export const DEFAULT_SITE_ID = "lumiere";

export type LoadOptions = {
  /** Folder holding one sub-folder per site. */
  configRoot: string;
  siteId: string;
  /** Remote catalogue feed with the same schema as catalogue.json (deploy setting CATALOGUE_URL). */
  catalogueUrl?: string;
  /**
   * Deploy settings that replace a settings.json value for one deploy: TICKETING_URL (e.g. the
   * sandbox ticketing page under `npm start`) and EMBEDDING_MODE (the same venue built for its
   * point-of-sale host).
   */
  overrides?: DeployOverrides;
  fetchImpl?: typeof fetch;
};

export type DeployOverrides = { ticketingUrl?: string; embeddingMode?: string };

const overrideSchemas = {
  ticketingUrl: { env: "TICKETING_URL", schema: siteSettingsSchema.shape.ticketingUrl },
  embeddingMode: { env: "EMBEDDING_MODE", schema: siteSettingsSchema.shape.embeddingMode.unwrap() },
} as const;

function applyOverrides(
  settings: SiteSettings,
  overrides: DeployOverrides | undefined,
  problems: ConfigProblem[],
): SiteSettings {
  let result = settings;
  for (const key of Object.keys(overrideSchemas) as (keyof typeof overrideSchemas)[]) {
    const value = overrides?.[key];
    if (value === undefined || value === "") continue;
    const { env, schema } = overrideSchemas[key];
    const parsed = schema.safeParse(value);
    if (parsed.success) result = { ...result, [key]: parsed.data };
    else problems.push({ file: env, field: "", message: parsed.error.issues[0]?.message ?? "invalid value" });
  }
  return result;
}

type Parsed<T> = { ok: true; value: T } | { ok: false };

function relativeName(file: string): string {
  // Only file paths are shortened: path.relative would also turn "CATALOGUE_URL (https://…)" into "https:/…".
  return path.isAbsolute(file) ? path.relative(process.cwd(), file) || file : file;
}

function catalogueSource(options: LoadOptions, file: string): string {
  return options.catalogueUrl ? `CATALOGUE_URL (${options.catalogueUrl})` : relativeName(file);
}

function parseJsonText(file: string, text: string, problems: ConfigProblem[]): Parsed<unknown> {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    problems.push({ file: relativeName(file), field: "", message: `not valid JSON: ${detail}` });
    return { ok: false };
  }
}

async function readJson(file: string, problems: ConfigProblem[]): Promise<Parsed<unknown>> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === "ENOENT";
    problems.push({
      file: relativeName(file),
      field: "",
      message: missing ? "file not found" : `cannot be read: ${(error as Error).message}`,
    });
    return { ok: false };
  }
  return parseJsonText(file, text, problems);
}

function validate<S extends z.ZodType>(
  schema: S,
  file: string,
  data: Parsed<unknown>,
  problems: ConfigProblem[],
): Parsed<z.infer<S>> {
  if (!data.ok) return { ok: false };
  const result = schema.safeParse(data.value);
  if (result.success) return { ok: true, value: result.data };
  problems.push(...problemsFromZod(relativeName(file), result.error, data.value));
  return { ok: false };
}

async function readCatalogue(
  options: LoadOptions,
  file: string,
  problems: ConfigProblem[],
): Promise<Parsed<CatalogueFile>> {
  if (!options.catalogueUrl) return validate(catalogueFileSchema, file, await readJson(file, problems), problems);
  // A feed that fails fails the build: publishing an empty programme is worse than keeping the last site.
  const source = catalogueSource(options, file);
  try {
    const response = await (options.fetchImpl ?? fetch)(options.catalogueUrl, { signal: AbortSignal.timeout(30_000) });
    if (!response.ok) {
      problems.push({ file: source, field: "", message: `the feed answered HTTP ${response.status}` });
      return { ok: false };
    }
    return validate(catalogueFileSchema, source, parseJsonText(source, await response.text(), problems), problems);
  } catch (error) {
    problems.push({ file: source, field: "", message: `the feed could not be fetched: ${(error as Error).message}` });
    return { ok: false };
  }
}

/** References between files that no single schema can check. */
function crossCheck(siteDir: string, config: Omit<SiteConfig, "siteId">, catalogueFile: string): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const file = (name: string) => relativeName(path.join(siteDir, name));
  const theaterIds = new Set(config.theaters.map((t) => t.id));
  const filmIds = new Set<number>();
  const known = [...theaterIds].join(", ");

  config.settings.theaterIds.forEach((id, i) => {
    if (!theaterIds.has(id)) {
      problems.push({
        file: file("settings.json"),
        field: `theaterIds[${i}]`,
        message: `unknown theatre "${id}"; theaters.json defines: ${known}`,
      });
    }
  });
  if (config.settings.isSingleLocation && config.settings.theaterIds.length !== 1) {
    problems.push({
      file: file("settings.json"),
      field: "theaterIds",
      message: "a single-location site has exactly one theatre",
    });
  }
  if (!config.settings.isSingleLocation && !config.settings.circuit) {
    problems.push({
      file: file("settings.json"),
      field: "circuit",
      message: "a circuit site (isSingleLocation false) needs circuit {id, name}",
    });
  }
  config.catalogue.films.forEach((film, i) => {
    if (filmIds.has(film.id)) {
      problems.push({ file: catalogueFile, field: `films[${i}].id`, message: `duplicate film id ${film.id}` });
    }
    filmIds.add(film.id);
  });
  config.catalogue.programme.forEach((entry, i) => {
    if (!filmIds.has(entry.filmId)) {
      problems.push({
        file: catalogueFile,
        field: `programme[${i}].filmId`,
        message: `unknown film id ${entry.filmId}`,
      });
    }
    if (!theaterIds.has(entry.theaterId)) {
      problems.push({
        file: catalogueFile,
        field: `programme[${i}].theaterId`,
        message: `unknown theatre "${entry.theaterId}"; theaters.json defines: ${known}`,
      });
    }
    if (entry.from && entry.until && entry.from > entry.until) {
      problems.push({
        file: catalogueFile,
        field: `programme[${i}].until`,
        message: `ends (${entry.until}) before it starts (${entry.from})`,
      });
    }
  });
  const seen = new Map<string, number>();
  config.pages.pages.forEach((page, i) => {
    const previous = seen.get(page.slug);
    if (previous !== undefined) {
      problems.push({
        file: file("pages.json"),
        field: `pages[${i}].slug`,
        message: `"${page.slug}" is already used by pages[${previous}]`,
      });
    }
    seen.set(page.slug, i);
  });
  if (!seen.has("")) {
    problems.push({ file: file("pages.json"), field: "pages", message: 'expected a home page (a page with slug "")' });
  }
  return problems;
}

/** Reads and validates one site. Throws SiteConfigError listing every problem found. */
export async function loadSiteConfig(options: LoadOptions): Promise<SiteConfig> {
  const { siteId } = options;
  if (!/^[a-z0-9][a-z0-9-]*$/.test(siteId)) {
    throw new SiteConfigError(siteId, [
      { file: "SITE", field: "", message: "expected a site id of lowercase letters, digits and '-'" },
    ]);
  }
  const siteDir = path.join(options.configRoot, siteId);
  const problems: ConfigProblem[] = [];
  const at = (name: string) => path.join(siteDir, name);

  const [settingsData, themeData, theatersData, pagesData] = await Promise.all(
    ["settings.json", "theme.json", "theaters.json", "pages.json"].map((name) => readJson(at(name), problems)),
  );
  const settings = validate(siteSettingsSchema, at("settings.json"), settingsData!, problems);
  const theme = validate(siteThemeSchema, at("theme.json"), themeData!, problems);
  const theaters = validate(theatersFileSchema, at("theaters.json"), theatersData!, problems);
  const pages = validate(pagesFileSchema, at("pages.json"), pagesData!, problems);
  const catalogue = await readCatalogue(options, at("catalogue.json"), problems);

  if (settings.ok && theme.ok && theaters.ok && pages.ok && catalogue.ok && problems.length === 0) {
    const config = {
      settings: applyOverrides(settings.value, options.overrides, problems),
      theme: theme.value,
      theaters: theaters.value.theaters,
      catalogue: catalogue.value,
      pages: pages.value,
    };
    problems.push(...crossCheck(siteDir, config, catalogueSource(options, at("catalogue.json"))));
    if (problems.length === 0) return { siteId, ...config };
  }
  throw new SiteConfigError(siteId, problems);
}

/** The SITE / SITE_CONFIG_DIR / CATALOGUE_URL / TICKETING_URL / EMBEDDING_MODE deploy settings, resolved. */
export function loadOptionsFromEnv(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): LoadOptions {
  return {
    configRoot: path.resolve(cwd, env.SITE_CONFIG_DIR || "site-config"),
    siteId: env.SITE || DEFAULT_SITE_ID,
    catalogueUrl: env.CATALOGUE_URL || undefined,
    overrides: { ticketingUrl: env.TICKETING_URL || undefined, embeddingMode: env.EMBEDDING_MODE || undefined },
  };
}
