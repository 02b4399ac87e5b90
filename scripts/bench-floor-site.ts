// The floor of `npm run bench:build -- --floor`: a bare Gatsby site (same Gatsby, no plugins, one
// trivial template) making as many pages as the project makes film pages, each with a context of
// the film and its showtimes. Written to a temporary folder at bench time, so neither Jest nor the
// lint ever sees it; the bench builds it in the same run as the project.
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

export type FloorFilm = { id: number; title: string; synopsis: string; [field: string]: unknown };

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
  const { film, showtimes } = pageContext;
  return (
    <main>
      <h1>{film.title}</h1>
      <p>{film.synopsis}</p>
      <ul>{showtimes.map((s) => <li key={s.perfCode}>{s.startsAt} {s.screen}</li>)}</ul>
    </main>
  );
}
export const Head = ({ pageContext }) => <title>{pageContext.film.title}</title>;
`;

/** A showtime of the project's shape (src/catalogue/types.ts), so the context weighs the same. */
function floorShowtimes(film: FloorFilm, count: number) {
  return Array.from({ length: count }, (_, i) => ({
    perfCode: `${film.id}-${i}`,
    filmId: film.id,
    theaterId: "theater-1",
    startsAt: `2026-01-${String(1 + (i % 14)).padStart(2, "0")}T19:30:00.000Z`,
    localDate: `2026-01-${String(1 + (i % 14)).padStart(2, "0")}`,
    attributes: ["VF", "3D"],
    screen: `Salle ${1 + (i % 5)}`,
    bookingUrl: `https://tickets.example.com/booking/theater-1/${film.id}-${i}?utm_source=site&utm_medium=web`,
  }));
}

export function writeFloorSite(dir: string, nodeModules: string, films: FloorFilm[], showtimesPerFilm: number): void {
  mkdirSync(path.join(dir, "src", "templates"), { recursive: true });
  writeFileSync(
    path.join(dir, "package.json"),
    JSON.stringify({
      name: "bench-floor-site",
      private: true,
      dependencies: { gatsby: "*", react: "*", "react-dom": "*" },
    }),
  );
  writeFileSync(path.join(dir, "gatsby-config.js"), GATSBY_CONFIG);
  writeFileSync(path.join(dir, "gatsby-node.js"), GATSBY_NODE);
  writeFileSync(path.join(dir, "src", "templates", "film.js"), TEMPLATE);
  const pages = films.map((film) => ({
    path: `/films/${film.id}/`,
    context: { film, showtimes: floorShowtimes(film, showtimesPerFilm) },
  }));
  writeFileSync(path.join(dir, "pages.json"), JSON.stringify(pages));
  symlinkSync(nodeModules, path.join(dir, "node_modules"), "dir");
}
