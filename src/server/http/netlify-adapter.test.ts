// The account section's rules on Netlify: what withAccountScreenRoutes hands the adapter, what the
// adapter's own writer makes of it (run in a scratch directory: it moves the page's file), and
// which status Netlify's first-match rule then gives each path.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { IAdapter, RoutesManifest } from "gatsby";
import { ACCOUNT_SCREENS, accountPath } from "../../member/account/routes";
import { scheduleHostRedirect } from "../../site/page-plan";
import {
  NETLIFY_ACCOUNT_FILE,
  THIRD_PARTY_PROXY_FUNCTION_PATH,
  withAccountRoutes,
  withAccountScreenRoutes,
  withThirdPartyProxy,
  withThirdPartyProxyRoute,
} from "./netlify-adapter";

/** The adapter's _redirects writer (not in its package exports, hence the file path). */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a file path outside the exports map
const { processRoutesManifest } = require(
  path.join(process.cwd(), "node_modules", "gatsby-adapter-netlify", "dist", "route-handler.js"),
) as {
  processRoutesManifest: (
    routes: RoutesManifest,
    headerRoutes: unknown[],
  ) => { redirects: string; fileMovingPromise: Promise<void> };
};

// As Gatsby's manifest has them (sorted, the trailing slash applied to the client-only route's path).
const MANIFEST: RoutesManifest = [
  {
    type: "static",
    path: "/page-data/account/page-data.json",
    filePath: "public/page-data/account/page-data.json",
    headers: [],
  },
  { type: "static", path: "/films/", filePath: "public/films/index.html", headers: [] },
  { type: "static", path: "/permalink/movie/*/", filePath: "public/permalink/movie/index.html", headers: [] },
  { type: "static", path: "/account/*/", filePath: "public/account/index.html", headers: [] },
];

/**
 * Runs a recording adapter wrapped by `wrap` on a context of `routesManifest` and a reporter:
 * the context the recorder was handed, and that reporter.
 */
async function adaptThrough(wrap: (adapter: IAdapter) => IAdapter, routesManifest: RoutesManifest) {
  let given: { routesManifest: RoutesManifest; reporter: unknown } | undefined;
  const inner = { name: "recorder", adapt: (context: typeof given) => void (given = context) };
  const reporter = { info: () => undefined };
  const context = { reporter, routesManifest } as unknown as Parameters<IAdapter["adapt"]>[0];
  await wrap(inner as unknown as IAdapter).adapt(context);
  return { given, reporter };
}

/** The adapter's _redirects for `routes`, written in a scratch project holding the pages' files. */
async function redirectsOf(routes: RoutesManifest): Promise<{ lines: string[]; accountFile: boolean }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "netlify-adapter-"));
  for (const file of ["public/films/index.html", "public/permalink/movie/index.html", "public/account/index.html"]) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), "<html></html>");
  }
  const cwd = process.cwd();
  process.chdir(dir);
  try {
    const { redirects, fileMovingPromise } = processRoutesManifest(routes, []);
    await fileMovingPromise;
    return {
      lines: redirects.split("\n").filter(Boolean),
      // Where the adapter left the section's page.
      accountFile: existsSync(path.join(dir, "public", NETLIFY_ACCOUNT_FILE)),
    };
  } finally {
    process.chdir(cwd);
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Netlify's choice for a path: the first rule whose path matches it, a trailing slash or not ("*"
 * takes the rest); no file is left at an /account/ path to shadow a rule (the adapter moved it).
 */
function netlifyAnswer(lines: readonly string[], urlPath: string): { to: string; status: string } | null {
  const bare = (p: string) => p.replace(/\/+$/, "") || "/";
  for (const line of lines) {
    const [from = "", to = "", status = ""] = line.split(/\s+/);
    const hit = from.endsWith("*")
      ? `${bare(urlPath)}/`.startsWith(from.slice(0, -1)) || bare(urlPath) === bare(from.slice(0, -1))
      : bare(urlPath) === bare(from);
    if (hit) return { to, status };
  }
  return null;
}

describe("withAccountScreenRoutes: the account section's 404s on Netlify", () => {
  it("puts a rewrite per screen, then a 404 for the rest, right before the adapter's own rewrite", () => {
    const routes = withAccountScreenRoutes(MANIFEST);
    expect(routes.slice(0, 3)).toEqual(MANIFEST.slice(0, 3));
    expect(routes.slice(3, -1)).toEqual([
      ...ACCOUNT_SCREENS.map(({ screen }) => ({
        type: "redirect",
        path: accountPath(screen),
        toPath: "/account/[...].html",
        status: 200,
        headers: [],
      })),
      { type: "redirect", path: "/account/*", toPath: "/account/[...].html", status: 404, headers: [] },
    ]);
    expect(routes.at(-1)).toEqual(MANIFEST[3]);
  });

  it("leaves a manifest without the account section as it is", () => {
    const other = MANIFEST.slice(0, 3);
    expect(withAccountScreenRoutes(other)).toBe(other);
  });

  it("points at the file the adapter serves the section from", async () => {
    const { lines, accountFile } = await redirectsOf(withAccountScreenRoutes(MANIFEST));
    // The adapter's own rewrite of the section (last, never reached now) names the same file.
    expect(lines.at(-1)).toBe(`/account/*  ${NETLIFY_ACCOUNT_FILE}  200`);
    expect(accountFile).toBe(true);
  });

  describe("each path's status, as Netlify's first-match rule gives it", () => {
    let lines: string[];
    beforeAll(async () => {
      lines = (await redirectsOf(withAccountScreenRoutes(MANIFEST))).lines;
    });
    it.each<[string, string]>([
      ...ACCOUNT_SCREENS.map(({ screen }) => [accountPath(screen), "200"] as [string, string]),
      ["/account", "200"],
      ["/account/profile", "200"],
      ["/account/nope/", "404"],
      ["/account/nope", "404"],
      ["/account/profile/extra/", "404"],
    ])("%s → %s with the section's page", (urlPath, status) => {
      expect(netlifyAnswer(lines, urlPath)).toEqual({ to: NETLIFY_ACCOUNT_FILE, status });
    });

    it("leaves the permalink routes to the adapter", () => {
      expect(netlifyAnswer(lines, "/permalink/movie/42/")).toEqual({
        to: "/permalink/movie/[...].html",
        status: "200",
      });
    });
  });

  it("withAccountRoutes hands the adapter the rewritten manifest, the rest of the context as it was", async () => {
    const { given, reporter } = await adaptThrough(withAccountRoutes, MANIFEST);
    expect(given?.routesManifest).toEqual(withAccountScreenRoutes(MANIFEST));
    expect(given?.reporter).toBe(reporter);
  });
});

// Issue 42 on a static host: the schedule's dated addresses without a page (today's, a past day's)
// answer 302 to the schedule, from the plan's host redirect as Gatsby hands it to the adapter.
describe("the schedule's host redirect", () => {
  it("is written unforced, so a day's built page still answers and any other address under the folder is a 302", async () => {
    const { fromPath, toPath, statusCode } = scheduleHostRedirect("fr-FR");
    const { lines } = await redirectsOf([
      ...MANIFEST,
      // What Gatsby's adapter manager makes of createRedirect (gatsby/dist/utils/adapter/manager.js).
      {
        type: "redirect",
        path: fromPath,
        toPath,
        status: statusCode,
        headers: [],
        force: false,
      } as RoutesManifest[number],
    ]);
    // No "302!": Netlify serves a day's built page (/seances/2026-11-30/index.html) before the rule.
    expect(lines.map((line) => line.split(/\s+/))).toContainEqual(["/seances/*", "/seances/", "302"]);
    expect(netlifyAnswer(lines, "/seances/2026-11-29/")).toEqual({ to: "/seances/", status: "302" });
  });
});

// /__third-party-proxy on Netlify (issue 44): Gatsby's Functions live under /api/, so the proxy's
// path gets its own rule to the proxy's Function, as the adapter writes its Functions' rules.
describe("the script proxy's route", () => {
  // What Gatsby's adapter manager makes of src/api/third-party-proxy.ts (its function routes).
  const PROXY_FUNCTION = {
    type: "function",
    path: THIRD_PARTY_PROXY_FUNCTION_PATH,
    functionId: "f00dcafe",
  } as RoutesManifest[number];
  const WITH_FUNCTION: RoutesManifest = [...MANIFEST, PROXY_FUNCTION];

  it("puts a route from /__third-party-proxy to the same Function first, the rest as it was", () => {
    expect(withThirdPartyProxyRoute(WITH_FUNCTION)).toEqual([
      { type: "function", path: "/__third-party-proxy", functionId: "f00dcafe" },
      ...WITH_FUNCTION,
    ]);
  });

  it("is written as a rewrite to the Function's invocation URL, which Netlify's first match gives the path", async () => {
    const { lines } = await redirectsOf(withAccountScreenRoutes(withThirdPartyProxyRoute(WITH_FUNCTION)));
    expect(lines[0]).toBe("/__third-party-proxy  /.netlify/functions/f00dcafe  200");
    expect(lines).toContain("/api/third-party-proxy  /.netlify/functions/f00dcafe  200");
    expect(netlifyAnswer(lines, "/__third-party-proxy")).toEqual({ to: "/.netlify/functions/f00dcafe", status: "200" });
    // The account section's rules are still what they were.
    expect(netlifyAnswer(lines, "/account/nope/")).toEqual({ to: NETLIFY_ACCOUNT_FILE, status: "404" });
  });

  it("stops the build when the proxy's Function is missing", () => {
    expect(() => withThirdPartyProxyRoute(MANIFEST)).toThrow(/\/api\/third-party-proxy Function/);
  });

  it("withThirdPartyProxy hands the adapter the manifest with the route, under the account section's rules", async () => {
    const { given, reporter } = await adaptThrough(
      (inner) => withThirdPartyProxy(withAccountRoutes(inner)),
      WITH_FUNCTION,
    );
    expect(given?.routesManifest).toEqual(withAccountScreenRoutes(withThirdPartyProxyRoute(WITH_FUNCTION)));
    expect(given?.reporter).toBe(reporter);
  });
});
