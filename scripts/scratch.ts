// A copy of the project that can be built without touching this checkout's public/ and .cache/
// (Gatsby always writes there). node_modules is linked, not copied.
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

export function scratchProject(root: string, dest: string, { withSiteConfig = true } = {}): void {
  rmSync(dest, { recursive: true, force: true });
  mkdirSync(dest, { recursive: true });
  for (const entry of PROJECT_ENTRIES) {
    if (!withSiteConfig && entry === "site-config") continue;
    if (existsSync(path.join(root, entry))) cpSync(path.join(root, entry), path.join(dest, entry), { recursive: true });
  }
  symlinkSync(path.join(root, "node_modules"), path.join(dest, "node_modules"), "dir");
}

/**
 * Refreshes a scratch copy in place, keeping what Gatsby left there (.cache/, public/), so the
 * next build of that copy is incremental. Timestamps are kept: webpack's cache trusts them.
 */
export function syncProject(root: string, dest: string, { withSiteConfig = true } = {}): void {
  mkdirSync(dest, { recursive: true });
  for (const entry of PROJECT_ENTRIES) {
    rmSync(path.join(dest, entry), { recursive: true, force: true });
    if (!withSiteConfig && entry === "site-config") continue;
    if (existsSync(path.join(root, entry)))
      cpSync(path.join(root, entry), path.join(dest, entry), { recursive: true, preserveTimestamps: true });
  }
  if (!existsSync(path.join(dest, "node_modules")))
    symlinkSync(path.join(root, "node_modules"), path.join(dest, "node_modules"), "dir");
}
