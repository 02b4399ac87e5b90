import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { buildRoute } from "../member/provider/routes";
import { resetServerSiteSettingsCache } from "../server/site-settings";
import handler from "./cypher";
import { callFunction, type WrittenResponse } from "../test/gatsby-function";

/** A member call to the Function: its JSON body's text. */
async function call(
  body: unknown,
  extra: Record<string, unknown> = {},
): Promise<Omit<WrittenResponse, "body"> & { body: string }> {
  const written = await callFunction(handler, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
    ...extra,
  });
  return { ...written, body: written.body.toString() };
}

const saved = { ...process.env };
let upstream: Server;
let upstreamUrl = "";
let upstreamBody = '{"peachCode":0}';
const envelope = {
  reqMetadata: { method: "POST", route: buildRoute("login", 3, { query: { circuitId: "LUM01" } }, "Cypher") },
  username: "u",
  password: "p",
};

beforeAll(async () => {
  upstream = createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(upstreamBody);
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", () => resolve()));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterAll(async () => {
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});
beforeEach(() => {
  // The deploy's explicit choice; the tests that check captcha set a secret.
  process.env.RECAPTCHA_OFF = "true";
});
afterEach(() => {
  process.env = { ...saved };
  resetServerSiteSettingsCache();
  jest.restoreAllMocks();
});

describe("POST /api/cypher", () => {
  it("answers 503 loyalty_not_configured without CYPHER_API_URL, logging it once", async () => {
    delete process.env.CYPHER_API_URL;
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    const first = await call(envelope);
    await call(envelope);
    expect(first.status).toBe(503);
    expect(JSON.parse(first.body)).toEqual({ error: { code: "loyalty_not_configured", message: expect.any(String) } });
    expect(warn.mock.calls.filter(([message]) => String(message).includes("CYPHER_API_URL"))).toHaveLength(1);
  });

  it("proxies to CYPHER_API_URL", async () => {
    process.env.CYPHER_API_URL = upstreamUrl;
    jest.spyOn(console, "warn").mockImplementation(() => undefined);
    const result = await call(envelope);
    expect(result.status).toBe(200);
    expect(JSON.parse(result.body)).toEqual({ peachCode: 0 });
    expect(result.headers["Cache-Control"]).toBe("no-store");
  });

  it("keeps the refresh token in the HttpOnly /api/ cookie, as the production server does (Secure behind https)", async () => {
    process.env.CYPHER_API_URL = upstreamUrl;
    jest.spyOn(console, "warn").mockImplementation(() => undefined);
    upstreamBody = '{"peachCode":0,"sessionManagementTokens":{"token":"s-1","refreshToken":"r-1"}}';
    try {
      const https = await call(envelope, {
        headers: { "content-type": "application/json", "x-forwarded-proto": "https" },
      });
      expect(JSON.parse(https.body)).toEqual({
        peachCode: 0,
        sessionManagementTokens: { token: "s-1", refreshTokenHeld: true },
      });
      expect(https.headers["Set-Cookie"]).toBe(
        "memberRefresh=r-1; Max-Age=2592000; Path=/api/; HttpOnly; SameSite=Strict; Secure",
      );
      const http = await call(envelope);
      expect(http.headers["Set-Cookie"]).toBe(
        "memberRefresh=r-1; Max-Age=2592000; Path=/api/; HttpOnly; SameSite=Strict",
      );
    } finally {
      upstreamBody = '{"peachCode":0}';
    }
  });

  it("checks the captcha without a hostname when the build's settings file is missing, failing closed when siteverify is down", async () => {
    process.env.CYPHER_API_URL = upstreamUrl;
    process.env.RECAPTCHA_SECRET = "secret";
    process.env.RECAPTCHA_VERIFY_URL = "http://127.0.0.1:9/siteverify";
    process.env.SERVER_SETTINGS_FILE = "/nonexistent/server-settings.json";
    jest.spyOn(console, "warn").mockImplementation(() => undefined);
    const result = await call(envelope);
    // Port 9 refuses: the check fails closed.
    expect(result.status).toBe(403);
  });

  it("sets the platform's endpoint headers (src/server/http/headers.ts)", async () => {
    process.env.CYPHER_API_URL = upstreamUrl;
    jest.spyOn(console, "warn").mockImplementation(() => undefined);
    const result = await call(envelope, {
      headers: { "content-type": "application/json", "x-forwarded-proto": "https" },
    });
    expect(result.headers).toMatchObject({
      "Cache-Control": "no-store",
      "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
      "Strict-Transport-Security": "max-age=31536000",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
    });
  });

  it("refuses a cross-site call before reaching the provider, as the production server does", async () => {
    process.env.CYPHER_API_URL = "http://127.0.0.1:9/never-called";
    process.env.SERVER_SETTINGS_FILE = "/nonexistent/server-settings.json";
    jest.spyOn(console, "warn").mockImplementation(() => undefined);
    const result = await call(envelope, {
      headers: { "content-type": "application/json", host: "www.cinema-lumiere.fr", origin: "https://evil.example" },
    });
    expect(result.status).toBe(403);
    expect(JSON.parse(result.body)).toEqual({ error: { code: "cross_site", message: expect.any(String) } });
    const same = await call(envelope, {
      headers: { "content-type": "application/json", host: "localhost:9000", origin: "http://localhost:9000" },
    });
    // Port 9 refuses: the call went on to the (unreachable) provider.
    expect(same.status).toBe(502);
  });

  it("refuses uploaded files", async () => {
    process.env.CYPHER_API_URL = upstreamUrl;
    const result = await call(envelope, { files: [{ fieldname: "f" }] });
    expect(result.status).toBe(400);
  });
});
