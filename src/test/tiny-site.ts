// The smallest built site the production server serves, for server tests and the browser suites'
// hostile-request fixtures: a home page, a 404 page and the build's server-settings.json.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The French sample site's settings as the build writes them, the fields every test needs. */
export const SAMPLE_SERVER_SETTINGS = {
  siteId: "lumiere",
  domain: "www.cinema-lumiere.fr",
  ticketingUrl: "https://tickets.cinema-lumiere.fr",
  loyalty: { tokenParam: "boostToken" },
} as const;

/** Writes `dir`/server-settings.json: the sample's settings with `settings` over them. Returns its path. */
export function writeServerSettings(dir: string, settings: Record<string, unknown> = {}): string {
  const file = path.join(dir, "server-settings.json");
  writeFileSync(file, JSON.stringify({ ...SAMPLE_SERVER_SETTINGS, ...settings }));
  return file;
}

/** Writes each file under `dir`/public/, by its path there ("films/index.html"). */
export function writePublicFiles(dir: string, files: Readonly<Record<string, string | Buffer>>): void {
  for (const [file, body] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, "public", file)), { recursive: true });
    writeFileSync(path.join(dir, "public", file), body);
  }
}

/** Writes a site under `dir`: public/index.html, public/404.html and its server settings. */
export function writeTinySite(dir: string, settings: Record<string, unknown> = {}): void {
  mkdirSync(path.join(dir, "public"), { recursive: true });
  writeFileSync(path.join(dir, "public", "index.html"), "<!doctype html><html lang=en><title>home</title></html>");
  writeFileSync(path.join(dir, "public", "404.html"), "<!doctype html><html lang=en><title>404</title></html>");
  writeServerSettings(dir, settings);
}
