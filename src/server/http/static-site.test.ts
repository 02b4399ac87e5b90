import { ACCOUNT_SCREENS, accountPath } from "../../member/account/routes";
import { findMatchPath, matchesPath } from "./match-path";
import { resolveStatic } from "./static-site";

describe("matchesPath (@reach/router rules)", () => {
  it.each([
    ["/films/*", "/films/123-x/", true],
    ["/films/*", "/films/123-x", true],
    ["/films/*", "/films/", true],
    ["/films/*", "/films", true],
    ["/films/*", "/films/a/b/c/", true],
    ["/films/*", "/film/", false],
    ["/account/*", "/account/orders/", true],
    ["/films/", "/films/", true],
    ["/films/", "/films/x/", false],
    ["/movie/:id", "/movie/42", true],
    ["/movie/:id", "/movie/42/43", false],
    ["/", "/", true],
    ["/", "/x/", false],
  ])("%s ~ %s: %s", (pattern, path, expected) => {
    expect(matchesPath(pattern, path)).toBe(expected);
  });

  it("takes the first entry in Gatsby's order", () => {
    const entries = [
      { path: "/films/1-a/", matchPath: "/films/1-a/" },
      { path: "/films/__film/", matchPath: "/films/*" },
    ];
    expect(findMatchPath(entries, "/films/1-a/")?.path).toBe("/films/1-a/");
    expect(findMatchPath(entries, "/films/2-b/")?.path).toBe("/films/__film/");
    expect(findMatchPath(entries, "/other/")).toBeUndefined();
  });
});

describe("resolveStatic (Gatsby's serving conventions)", () => {
  const site = {
    files: new Set([
      "/index.html",
      "/404.html",
      "/films/index.html",
      "/films/1-a/index.html",
      "/permalink/movie/index.html",
      "/account/index.html",
      "/page-data/films/page-data.json",
      "/app-0123456789abcdef0123.js",
      "/sw.js",
      "/site-assets/posters/1 a.svg",
    ]),
    // As Gatsby writes them: /films/* is not a client-side route (page-plan.ts), so no film page is listed.
    matchPaths: [
      { path: "/permalink/movie/", matchPath: "/permalink/movie/*" },
      { path: "/account/", matchPath: "/account/*" },
    ],
  };

  it.each([
    ["/", "", { kind: "file", file: "/index.html" }],
    ["/films/", "", { kind: "file", file: "/films/index.html" }],
    ["/films/1-a/", "?utm_source=x", { kind: "file", file: "/films/1-a/index.html" }],
    ["/films", "?q=1", { kind: "redirect", location: "/films/?q=1" }],
    ["/films/1-a", "", { kind: "redirect", location: "/films/1-a/" }],
    // Without a film index, a film path nothing is built at is simply not found.
    ["/films/2-b/", "", { kind: "notFound" }],
    ["/films/2-b", "", { kind: "notFound" }],
    ["/permalink/movie/42", "", { kind: "redirect", location: "/permalink/movie/42/" }],
    ["/permalink/movie/42/", "", { kind: "file", file: "/permalink/movie/index.html" }],
    // A client-only route's path no screen of it shows: 404 with the route's own page (static-site.ts says why).
    ["/account/orders/", "", { kind: "notFound", file: "/account/index.html" }],
    ["/page-data/films/page-data.json", "", { kind: "file", file: "/page-data/films/page-data.json" }],
    ["/page-data/nope/page-data.json", "", { kind: "notFound" }],
    ["/app-0123456789abcdef0123.js", "", { kind: "file", file: "/app-0123456789abcdef0123.js" }],
    ["/sw.js", "", { kind: "file", file: "/sw.js" }],
    ["/site-assets/posters/1%20a.svg", "", { kind: "file", file: "/site-assets/posters/1 a.svg" }],
    ["/nope/", "", { kind: "notFound" }],
    ["/nope", "", { kind: "notFound" }],
    ["/films/x.png", "", { kind: "notFound" }],
    ["/%E0%A4%A", "", { kind: "notFound" }],
    ["/../etc/passwd", "", { kind: "notFound" }],
    ["//evil.example", "", { kind: "notFound" }],
    ["/%2Fevil.example", "", { kind: "notFound" }],
    ["/\\evil.example", "", { kind: "notFound" }],
    ["/_headers", "", { kind: "notFound" }],
  ])("%s%s", (path, search, expected) => {
    expect(resolveStatic(site, path, search)).toEqual(expected);
  });

  describe("with the site's film index, film paths get real statuses", () => {
    const indexed = { ...site, filmIndex: { "1": "/films/1-a/", "7": "/films/7-deferred/" } };
    it.each([
      ["/films/1-ancien-titre/", "?utm_source=x", { kind: "redirect", location: "/films/1-a/?utm_source=x" }],
      ["/films/1/", "", { kind: "redirect", location: "/films/1-a/" }],
      ["/films/1", "", { kind: "redirect", location: "/films/1-a/" }],
      ["/permalink/movie/1", "", { kind: "redirect", location: "/films/1-a/" }],
      ["/films/1-a/", "", { kind: "file", file: "/films/1-a/index.html" }],
      // The 404 page, which looks the path up in the film index too and shows the film not-found content.
      ["/films/2-b/", "", { kind: "notFound" }],
      ["/films/2-b", "", { kind: "redirect", location: "/films/2-b/" }],
      ["/films/pas-un-film/", "", { kind: "notFound" }],
      ["/films/x.png", "", { kind: "notFound" }],
      ["/permalink/movie/2", "", { kind: "redirect", location: "/permalink/movie/2/" }],
      ["/permalink/movie/2/", "", { kind: "notFound", file: "/permalink/movie/index.html" }],
      // Listed but not built (its page is the canonical path itself): nothing to send.
      ["/films/7-deferred/", "", { kind: "notFound" }],
      ["/account/orders/", "", { kind: "notFound", file: "/account/index.html" }],
      ["/films/", "", { kind: "file", file: "/films/index.html" }],
    ])("%s%s", (path, search, expected) => {
      expect(resolveStatic(indexed, path, search)).toEqual(expected);
    });
  });

  describe("client-only routes: 404 where no screen shows, with the route's page", () => {
    const indexed = { ...site, filmIndex: { "1": "/films/1-a/" } };
    const account = { kind: "file", file: "/account/index.html" };
    const noAccountScreen = { kind: "notFound", file: "/account/index.html" };
    const noPermalink = { kind: "notFound", file: "/permalink/movie/index.html" };
    it.each<[string, string, object]>([
      // Every screen of the section's table (its template reads the same table).
      ...ACCOUNT_SCREENS.map(({ screen }) => [accountPath(screen), "", account] as [string, string, object]),
      ["/account/", "?next=%2Faccount%2Fcards%2F", account],
      ["/account/reset-password/", "?email=v%40example.com&resetCode=x", account],
      // The template reads the address bar's path, percent-escapes and all: no screen there.
      ["/account/pro%66ile/", "", noAccountScreen],
      ["/account/nope/", "", noAccountScreen],
      ["/account/nope/", "?utm_source=x", noAccountScreen],
      ["/account/profile/extra/", "", noAccountScreen],
      ["/account/Profile/", "", noAccountScreen],
      ["/account/nope.txt", "", noAccountScreen],
      // The slash first, as today; the slashed path then answers as above.
      ["/account", "?next=x", { kind: "redirect", location: "/account/?next=x" }],
      ["/account/profile", "?a=1", { kind: "redirect", location: "/account/profile/?a=1" }],
      ["/account/nope", "", { kind: "redirect", location: "/account/nope/" }],
      ["/account/profile/extra", "", { kind: "redirect", location: "/account/profile/extra/" }],
      // A permalink without a film id, with or without the film index.
      ["/permalink/movie/", "", noPermalink],
      ["/permalink/movie/", "?utm_source=x", noPermalink],
      ["/permalink/movie//", "", noPermalink],
      ["/permalink/movie", "?q=1", { kind: "redirect", location: "/permalink/movie/?q=1" }],
    ])("%s%s", (path, search, expected) => {
      expect(resolveStatic(site, path, search)).toEqual(expected);
      expect(resolveStatic(indexed, path, search)).toEqual(expected);
    });

    it.each<[string, string, object]>([
      // With an id the film index answers, as before.
      ["/permalink/movie/1/", "?utm_source=x", { kind: "redirect", location: "/films/1-a/?utm_source=x" }],
      ["/permalink/movie/1", "", { kind: "redirect", location: "/films/1-a/" }],
      ["/permalink/movie/2/", "", noPermalink],
      ["/permalink/movie/2", "", { kind: "redirect", location: "/permalink/movie/2/" }],
    ])("with the film index: %s%s", (path, search, expected) => {
      expect(resolveStatic(indexed, path, search)).toEqual(expected);
    });

    it("leaves other client-only routes (the editor's preview) and pages at a route-like path alone", () => {
      const preview = {
        files: new Set(["/cms-preview/index.html", "/menu/movie/index.html"]),
        matchPaths: [{ path: "/cms-preview/", matchPath: "/cms-preview/*" }],
      };
      expect(resolveStatic(preview, "/cms-preview/", "")).toEqual({ kind: "file", file: "/cms-preview/index.html" });
      expect(resolveStatic(preview, "/cms-preview/films/", "")).toEqual({
        kind: "file",
        file: "/cms-preview/index.html",
      });
      // A generic page whose path looks like a permalink page's is not a client-only route.
      expect(resolveStatic(preview, "/menu/movie/", "")).toEqual({ kind: "file", file: "/menu/movie/index.html" });
    });
  });
});
