// The deferred pages (spec §3 defer flags: Gatsby's deferred static generation). The build leaves
// them out of public/ and leaves Gatsby's page renderer (.cache/page-ssr, a self-contained bundle
// with every page's context and the templates) beside it; on a deferred page's first request the
// server renders its HTML or page data with it, as `gatsby serve` does, compresses it once, keeps the
// result (in memory, and in public/ with its copies for the next start) and serves it like a built file. Nothing else runs at request
// time: the site's pages query nothing (their data is their context), so Gatsby's GraphQL engine
// (.cache/query-engine, with its database) is never loaded and need not be deployed.
import { existsSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { z } from "zod";
import { ENGINE_STRUCTURED_DATA_FILE } from "../../lib/paths";
import { withStructuredData } from "../../build/structured-data-html";
import {
  COMPRESS_MIN_BYTES,
  COPY_ENCODINGS,
  COPY_SUFFIX,
  compressedCopies,
  type CopyEncoding,
} from "../../build/precompress";
import { decodedRequestPath, hasExtension } from "./static-site";

/** What the server uses of Gatsby's page renderer (gatsby/dist/utils/page-ssr-module/entry.js). */
export interface PageRenderer {
  findEnginePageByPath(pathName: string): { path: string; mode?: string } | undefined | null;
  getData(arg: { pathName: string; getGraphqlEngine: () => Promise<never> }): Promise<unknown>;
  renderPageData(arg: { data: unknown }): Promise<unknown>;
  renderHTML(arg: { data: unknown; pageData?: unknown }): Promise<string>;
}

/** A request for a deferred page: its HTML, its page data, or its slashed address (301). */
export type DeferredRequest =
  | { readonly kind: "html" | "pageData"; readonly pagePath: string }
  | { readonly kind: "redirect"; readonly location: string };

/** Where a site directory keeps the page renderer: a project (.cache/page-ssr) or a bundle from build:sites (page-ssr). */
export const ENGINE_DIRS = [path.join(".cache", "page-ssr"), "page-ssr"] as const;

const PAGE_DATA = /^\/page-data\/(.+)\/page-data\.json$/;

/**
 * Which deferred page a decoded request path asks for, if any. Gatsby's page-data address of
 * "/films/x/" is /page-data/films/x/page-data.json; an address without its slash is redirected,
 * as for the built pages.
 */
export function deferredRequestOf(
  urlPath: string,
  search: string,
  isDeferred: (pagePath: string) => boolean,
): DeferredRequest | null {
  const data = PAGE_DATA.exec(urlPath);
  if (data) {
    const pagePath = data[1] === "index" ? "/" : `/${data[1]}/`;
    return isDeferred(pagePath) ? { kind: "pageData", pagePath } : null;
  }
  if (urlPath.endsWith("/")) return isDeferred(urlPath) ? { kind: "html", pagePath: urlPath } : null;
  if (hasExtension(urlPath)) return null;
  return isDeferred(`${urlPath}/`) ? { kind: "redirect", location: `${urlPath}/${search}` } : null;
}

/** Where a rendered page is kept in public/ (the paths `gatsby build` would have written). */
export function publicFilesOf(pagePath: string): { html: string; pageData: string } {
  const inner = pagePath.replace(/^\/|\/$/g, "");
  return {
    html: path.join(inner, "index.html"),
    pageData: path.join("page-data", inner || "index", "page-data.json"),
  };
}

/** A rendered page's HTML or page data, with its brotli and gzip copies (none when it is too small to gain). */
export interface RenderedFile {
  readonly text: string;
  readonly copies: Readonly<Record<CopyEncoding, Buffer>> | null;
}

export interface DeferredPages {
  /** The deferred page a decoded request path asks for, or null (the renderer loads on first call). */
  find(urlPath: string, search: string): DeferredRequest | null;
  /** The page's HTML or page data, rendered and compressed once. Rejects when the renderer fails. */
  render(pagePath: string, kind: "html" | "pageData"): Promise<RenderedFile>;
}

/** The deferred page a request (its path as sent, percent-encoded) asks for, or null. */
export function deferredRequest(pages: DeferredPages, rawPath: string, search: string): DeferredRequest | null {
  const urlPath = decodedRequestPath(rawPath);
  if (urlPath === null) return null;
  const found = pages.find(urlPath, search);
  // The Location keeps the path as it was sent (encoded).
  return found?.kind === "redirect" ? { kind: "redirect", location: `${rawPath}/${search}` } : found;
}

type Log = { warn: (message: string) => void };

/**
 * The site's deferred pages, or null when its build made no page renderer (no defer flag on).
 * `load` is the renderer's loader (tests give a fake one).
 */
export function deferredPagesOf(
  siteDir: string,
  publicDir: string,
  log: Log,
  load: (file: string) => PageRenderer = (file) => createRequire(file)(file) as PageRenderer,
): DeferredPages | null {
  const engineDir = ENGINE_DIRS.map((dir) => path.join(siteDir, dir)).find((dir) =>
    existsSync(path.join(dir, "index.js")),
  );
  if (!engineDir) return null;
  let renderer: PageRenderer | null = null;
  const engine = () => (renderer ??= load(path.join(engineDir, "index.js")));
  const structuredData = readStructuredData(path.join(engineDir, ENGINE_STRUCTURED_DATA_FILE));
  const rendered = new Map<string, Promise<Record<"html" | "pageData", RenderedFile>>>();

  const isDeferred = (pagePath: string) => {
    const page = engine().findEnginePageByPath(pagePath);
    return !!page && page.mode === "DSG" && page.path === pagePath;
  };

  const renderPage = async (pagePath: string) => {
    const gatsby = engine();
    const data = await gatsby.getData({
      pathName: pagePath,
      getGraphqlEngine: () =>
        Promise.reject(new Error(`${pagePath}: its template has a page query; the server runs no GraphQL engine`)),
    });
    const pageData = await gatsby.renderPageData({ data });
    let html = await gatsby.renderHTML({ data, pageData });
    const jsonLd = structuredData[pagePath];
    if (jsonLd) html = withStructuredData(html, jsonLd) ?? html;
    const page = { html: await withCopies(html), pageData: await withCopies(JSON.stringify(pageData)) };
    await keepInPublic(publicDir, pagePath, page, log);
    return page;
  };

  return {
    find: (urlPath, search) => deferredRequestOf(urlPath, search, isDeferred),
    render: async (pagePath, kind) => {
      let page = rendered.get(pagePath);
      if (!page) {
        page = renderPage(pagePath);
        rendered.set(pagePath, page);
        // A failed render is tried again on the next request.
        page.catch(() => rendered.delete(pagePath));
      }
      return (await page)[kind];
    },
  };
}

function readStructuredData(file: string): Record<string, string> {
  if (!existsSync(file)) return {};
  // Written by our own onPostBuild, but read from disk at start: parsed, not assumed.
  return z.record(z.string(), z.string()).parse(JSON.parse(readFileSync(file, "utf8")));
}

async function withCopies(text: string): Promise<RenderedFile> {
  const raw = Buffer.from(text);
  return { text, copies: raw.length < COMPRESS_MIN_BYTES ? null : await compressedCopies(raw, false) };
}

/** Written where the build would have put them, so the next start serves them as files. Best effort. */
async function keepInPublic(
  publicDir: string,
  pagePath: string,
  page: Record<"html" | "pageData", RenderedFile>,
  log: Log,
): Promise<void> {
  const files = publicFilesOf(pagePath);
  try {
    for (const kind of ["html", "pageData"] as const) {
      const file = path.join(publicDir, files[kind]);
      const { text, copies } = page[kind];
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, text);
      // After the file, so the build's freshness rule (a copy no older than its file) holds.
      if (copies)
        for (const encoding of COPY_ENCODINGS) await writeFile(`${file}${COPY_SUFFIX[encoding]}`, copies[encoding]);
    }
  } catch (error) {
    log.warn(`deferred page ${pagePath}: not kept in public/ (${(error as Error).message})`);
  }
}
