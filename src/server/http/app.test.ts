// The production server in process (Fastify's inject), over small synthetic builds: the serving
// conventions, the headers of each kind of path, the member-call rules, the sites chosen by host
// and what the access log leaves out. The same bars against the real builds and a real process
// are in e2e/server.spec.ts.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import type { InjectOptions } from "fastify";
import zlib from "node:zlib";
import { ACCOUNT_SCREENS, accountPath } from "../../member/account/routes";
import { buildServer, loggableUrl, plainStatusText } from "./app";
import { REFUSED_BODY_DRAIN_BYTES } from "./lingering-close";
import { cypherPost as post, upload } from "../../test/raw-upload";
import { serverDeploySettings } from "./deploy-settings";
import { loadSiteBundle, type SiteBundle } from "./site-bundle";
import { itReturns } from "../../test/tables";
import { writePublicFiles, writeServerSettings } from "../../test/tiny-site";

const HASHED = "/app-0123456789abcdef0123.js";

function writeSite(dir: string, siteId: string, domain: string, lang: string): void {
  const files: Record<string, string> = {
    "index.html": `<html lang="${lang}"><body><script id="gatsby-script-loader" data-page-path="/">window.pagePath=document.currentScript.getAttribute("data-page-path");</script><script src="${HASHED}" async></script>${"<p>home</p>".repeat(200)}</body></html>`,
    "404.html": `<html lang="${lang}"><body>not found</body></html>`,
    "films/index.html": "<html><body>films</body></html>",
    "permalink/movie/index.html": "<html><body>film permalink</body></html>",
    "account/index.html": "<html><body>account section</body></html>",
    "page-data/index/page-data.json": '{"path":"/"}',
    "page-data/app-data.json": '{"webpackCompilationHash":"x"}',
    [HASHED.slice(1)]: "console.log(1)",
    "sw.js": "self.addEventListener('fetch', () => {})",
    _headers: "/*\n  X-Platform: only\n",
    // What the build keeps for itself (issue 43): never served.
    "webpack.stats.json": '{"outputPath":"/home/builder/site/public"}',
    "chunk-map.json": "{}",
    "workbox-v4.3.1/workbox-sw.js.map": "{}",
  };
  writePublicFiles(dir, files);
  writeServerSettings(dir, {
    siteId,
    domain,
    ticketingUrl: `https://tickets.${domain}`,
    allowedEmbeddingDomains: ["https://pos.example.com"],
    // The editors the pages were built to talk to (the build's EDITOR_ORIGINS).
    editorOrigins: ["https://built-editor.example.com"],
    thirdPartySources: { "script-src": ["http://127.0.0.1:9/__recaptcha/"] },
  });
  writeFileSync(
    path.join(dir, "match-paths.json"),
    JSON.stringify([
      { path: "/permalink/movie/", matchPath: "/permalink/movie/*" },
      { path: "/account/", matchPath: "/account/*" },
    ]),
  );
}

let root: string;
let lumiere: SiteBundle;
let starlight: SiteBundle;
beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "server-app-"));
  writeSite(path.join(root, "lumiere"), "lumiere", "www.cinema-lumiere.fr", "fr-FR");
  writeSite(path.join(root, "starlight"), "starlight", "www.starlight-cinemas.com", "en-US");
  lumiere = loadSiteBundle(path.join(root, "lumiere"), ["https://editor.example.com"]);
  starlight = loadSiteBundle(path.join(root, "starlight"), ["https://editor.example.com"]);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

type Call = { url: string; init: RequestInit | undefined };
const started: { close: () => Promise<unknown> }[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((app) => app.close()));
});

async function server(
  env: Record<string, string> = {},
  sites: SiteBundle[] = [lumiere],
  answer: () => Response = () => Response.json({ peachCode: 0 }),
  now?: () => number,
) {
  const calls: Call[] = [];
  const log: string[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    calls.push({ url: String(input), init });
    return answer();
  };
  const fullEnv = { CYPHER_API_URL: "http://upstream.test", RECAPTCHA_OFF: "true", ...env };
  const { app, drain } = await buildServer({
    sites,
    deploy: serverDeploySettings(fullEnv),
    env: fullEnv,
    fetchImpl,
    ...(now ? { now } : {}),
    logStream: new Writable({
      write(chunk, _encoding, done) {
        log.push(String(chunk));
        done();
      },
    }),
  });
  started.push(app);
  return { app, drain, calls, log };
}

/** A fresh server's answer to one request, for the tests that ask it nothing else. */
async function answerTo(request: InjectOptions) {
  const { app } = await server();
  return app.inject(request);
}

/** Over a real socket: what Node answers before Fastify (its parser, the Expect header) never reaches inject. */
async function overTheWire(
  app: Awaited<ReturnType<typeof server>>["app"],
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        method: options.method ?? "GET",
        path: options.path,
        headers: options.headers,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}

const LOGIN = { method: "POST", route: "/Member/v3/Login?CypherCircuitId=" };
const json = (body: unknown) => ({
  method: "POST" as const,
  url: "/api/cypher",
  headers: { "content-type": "application/json" },
  payload: JSON.stringify(body),
});

describe("serving a build", () => {
  it.each([
    ["/", 200, "no-cache", "text/html"],
    ["/films/", 200, "no-cache", "text/html"],
    ["/permalink/movie/42/", 200, "no-cache", "text/html"],
    ["/films/42-unknown/", 404, "no-cache", "text/html"],
    ["/page-data/index/page-data.json", 200, "no-cache", "application/json"],
    ["/page-data/app-data.json", 200, "no-cache", "application/json"],
    [HASHED, 200, "public, max-age=31536000, immutable", "javascript"],
    ["/sw.js", 200, "no-cache", "javascript"],
    ["/nope/", 404, "no-cache", "text/html"],
    ["/_headers", 404, "no-cache", "text/html"],
  ])("%s → %d, Cache-Control %s", async (url, status, cacheControl, type) => {
    const response = await answerTo({ url, headers: { accept: "text/html,*/*" } });
    expect(response.statusCode).toBe(status);
    expect(response.headers["cache-control"]).toBe(cacheControl);
    expect(response.headers["content-type"]).toContain(type);
    expect(response.headers["content-security-policy"]).toBe(lumiere.contentSecurityPolicy);
    expect(response.headers).toMatchObject({
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
      "permissions-policy": expect.stringContaining("camera=()"),
    });
    expect(response.headers).not.toHaveProperty("access-control-allow-origin");
    expect(response.headers).not.toHaveProperty("x-powered-by");
    expect(response.headers).not.toHaveProperty("strict-transport-security");
    if (status === 404) expect(response.body).toContain("not found");
  });

  describe("client-only routes: a real 404 where no screen shows, with the route's page", () => {
    let indexed: SiteBundle;
    beforeAll(() => {
      const dir = path.join(root, "client-routes");
      writeSite(dir, "lumiere", "www.cinema-lumiere.fr", "fr-FR");
      writeFileSync(path.join(dir, "public", "film-index.json"), JSON.stringify({ "1": "/films/1-a/" }));
      indexed = loadSiteBundle(dir, []);
    });

    it.each<[string, number, string]>([
      ...ACCOUNT_SCREENS.map(({ screen }) => [accountPath(screen), 200, "account section"] as [string, number, string]),
      ["/account/?next=%2Faccount%2Fcards%2F", 200, "account section"],
      ["/account/nope/", 404, "account section"],
      ["/account/nope/?utm_source=x", 404, "account section"],
      ["/account/profile/extra/", 404, "account section"],
      ["/permalink/movie/", 404, "film permalink"],
      ["/permalink/movie/2/", 404, "film permalink"],
      ["/nope/", 404, "not found"],
    ])("%s → %d", async (url, status, body) => {
      const { app } = await server({}, [indexed]);
      const response = await app.inject({ url, headers: { accept: "text/html,*/*" } });
      expect(response.statusCode).toBe(status);
      expect(response.body).toContain(body);
      expect(response.headers["content-type"]).toContain("text/html");
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(response.headers["content-security-policy"]).toBe(indexed.contentSecurityPolicy);
    });

    it.each([
      // A film id: the film index answers, as before.
      ["/permalink/movie/1/?utm_source=x", "/films/1-a/?utm_source=x"],
      ["/permalink/movie/1", "/films/1-a/"],
      // The slash first, query kept, as for every page; the slashed path then answers as above.
      ["/account?next=x", "/account/?next=x"],
      ["/account/profile?utm_source=x", "/account/profile/?utm_source=x"],
      ["/account/nope", "/account/nope/"],
      ["/account/profile/extra?a=1", "/account/profile/extra/?a=1"],
      ["/permalink/movie", "/permalink/movie/"],
      ["/permalink/movie/2", "/permalink/movie/2/"],
    ])("%s → 301 %s", async (url, location) => {
      const { app } = await server({}, [indexed]);
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(301);
      expect(response.headers.location).toBe(location);
    });

    it("answers a client that does not take HTML with the short 404", async () => {
      const { app } = await server({}, [indexed]);
      const response = await app.inject({ url: "/account/nope/", headers: { accept: "application/json" } });
      expect(response.statusCode).toBe(404);
      expect(response.headers["content-type"]).toContain("text/plain");
    });
  });

  describe("dated schedule addresses (issue 42): today's and past days redirect (302), never a 404", () => {
    // Built on Sun 29 Nov 2026: the schedule page is that day's, later days with shows have their own
    // page (none on 2 Dec). The server settings name each site's time zone.
    let seances: SiteBundle;
    let showtimes: SiteBundle;
    const datedSite = (name: string, site: string, host: string, locale: string, folder: string, timeZone: string) => {
      const dir = path.join(root, name);
      writeSite(dir, site, host, locale);
      for (const day of ["", "2026-11-30/", "2026-12-01/", "2026-12-03/"]) {
        mkdirSync(path.join(dir, "public", folder, day), { recursive: true });
        writeFileSync(path.join(dir, "public", folder, day, "index.html"), `<html><body>schedule ${day}</body></html>`);
      }
      const settingsFile = path.join(dir, "server-settings.json");
      const settings = JSON.parse(readFileSync(settingsFile, "utf8")) as Record<string, unknown>;
      writeFileSync(settingsFile, JSON.stringify({ ...settings, timeZone }));
      return loadSiteBundle(dir, []);
    };
    beforeAll(() => {
      seances = datedSite("dated-fr", "lumiere", "www.cinema-lumiere.fr", "fr-FR", "seances", "Europe/Paris");
      showtimes = datedSite(
        "dated-us",
        "starlight",
        "www.starlight-cinemas.com",
        "en-US",
        "showtimes",
        "America/Chicago",
      );
    });

    /** 21:45 on Sun 29 Nov in Paris, after the day's last show (20:45 UTC). */
    const PARIS_EVENING = () => Date.parse("2026-11-29T21:45:00+01:00");

    it.each<[string, number, string | null]>([
      ["/seances/2026-11-29/", 302, "/seances/"],
      ["/seances/2026-11-29", 302, "/seances/"],
      ["/seances/2026-11-02/", 302, "/seances/"],
      ["/seances/2026-11-29/?utm_source=newsletter", 302, "/seances/?utm_source=newsletter"],
      ["/seances/2026-12-02/", 302, "/seances/2026-12-03/"],
      ["/seances/2026-12-25/", 302, "/seances/2026-12-03/"],
      ["/seances/2027-06-01/?a=1", 302, "/seances/2026-12-03/?a=1"],
      ["/seances/2026-11-30/", 200, null],
      ["/seances/2026-11-30", 301, "/seances/2026-11-30/"],
      ["/seances/", 200, null],
      ["/seances/2026-02-30/", 404, null],
      ["/seances/demain/", 404, null],
      ["/showtimes/2026-11-29/", 404, null],
    ])("on the French site at 21:45: %s → %d %s", async (url, status, location) => {
      const { app } = await server({}, [seances], undefined, PARIS_EVENING);
      const response = await app.inject({ url, headers: { accept: "text/html,*/*" } });
      expect(response.statusCode).toBe(status);
      expect(response.headers.location).toBe(location ?? undefined);
      if (status === 302) expect(response.headers["cache-control"]).toBe("no-cache");
    });

    it("today is the site's: at 00:30 in Paris (23:30 UTC the day before) the 29th is past, the 30th today", async () => {
      const { app } = await server({}, [seances], undefined, () => Date.parse("2026-11-29T23:30:00Z"));
      const past = await app.inject({ url: "/seances/2026-11-29/" });
      expect(past.statusCode).toBe(302);
      // The build's first day has passed: today has a page of its own, which the redirect leads to.
      expect(past.headers.location).toBe("/seances/2026-11-30/");
      expect((await app.inject({ url: "/seances/2026-11-30/" })).statusCode).toBe(200);
    });

    it.each<[string, string, number, string | null]>([
      // 03:00 UTC on the 30th is 21:00 on the 29th in Chicago: the 29th is today there.
      ["2026-11-30T03:00:00Z", "/showtimes/2026-11-29/", 302, "/showtimes/"],
      ["2026-11-30T03:00:00Z", "/showtimes/2026-11-30/", 200, null],
      [
        "2026-11-30T03:00:00Z",
        "/showtimes/2026-12-31/?utm_medium=email",
        302,
        "/showtimes/2026-12-03/?utm_medium=email",
      ],
      ["2026-12-01T15:00:00Z", "/showtimes/2026-11-30/", 302, "/showtimes/2026-12-01/"],
      ["2026-11-30T03:00:00Z", "/seances/2026-11-29/", 404, null],
    ])("on the US site (Chicago) at %s: %s → %d %s", async (instant, url, status, location) => {
      const { app } = await server({}, [showtimes], undefined, () => Date.parse(instant));
      const response = await app.inject({ url, headers: { accept: "text/html,*/*" } });
      expect(response.statusCode).toBe(status);
      expect(response.headers.location).toBe(location ?? undefined);
    });

    it("reads the time zone from the server settings; UTC for a build written before they held it", () => {
      expect(seances.timeZone).toBe("Europe/Paris");
      expect(showtimes.timeZone).toBe("America/Chicago");
      expect(lumiere.timeZone).toBe("UTC");
      expect(lumiere.schedule).toBeNull();
    });
  });

  it("allows the build's inline scripts, its third parties, its embedders and the editors", () => {
    expect(lumiere.policy.inlineScriptHashes).toHaveLength(1);
    expect(lumiere.contentSecurityPolicy).toContain(`'${lumiere.policy.inlineScriptHashes[0]}'`);
    expect(lumiere.contentSecurityPolicy).toContain("http://127.0.0.1:9/__recaptcha/");
    expect(lumiere.contentSecurityPolicy).toContain(
      "frame-ancestors 'self' https://pos.example.com https://built-editor.example.com https://editor.example.com",
    );
  });

  it("redirects to the trailing slash, query kept", async () => {
    const response = await answerTo({ url: "/films?utm_source=x" });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe("/films/?utm_source=x");
  });

  it.each(["/webpack.stats.json", "/chunk-map.json", "/workbox-v4.3.1/workbox-sw.js.map"])(
    "never serves the build's own %s (a 404)",
    async (url) => {
      const response = await answerTo({ url, headers: { accept: "application/json" } });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain("builder");
    },
  );

  it("answers a missing file that is not a page with a short 404", async () => {
    const response = await answerTo({
      url: "/page-data/nope/page-data.json",
      headers: { accept: "application/json" },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toContain("text/plain");
  });

  // @fastify/send refuses these itself; the body used to say "Bad request." whatever the status.
  it.each<[string, Record<string, string>, number, string, Record<string, string>]>([
    ["a malformed Range", { range: "bytes=abc" }, 416, "Range not satisfiable.\n", { "content-range": "bytes */14" }],
    [
      "a Range past the end",
      { range: "bytes=500-" },
      416,
      "Range not satisfiable.\n",
      { "content-range": "bytes */14" },
    ],
    ["an If-Match that does not match", { "if-match": '"other"' }, 412, "Precondition failed.\n", {}],
  ])("answers %s with a body that says its status", async (_sentence, headers, status, body, extra) => {
    const { app } = await server();
    const response = await app.inject({ url: HASHED, headers });
    expect(response.statusCode).toBe(status);
    expect(response.body).toBe(body);
    expect(response.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(response.headers).toMatchObject(extra);
    expect(response.headers["content-security-policy"]).toBe(lumiere.contentSecurityPolicy);
    // A satisfiable range is still served as one.
    expect((await app.inject({ url: HASHED, headers: { range: "bytes=0-6" } })).body).toBe("console");
  });

  itReturns(
    plainStatusText,
    [
      [400, "Bad request.\n"],
      [412, "Precondition failed.\n"],
      [414, "URI too long.\n"],
      [416, "Range not satisfiable.\n"],
      [500, "Internal server error.\n"],
    ],
    "words status %d as %j",
  );

  it("answers an Expect it cannot meet with a 417 of its own, with the site's headers", async () => {
    const { app } = await server();
    const response = await overTheWire(app, { path: "/", headers: { expect: "999-foo" } });
    expect(response.status).toBe(417);
    expect(response.body).toBe("Expectation failed.\n");
    expect(response.headers["content-security-policy"]).toBe(lumiere.contentSecurityPolicy);
    expect(response.headers.connection).toBe("close");
  });

  it("refuses other methods on pages", async () => {
    const response = await answerTo({ method: "POST", url: "/films/" });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe("GET, HEAD");
  });

  it("never compresses a build output per request: a file without copies goes as it is (issue 43)", async () => {
    const { app } = await server();
    const page = await app.inject({ url: "/", headers: { "accept-encoding": "br, gzip" } });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-encoding"]).toBeUndefined();
    expect(page.body).toBe(readFileSync(path.join(root, "lumiere", "public", "index.html"), "utf8"));
    // A shared cache must not hand this answer to a client that would get a copy once there is one.
    expect(page.headers.vary).toContain("accept-encoding");
    const endpoint = await app.inject({
      method: "POST",
      url: "/api/nothing-here",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(endpoint.headers["content-encoding"]).toBeUndefined();
    expect(endpoint.json()).toEqual({ error: { code: "not_found", message: "No such endpoint." } });
  });

  describe("a page's, its page data's and the 404 page's brotli and gzip copies, sent as they are", () => {
    // Copies that could not come from compressing the file now: the server must send these bytes.
    const COPIED = {
      "index.html": "home copy",
      "page-data/index/page-data.json": '{"copy":true}',
      "404.html": "404 copy",
    };
    let site: SiteBundle;
    beforeAll(() => {
      const dir = path.join(root, "precompressed-pages");
      writeSite(dir, "lumiere", "www.cinema-lumiere.fr", "fr-FR");
      for (const [file, text] of Object.entries(COPIED)) {
        writeFileSync(path.join(dir, "public", `${file}.br`), zlib.brotliCompressSync(`br ${text}`));
        writeFileSync(path.join(dir, "public", `${file}.gz`), zlib.gzipSync(`gz ${text}`));
      }
      site = loadSiteBundle(dir, []);
    });

    it.each([
      ["/", "index.html", 200, /^text\/html/],
      ["/page-data/index/page-data.json", "page-data/index/page-data.json", 200, /^application\/json/],
      ["/no-such-page/", "404.html", 404, /^text\/html/],
    ] as const)("%s", async (url, file, status, type) => {
      const { app } = await server({}, [site]);
      const br = await app.inject({ url, headers: { accept: "text/html", "accept-encoding": "gzip, deflate, br" } });
      expect(br.statusCode).toBe(status);
      expect(br.headers["content-encoding"]).toBe("br");
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(`br ${COPIED[file]}`);
      expect(br.headers["content-type"]).toMatch(type);
      expect(br.headers["content-security-policy"]).toBe(site.contentSecurityPolicy);
      expect(br.headers.vary).toContain("accept-encoding");
      const gz = await app.inject({ url, headers: { accept: "text/html", "accept-encoding": "gzip" } });
      expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(`gz ${COPIED[file]}`);
      // A client that refuses brotli by weight is not sent it.
      const refused = await app.inject({ url, headers: { accept: "text/html", "accept-encoding": "br;q=0, gzip" } });
      expect(refused.headers["content-encoding"]).toBe("gzip");
      const plain = await app.inject({ url, headers: { accept: "text/html" } });
      expect(plain.headers["content-encoding"]).toBeUndefined();
    });

    it("answers a whole file from memory once read, with the headers the file's own answer has; a conditional or partial request still reads the file", async () => {
      const dir = path.join(root, "kept-in-memory");
      writeSite(dir, "lumiere", "www.cinema-lumiere.fr", "fr-FR");
      writeFileSync(path.join(dir, "public", "index.html.br"), zlib.brotliCompressSync("br home"));
      const { app } = await server({}, [loadSiteBundle(dir, [])]);
      const ask = (url: string, headers: Record<string, string> = {}) =>
        app.inject({ url, headers: { accept: "text/html", ...headers } });
      const withoutDate = ({ date: _date, ...rest }: Record<string, unknown>) => rest;
      for (const [url, encoding] of [
        ["/", "gzip, br"],
        ["/", "identity"],
        ["/page-data/index/page-data.json", "br"],
        [HASHED, "br"],
      ] as const) {
        const fromDisk = await ask(url, { "accept-encoding": encoding });
        await new Promise((resolve) => setTimeout(resolve, 50));
        const fromMemory = await ask(url, { "accept-encoding": encoding });
        expect([url, encoding, withoutDate(fromMemory.headers)]).toEqual([
          url,
          encoding,
          withoutDate(fromDisk.headers),
        ]);
        expect(fromMemory.rawPayload.equals(fromDisk.rawPayload)).toBe(true);
      }
      // Kept: the page is answered although the disk has lost it.
      rmSync(path.join(dir, "public", "index.html.br"));
      const kept = await ask("/", { "accept-encoding": "br" });
      expect(zlib.brotliDecompressSync(kept.rawPayload).toString()).toBe("br home");
      // A revalidation matches what memory sent; a range is cut from the file.
      const plain = await ask("/");
      const revalidated = await ask("/", { "if-none-match": String(plain.headers.etag) });
      expect(revalidated.statusCode).toBe(304);
      const part = await ask("/", { range: "bytes=0-5" });
      expect([part.statusCode, part.body]).toEqual([206, "<html "]);
    });

    it("under many brotli clients at once: no 5xx, and every answer is the copy's bytes (the flood at full size: bench:serve)", async () => {
      const { app } = await server({}, [site]);
      await app.listen({ port: 0, host: "127.0.0.1" });
      const { port } = app.server.address() as AddressInfo;
      const agent = new http.Agent({ keepAlive: true, maxSockets: 200 });
      const copy = readFileSync(path.join(site.publicDir, "index.html.br"));
      const get = () =>
        new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
          http
            .get({ host: "127.0.0.1", port, path: "/", agent, headers: { "accept-encoding": "br" } }, (response) => {
              const chunks: Buffer[] = [];
              response.on("data", (chunk: Buffer) => chunks.push(chunk));
              response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
            })
            .on("error", reject);
        });
      const answers = await Promise.all(Array.from({ length: 600 }, get));
      agent.destroy();
      expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
      expect(answers.every((answer) => answer.body.equals(copy))).toBe(true);
    });
  });

  it("sends a content-hashed file's brotli or gzip copy as it is, with its own headers", async () => {
    const dir = path.join(root, "precompressed");
    writeSite(dir, "lumiere", "www.cinema-lumiere.fr", "fr-FR");
    // Copies that could not come from compressing the file now: the server must send these bytes.
    writeFileSync(path.join(dir, "public", `${HASHED.slice(1)}.br`), zlib.brotliCompressSync("console.log('br copy')"));
    writeFileSync(path.join(dir, "public", `${HASHED.slice(1)}.gz`), zlib.gzipSync("console.log('gz copy')"));
    const { app } = await server({}, [loadSiteBundle(dir, [])]);
    const br = await app.inject({ url: HASHED, headers: { "accept-encoding": "br, gzip" } });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe("console.log('br copy')");
    expect(br.headers["content-type"]).toMatch(/^application\/javascript/);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers.vary).toContain("accept-encoding");
    const gz = await app.inject({ url: HASHED, headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe("console.log('gz copy')");
    const plain = await app.inject({ url: HASHED });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe("console.log(1)");
  });

  it("sends HSTS when the request came over https (TRUST_PROXY)", async () => {
    const trusted = await server({ TRUST_PROXY: "1" });
    const viaTls = await trusted.app.inject({ url: "/", headers: { "x-forwarded-proto": "https" } });
    expect(viaTls.headers["strict-transport-security"]).toBe("max-age=31536000");
    const untrusted = await server();
    const spoofed = await untrusted.app.inject({ url: "/", headers: { "x-forwarded-proto": "https" } });
    expect(spoofed.headers).not.toHaveProperty("strict-transport-security");
  });

  it("with HSTS_INCLUDE_SUBDOMAINS and CSP_REPORT_URI, HSTS covers the subdomains and the pages' policy reports (issue 43)", async () => {
    const env = { TRUST_PROXY: "1", HSTS_INCLUDE_SUBDOMAINS: "true", CSP_REPORT_URI: "https://csp.example.com/report" };
    // The policy is the site's, read with the deploy's settings as the server's start reads it (main.ts).
    const { app } = await server(env, [loadSiteBundle(path.join(root, "lumiere"), [], env)]);
    const page = await app.inject({ url: "/", headers: { "x-forwarded-proto": "https" } });
    expect(page.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(page.headers["content-security-policy"]).toMatch(/; report-uri https:\/\/csp\.example\.com\/report$/);
    const api = await app.inject({ url: "/api/nope", headers: { "x-forwarded-proto": "https" } });
    expect(api.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  });

  it("answers /healthz, and 503 once draining", async () => {
    const { app, drain } = await server();
    const ok = await app.inject({ url: "/healthz" });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: "ok" });
    expect(ok.headers["cache-control"]).toBe("no-store");
    drain();
    const stopping = await app.inject({ url: "/healthz" });
    expect(stopping.statusCode).toBe(503);
    expect(stopping.headers.connection).toBe("close");
  });
});

describe("several sites from one process", () => {
  it("chooses the site by host, with <siteId>.localhost as a local alias", async () => {
    const { app } = await server({}, [lumiere, starlight]);
    const french = await app.inject({ url: "/", headers: { host: "www.cinema-lumiere.fr" } });
    expect(french.body).toContain('lang="fr-FR"');
    const us = await app.inject({ url: "/", headers: { host: "starlight.localhost:9230" } });
    expect(us.body).toContain('lang="en-US"');
    const unknown = await app.inject({ url: "/", headers: { host: "localhost:9230" } });
    expect(unknown.statusCode).toBe(421);
    expect((await app.inject({ url: "/healthz", headers: { host: "localhost" } })).statusCode).toBe(200);
  });

  it("sends unclaimed hosts to DEFAULT_SITE when set", async () => {
    const { app } = await server({ DEFAULT_SITE: "starlight" }, [lumiere, starlight]);
    const response = await app.inject({ url: "/", headers: { host: "localhost:9230" } });
    expect(response.body).toContain('lang="en-US"');
  });

  it("refuses two sites that claim the same host", async () => {
    await expect(server({}, [lumiere, lumiere])).rejects.toThrow();
  });
});

describe("/api/cypher", () => {
  const sameOrigin = { origin: "http://localhost:9230", host: "localhost:9230", "sec-fetch-site": "same-origin" };

  it("forwards a same-origin call", async () => {
    const { app, calls } = await server();
    const response = await app.inject({
      ...json({ reqMetadata: LOGIN, username: "u", password: "p" }),
      headers: { "content-type": "application/json", ...sameOrigin },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ peachCode: 0 });
    expect(calls).toHaveLength(1);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it.each([
    [{ origin: "https://evil.example" }],
    [{ "sec-fetch-site": "cross-site" }],
    [{ origin: "https://evil.example", "content-type": "text/plain" }],
  ])("refuses a cross-site call with 403 before anything else (%j)", async (headers) => {
    const { app, calls } = await server();
    const response = await app.inject({
      method: "POST",
      url: "/api/cypher",
      headers: { "content-type": "application/json", ...headers },
      payload: "{not json",
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: { code: "cross_site", message: expect.any(String) } });
    expect(calls).toHaveLength(0);
  });

  it("accepts JSON or multipart only", async () => {
    const { app, calls } = await server();
    for (const type of ["text/plain", "application/x-www-form-urlencoded"]) {
      const response = await app.inject({
        method: "POST",
        url: "/api/cypher",
        headers: { "content-type": type },
        payload: "a=b",
      });
      expect(response.statusCode).toBe(415);
      expect(response.json().error.code).toBe("unsupported_media_type");
    }
    expect(calls).toHaveLength(0);
  });

  it("answers 413 over the body cap, declared or streamed", async () => {
    const { app, calls } = await server();
    const big = { reqMetadata: LOGIN, filler: "x".repeat(3 * 1024 * 1024) };
    const declared = await app.inject(json(big));
    expect(declared.statusCode).toBe(413);
    expect(declared.json().error.code).toBe("payload_too_large");
    const boundary = "b0undary";
    const multipart = await app.inject({
      method: "POST",
      url: "/api/cypher",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}`, "transfer-encoding": "chunked" },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="filler"\r\n\r\n${"x".repeat(200_000)}\r\n--${boundary}--\r\n`,
    });
    expect(multipart.statusCode).toBe(413);
    expect(calls).toHaveLength(0);
  });

  it("reads a multipart envelope and refuses files", async () => {
    const { app, calls } = await server();
    const boundary = "b0undary";
    const field = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const fields = await app.inject({
      method: "POST",
      url: "/api/cypher",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: `${field("reqMetadata", JSON.stringify(LOGIN))}${field("username", "u")}${field("password", "p")}--${boundary}--\r\n`,
    });
    expect(fields.statusCode).toBe(200);
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({ username: "u", password: "p" });
    const file = await app.inject({
      method: "POST",
      url: "/api/cypher",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: `${field("reqMetadata", JSON.stringify(LOGIN))}--${boundary}\r\nContent-Disposition: form-data; name="f"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--${boundary}--\r\n`,
    });
    expect(file.statusCode).toBe(400);
    expect(calls).toHaveLength(1);
  });

  it("answers JSON that does not parse with a 400 that does not quote it", async () => {
    const { app, log } = await server();
    const response = await app.inject({ ...json({}), payload: '{"password":"hunter2-secret"' });
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toContain("hunter2");
    expect(log.join("")).not.toContain("hunter2");
  });

  it("answers malformed multipart with a JSON 400 that closes the connection", async () => {
    const { app, calls } = await server();
    const bodies: [string, string][] = [
      ["multipart/form-data; boundary=x", '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\ncut off'],
      ["multipart/form-data; boundary=x", "no boundary anywhere"],
      ["multipart/form-data; charset=utf-8", "--x--"],
      ["multipart/form-data; boundary=x", "--x\r\nContent-Disposition: form-data\r\n\r\nnameless\r\n--x--\r\n"],
    ];
    for (const [type, payload] of bodies) {
      const response = await app.inject({
        method: "POST",
        url: "/api/cypher",
        headers: { "content-type": type },
        payload,
      });
      expect([payload, response.statusCode]).toEqual([payload, 400]);
      expect(response.headers.connection).toBe("close");
      expect(response.headers["content-type"]).toContain("application/json");
      expect(response.json()).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
    }
    expect(calls).toHaveLength(0);
  });

  it("refuses a file as soon as its part begins and closes the connection", async () => {
    const { app, calls } = await server();
    const response = await app.inject({
      method: "POST",
      url: "/api/cypher",
      headers: { "content-type": "multipart/form-data; boundary=b" },
      payload: `--b\r\nContent-Disposition: form-data; name="f"; filename="big.bin"\r\n\r\n${"x".repeat(60_000)}\r\n--b--\r\n`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe("member calls carry no files");
    expect(response.headers.connection).toBe("close");
    expect(calls).toHaveLength(0);
  });

  describe("a refused upload gets its JSON refusal before the connection closes (issue 43)", () => {
    const SIZE = 24 * 1024 * 1024;
    const listening = async () => {
      const { app } = await server();
      await app.listen({ port: 0, host: "127.0.0.1" });
      return (app.server.address() as AddressInfo).port;
    };
    it.each([
      [
        "a declared multipart body over the cap",
        post("multipart/form-data; boundary=b", `Content-Length: ${SIZE}\r\n`),
        413,
        "payload_too_large",
        false,
      ],
      [
        "a chunked JSON body over the cap",
        post("application/json", "Transfer-Encoding: chunked\r\n"),
        413,
        "payload_too_large",
        true,
      ],
      [
        "a declared body of another type",
        post("text/plain", `Content-Length: ${SIZE}\r\n`),
        415,
        "unsupported_media_type",
        false,
      ],
    ] as const)(
      "%s: 5 tries of 24 MiB, read once sent, 5 JSON refusals",
      async (_case, head, status, code, chunked) => {
        const port = await listening();
        const answers: string[] = [];
        for (let attempt = 0; attempt < 5; attempt += 1)
          answers.push((await upload(port, head, SIZE, { chunked })).answer);
        const refused = answers.filter(
          (answer) => answer.startsWith(`HTTP/1.1 ${status} `) && answer.includes(`"code":"${code}"`),
        );
        expect(answers.filter((answer) => !refused.includes(answer)).map((answer) => answer.slice(0, 80))).toEqual([]);
        expect(refused.every((answer) => /\r\nconnection: close\r\n/i.test(answer))).toBe(true);
      },
    );

    it("reads no more than its bound of a body it refused, then closes", async () => {
      const port = await listening();
      const { answer, sent } = await upload(
        port,
        post("text/plain", `Content-Length: ${256 * 1024 * 1024}\r\n`),
        256 * 1024 * 1024,
        {
          readWhileSending: true,
        },
      );
      expect(answer).toMatch(/^HTTP\/1\.1 415 /);
      // The bound, plus what the two sockets' buffers hold.
      expect(sent).toBeLessThan(REFUSED_BODY_DRAIN_BYTES + 16 * 1024 * 1024);
    });
  });

  it("answers URLs over 4096 characters with 414 and undecodable ones with 400, as JSON under /api", async () => {
    const { app } = await server();
    const long = await app.inject({ url: `/api/cypher?${"a".repeat(5000)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ error: { code: "uri_too_long", message: expect.any(String) } });
    expect((await app.inject({ url: `/${"a".repeat(5000)}` })).statusCode).toBe(414);
    const bad = await app.inject({ url: "/api/%ZZ-secret" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: { code: "bad_request", message: "The URL is malformed." } });
    expect(bad.body).not.toContain("secret");
    const page = await app.inject({ url: "/%ZZ", headers: { host: "www.cinema-lumiere.fr" } });
    expect(page.statusCode).toBe(400);
    // Answered before the hooks, with the platform's headers all the same (issue 43): the site's
    // policy for a page, an endpoint's for /api.
    expect(page.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(bad.headers["content-security-policy"]).toContain("default-src 'none'");
    for (const response of [page, bad])
      expect(response.headers).toEqual(
        expect.objectContaining({
          "x-content-type-options": "nosniff",
          "referrer-policy": expect.any(String),
          "cache-control": expect.any(String),
          "permissions-policy": expect.any(String),
        }),
      );
  });

  it("limits sign-in calls per address, with a JSON 429 and Retry-After, and other calls separately", async () => {
    const { app, calls } = await server({ MEMBER_RATE_LIMIT: "5", MEMBER_RATE_LIMIT_SENSITIVE: "2" });
    const from = (address: string) => ({ remoteAddress: address });
    const login = (address: string) =>
      app.inject({ ...json({ reqMetadata: LOGIN, username: "u", password: "p" }), ...from(address) });
    expect((await login("203.0.113.1")).statusCode).toBe(200);
    expect((await login("203.0.113.1")).statusCode).toBe(200);
    const refused = await login("203.0.113.1");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: { code: "rate_limited", message: expect.stringMatching(/try again in \d+ s/) },
    });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(60);
    expect(calls).toHaveLength(2);
    // Another address has its own budget; a call that is not sensitive still has the general one.
    expect((await login("203.0.113.2")).statusCode).toBe(200);
    const cards = () =>
      app.inject({ ...json({ reqMetadata: { method: "GET", route: "/Member/v3/GetCards" } }), ...from("203.0.113.1") });
    expect((await cards()).statusCode).toBe(200);
    expect((await cards()).statusCode).toBe(200);
    const overall = await cards();
    expect(overall.statusCode).toBe(429);
    expect(overall.json().error.code).toBe("rate_limited");
    expect(overall.headers["retry-after"]).toBeDefined();
  });

  // Issue 43: a member search (and a sign-up, answering 34 for a member's address) was one guess
  // per call at the general rate: they now share the sign-in budget.
  it("counts member search, sign-up and the activation calls against the sign-in budget", async () => {
    const { app, calls } = await server({ MEMBER_RATE_LIMIT: "50", MEMBER_RATE_LIMIT_SENSITIVE: "6" });
    const call = (route: string, payload: Record<string, unknown> = {}) =>
      app.inject({ ...json({ reqMetadata: { method: "POST", route }, ...payload }), remoteAddress: "203.0.113.5" });
    const statuses = [];
    for (const route of [
      "/Member/MemberSearch/C1",
      "/Member/Create?circuitId=C1",
      "/Member/v3/Create",
      "/Member/SetMemberToActivateOnComplete?circuitId=C1",
      "/Member/StartRegistration?circuitId=C1&cinemaId=0001",
      "/Member/v3/SendMemberActivationCode",
    ])
      statuses.push((await call(route, { email: "a@example.com" })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    // The budget is spent: the next search, and a sign-in, are refused before the provider.
    const search = await call("/Member/MemberSearch/C1", { email: "b@example.com" });
    expect(search.statusCode).toBe(429);
    expect(search.json().error.code).toBe("rate_limited");
    expect((await call(LOGIN.route, { username: "u", password: "p" })).statusCode).toBe(429);
    expect(calls).toHaveLength(6);
    // A call that is not sensitive still goes.
    expect(
      (
        await app.inject({
          ...json({ reqMetadata: { method: "GET", route: "/Member/v3/GetCards" } }),
          remoteAddress: "203.0.113.5",
        })
      ).statusCode,
    ).toBe(200);
  });

  // Issue 43: with TRUST_PROXY=true the left-most X-Forwarded-For was the client, so a new one per
  // request got a new budget (14 sign-ins of 14). Now the proxies are named and the client is the
  // first address from the right that is not one of them.
  it.each([
    ["one hop", "1"],
    ["the proxy's address", "10.0.0.7"],
  ])("behind a proxy named by %s, a client rotating its X-Forwarded-For keeps one sign-in budget", async (_, trust) => {
    const { app, calls } = await server({ TRUST_PROXY: trust, MEMBER_RATE_LIMIT_SENSITIVE: "2" });
    const login = (forged: string, client = "198.51.100.9") =>
      app.inject({
        ...json({ reqMetadata: LOGIN, username: "u", password: "p" }),
        remoteAddress: "10.0.0.7",
        headers: { "content-type": "application/json", "x-forwarded-for": `${forged}, ${client}` },
      });
    const statuses = [];
    for (let i = 1; i <= 4; i++) statuses.push((await login(`203.0.113.${i}`)).statusCode);
    expect(statuses).toEqual([200, 200, 429, 429]);
    expect(calls).toHaveLength(2);
    // Another client behind the same proxy has a budget of its own.
    expect((await login("203.0.113.1", "198.51.100.10")).statusCode).toBe(200);
  });

  it("without TRUST_PROXY, the socket's address is the client's, whatever X-Forwarded-For says", async () => {
    const { app } = await server({ MEMBER_RATE_LIMIT_SENSITIVE: "1" });
    const login = (forged: string) =>
      app.inject({
        ...json({ reqMetadata: LOGIN, username: "u", password: "p" }),
        remoteAddress: "192.0.2.1",
        headers: { "content-type": "application/json", "x-forwarded-for": forged },
      });
    expect((await login("203.0.113.1")).statusCode).toBe(200);
    expect((await login("203.0.113.2")).statusCode).toBe(429);
  });

  it("builds reset links on the site's origin whatever the caller and its Host say", async () => {
    const { app, calls } = await server();
    const route =
      "/Member/GetResetPasswordCode?CypherCircuitId=C1&CypherCinemaId=0001&emailAddress=v%40example.com" +
      `&rootUrl=${encodeURIComponent("https://evil.example")}&resetPasswordLink=${encodeURIComponent("https://evil.example/r?email=v&resetCode={resetCode}")}`;
    for (const host of ["www.cinema-lumiere.fr", "evil.example"]) {
      calls.length = 0;
      const response = await app.inject({
        ...json({ reqMetadata: { method: "GET", route } }),
        headers: { "content-type": "application/json", host },
      });
      expect(response.statusCode).toBe(200);
      // Spec §7: the v3 request goes to the v1 path with the {brand} ids, as the table forwards it.
      expect(new URL(calls[0]?.url ?? "").pathname).toMatch(/\/Member\/GetResetPasswordCode$/);
      const sent = new URL(calls[0]?.url ?? "").searchParams;
      expect(sent.get("CypherCircuitId")).toBe("C1");
      expect(sent.get("rootUrl")).toBe("https://www.cinema-lumiere.fr");
      expect(sent.get("resetPasswordLink")).toBe(
        "https://www.cinema-lumiere.fr/account/reset-password/?email=v%40example.com&resetCode={resetCode}",
      );
    }
    // On a developer's machine the link stays on the loopback host the site was reached on.
    calls.length = 0;
    await app.inject({
      ...json({ reqMetadata: { method: "GET", route } }),
      headers: { "content-type": "application/json", host: "localhost:9000" },
    });
    expect(new URL(calls[0]?.url ?? "").searchParams.get("rootUrl")).toBe("http://localhost:9000");
    // A server open to the network believes no Host, loopback names included (issue 43).
    const open = await server({ HOST: "0.0.0.0" });
    await open.app.inject({
      ...json({ reqMetadata: { method: "GET", route } }),
      headers: { "content-type": "application/json", host: "evil.localhost:9650" },
    });
    expect(new URL(open.calls[0]?.url ?? "").searchParams.get("rootUrl")).toBe("https://www.cinema-lumiere.fr");
  });

  it("answers 503 without a captcha secret unless RECAPTCHA_OFF=true says so", async () => {
    const { app, calls } = await server({ RECAPTCHA_OFF: "" });
    const response = await app.inject(json({ reqMetadata: LOGIN }));
    expect(response.statusCode).toBe(503);
    expect(calls).toHaveLength(0);
  });

  it("answers 503 without CYPHER_API_URL", async () => {
    const { app } = await server({ CYPHER_API_URL: "" });
    const response = await app.inject(json({ reqMetadata: LOGIN }));
    expect(response.statusCode).toBe(503);
  });

  it("answers 502 upstream_bad_response, not a 500, when the provider's JSON nests too deep to send on", async () => {
    const depth = 100_000; // ~200 KB: far under the response cap, far over what JSON.stringify can recurse into
    const deep = `{"peachCode":0,"x":${"[".repeat(depth)}${"]".repeat(depth)}}`;
    const { app, log } = await server(
      {},
      [lumiere],
      () => new Response(deep, { headers: { "content-type": "application/json" } }),
    );
    const response = await app.inject(json({ reqMetadata: LOGIN, username: "u", password: "p" }));
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ error: { code: "upstream_bad_response", message: expect.any(String) } });
    expect(log.join("")).not.toContain("RangeError");
  });

  it("answers an Expect it cannot meet with a JSON 417, before the provider is called", async () => {
    const { app, calls } = await server();
    const response = await overTheWire(app, {
      method: "POST",
      path: "/api/cypher",
      headers: { expect: "999-foo", "content-type": "application/json" },
      body: JSON.stringify({ reqMetadata: LOGIN }),
    });
    expect(response.status).toBe(417);
    expect(JSON.parse(response.body)).toEqual({ error: { code: "expectation_failed", message: expect.any(String) } });
    expect(response.headers).toMatchObject({
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
      "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
      "x-content-type-options": "nosniff",
      connection: "close",
    });
    expect(calls).toHaveLength(0);
  });

  // Node's parser counts the request line with the headers: past 16 KiB in all it refuses the
  // request before Fastify sees a URL, so a very long URL is a 431, not a 414 (README).
  it.each([
    [5_000, 414, "uri_too_long", "The URL is too long."],
    [15_000, 414, "uri_too_long", "The URL is too long."],
    [100_000, 431, "headers_too_large", "The request's URL and headers are too large."],
  ])("answers a URL of %d characters with a JSON %d", async (length, status, code, message) => {
    const { app } = await server();
    const response = await overTheWire(app, { path: `/api/cypher?${"a".repeat(length - 12)}` });
    expect(response.status).toBe(status);
    expect(JSON.parse(response.body)).toEqual({ error: { code, message } });
    // Every response the server writes carries the platform's headers, the parser's refusals too (issue 43).
    expect(response.headers).toEqual(
      expect.objectContaining({
        "content-security-policy": expect.any(String),
        "x-content-type-options": "nosniff",
        "referrer-policy": expect.any(String),
        "cache-control": expect.any(String),
      }),
    );
  });
});

describe("the ticketing redirects", () => {
  it("answer 302 with the endpoint's own Referrer-Policy", async () => {
    const response = await answerTo({
      url: "/api/startticketing/redirect?path=LUM01/42&utm_source=mail",
      headers: { cookie: "clubToken=tok-42" },
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(
      "https://tickets.www.cinema-lumiere.fr/startticketing/LUM01/42?utm_source=mail&boostToken=tok-42",
    );
    expect(response.headers["referrer-policy"]).toBe("no-referrer");
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  // Their GET routes never saw other methods: the /api/* catch-all answered 404 "No such endpoint.".
  // The endpoint's own 405 comes before any body is read (this one would not even parse).
  it.each(["POST", "PUT", "PATCH", "DELETE", "OPTIONS", "PROPFIND"])(
    "answer %s with their own JSON 405 and Allow: GET, HEAD",
    async (method) => {
      const { app } = await server();
      for (const url of ["/api/startticketing/redirect", "/api/launch/ticketing/redirect?path=LUM01"]) {
        const response = await app.inject({
          method: method as "POST",
          url,
          headers: { "content-type": "application/json" },
          payload: "{not json",
        });
        expect([url, response.statusCode]).toEqual([url, 405]);
        expect(response.headers.allow).toBe("GET, HEAD");
        expect(response.headers["content-type"]).toContain("application/json");
        expect(response.headers["cache-control"]).toBe("no-store");
        expect(response.headers.connection).toBe("close");
        expect(response.json()).toEqual({ error: { code: "method_not_allowed", message: "Use GET." } });
      }
    },
  );

  // A page's link to an endpoint gets the site's trailing slash (spec §5 link rules).
  it.each([
    ["/api/startconcessions/redirect/?path=LUM01", "https://tickets.www.cinema-lumiere.fr/startconcessions/LUM01"],
    [
      "/api/launch/ticketing/redirect/?path=LUM01/42",
      "https://tickets.www.cinema-lumiere.fr/launch/ticketing/LUM01/42",
    ],
    ["/api/startticketing/redirect/?path=LUM01", "https://tickets.www.cinema-lumiere.fr/startticketing/LUM01"],
  ])("answer %s (trailing slash) as without it", async (url, location) => {
    const response = await answerTo({ url });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(location);
  });

  it("answer HEAD as GET", async () => {
    const response = await answerTo({ method: "HEAD", url: "/api/refund/redirect?path=LUM01" });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("https://tickets.www.cinema-lumiere.fr/refund/LUM01");
  });

  it("answer a path parameter over 512 characters with a message about its length", async () => {
    const response = await answerTo({ url: `/api/startticketing/redirect?path=${"a".repeat(513)}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: "bad_path", message: 'The "path" parameter is longer than 512 characters.' },
    });
  });

  it("answer unknown endpoints with a JSON 404", async () => {
    const response = await answerTo({ url: "/api/nope" });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toContain("application/json");
  });
});

describe("access logs", () => {
  it("log one line per request, without tokens, passwords or captcha tokens", async () => {
    const { app, log } = await server();
    await app.inject({ url: "/?token=session-token-secret&utm_source=x" });
    await app.inject({
      ...json({
        reqMetadata: { ...LOGIN, "g-recaptcha-response": "captcha-token-secret" },
        username: "member@example.com",
        password: "password-secret",
      }),
      headers: {
        "content-type": "application/json",
        "cypher-session-token": "header-token-secret",
        cookie: "clubToken=cookie-secret",
      },
    });
    const text = log.join("");
    for (const secret of [
      "session-token-secret",
      "captcha-token-secret",
      "password-secret",
      "header-token-secret",
      "cookie-secret",
    ])
      expect(text).not.toContain(secret);
    const lines = log.map((line) => JSON.parse(line) as { msg: string; req?: { url: string } });
    expect(lines.filter((line) => line.msg === "request completed").map((line) => line.req?.url)).toEqual([
      "/?token=…&utm_source=…",
      "/api/cypher",
    ]);
  });

  it("keep a URL's path and its query's keys", () => {
    expect(loggableUrl("/films/?q=abc&token=t")).toBe("/films/?q=…&token=…");
    expect(loggableUrl("/films/")).toBe("/films/");
  });
});
