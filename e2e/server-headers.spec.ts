// Hosted and self-hosted deploys send the same headers. The French build's header rules, as
// gatsby-adapter-netlify writes them to _headers (its own writer, over what the wrapper of
// netlify-adapter.ts hands it), are applied to every file of that build and to paths that do not
// exist, as the platform applies them, and compared with what the production server answers for
// the same paths; the Functions' answers are compared with the server's endpoints. (The adapter
// runs on Netlify's builders only: it renames files of public/, see gatsby-config.ts.)
import path from "node:path";
import { expect, test } from "@playwright/test";
import type { GatsbyFunctionRequest, GatsbyFunctionResponse, IAdapter } from "gatsby";
import cypherFunction from "../src/api/cypher";
import refundFunction from "../src/api/refund/redirect";
import { MANAGED_HEADERS, type HeaderRule } from "../src/server/http/headers";
import { siteHeaderRules, withSiteHeaders } from "../src/server/http/netlify-adapter";
import { listPublicFiles } from "../src/server/http/site-files";
import { SERVER_SETTINGS_FILE } from "../src/server/site-settings";
import { LUMIERE_DIR, rawRequest, ROOT, startServer, type ServerProcess } from "./fixtures/server-process";

type Rule = { path: string; pattern: RegExp; headers: [string, string][] };

/** Netlify's _headers format: a path line, then indented `Name: value` lines. */
function parseHeadersFile(text: string): Rule[] {
  const rules: Rule[] = [];
  for (const line of text.split("\n")) {
    if (!line.trim() || line.trim().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      const source = line
        .trim()
        .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
        .replace(/\*/g, ".*")
        .replace(/:[A-Za-z]+/g, "[^/]+");
      rules.push({ path: line.trim(), pattern: new RegExp(`^${source}$`), headers: [] });
    } else {
      const at = line.indexOf(":");
      rules.at(-1)?.headers.push([line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim()]);
    }
  }
  return rules;
}

/** What the platform sends for a path: every matching rule, later rules over earlier ones (netlify dev's order). */
function platformHeaders(rules: readonly Rule[], urlPath: string) {
  const headers: Record<string, string> = {};
  const setBy: Record<string, number> = {};
  for (const rule of rules.filter((r) => r.pattern.test(urlPath))) {
    for (const [name, value] of rule.headers) {
      headers[name] = value;
      setBy[name] = (setBy[name] ?? 0) + 1;
    }
  }
  return { headers, overridden: Object.keys(setBy).filter((name) => (setBy[name] ?? 0) > 1) };
}

const managed = (headers: Record<string, string | string[] | number | undefined>) =>
  Object.fromEntries(
    MANAGED_HEADERS.map((name) => [name, headers[name] === undefined ? undefined : String(headers[name])]),
  );

let server: ServerProcess;
test.beforeAll(async () => {
  server = await startServer([LUMIERE_DIR], { TRUST_PROXY: "127.0.0.1" });
});
test.afterAll(async () => {
  await server?.stop();
});

/** The adapter's own _headers writer (not in its package exports, hence the file path). */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a file path outside the exports map
const { processRoutesManifest } = require(
  path.join(ROOT, "node_modules", "gatsby-adapter-netlify", "dist", "route-handler.js"),
) as { processRoutesManifest: (routes: unknown[], headerRoutes: HeaderRule[]) => { headers: string } };

const buildRules = () => siteHeaderRules({ projectDir: LUMIERE_DIR, settingsFile: SERVER_SETTINGS_FILE, env: {} });

test("the wrapped adapter hands Netlify's adapter the platform's header rules", async () => {
  let given: HeaderRule[] | undefined;
  const inner = {
    name: "recorder",
    adapt: (context: { headerRoutes: HeaderRule[] }) => void (given = context.headerRoutes),
  };
  const reporter = { info: () => undefined };
  await withSiteHeaders(inner as unknown as IAdapter, {
    projectDir: LUMIERE_DIR,
    settingsFile: SERVER_SETTINGS_FILE,
    env: {},
  }).adapt({
    reporter,
    headerRoutes: [{ path: "/*", headers: [{ key: "x-frame-options", value: "DENY" }] }],
  } as unknown as Parameters<IAdapter["adapt"]>[0]);
  expect(given).toEqual(buildRules());
});

test("the adapter's _headers give every file the headers the production server sends", async () => {
  const written = processRoutesManifest([], buildRules()).headers;
  const rules = parseHeadersFile(written);
  expect(rules[0]?.path).toBe("/*");
  const files = listPublicFiles(path.join(LUMIERE_DIR, "public"));
  const paths = [...files, "/", "/films/", "/cette-page-n-existe-pas/", "/app-00000000000000000000.js", "/sw.js"];
  expect(files.length).toBeGreaterThan(50);
  for (const urlPath of paths) {
    const platform = platformHeaders(rules, urlPath);
    // Only Cache-Control is ever overridden by a more specific rule, as in Gatsby's own adapter
    // layout; no security header depends on how a platform merges rules.
    expect(
      platform.overridden.filter((name) => name !== "cache-control"),
      urlPath,
    ).toEqual([]);
    const response = await rawRequest(`${server.url}${encodeURI(urlPath)}`, {
      headers: { "x-forwarded-proto": "https", accept: "text/html,*/*" },
    });
    expect([200, 404], urlPath).toContain(response.status);
    expect(managed(response.headers), urlPath).toEqual(managed(platform.headers));
  }
});

type Written = { status: number; headers: Record<string, string> };

// The Functions run in this process and read the settings the build wrote (relative to the working
// directory unless SERVER_SETTINGS_FILE says where): the default site's browser-test build.
process.env.SERVER_SETTINGS_FILE = path.join(LUMIERE_DIR, SERVER_SETTINGS_FILE);

/** Calls a Gatsby Function the way the platform would, over https. */
function callFunction(
  handler: (req: GatsbyFunctionRequest, res: GatsbyFunctionResponse) => unknown,
  req: { method: string; url: string; headers: Record<string, string>; body?: unknown; query?: Record<string, string> },
): Promise<Written> {
  return new Promise((resolve) => {
    const written: Written = { status: 200, headers: {} };
    const res = {
      status(code: number) {
        written.status = code;
        return res;
      },
      setHeader(name: string, value: string) {
        written.headers[name.toLowerCase()] = value;
      },
      json(body: unknown) {
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify(body));
      },
      end(_body?: unknown) {
        resolve(written);
      },
    };
    void handler(
      { query: {}, socket: { remoteAddress: "127.0.0.1" }, ...req } as unknown as GatsbyFunctionRequest,
      res as unknown as GatsbyFunctionResponse,
    );
  });
}

test("the Functions of hosted deploys answer with the production server's endpoint headers", async () => {
  const https = { "x-forwarded-proto": "https" };
  const crossSite = {
    host: "www.cinema-lumiere.fr",
    origin: "https://evil.example",
    "content-type": "application/json",
  };
  const fromFunction = await callFunction(cypherFunction, {
    method: "POST",
    url: "/api/cypher",
    headers: { ...https, ...crossSite },
    body: {},
  });
  const fromServer = await rawRequest(`${server.url}/api/cypher`, {
    method: "POST",
    headers: { ...https, ...crossSite },
    body: "{}",
  });
  expect(fromFunction.status).toBe(403);
  expect(fromServer.status).toBe(403);
  expect(managed(fromFunction.headers)).toEqual(managed(fromServer.headers));

  const query = { path: "LUM01/42", utm_source: "mail" };
  const redirectFunction = await callFunction(refundFunction, {
    method: "GET",
    url: "/api/refund/redirect",
    headers: { ...https, cookie: "clubToken=tok-42" },
    query,
  });
  const redirectServer = await rawRequest(`${server.url}/api/refund/redirect?${new URLSearchParams(query)}`, {
    headers: { ...https, cookie: "clubToken=tok-42" },
  });
  expect(redirectFunction.status).toBe(302);
  expect(redirectServer.status).toBe(302);
  expect(redirectFunction.headers.location).toBe(redirectServer.headers.location);
  expect(redirectFunction.headers["referrer-policy"]).toBe("no-referrer");
  expect(managed(redirectFunction.headers)).toEqual(managed(redirectServer.headers));
});
