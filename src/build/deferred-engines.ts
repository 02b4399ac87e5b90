// Build side of the defer flags (spec §3): a page created with `defer: true` is Gatsby's deferred
// static generation (DSG). Its HTML and page data are made on first request by Gatsby's page
// renderer (.cache/page-ssr), which the production server loads (src/server/http/deferred-pages.ts).
//
// Gatsby also bundles its GraphQL engine (.cache/query-engine) and refuses the build unless that
// engine loads on its own ("Validating Rendering Engines"). The engine carries gatsby-plugin-utils'
// image resolvers, hence sharp, whose 0.33+ native module (@img/sharp-<platform>) Gatsby 5's bundler
// does not copy: the check failed with `Generated engines use disallowed import
// "@img/sharp-linux-x64/sharp.node"`. Putting sharp's native packages inside the engine's own
// folder (where Node resolves them first) makes the engine whole, and the check passes. The
// production server never runs that engine: the site's pages query nothing at request time.
import { cpSync, existsSync, readdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { ENGINE_STRUCTURED_DATA_FILE } from "../lib/paths";

/** Copies sharp's native packages (node_modules/@img/sharp-*) into .cache/query-engine/node_modules/@img/. */
export function bundleSharpIntoQueryEngine(
  projectDir: string,
  // createRequire, not require.resolve: Gatsby compiles gatsby-node with Parcel, which drops the latter.
  resolveSharp = () => createRequire(path.join(projectDir, "package.json")).resolve("sharp/package.json"),
): string[] {
  let imgDir: string;
  try {
    imgDir = path.join(path.dirname(resolveSharp()), "..", "@img");
  } catch {
    return []; // no sharp installed: the engine has nothing to load
  }
  if (!existsSync(imgDir)) return [];
  const target = path.join(projectDir, ".cache", "query-engine", "node_modules", "@img");
  const copied: string[] = [];
  for (const entry of readdirSync(imgDir)) {
    if (!entry.startsWith("sharp-")) continue;
    cpSync(path.join(imgDir, entry), path.join(target, entry), { recursive: true, dereference: true });
    copied.push(entry);
  }
  return copied;
}

/** Writes the deferred pages' JSON-LD beside the page renderer, for the server to put in their HTML. */
export function writeEngineStructuredData(
  projectDir: string,
  deferredPaths: readonly string[],
  byPath: Readonly<Record<string, string>>,
): void {
  const engineDir = path.join(projectDir, ".cache", "page-ssr");
  if (!existsSync(engineDir)) return;
  const kept = Object.fromEntries(deferredPaths.filter((p) => p in byPath).map((p) => [p, byPath[p]]));
  writeFileSync(path.join(engineDir, ENGINE_STRUCTURED_DATA_FILE), JSON.stringify(kept));
}
