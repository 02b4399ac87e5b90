// The node layer's contract: node type names and the shapes read back in createPages.
import type { Film, Showtime, Theater } from "../../src/catalogue/types";
import type { PageConfig } from "../../src/config/pages";
import type { CompiledMessages } from "../../src/i18n/compile";
import type { SiteRuntime } from "../../src/site/model";
import type { DeferFlags } from "../../src/site/page-plan";

export const NODE_TYPES = {
  siteSettings: "SiteSettings",
  theater: "Theater",
  film: "Film",
  page: "Page",
} as const;

/** Fields stored on each node type (Gatsby adds id, parent, children and internal). */
/**
 * compiledMessages: the site locale's whole catalogue as ICU ASTs (src/i18n/compile.ts), site-wide
 * data read once per visit (src/runtime/SiteRuntime.tsx). Named for the format: the static query's URL
 * comes from its text, so a new name gives a new URL, and a browser whose offline worker kept the
 * text catalogue of an earlier deploy never hands it to a bundle that has no parser.
 */
export type SiteSettingsFields = {
  siteId: string;
  today: string;
  runtime: SiteRuntime;
  compiledMessages: CompiledMessages;
  deferFlags: DeferFlags;
};
export type TheaterFields = { theater: Theater };
/**
 * position keeps the catalogue order (movieOrderIndex, then release): node look-ups return nodes by id.
 * showtimes: the film's own, in time order. They travel on the film's node rather than one node
 * each: a circuit's fortnight is tens of thousands of showtimes, and a node costs its creation,
 * digest and cache entry (issue 19: 70,000 nodes, most of "source and transform nodes").
 */
export type FilmFields = { filmId: number; position: number; film: Film; showtimes: Showtime[] };
export type PageFields = { page: PageConfig };

/**
 * GraphQL schema of the node layer, declared so queries never depend on inference. SitePage too:
 * nothing queries a page's context, and inferring its shape walked every page's context as the page
 * was created (issue 19: half of createPages at 1000 films).
 */
export const typeDefs = `
  type SiteSettings implements Node @dontInfer {
    siteId: String!
    today: String!
    runtime: JSON!
    compiledMessages: JSON!
    deferFlags: JSON!
  }
  type Theater implements Node @dontInfer { theater: JSON! }
  type Film implements Node @dontInfer { filmId: Float!, position: Int!, film: JSON!, showtimes: JSON! }
  type Page implements Node @dontInfer { page: JSON! }
  type SitePage implements Node @dontInfer { path: String! }
`;
