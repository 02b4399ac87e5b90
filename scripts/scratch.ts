// A copy of the project that can be built without touching this checkout's public/ and .cache/
// (Gatsby always writes there), without its tests. node_modules is linked, not copied.
import { cpSync, existsSync, mkdirSync, rmSync, symlinkSync } from "node:fs";
import path from "node:path";

const PROJECT_ENTRIES = [
  "src",
  "plugins",
  "scripts",
  "static",
  "site-config",
  "gatsby-config.ts",
  "gatsby-node.ts",
  "gatsby-browser.tsx",
  "gatsby-ssr.tsx",
  "package.json",
  "tsconfig.json",
];

/**
 * What a build never reads: the tests beside the code and their helpers. Leaving them out matters:
 * Gatsby parses every file under src/ for queries ("extract queries from components"), and the
 * tests are more than half of its lines (about 4 s of each build).
 */
const TEST_FILE = /\.test\.tsx?$/;
const TEST_HELPERS = `${path.sep}src${path.sep}test`;
const forBuilds = (source: string): boolean => !TEST_FILE.test(source) && !source.endsWith(TEST_HELPERS);
/**
 * Gatsby Functions (src/api/) serve only a Netlify deploy (gatsby-config.ts's adapter): the
 * production server answers /api/ itself (src/server/http/). Gatsby compiles them in every build
 * that has them, 2 s warm and 8 s cold on 2 cores, so a copy built for that server leaves them out.
 */
const FUNCTIONS = `${path.sep}src${path.sep}api`;
const forServerBuilds = (source: string): boolean => forBuilds(source) && !source.endsWith(FUNCTIONS);

/** Whether a build with these settings deploys to Netlify, the one host that runs src/api/. */
export const deploysFunctions = (env: NodeJS.ProcessEnv): boolean => env.NETLIFY === "true";

export function scratchProject(root: string, dest: string, { withSiteConfig = true } = {}): void {
  rmSync(dest, { recursive: true, force: true });
  mkdirSync(dest, { recursive: true });
  for (const entry of PROJECT_ENTRIES) {
    if (!withSiteConfig && entry === "site-config") continue;
    if (existsSync(path.join(root, entry)))
      cpSync(path.join(root, entry), path.join(dest, entry), { recursive: true, filter: forBuilds });
  }
  symlinkSync(path.join(root, "node_modules"), path.join(dest, "node_modules"), "dir");
}

/**
 * Refreshes a scratch copy in place, keeping what Gatsby left there (.cache/, public/), so the
 * next build of that copy is incremental. Timestamps are kept: webpack's cache trusts them.
 */
export function syncProject(root: string, dest: string, { withSiteConfig = true, withFunctions = true } = {}): void {
  mkdirSync(dest, { recursive: true });
  for (const entry of PROJECT_ENTRIES) {
    rmSync(path.join(dest, entry), { recursive: true, force: true });
    if (!withSiteConfig && entry === "site-config") continue;
    if (existsSync(path.join(root, entry)))
      cpSync(path.join(root, entry), path.join(dest, entry), {
        recursive: true,
        preserveTimestamps: true,
        filter: withFunctions ? forBuilds : forServerBuilds,
      });
  }
  if (!existsSync(path.join(dest, "node_modules")))
    symlinkSync(path.join(root, "node_modules"), path.join(dest, "node_modules"), "dir");
}
