// What the server side (Gatsby Functions) needs to know about the site it was built for. The
// build writes it next to the compiled functions, so the running server never re-reads or
// re-validates the operator's config files and cannot drift from the pages it serves.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import type { SiteConfig } from "../config/site-config";
import { tokenParamFor } from "../loyalty/token-param";
import { serverEnv } from "./env";

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
  allowedEmbeddingDomains: z.array(z.string().min(1)).default([]),
  /** EDITOR_ORIGINS as the pages were built with (they post the editor lifecycle to these only). */
  editorOrigins: z.array(z.string().min(1)).default([]),
});
export type ServerSiteSettings = z.infer<typeof serverSiteSettingsSchema>;

export function serverSiteSettingsFrom(
  siteId: string,
  config: SiteConfig,
  options: { editorOrigins?: readonly string[] } = {},
): ServerSiteSettings {
  const { settings } = config;
  return {
    siteId,
    domain: settings.domain,
    ticketingUrl: settings.ticketingUrl,
    loyalty: { tokenParam: tokenParamFor(settings.loyalty) },
    allowedEmbeddingDomains: settings.allowedEmbeddingDomains,
    editorOrigins: [...(options.editorOrigins ?? [])],
  };
}

/** Where the build writes the file; `gatsby serve` runs the functions from the project root. */
export const SERVER_SETTINGS_FILE = join(".cache", "venue", "server-settings.json");

let cached: ServerSiteSettings | null = null;

/** Throws with the file name when the build did not write it or it does not parse. */
export function readServerSiteSettings(
  file = serverEnv().SERVER_SETTINGS_FILE ?? SERVER_SETTINGS_FILE,
): ServerSiteSettings {
  if (cached) return cached;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`${file}: cannot read the server settings written by the build (${(error as Error).message})`);
  }
  const parsed = serverSiteSettingsSchema.safeParse(raw);
  if (!parsed.success)
    throw new Error(`${file}: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  cached = parsed.data;
  return cached;
}

/** Tests only. */
export function resetServerSiteSettingsCache(): void {
  cached = null;
}
