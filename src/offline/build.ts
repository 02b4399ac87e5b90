// What the build does to /sw.js after gatsby-plugin-offline has written it (gatsby-node.ts onPostBuild).
import { createHash } from "node:crypto";
import { appendFileSync, copyFileSync, existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { SW_KILL_SWITCH_FILE, type OfflineWorkerSetting } from "./settings";

/**
 * A digest of the site's data (every page-data file, app-data with the build's compilation hash
 * among them). The plugin's worker only changes when the precached files do; a deploy that only
 * changes content (a film's title, the day's showtimes) must also reach returning visitors as a
 * new worker, which empties the caches of the previous deploy (src/offline/sw-append.js).
 */
export function siteDataDigest(publicDir: string): string {
  const root = path.join(publicDir, "page-data");
  const hash = createHash("sha256");
  if (!existsSync(root)) return hash.digest("hex");
  const files = (readdirSync(root, { recursive: true }) as string[])
    .map((file) => file.split(path.sep).join("/"))
    .filter((file) => statSync(path.join(root, file)).isFile())
    .sort();
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update("\0");
  }
  return hash.digest("hex");
}

/** Finishes /sw.js: the build's digest appended, or the kill switch in its place. */
export function finishWorker(projectDir: string, setting: OfflineWorkerSetting): "worker" | "kill-switch" | "none" {
  const publicDir = path.join(projectDir, "public");
  const worker = path.join(publicDir, "sw.js");
  if (setting === "off") {
    copyFileSync(path.join(projectDir, SW_KILL_SWITCH_FILE), worker);
    return "kill-switch";
  }
  if (!existsSync(worker)) return "none";
  appendFileSync(worker, `\n// Site data ${siteDataDigest(publicDir)}: a new deploy is a new worker.\n`);
  return "worker";
}
