// /__third-party-proxy in the production server (Fastify's inject), forwarding over real sockets
// to the sandbox's analytics stand-ins and to a recording vendor on the same loopback origin: the
// site's script-src comes from the same deploy settings as `npm start`'s (scripts/start.mjs), so
// the proxy forwards to exactly what the pages may load. The rules one by one, without a server:
// src/server/third-party-proxy.test.ts.
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import zlib from "node:zlib";
import { createAnalyticsStandIns, GTAG_JS, type AnalyticsStandIns } from "../../../sandbox/analytics/standin";
import { thirdPartySources } from "../third-parties";
import { API_CONTENT_SECURITY_POLICY } from "./headers";
import { buildServer } from "./app";
import { serverDeploySettings } from "./deploy-settings";
import { loadSiteBundle, type SiteBundle } from "./site-bundle";
import { writeTinySite } from "../../test/tiny-site";

/** What the vendor saw of each request. */
type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders };

let vendor: http.Server;
let vendorUrl: string;
let standIns: AnalyticsStandIns;
const seen: Seen[] = [];
/** The vendor's own paths (anything the stand-ins do not own). */
const VENDOR_PATHS: Record<string, (res: http.ServerResponse) => void> = {
  "/lib/tag.js": (res) => {
    res.writeHead(200, { "Content-Type": "application/javascript", "Cache-Control": "public, max-age=600" });
    res.end("window.tagged = true;");
  },
  "/lib/moved.js": (res) => {
    res.writeHead(302, { Location: "/lib/tag.js" });
    res.end();
  },
  "/lib/big.js": (res) => {
    res.writeHead(200, { "Content-Type": "application/javascript" });
    res.end("x".repeat(64 * 1024 + 1));
  },
  "/lib/slow.js": () => {
    // Never answers: the proxy gives up at its timeout.
  },
  "/lib/page.html": (res) => {
    res.writeHead(200, { "Content-Type": "text/html" });
    res.end("<script>alert(document.cookie)</script>");
  },
  "/lib/compressed.js": (res) => {
    const body = zlib.gzipSync("window.compressed = true;");
    res.writeHead(200, { "Content-Type": "text/javascript", "Content-Encoding": "gzip", Vary: "Accept-Encoding" });
    res.end(body);
  },
};

let root: string;
let site: SiteBundle;

beforeAll(async () => {
  standIns = createAnalyticsStandIns();
  vendor = http.createServer((req, res) => {
    seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers });
    const url = new URL(req.url ?? "/", "http://vendor");
    if (standIns.owns(url.pathname)) {
      void standIns.handle(req, res, url).then((handled) => {
        if (!handled) res.writeHead(404).end();
      });
      return;
    }
    const answer = VENDOR_PATHS[url.pathname];
    if (answer) answer(res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => vendor.listen(0, "127.0.0.1", resolve));
  vendorUrl = `http://127.0.0.1:${(vendor.address() as AddressInfo).port}`;

  // The site's script-src, from the deploy settings `npm start` uses for its stand-ins.
  const sources = thirdPartySources({
    env: {
      GATSBY_DIDOMI_API_KEY: "sandbox-didomi-key",
      GATSBY_DIDOMI_SDK_URL: `${vendorUrl}/__consent/sdk/`,
      GATSBY_GA_MEASUREMENT_ID: "G-SANDBOX0001",
      GATSBY_GA_SCRIPT_URL: `${vendorUrl}/__ga/gtag/js`,
      GATSBY_GTM_SCRIPT_URL: `${vendorUrl}/__gtm/gtm.js`,
      GATSBY_RECAPTCHA_SITE_KEY: "sandbox-site-key",
      GATSBY_RECAPTCHA_SCRIPT_URL: "http://127.0.0.1:9/__recaptcha/api.js",
    },
    tracking: {
      noticeId: "lumiere-notice",
      measurementIds: [],
      containerIds: ["GTM-ONE"],
      adsDisplayOn: false,
      targett: { enabled: false, customerId: "" },
    },
  });
  expect(sources["script-src"]).toContain(vendorUrl);

  root = mkdtempSync(path.join(os.tmpdir(), "proxy-route-"));
  const dir = path.join(root, "lumiere");
  writeTinySite(dir, { thirdPartySources: sources });
  site = loadSiteBundle(dir, []);
});

afterAll(async () => {
  rmSync(root, { recursive: true, force: true });
  vendor.closeAllConnections();
  await new Promise((resolve) => vendor.close(resolve));
});

const started: { close: () => Promise<unknown> }[] = [];
beforeEach(() => {
  seen.length = 0;
});
afterEach(async () => {
  await Promise.all(started.splice(0).map((app) => app.close()));
});

async function server() {
  const env = { CYPHER_API_URL: "http://upstream.test", RECAPTCHA_OFF: "true" };
  const { app } = await buildServer({
    sites: [site],
    deploy: serverDeploySettings(env),
    env,
    logStream: new Writable({ write: (_chunk, _encoding, done) => done() }),
    // Small bounds, so the tests do not wait or send megabytes. 300 ms was too short for a local
    // answer on a loaded 2-core runner (a clean-clone run saw three 504s): 1.5 s still makes the
    // test of a vendor that never answers short.
    thirdPartyProxy: { timeoutMs: 1_500, maxBodyBytes: 64 * 1024 },
  });
  started.push(app);
  return app;
}

const proxyPath = (url: string) => `/__third-party-proxy?url=${encodeURIComponent(url)}`;
const errorCode = (body: string): string => (JSON.parse(body) as { error: { code: string } }).error.code;

/** A page's request as a browser sends it: the visitor's cookies and a page address carrying secrets. */
const VISITOR = {
  host: "www.cinema-lumiere.fr",
  cookie: "memberRefresh=refresh-secret; _ga=GA1.1.1",
  authorization: "Bearer member-secret",
  referer: "https://www.cinema-lumiere.fr/account/reset-password/?email=victim%40example.com&resetCode=RC999",
  origin: "https://www.cinema-lumiere.fr",
  "x-forwarded-for": "198.51.100.7",
  "sec-fetch-dest": "empty",
  "accept-language": "fr-FR",
  "user-agent": "Mozilla/5.0 (test)",
};

describe("GET /__third-party-proxy on the production server", () => {
  it("passes the stand-in's gtag.js on, with the endpoints' headers and nothing of the visitor", async () => {
    const app = await server();
    const response = await app.inject({
      method: "GET",
      url: proxyPath(`${vendorUrl}/__ga/gtag/js?id=G-SANDBOX0001&l=ga4DataLayer`),
      headers: VISITOR,
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(GTAG_JS);
    expect(response.headers["content-type"]).toMatch(/^text\/javascript/);
    // The stand-in says no-store: so does the proxy.
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers["content-security-policy"]).toBe(API_CONTENT_SECURITY_POLICY);
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["cross-origin-resource-policy"]).toBe("same-origin");
    expect(response.headers["access-control-allow-origin"]).toBeUndefined();
    expect(response.headers["set-cookie"]).toBeUndefined();

    // The stand-in recorded the load, without the page's address.
    expect(standIns.gaScriptLoads.at(-1)).toEqual(expect.objectContaining({ id: "G-SANDBOX0001", referer: "" }));
    expect(seen).toHaveLength(1);
    const { method, url, headers } = seen[0]!;
    expect([method, url]).toEqual(["GET", "/__ga/gtag/js?id=G-SANDBOX0001&l=ga4DataLayer"]);
    expect(headers.cookie).toBeUndefined();
    expect(headers.authorization).toBeUndefined();
    expect(headers.referer).toBeUndefined();
    expect(headers.origin).toBeUndefined();
    expect(headers["x-forwarded-for"]).toBeUndefined();
    expect(JSON.stringify(headers)).not.toMatch(/secret|RC999|victim|198\.51\.100\.7/);
    expect(headers["accept-language"]).toBe("fr-FR");
    expect(headers["user-agent"]).toBe("Mozilla/5.0 (test)");
    expect(headers.host).toBe(new URL(vendorUrl).host);
  });

  it("passes a vendor's script on with a bounded Cache-Control, and a compressed one as it came", async () => {
    const app = await server();
    const tag = await app.inject({ method: "GET", url: proxyPath(`${vendorUrl}/lib/tag.js`), headers: VISITOR });
    expect([tag.statusCode, tag.body, tag.headers["cache-control"]]).toEqual([
      200,
      "window.tagged = true;",
      "public, max-age=600",
    ]);
    const compressed = await app.inject({
      method: "GET",
      url: proxyPath(`${vendorUrl}/lib/compressed.js`),
      headers: { ...VISITOR, "accept-encoding": "gzip, deflate, br" },
    });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers["content-encoding"]).toBe("gzip");
    expect(compressed.headers.vary).toBe("Accept-Encoding");
    expect(zlib.gunzipSync(compressed.rawPayload).toString()).toBe("window.compressed = true;");
    expect(seen.at(-1)?.headers["accept-encoding"]).toBe("br, gzip");
  });

  it("answers HEAD as GET, without a body, and still only GETs from the vendor", async () => {
    const app = await server();
    const response = await app.inject({ method: "HEAD", url: proxyPath(`${vendorUrl}/lib/tag.js`) });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe("");
    expect(seen.map((request) => request.method)).toEqual(["GET"]);
  });

  it.each([
    ["another host", "https://evil.example/x.js"],
    ["another port of the stand-ins' host", () => `http://127.0.0.1:1/__ga/gtag/js`],
    ["the stand-ins' host by another name", () => vendorUrl.replace("127.0.0.1", "localhost") + "/__ga/gtag/js"],
    ["credentials in the URL", () => vendorUrl.replace("http://", "http://user:pass@") + "/lib/tag.js"],
    ["the machine's other services", "http://127.0.0.1:22/"],
    ["a cloud metadata address", "http://169.254.169.254/latest/meta-data/"],
    ["outside reCAPTCHA's folder", "http://127.0.0.1:9/elsewhere.js"],
  ])("refuses %s with 403, calling nobody", async (_case, url) => {
    const app = await server();
    const response = await app.inject({
      method: "GET",
      url: proxyPath(typeof url === "function" ? url() : url),
      headers: VISITOR,
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(errorCode(response.body)).toBe("host_not_allowed");
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers["content-security-policy"]).toBe(API_CONTENT_SECURITY_POLICY);
    expect(seen).toEqual([]);
  });

  it.each(["POST", "PUT", "DELETE", "PATCH", "OPTIONS"] as const)(
    "refuses %s with 405 (Allow: GET, HEAD), unread, calling nobody",
    async (method) => {
      const app = await server();
      const response = await app.inject({
        method,
        url: proxyPath(`${vendorUrl}/lib/tag.js`),
        headers: { ...VISITOR, "content-type": "application/json" },
        payload: method === "OPTIONS" ? undefined : '{"a":1}',
      });
      expect(response.statusCode).toBe(405);
      expect(response.headers.allow).toBe("GET, HEAD");
      expect(response.headers.connection).toBe("close");
      expect(errorCode(response.body)).toBe("method_not_allowed");
      expect(seen).toEqual([]);
    },
  );

  it.each([
    ["a redirect, not followed", "/lib/moved.js", 502, "upstream_redirect"],
    ["a script past the size bound", "/lib/big.js", 502, "upstream_too_large"],
    ["an HTML answer", "/lib/page.html", 502, "upstream_not_script"],
    ["a vendor's 404", "/lib/none.js", 502, "upstream_error"],
    ["a vendor that does not answer in time", "/lib/slow.js", 504, "upstream_timeout"],
  ])("answers %s (%s) with %i, passing nothing of it on", async (_case, vendorPath, status, code) => {
    const app = await server();
    const response = await app.inject({ method: "GET", url: proxyPath(`${vendorUrl}${vendorPath}`), headers: VISITOR });
    expect(response.statusCode).toBe(status);
    expect(errorCode(response.body)).toBe(code);
    expect(response.headers.location).toBeUndefined();
    expect(response.body).not.toMatch(/alert|xxxx/);
    // The redirect's target was never asked for.
    expect(seen.map((request) => request.url)).toEqual([vendorPath]);
  });

  it.each([
    ["no url", "/__third-party-proxy"],
    ["a relative url", "/__third-party-proxy?url=%2Fsw.js"],
    ["two urls", `${proxyPath("https://evil.example/")}&url=${encodeURIComponent("https://evil.example/")}`],
  ])("answers %s with 400", async (_case, url) => {
    const app = await server();
    const response = await app.inject({ method: "GET", url });
    expect([response.statusCode, errorCode(response.body)]).toEqual([400, "bad_request"]);
  });

  it("refuses a service worker's script fetch (403): a vendor's answer must not take over the site", async () => {
    const app = await server();
    const response = await app.inject({
      method: "GET",
      url: proxyPath(`${vendorUrl}/lib/tag.js`),
      headers: { "sec-fetch-dest": "serviceworker", "service-worker": "script" },
    });
    expect([response.statusCode, errorCode(response.body)]).toEqual([403, "destination_not_allowed"]);
    expect(seen).toEqual([]);
  });

  it("is not a page: the path with a trailing slash is the site's 404", async () => {
    const app = await server();
    const response = await app.inject({ method: "GET", url: `/__third-party-proxy/?url=${vendorUrl}/lib/tag.js` });
    expect(response.statusCode).toBe(404);
    expect(seen).toEqual([]);
  });
});
