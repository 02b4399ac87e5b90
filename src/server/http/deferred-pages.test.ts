// Spec §3 defer flags: a deferred page is rendered by Gatsby's page renderer on its first request.
// The renderer here is a stand-in module with the same four functions, loaded from the same place
// (.cache/page-ssr/index.js) the way the server loads Gatsby's; e2e/deferred-pages.spec.ts runs the
// real one over a real build.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { Writable } from "node:stream";
import { buildServer } from "./app";
import { deferredRequestOf, publicFilesOf } from "./deferred-pages";
import { serverDeploySettings } from "./deploy-settings";
import { loadSiteBundle } from "./site-bundle";
import { inlineScriptHashes } from "./site-files";

const DEFERRED = new Set(["/films/7-orbite-basse/", "/a-propos/", "/casse/"]);

describe("which request asks for a deferred page", () => {
  const isDeferred = (p: string) => DEFERRED.has(p);
  it.each<[string, string, ReturnType<typeof deferredRequestOf>]>([
    ["/films/7-orbite-basse/", "", { kind: "html", pagePath: "/films/7-orbite-basse/" }],
    ["/page-data/films/7-orbite-basse/page-data.json", "", { kind: "pageData", pagePath: "/films/7-orbite-basse/" }],
    ["/a-propos", "?x=1", { kind: "redirect", location: "/a-propos/?x=1" }],
    ["/films/8-autre/", "", null],
    ["/page-data/films/8-autre/page-data.json", "", null],
    ["/a-propos/logo.png", "", null],
    ["/page-data/index/page-data.json", "", null],
  ])("%s%s", (urlPath, search, expected) => {
    expect(deferredRequestOf(urlPath, search, isDeferred)).toEqual(expected);
  });

  it("keeps a rendered page where the build would have written it", () => {
    expect(publicFilesOf("/films/7-orbite-basse/")).toEqual({
      html: path.join("films", "7-orbite-basse", "index.html"),
      pageData: path.join("page-data", "films", "7-orbite-basse", "page-data.json"),
    });
  });
});

const FAKE_RENDERER = `
const pages = new Map([...${JSON.stringify([...DEFERRED])}.map((p) => [p, { path: p, mode: "DSG" }]), ["/", { path: "/", mode: "SSG" }]]);
const { appendFileSync } = require("node:fs");
exports.findEnginePageByPath = (p) => pages.get(p) ?? null;
exports.getData = async ({ pathName }) => {
  if (pathName === "/casse/") throw new Error("template failed");
  return { page: pages.get(pathName) };
};
exports.renderPageData = async ({ data }) => ({ path: data.page.path, result: { pageContext: { title: "Orbite basse" } } });
exports.renderHTML = async ({ data, pageData }) => {
  appendFileSync(__dirname + "/renders.log", data.page.path + "\\n");
  return '<html><head></head><body><script>window.pagePath="' + data.page.path + '"</script><h1>' + pageData.result.pageContext.title + '</h1><p>' + "Séance ".repeat(200) + '</p></body></html>';
};
`;

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "deferred-pages-"));
  const files: Record<string, string> = {
    "public/index.html": '<html><body><script>window.pagePath="/"</script>home</body></html>',
    "public/404.html": "<html><body>not found</body></html>",
    "public/500.html": "<html><body><h1>Une erreur est survenue</h1></body></html>",
    ".cache/page-ssr/index.js": FAKE_RENDERER,
    ".cache/page-ssr/structured-data.json": JSON.stringify({ "/films/7-orbite-basse/": '{"@type":"Movie"}' }),
    ".cache/match-paths.json": "[]",
    "server-settings.json": JSON.stringify({
      siteId: "lumiere",
      domain: "www.cinema-lumiere.fr",
      ticketingUrl: "https://tickets.example.com",
      loyalty: { tokenParam: "boostToken" },
      allowedEmbeddingDomains: [],
      editorOrigins: [],
      thirdPartySources: {},
    }),
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

async function serve() {
  const site = loadSiteBundle(root, []);
  const env = {
    CYPHER_API_URL: "http://upstream.test",
    RECAPTCHA_OFF: "true",
    SERVER_SETTINGS_FILE: "server-settings.json",
  };
  const { app } = await buildServer({
    sites: [site],
    deploy: serverDeploySettings(env),
    env,
    logStream: new Writable({ write: (_chunk, _encoding, done) => done() }),
  });
  return app;
}

/** Runs `test` against a fresh server on the site and closes it afterwards, failed test or not. */
async function withServer(test: (app: Awaited<ReturnType<typeof serve>>) => Promise<void>): Promise<void> {
  const app = await serve();
  try {
    await test(app);
  } finally {
    await app.close();
  }
}

/** A request as a browser sends it for a page, so that a miss answers the HTML error pages. */
const browsing = (url: string) => ({ url, headers: { accept: "text/html" } });

/** The pages the stand-in renderer made, one line each. */
const renders = () => readFileSync(path.join(root, ".cache/page-ssr/renders.log"), "utf8").trim().split("\n");

describe("spec §3 defer flags: the server renders a deferred page on its first request", () => {
  it("serves its HTML with its content, its JSON-LD and its inline script allowed, and keeps it", () =>
    withServer(async (app) => {
      const html = browsing("/films/7-orbite-basse/");
      const first = await app.inject(html);
      expect(first.statusCode).toBe(200);
      expect(first.headers["content-type"]).toContain("text/html");
      expect(first.body).toContain("<h1>Orbite basse</h1>");
      expect(first.body).toContain('<script type="application/ld+json">{"@type":"Movie"}</script></body>');
      const [pageScript] = inlineScriptHashes(first.body);
      expect(first.headers["content-security-policy"]).toContain(`'${pageScript}'`);
      expect(first.headers["cache-control"]).toBe("no-cache");
      // Rendered once: the second request, and its page data, reuse the first render.
      expect((await app.inject(html)).body).toBe(first.body);
      const data = await app.inject({ url: "/page-data/films/7-orbite-basse/page-data.json" });
      expect(data.statusCode).toBe(200);
      expect(data.headers["content-type"]).toContain("application/json");
      expect(JSON.parse(data.body)).toMatchObject({ path: "/films/7-orbite-basse/" });
      expect(renders()).toEqual(["/films/7-orbite-basse/"]);
      // Kept in public/ where the build would have put it: the next start serves it as a file.
      expect(readFileSync(path.join(root, "public/films/7-orbite-basse/index.html"), "utf8")).toBe(first.body);
      expect(existsSync(path.join(root, "public/page-data/films/7-orbite-basse/page-data.json"))).toBe(true);
    }));

  it("compresses it once, when rendered: a client taking brotli or gzip gets the copy kept beside it (issue 43)", () =>
    withServer(async (app) => {
      const url = "/films/7-orbite-basse/";
      const plain = await app.inject(browsing(url));
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.headers.vary).toContain("Accept-Encoding");
      const br = await app.inject({ url, headers: { accept: "text/html", "accept-encoding": "gzip, br" } });
      expect(br.headers["content-encoding"]).toBe("br");
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      expect(br.headers["content-security-policy"]).toBe(plain.headers["content-security-policy"]);
      const gz = await app.inject({ url, headers: { accept: "text/html", "accept-encoding": "gzip" } });
      expect(gz.headers["content-encoding"]).toBe("gzip");
      expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
      expect(renders()).toEqual([url]);
      // Beside the page in public/: the next start sends them as a built page's.
      const kept = path.join(root, "public/films/7-orbite-basse/index.html");
      expect(zlib.brotliDecompressSync(readFileSync(`${kept}.br`)).toString()).toBe(plain.body);
      expect(zlib.gunzipSync(readFileSync(`${kept}.gz`)).toString()).toBe(plain.body);
    }));

  it("redirects its address without the slash, as for built pages", () =>
    withServer(async (app) => {
      const response = await app.inject({ url: "/a-propos?utm_source=x" });
      expect(response.statusCode).toBe(301);
      expect(response.headers.location).toBe("/a-propos/?utm_source=x");
    }));

  it("spec §8: a deferred page that fails to render answers the 500 page with a 500 status", () =>
    withServer(async (app) => {
      const response = await app.inject(browsing("/casse/"));
      expect(response.statusCode).toBe(500);
      expect(response.body).toContain("Une erreur est survenue");
      const data = await app.inject({ url: "/page-data/casse/page-data.json" });
      expect(data.statusCode).toBe(500);
    }));

  it("a page neither built nor deferred is still not found", () =>
    withServer(async (app) => {
      const response = await app.inject(browsing("/films/8-autre/"));
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain("not found");
    }));

  it("a build without deferred pages has no renderer", () => {
    rmSync(path.join(root, ".cache/page-ssr"), { recursive: true });
    expect(loadSiteBundle(root, []).deferred).toBeNull();
  });
});
