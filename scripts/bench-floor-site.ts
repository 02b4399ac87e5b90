// The floor of `npm run bench:build -- --floor`: a bare Gatsby site (same Gatsby, no plugins, one
// trivial template) making as many pages as the project makes film pages, each with the film's
// title and synopsis as its context. The bench builds it in the same run as the project.
//
// Bare twice over (issue 47):
// - It runs on an install of its own holding only gatsby, react and react-dom at the project's
//   versions (floorInstall), kept between runs in ~/.cache/venue-bench-floor/ (BENCH_FLOOR_DIR)
//   and made again when a version differs; the site is written inside it, so Node and webpack find
//   that install as a bare site's own (not through a symlink, and not under a node_modules/ path,
//   which Gatsby's webpack would not compile). The floor used to link the project's node_modules.
// - Its pages carry no more than a bare site's: a context of the whole film and 14 showtimes
//   (4 KB) cost Gatsby 22-28 s of createPages alone at 5,000 pages, against 1.5 s for this one
//   and 4.4 s for the project's compact contexts: that floor measured Gatsby's slow path, not its
//   floor, and flattered the ratio.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const FLOOR_PACKAGES = ["gatsby", "react", "react-dom"] as const;

/** The versions the floor installs: the project's own, as installed. */
export function floorVersions(nodeModules: string): Record<string, string> {
  return Object.fromEntries(
    FLOOR_PACKAGES.map((name) => {
      const manifest = JSON.parse(readFileSync(path.join(nodeModules, name, "package.json"), "utf8")) as {
        version: string;
      };
      return [name, manifest.version];
    }),
  );
}

/** Where the floor's install is kept: BENCH_FLOOR_DIR, else ~/.cache/venue-bench-floor. */
export const floorInstallDir = (env: NodeJS.ProcessEnv = process.env): string =>
  env.BENCH_FLOOR_DIR || path.join(os.homedir(), ".cache", "venue-bench-floor");

/**
 * The floor's own install (made on first use, kept after), at the versions the project has
 * installed: answers its folder and whether this call installed it. Throws with npm's own words
 * when the install fails.
 */
export function floorInstall(root: string, dir = floorInstallDir()): { dir: string; installed: boolean } {
  const wanted = floorVersions(path.join(root, "node_modules"));
  const manifest = JSON.stringify({ name: "bench-floor-install", private: true, dependencies: wanted }, null, 2);
  const manifestFile = path.join(dir, "package.json");
  const current = existsSync(manifestFile) ? readFileSync(manifestFile, "utf8") : "";
  if (current === manifest && existsSync(path.join(dir, "node_modules", "gatsby", "package.json")))
    return { dir, installed: false };
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(manifestFile, manifest);
  // No install scripts: the project installs Gatsby without them too (package.json allowScripts).
  const npm = spawnSync("npm", ["install", "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel", "error"], {
    cwd: dir,
    encoding: "utf8",
  });
  if (npm.status !== 0) {
    // Half an install must not pass for a kept one.
    rmSync(manifestFile, { force: true });
    throw new Error(`The floor's own install (npm install in ${dir}) failed:\n${npm.stderr || npm.stdout}`);
  }
  return { dir, installed: true };
}

const GATSBY_CONFIG = `module.exports = { trailingSlash: "always", jsxRuntime: "automatic" };\n`;

const GATSBY_NODE = `const path = require("node:path");
const { readFileSync } = require("node:fs");
exports.createPages = ({ actions }) => {
  const pages = JSON.parse(readFileSync(path.join(__dirname, "pages.json"), "utf8"));
  const component = path.resolve(__dirname, "src/templates/film.js");
  for (const page of pages) actions.createPage({ path: page.path, component, context: page.context });
};
`;

const TEMPLATE = `import * as React from "react";
export default function Film({ pageContext }) {
  return (
    <main>
      <h1>{pageContext.title}</h1>
      <p>{pageContext.synopsis}</p>
    </main>
  );
}
export const Head = ({ pageContext }) => <title>{pageContext.title}</title>;
`;

export type FloorFilm = { id: number; title: string; synopsis: string };

/** Writes the floor site afresh into `dir` (inside the floor's install, where it finds it). */
export function writeFloorSite(dir: string, films: readonly FloorFilm[]): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, "src", "templates"), { recursive: true });
  // Gatsby builds only a folder whose package.json depends on it; Node finds the packages in the
  // install around the site.
  const dependencies = Object.fromEntries(FLOOR_PACKAGES.map((name) => [name, "*"]));
  writeFileSync(
    path.join(dir, "package.json"),
    JSON.stringify({ name: "bench-floor-site", private: true, dependencies }),
  );
  writeFileSync(path.join(dir, "gatsby-config.js"), GATSBY_CONFIG);
  writeFileSync(path.join(dir, "gatsby-node.js"), GATSBY_NODE);
  writeFileSync(path.join(dir, "src", "templates", "film.js"), TEMPLATE);
  const pages = films.map(({ id, title, synopsis }) => ({ path: `/films/${id}/`, context: { title, synopsis } }));
  writeFileSync(path.join(dir, "pages.json"), JSON.stringify(pages));
}
