// The production server's bars (issue 12), against a real server process over the real builds
// of `npm run build:e2e`: the headers of each kind of response, /api/cypher's transport rules
// with a provider that records what reaches it, /healthz, SIGTERM during a slow call, two sites
// chosen by host from one process, and access logs without secrets.
import { readdirSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { localDateIn } from "../src/catalogue/dates";
import { filmPathOf, scheduleDayData } from "./fixtures/site-data";
import {
  LUMIERE_DIR,
  rawRequest,
  recordingUpstream,
  ROOT,
  siteCopy,
  startServer,
  type RecordingUpstream,
  type ServerProcess,
} from "./fixtures/server-process";

const ORBITE_BASSE = 1000021002;
const LOGIN = { method: "POST", route: "/Member/v3/Login?CypherCircuitId=" };
const STARLIGHT_DIR = path.join(ROOT, ".e2e-builds", "starlight");

// One server for the file: its tests run in order in one worker (a failure does not skip the others).
test.describe.configure({ mode: "default" });

let upstream: RecordingUpstream;
let lumiere: { dir: string; remove: () => void };
let server: ServerProcess;

test.beforeAll(async () => {
  upstream = await recordingUpstream();
  // The French site with a service worker beside its pages (the build has none yet; /sw.js must revalidate).
  lumiere = siteCopy(LUMIERE_DIR, { "sw.js": "self.addEventListener('fetch', () => {});\n" });
  server = await startServer([lumiere.dir], {
    CYPHER_API_URL: upstream.url,
    TRUST_PROXY: "127.0.0.1",
    EDITOR_ORIGINS: "https://editor.example.com,https://preview.example.com",
  });
});
test.afterAll(async () => {
  await server?.stop();
  await upstream?.close();
  lumiere?.remove();
});
test.beforeEach(() => {
  upstream.received.length = 0;
});

const post = (body: string | Buffer, headers: Record<string, string>) =>
  rawRequest(`${server.url}/api/cypher`, { method: "POST", headers, body });
const sameOrigin = () => ({ origin: server.url, "sec-fetch-site": "same-origin" });

test("every kind of response carries the platform's headers", async () => {
  const hashed = readdirSync(path.join(lumiere.dir, "public")).find((f) => /^app-[0-9a-f]{20}\.js$/.test(f));
  expect(hashed).toBeDefined();
  const film = filmPathOf(ORBITE_BASSE);
  const cases: [string, string, number, string, Record<string, string>?][] = [
    ["home page", "/", 200, "no-cache"],
    ["film page", film, 200, "no-cache"],
    ["page-data", `/page-data${film}page-data.json`, 200, "no-cache"],
    ["app-data", "/page-data/app-data.json", 200, "no-cache"],
    ["hashed asset", `/${hashed}`, 200, "public, max-age=31536000, immutable"],
    ["service worker", "/sw.js", 200, "no-cache"],
    ["unknown page", "/cette-page-n-existe-pas/", 404, "no-cache"],
    ["/api/cypher", "/api/cypher", 200, "no-store", { "content-type": "application/json", ...sameOrigin() }],
  ];
  for (const https of [false, true]) {
    for (const [what, url, status, cacheControl, headers] of cases) {
      const response = await rawRequest(`${server.url}${url}`, {
        method: headers ? "POST" : "GET",
        headers: { accept: "text/html,*/*", ...(https ? { "x-forwarded-proto": "https" } : {}), ...headers },
        ...(headers ? { body: JSON.stringify({ reqMetadata: LOGIN, username: "u", password: "p" }) } : {}),
      });
      const h = response.headers;
      const label = `${what} over ${https ? "https" : "http"}`;
      expect(response.status, label).toBe(status);
      expect(h["cache-control"], label).toBe(cacheControl);
      expect(h["x-content-type-options"], label).toBe("nosniff");
      expect(h["referrer-policy"], label).toBe("strict-origin-when-cross-origin");
      expect(h["permissions-policy"], label).toContain("camera=()");
      expect(h["strict-transport-security"], label).toBe(https ? "max-age=31536000" : undefined);
      expect(h["access-control-allow-origin"], label).toBeUndefined();
      expect(h["x-powered-by"], label).toBeUndefined();
      const csp = h["content-security-policy"] ?? "";
      if (what === "/api/cypher") {
        expect(csp, label).toBe("default-src 'none'; frame-ancestors 'none'");
      } else {
        expect(csp, label).toMatch(
          /script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+ http:\/\/127\.0\.0\.1:\d+\/__recaptcha\//,
        );
        expect(csp, label).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
        // The site's point-of-sale hosts (allowedEmbeddingDomains), the build's editors, then the deploy's.
        expect(csp, label).toMatch(
          /frame-ancestors 'self' (https?:\/\/[^ ;]+ )*https:\/\/editor\.example\.com https:\/\/preview\.example\.com/,
        );
      }
    }
  }
  // One policy for the whole site: the page path no longer makes each page's inline script unique.
  // Eleven: Gatsby's three, the home page's next-showtimes script (src/catalogue/next-showtimes.ts),
  // the programme's pre-paint rule, with and without the schedule page's next-day redirect
  // (src/catalogue/programme-prepaint.ts), the film list's for a search's address
  // (src/catalogue/films-query-prepaint.ts), and the head's four (issue 44): the private parameters
  // out of the address bar, the IAB TCF stub, the consent manager's config and loader, and the
  // start of the Intl worker (src/shell/intl-warmup.ts).
  expect(server.output()).toMatch(/serving site [^\n]*lumiere[^\n]*: \d+ files, 11 inline-script hashes/);
});

test("a cross-site POST gets a 403 JSON error and nothing reaches the provider", async () => {
  const body = JSON.stringify({ reqMetadata: LOGIN, username: "victim@example.com", password: "p" });
  const crossSite: Record<string, string>[] = [
    { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    { origin: "https://evil.example" },
    { "sec-fetch-site": "cross-site" },
    { origin: "null" },
  ];
  for (const headers of crossSite) {
    const response = await post(body, { "content-type": "application/json", ...headers });
    expect(response.status, JSON.stringify(headers)).toBe(403);
    expect(JSON.parse(response.body)).toEqual({ error: { code: "cross_site", message: expect.any(String) } });
  }
  expect(upstream.received).toEqual([]);
  const allowed = await post(body, { "content-type": "application/json", ...sameOrigin() });
  expect(allowed.status).toBe(200);
  expect(upstream.received).toHaveLength(1);
});

test("a 3 MB body gets 413 and nothing reaches the provider", async () => {
  const filler = "x".repeat(3 * 1024 * 1024);
  const asJson = await post(JSON.stringify({ reqMetadata: LOGIN, filler }), {
    "content-type": "application/json",
    ...sameOrigin(),
  });
  expect(asJson.status).toBe(413);
  expect(JSON.parse(asJson.body)).toMatchObject({ error: { code: "payload_too_large" } });
  const boundary = "cinema-boundary";
  const asForm = await post(
    `--${boundary}\r\nContent-Disposition: form-data; name="reqMetadata"\r\n\r\n${JSON.stringify(LOGIN)}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="filler"\r\n\r\n${filler}\r\n--${boundary}--\r\n`,
    { "content-type": `multipart/form-data; boundary=${boundary}`, ...sameOrigin() },
  );
  expect(asForm.status).toBe(413);
  const asText = await post("hello", { "content-type": "text/plain", ...sameOrigin() });
  expect(asText.status).toBe(415);
  expect(upstream.received).toEqual([]);
});

test("a dated schedule address of today, a past day or a day past the built range is a 302, never a 404", async () => {
  const { days } = scheduleDayData("/seances/", path.join(lumiere.dir, "public"));
  const today = localDateIn("Europe/Paris", Date.now());
  // A build made before today's midnight in Paris has a page of its own for today.
  const todayPage = days.find((day) => day.date === today && day.path !== "/seances/")?.path;
  const cases: [string, number, string | undefined][] = [
    [`/seances/${today}/`, todayPage ? 200 : 302, todayPage ? undefined : "/seances/"],
    ["/seances/2020-01-01/?utm_source=flyer", 302, `${todayPage ?? "/seances/"}?utm_source=flyer`],
    ["/seances/2099-12-31/", 302, days.at(-1)!.path],
  ];
  for (const [address, status, location] of cases) {
    const response = await rawRequest(`${server.url}${address}`);
    expect(response.status, address).toBe(status);
    expect(response.headers.location, address).toBe(location);
  }
});

test("/healthz answers while the server lives", async () => {
  const response = await rawRequest(`${server.url}/healthz`);
  expect(response.status).toBe(200);
  expect(JSON.parse(response.body)).toEqual({ status: "ok" });
  expect(response.headers["cache-control"]).toBe("no-store");
});

test("the access log never holds a session token, a password or a captcha token", async () => {
  await rawRequest(`${server.url}/?token=handoff-token-secret`);
  await post(
    JSON.stringify({
      reqMetadata: { ...LOGIN, "g-recaptcha-response": "captcha-token-secret" },
      username: "member@example.com",
      password: "password-secret",
    }),
    { "content-type": "application/json", "cypher-session-token": "session-token-secret", ...sameOrigin() },
  );
  await post('{"password":"broken-json-secret"', { "content-type": "application/json", ...sameOrigin() });
  const output = server.output();
  expect(output).toContain('"msg":"request completed"');
  for (const secret of [
    "handoff-token-secret",
    "captcha-token-secret",
    "password-secret",
    "session-token-secret",
    "broken-json-secret",
  ])
    expect(output).not.toContain(secret);
});

test("SIGTERM during a slow provider call lets that call finish, then the server exits 0", async () => {
  const slow = await recordingUpstream(1500);
  const own = await startServer([LUMIERE_DIR], { CYPHER_API_URL: slow.url, SHUTDOWN_TIMEOUT_MS: "8000" });
  try {
    const inFlight = rawRequest(`${own.url}/api/cypher`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: own.url },
      body: JSON.stringify({ reqMetadata: LOGIN, username: "u", password: "p" }),
    });
    await expect.poll(() => slow.received.length).toBe(1);
    own.child.kill("SIGTERM");
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ peachCode: 0 });
    expect(await own.exited).toBe(0);
    await expect(rawRequest(`${own.url}/healthz`)).rejects.toThrow();
  } finally {
    await own.stop("SIGKILL");
    await slow.close();
  }
});

test("one process serves two sites, chosen by the request's host", async () => {
  const both = await startServer([LUMIERE_DIR, STARLIGHT_DIR]);
  try {
    const byHost = async (host: string, url = "/") => rawRequest(`${both.url}${url}`, { headers: { host } });
    const french = await byHost("www.cinema-lumiere.fr");
    expect(french.status).toBe(200);
    expect(french.body).toContain('<html lang="fr-FR"');
    const us = await byHost("starlight.localhost:8080");
    expect(us.status).toBe(200);
    expect(us.body).toContain('<html lang="en-US"');
    expect((await byHost("lumiere.localhost")).body).toContain('<html lang="fr-FR"');
    // Each site keeps its own policy (its own build's inline scripts) and its own pages.
    expect(french.headers["content-security-policy"]).not.toBe(us.headers["content-security-policy"]);
    const filmHere = await byHost("lumiere.localhost", filmPathOf(ORBITE_BASSE));
    expect(filmHere.body).toContain("Orbite basse");
    // On the US site the same path is only its client-side film fallback.
    expect((await byHost("starlight.localhost", filmPathOf(ORBITE_BASSE))).body).not.toContain("Orbite basse");
    expect((await byHost("starlight.localhost", "/films/2048-low-orbit/")).status).toBe(200);
    expect((await byHost("unknown.example")).status).toBe(421);
  } finally {
    await both.stop();
  }
});
