// The script proxy's Gatsby Function (hosted deploys), over a real socket to the sandbox's
// analytics stand-ins: the allowlist comes from the build's server settings, the answer carries
// the endpoints' headers, and nothing of the visitor reaches the vendor.
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { createAnalyticsStandIns, GTAG_JS, type AnalyticsStandIns } from "../../sandbox/analytics/standin";
import { API_CONTENT_SECURITY_POLICY } from "../server/http/headers";
import { resetServerSiteSettingsCache } from "../server/site-settings";
import handler from "./third-party-proxy";
import { callFunction, type WrittenResponse } from "../test/gatsby-function";
import { writeServerSettings } from "../test/tiny-site";

type Written = WrittenResponse;

/** A GET to the Function, with the query and headers given. */
const call = (request: {
  method?: string;
  query?: Record<string, string>;
  multiValueQuery?: Record<string, string[]>;
  headers?: Record<string, string>;
}): Promise<Written> => callFunction(handler, request);

const saved = { ...process.env };
let vendor: http.Server;
let vendorUrl = "";
let standIns: AnalyticsStandIns;
const seenHeaders: http.IncomingHttpHeaders[] = [];
let dir: string;

beforeAll(async () => {
  standIns = createAnalyticsStandIns();
  vendor = http.createServer((req, res) => {
    seenHeaders.push(req.headers);
    void standIns.handle(req, res, new URL(req.url ?? "/", "http://vendor")).then((handled) => {
      if (!handled) res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => vendor.listen(0, "127.0.0.1", resolve));
  vendorUrl = `http://127.0.0.1:${(vendor.address() as AddressInfo).port}`;
  dir = mkdtempSync(path.join(os.tmpdir(), "proxy-function-"));
  writeServerSettings(dir, { thirdPartySources: { "script-src": [vendorUrl, "https://www.googletagmanager.com"] } });
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  vendor.closeAllConnections();
  await new Promise((resolve) => vendor.close(resolve));
});
beforeEach(() => {
  process.env.SERVER_SETTINGS_FILE = path.join(dir, "server-settings.json");
  seenHeaders.length = 0;
});
afterEach(() => {
  process.env = { ...saved };
  resetServerSiteSettingsCache();
  jest.restoreAllMocks();
});

const errorCode = (written: Written) => (JSON.parse(written.body.toString()) as { error: { code: string } }).error.code;

describe("the script proxy's Function", () => {
  it("passes the stand-in's gtag.js on, with the endpoints' headers, and no cookie or page address to the vendor", async () => {
    const written = await call({
      query: { url: `${vendorUrl}/__ga/gtag/js?id=G-SANDBOX0001` },
      headers: {
        "x-forwarded-proto": "https",
        cookie: "memberRefresh=refresh-secret",
        referer: "https://www.cinema-lumiere.fr/films/?token=T0KEN",
        "sec-fetch-dest": "empty",
      },
    });
    expect(written.status).toBe(200);
    expect(written.body.toString()).toBe(GTAG_JS);
    expect(written.headers).toMatchObject({
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy": API_CONTENT_SECURITY_POLICY,
      "Strict-Transport-Security": expect.stringMatching(/^max-age=/),
      "X-Content-Type-Options": "nosniff",
      "Cross-Origin-Resource-Policy": "same-origin",
    });
    expect(standIns.gaScriptLoads.at(-1)).toEqual(expect.objectContaining({ id: "G-SANDBOX0001", referer: "" }));
    expect(seenHeaders).toHaveLength(1);
    expect(seenHeaders[0]?.cookie).toBeUndefined();
    expect(JSON.stringify(seenHeaders[0])).not.toMatch(/secret|T0KEN/);
  });

  it.each([
    ["a host the settings do not name", { query: { url: "https://evil.example/x.js" } }, 403, "host_not_allowed"],
    [
      "a POST",
      { method: "POST", query: { url: "https://www.googletagmanager.com/gtm.js" } },
      405,
      "method_not_allowed",
    ],
    [
      // Netlify joins a repeated parameter with commas in `query`: the list says what was sent.
      "a repeated url",
      {
        query: { url: `${"https://www.googletagmanager.com/gtm.js"},https://evil.example/` },
        multiValueQuery: { url: ["https://www.googletagmanager.com/gtm.js", "https://evil.example/"] },
      },
      400,
      "bad_request",
    ],
  ])("refuses %s", async (_case, request, status, code) => {
    const written = await call(request);
    expect([written.status, errorCode(written)]).toEqual([status, code]);
    expect(written.headers["Cache-Control"]).toBe("no-store");
    expect(seenHeaders).toEqual([]);
  });

  it("answers 503 without the build's server settings, logging it once", async () => {
    process.env.SERVER_SETTINGS_FILE = path.join(dir, "missing.json");
    const error = jest.spyOn(console, "error").mockImplementation(() => undefined);
    const written = await call({ query: { url: `${vendorUrl}/__ga/gtag/js?id=G-1` } });
    await call({ query: { url: `${vendorUrl}/__ga/gtag/js?id=G-1` } });
    expect([written.status, errorCode(written)]).toEqual([503, "not_configured"]);
    expect(error).toHaveBeenCalledTimes(1);
    expect(seenHeaders).toEqual([]);
  });
});
