// What the server side (Gatsby Functions) needs to know about the site it was built for. The
// build writes it next to the compiled functions, so the running server never re-reads or
// re-validates the operator's config files and cannot drift from the pages it serves.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import type { SiteConfig } from "../config/site-config";
import { siteTrackingOf } from "../tracking/consent/site-tracking";
import { siteAdsOf } from "../ads/site-ads";
import { tokenParamFor } from "../member/token-param";
import { serverEnv } from "./env";
import { thirdPartySources, type ThirdPartyDirective } from "./third-parties";

/** A CSP host-source without a path: an origin ("https://pos.example.com") or a bare host, "*." allowed. */
export const HOST_SOURCE = /^(?:https?:\/\/)?(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::\d{1,5})?$/i;
/** One CSP source from the build: no whitespace, quotes, commas or semicolons, so it cannot end a directive. */
const cspSources = z.array(z.string().regex(/^[^\s;,'"]{1,512}$/)).optional();

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const serverSiteSettingsSchema = z.strictObject({
  siteId: z.string().min(1),
  domain: z.string().min(1),
  ticketingUrl: z.string().url(),
  // Only what the Functions read: the rest of the loyalty configuration is the browser's.
  loyalty: z.strictObject({ tokenParam: z.string().min(1) }),
  /**
   * Origins of the point-of-sale hosts that may frame the site (settings.json, normalised). With
   * EDITOR_ORIGINS they are the only framing origins: the production server's frame-ancestors.
   */
  allowedEmbeddingDomains: z
    .array(z.string().regex(HOST_SOURCE, { message: "expected an origin such as https://pos.example.com" }))
    .default([]),
  /**
   * The site's time zone (settings.json, spec §9): the server's "today" for dated schedule addresses
   * (src/server/http/dated-schedule.ts). Absent from files written before issue 42.
   */
  timeZone: z.string().refine(isTimeZone, { message: 'expected an IANA time zone such as "Europe/Paris"' }).optional(),
  /** EDITOR_ORIGINS as the pages were built with (they post the editor lifecycle to these only). */
  editorOrigins: z.array(z.string().min(1)).default([]),
  /** CSP sources of the third parties the build told the pages to use (src/server/third-parties.ts). */
  thirdPartySources: z
    .strictObject({
      "script-src": cspSources,
      "connect-src": cspSources,
      "frame-src": cspSources,
      "img-src": cspSources,
      "style-src": cspSources,
      "media-src": cspSources,
    } satisfies Record<ThirdPartyDirective, typeof cspSources>)
    .default({}),
});
export type ServerSiteSettings = z.infer<typeof serverSiteSettingsSchema>;

/** `env`: the build's deploy settings, which decide the third parties the pages load. */
export function serverSiteSettingsFrom(
  siteId: string,
  config: SiteConfig,
  options: { editorOrigins?: readonly string[]; env?: Readonly<Record<string, string | undefined>> } = {},
): ServerSiteSettings {
  const { settings } = config;
  return {
    siteId,
    domain: settings.domain,
    ticketingUrl: settings.ticketingUrl,
    loyalty: { tokenParam: tokenParamFor(settings.loyalty) },
    timeZone: settings.timeZone,
    allowedEmbeddingDomains: settings.allowedEmbeddingDomains,
    editorOrigins: [...(options.editorOrigins ?? [])],
    thirdPartySources: thirdPartySources({
      env: options.env ?? serverEnv(),
      captchaOnSomePage: config.pages.pages.some((page) => page.captchaSiteKey !== undefined),
      tracking: siteTrackingOf(settings),
      ads: siteAdsOf(settings),
      trailerUrls: config.catalogue.films.map((film) => film.trailerUrl),
    }),
  };
}

/** Where the build writes the file; `gatsby serve` runs the functions from the project root. */
export const SERVER_SETTINGS_FILE = join(".cache", "venue", "server-settings.json");

let cached: ServerSiteSettings | null = null;

/** Reads and validates a settings file, throwing with its name; no cache (the production server reads one per site). */
export function loadServerSiteSettings(file: string): ServerSiteSettings {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`${file}: cannot read the server settings written by the build (${(error as Error).message})`);
  }
  const parsed = serverSiteSettingsSchema.safeParse(raw);
  if (!parsed.success)
    throw new Error(`${file}: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  return parsed.data;
}

/** Throws with the file name when the build did not write it or it does not parse. */
export function readServerSiteSettings(
  file = serverEnv().SERVER_SETTINGS_FILE ?? SERVER_SETTINGS_FILE,
): ServerSiteSettings {
  cached ??= loadServerSiteSettings(file);
  return cached;
}

/** Tests only. */
export function resetServerSiteSettingsCache(): void {
  cached = null;
}
