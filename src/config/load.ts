// Node-only: reads a site's folder, validates every file, and cross-checks references between
// files. Nothing is built from a config that fails here.
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
// From node:util, not the global: the DOM tests load sites through this module under jsdom, which has none.
import { TextDecoder } from "node:util";
import { parse as parseTolerantly, printParseErrorCode, type ParseError } from "jsonc-parser";
import { z } from "zod";
import { catalogueFileSchema, type CatalogueFile } from "./catalogue";
import { SiteConfigError, problemsFromZod, type ConfigProblem } from "./errors";
import { pagesFileSchema } from "./pages";
import { siteSettingsSchema, type SiteSettings } from "./settings";
import type { SiteConfig } from "./site-config";
import { theaterSlug, theatersFileSchema } from "./theaters";
import { siteThemeSchema } from "./theme";
import { PLATFORM_SEGMENTS, SITE_ASSETS_PATH, THEATERS_PATH } from "../lib/paths";

export const DEFAULT_SITE_ID = "lumiere";
/** A site id, the name of its folder under SITE_CONFIG_DIR: lowercase letters, digits and '-'. */
export const SITE_ID = /^[a-z0-9][a-z0-9-]*$/;

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
  /** Deploy setting BUILD_DATE: the moment the programme is expanded from (unset: now). */
  buildDate?: string;
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

// What a JSON syntax error means, in the words of someone editing the file by hand.
const SYNTAX_ERRORS: Partial<Record<ReturnType<typeof printParseErrorCode>, string>> = {
  ValueExpected: "a value was expected",
  PropertyNameExpected: 'a property name in double quotes was expected (JSON allows no comma before "}")',
  CommaExpected: "a comma was expected",
  ColonExpected: 'a ":" was expected',
  CloseBraceExpected: 'a closing "}" was expected',
  CloseBracketExpected: 'a closing "]" was expected',
  EndOfFileExpected: "the file should end here",
  InvalidSymbol: "not a JSON value (text needs double quotes; true, false and null are lowercase)",
  InvalidCommentToken: "JSON allows no comments",
  UnexpectedEndOfString: "a text is not closed by a double quote",
  InvalidCharacter: "a tab or line break inside a text (write \\t or \\n)",
  InvalidEscapeCharacter: "an unknown escape after a backslash",
};

/** The first syntax error, where an editor shows it: "not valid JSON at line 3, column 16: a value was expected". */
function describeSyntaxError(text: string, parserMessage: string): string {
  if (text.trim() === "") return "empty: expected JSON text";
  const errors: ParseError[] = [];
  parseTolerantly(text, errors, { disallowComments: true, allowTrailingComma: false });
  const [first] = errors;
  if (!first) return `not valid JSON: ${parserMessage}`;
  const before = text.slice(0, first.offset);
  const line = before.split("\n").length;
  const column = before.length - before.lastIndexOf("\n");
  const code = printParseErrorCode(first.error);
  return `not valid JSON at line ${line}, column ${column}: ${SYNTAX_ERRORS[code] ?? code}`;
}

function parseJsonText(file: string, text: string, problems: ConfigProblem[]): Parsed<unknown> {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    // JSON.parse is the parser; jsonc-parser only locates what it refused (V8's messages often give no position).
    const message = describeSyntaxError(text, error instanceof Error ? error.message : String(error));
    problems.push({ file: relativeName(file), field: "", message });
    return { ok: false };
  }
}

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

/**
 * The file's text, or a problem. A file saved as Windows-1252 or Latin-1 would otherwise be read
 * with "�" in place of each accent and published so; a byte-order mark (some Windows editors
 * write one) is dropped, since it is no part of the JSON.
 */
function decodeUtf8(file: string, bytes: Uint8Array, problems: ConfigProblem[]): string | null {
  try {
    return utf8.decode(bytes);
  } catch {
    const text = new TextDecoder("utf-8").decode(bytes);
    const at = text.indexOf("\uFFFD");
    const line = text.slice(0, at).split("\n").length;
    problems.push({
      file: relativeName(file),
      field: "",
      message: `not UTF-8 text (line ${line}): save the file as UTF-8, as accented letters are otherwise lost`,
    });
    return null;
  }
}

async function readJson(file: string, problems: ConfigProblem[]): Promise<Parsed<unknown>> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(file);
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === "ENOENT";
    problems.push({
      file: relativeName(file),
      field: "",
      message: missing ? "file not found" : `cannot be read: ${(error as Error).message}`,
    });
    return { ok: false };
  }
  const text = decodeUtf8(file, bytes, problems);
  return text === null ? { ok: false } : parseJsonText(file, text, problems);
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
    const text = decodeUtf8(source, new Uint8Array(await response.arrayBuffer()), problems);
    if (text === null) return { ok: false };
    const feed = validate(catalogueFileSchema, source, parseJsonText(source, text, problems), problems);
    if (feed.ok && feed.value.films.length === 0) {
      // A feed that answers but lists nothing is a feed fault far more often than a venue with no films.
      problems.push({
        file: source,
        field: "films",
        message: "the feed lists no films; the build stops, so the site online keeps its programme",
      });
      return { ok: false };
    }
    return feed;
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
        message: `unknown theater "${id}"; theaters.json defines: ${known}`,
      });
    }
  });
  if (config.settings.isSingleLocation && config.settings.theaterIds.length !== 1) {
    problems.push({
      file: file("settings.json"),
      field: "theaterIds",
      message: "a single-location site has exactly one theater",
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
        message: `unknown theater "${entry.theaterId}"; theaters.json defines: ${known}`,
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
  // A page is found by its slug, and stored under its id: a second page with the same id would replace the first.
  const seen = { slug: new Map<string, number>(), id: new Map<string, number>() };
  config.pages.pages.forEach((page, i) => {
    for (const key of ["slug", "id"] as const) {
      const previous = seen[key].get(page[key]);
      if (previous !== undefined) {
        problems.push({
          file: file("pages.json"),
          field: `pages[${i}].${key}`,
          message: `"${page[key]}" is already used by pages[${previous}]`,
        });
      }
      seen[key].set(page[key], i);
    }
  });
  if (!seen.slug.has("")) {
    problems.push({ file: file("pages.json"), field: "pages", message: 'expected a home page (a page with slug "")' });
  }
  const slugs: [string, string, string][] = [
    ...config.pages.pages.map((page, i): [string, string, string] => ["pages.json", `pages[${i}].slug`, page.slug]),
    ["settings.json", "loginPage.slug", config.settings.loginPage.slug],
    ["settings.json", "privacyPolicyPage.slug", config.settings.privacyPolicyPage.slug],
    ["settings.json", "termsPage.slug", config.settings.termsPage.slug],
  ];
  // Sign-up links to the terms it asks the member to accept: they must be a page of the site.
  const terms = config.settings.termsPage.slug;
  if (terms && !seen.slug.has(terms))
    problems.push({
      file: file("settings.json"),
      field: "termsPage.slug",
      message: `expected the slug of a page in pages.json: "${terms}" is none`,
    });
  for (const [name, field, slug] of slugs) {
    const segment = slug.split("/")[0] ?? "";
    if (PLATFORM_SEGMENTS.has(segment)) {
      problems.push({
        file: file(name),
        field,
        message: `"/${segment}/" is a path the platform builds itself (like /films/ or /account/): choose another slug`,
      });
    }
  }
  problems.push(...theaterPathProblems(config, file));
  return problems;
}

const THEATER_CODE = /^[A-Za-z0-9_-]+$/;

/** Each listed theater gets a page of its own on a circuit site, and a code booking links can carry. */
function theaterPathProblems(config: Omit<SiteConfig, "siteId">, file: (name: string) => string): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const listed = new Map<string, number>();
  config.settings.theaterIds.forEach((id, i) => {
    const previous = listed.get(id);
    if (previous !== undefined)
      problems.push({
        file: file("settings.json"),
        field: `theaterIds[${i}]`,
        message: `"${id}" is already listed at theaterIds[${previous}]`,
      });
    else listed.set(id, i);
  });
  const bySlug = new Map<string, number>();
  config.theaters.forEach((theater, i) => {
    if (!listed.has(theater.id)) return;
    if (theater.theaterCode === undefined && !THEATER_CODE.test(theater.id)) {
      problems.push({
        file: file("theaters.json"),
        field: `theaters[${i}].theaterCode`,
        message: `missing: booking links would carry the id "${theater.id}", which is not a ticketing code (letters, digits, '-' or '_'); set theaterCode`,
      });
    }
    if (config.settings.isSingleLocation) return;
    const slug = theaterSlug(theater);
    const field = theater.slug ? `theaters[${i}].slug` : `theaters[${i}].name`;
    if (!slug) {
      problems.push({
        file: file("theaters.json"),
        field,
        message: `"${theater.name}" gives no URL for the theater's page: set slug`,
      });
      return;
    }
    const previous = bySlug.get(slug);
    if (previous !== undefined)
      problems.push({
        file: file("theaters.json"),
        field,
        message: `the theater's page would be ${THEATERS_PATH}${slug}/, as theaters[${previous}]'s is: set a different slug`,
      });
    else bySlug.set(slug, i);
  });
  return problems;
}

/** The images a site names (logo, posters): each "/site-assets/…" one must be in the site's assets folder. */
async function missingAssets(
  siteDir: string,
  config: Omit<SiteConfig, "siteId">,
  catalogueFile: string,
): Promise<ConfigProblem[]> {
  const named: { file: string; field: string; src: string }[] = [
    { file: relativeName(path.join(siteDir, "settings.json")), field: "logo.src", src: config.settings.logo.src },
    ...config.catalogue.films.flatMap((film, i) =>
      film.poster ? [{ file: catalogueFile, field: `films[${i}].poster.src`, src: film.poster.src }] : [],
    ),
  ];
  const assetsDir = path.join(siteDir, "assets");
  const exists = new Map<string, Promise<boolean>>();
  const check = (src: string) => {
    let found = exists.get(src);
    if (!found) {
      // imageSrc allows no "..", "%" or "\\": the path stays inside the folder as written.
      const at = path.join(assetsDir, src.slice(SITE_ASSETS_PATH.length));
      found = stat(at).then(
        (info) => info.isFile(),
        () => false,
      );
      exists.set(src, found);
    }
    return found;
  };
  const problems: ConfigProblem[] = [];
  for (const { file, field, src } of named) {
    if (!src.startsWith(SITE_ASSETS_PATH)) continue;
    if (!(await check(src)))
      problems.push({
        file,
        field,
        message: `"${src}" is not in the site's assets folder (${relativeName(path.join(assetsDir, src.slice(SITE_ASSETS_PATH.length)))})`,
      });
  }
  return problems;
}

/** BUILD_DATE: a date, or a date and time (ISO 8601, e.g. "2026-11-23" or "2026-11-23T08:00:00Z"). */
const buildDateSchema = z.union([z.iso.date(), z.iso.datetime({ offset: true, local: true })]);

/** The moment the programme is expanded from: BUILD_DATE when set, otherwise now. */
export function buildMoment(buildDate: string | undefined, now = () => new Date()): Date | ConfigProblem {
  if (!buildDate) return now();
  const parsed = buildDateSchema.safeParse(buildDate);
  const date = new Date(buildDate);
  if (!parsed.success || Number.isNaN(date.getTime()))
    return {
      file: "BUILD_DATE",
      field: "",
      message: `expected an ISO date or date-time such as "2026-11-23" or "2026-11-23T08:00:00Z" (received ${JSON.stringify(buildDate)})`,
    };
  return date;
}

/** Reads and validates one site. Throws SiteConfigError listing every problem found. */
export async function loadSiteConfig(options: LoadOptions): Promise<SiteConfig> {
  const { siteId } = options;
  if (!SITE_ID.test(siteId)) {
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

  const moment = buildMoment(options.buildDate);
  if (!(moment instanceof Date)) problems.push(moment);

  if (settings.ok && theme.ok && theaters.ok && pages.ok && catalogue.ok && problems.length === 0) {
    const config = {
      settings: applyOverrides(settings.value, options.overrides, problems),
      theme: theme.value,
      theaters: theaters.value.theaters,
      catalogue: catalogue.value,
      pages: pages.value,
    };
    const catalogueFile = catalogueSource(options, at("catalogue.json"));
    problems.push(...crossCheck(siteDir, config, catalogueFile));
    problems.push(...(await missingAssets(siteDir, config, catalogueFile)));
    if (problems.length === 0) return { siteId, ...config };
  }
  throw new SiteConfigError(siteId, problems);
}

/** The SITE / SITE_CONFIG_DIR / CATALOGUE_URL / TICKETING_URL / EMBEDDING_MODE / BUILD_DATE deploy settings, resolved. */
export function loadOptionsFromEnv(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): LoadOptions {
  return {
    configRoot: path.resolve(cwd, env.SITE_CONFIG_DIR || "site-config"),
    siteId: env.SITE || DEFAULT_SITE_ID,
    catalogueUrl: env.CATALOGUE_URL || undefined,
    overrides: { ticketingUrl: env.TICKETING_URL || undefined, embeddingMode: env.EMBEDDING_MODE || undefined },
    buildDate: env.BUILD_DATE || undefined,
  };
}
