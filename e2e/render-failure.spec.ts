import type { Page, Route } from "@playwright/test";
import { expect, test } from "./fixtures";
import { filmList } from "./fixtures/site-data";

// Spec §8 "Pages": a page that fails falls back to the 500 page.
const film = filmList()[0]!;
const pageDataUrl = `**/page-data${film.path}page-data.json`;

test("a page that fails to render lands on the 500 page", async ({ films, site, page, consoleGuard }) => {
  // The film's showtimes arrive broken (as from a half-published deploy): the page cannot render them.
  await page.route(pageDataUrl, async (route) => {
    const response = await route.fetch();
    const data = (await response.json()) as { result: { pageContext: Record<string, unknown> } };
    data.result.pageContext.showtimes = null;
    await route.fulfill({ response, json: data });
  });
  consoleGuard.expectConsoleMessage(/page failed to render/);
  // React reports the error it caught, and the browser the failed render, before the boundary acts.
  consoleGuard.expectConsoleMessage(/Cannot read properties of null|error occurred|FilmTemplate/i);

  await films.open();
  await site.hydrated();
  await films.filmLinks.filter({ hasText: film.title }).first().click();

  await expect(page).toHaveURL(/\/500\/$/);
  await expect(site.heading).toHaveText("Une erreur est survenue");
  await expect(site.main.getByRole("link", { name: "Retour à l'accueil" })).toHaveAttribute("href", "/");
});

/** Counts the documents the browser loads at `path` (a reload loop would load it again and again). */
function countDocuments(page: Page, path: string): () => number {
  let count = 0;
  page.on("request", (request) => {
    if (request.isNavigationRequest() && new URL(request.url()).pathname === path) count += 1;
  });
  return () => count;
}

// A client-side link to a page whose resources do not load: Gatsby's loader retries, gives up on
// the route and loads the page afresh once; if its resources fail again, the site sends the visitor
// to the 500 page (src/shell/page-failure.ts) rather than leaving the page without its scripts.
const loadFailures: [string, string, (route: Route) => Promise<void>][] = [
  ["its page data answers 503", pageDataUrl, (route) => route.fulfill({ status: 503, body: "Service unavailable" })],
  ["its page data cannot be reached", pageDataUrl, (route) => route.abort("connectionreset")],
  [
    "its page data is not JSON",
    pageDataUrl,
    (route) => route.fulfill({ status: 200, contentType: "application/json", body: "<html>proxy error</html>" }),
  ],
  [
    "its template's script cannot be reached",
    "**/component---src-templates-film-template-tsx-*.js",
    (route) => route.abort(),
  ],
];
for (const [failure, url, fail] of loadFailures) {
  test(`a link to a page whose resources fail to load lands on the 500 page: ${failure}`, async ({
    films,
    site,
    page,
    consoleGuard,
  }) => {
    await page.route(url, fail);
    consoleGuard.expectFailedResponse(new RegExp(url.replace(/[.]/g, "\\.").replace(/\*+/g, ".*")));
    consoleGuard.expectConsoleMessage(/page failed to load/);
    // Gatsby's own report of a page without resources, and webpack's of a script that did not load.
    consoleGuard.expectConsoleMessage(/page resources for .* not found|Loading chunk .* failed/);
    const filmDocuments = countDocuments(page, film.path);

    await films.open();
    await films.filmLinks.filter({ hasText: film.title }).first().click();

    await expect(page).toHaveURL(/\/500\/$/);
    await expect(site.heading).toHaveText("Une erreur est survenue");
    await site.hydrated();
    // One fresh load of the film page, then the 500 page: no reload loop.
    expect(filmDocuments()).toBeLessThanOrEqual(1);
  });
}

// App data (the deploy's compilation hash) is not the page: without it Gatsby loads the page afresh
// once, and the page then renders.
test("a link when the app data fails to load still opens the page", async ({
  films,
  film: filmPage,
  page,
  consoleGuard,
}) => {
  await page.route("**/page-data/app-data.json", (route) => route.fulfill({ status: 503, body: "" }));
  consoleGuard.expectFailedResponse(/page-data\/app-data\.json/);
  const filmDocuments = countDocuments(page, film.path);

  await films.open();
  await films.filmLinks.filter({ hasText: film.title }).first().click();

  await expect(page).toHaveURL(new RegExp(`${film.path}$`));
  await expect(filmPage.heading).toHaveText(film.title);
  expect(filmDocuments()).toBeLessThanOrEqual(1);
});

test("a page data answer of 500 shows the 500 page in place", async ({ films, site, page, consoleGuard }) => {
  await page.route(pageDataUrl, (route) => route.fulfill({ status: 500, body: "Internal server error" }));
  consoleGuard.expectFailedResponse(new RegExp(`page-data${film.path}page-data\\.json`), { status: 500 });

  await films.open();
  await films.filmLinks.filter({ hasText: film.title }).first().click();

  await expect(site.heading).toHaveText("Une erreur est survenue");
  await expect(page).toHaveURL(new RegExp(`${film.path}$`));
});

test("the 500 page whose own resources fail still shows its message, without a loop", async ({
  site,
  page,
  consoleGuard,
}) => {
  await page.route("**/page-data/500/page-data.json", (route) => route.fulfill({ status: 503, body: "" }));
  consoleGuard.expectFailedResponse(/page-data\/500\/page-data\.json/);
  consoleGuard.expectConsoleMessage(/page failed to load: page resources for \/500\/ not found/);
  const documents = countDocuments(page, "/500/");

  await site.goto("/500/");

  await expect(site.heading).toHaveText("Une erreur est survenue");
  await expect(page).toHaveURL(/\/500\/$/);
  expect(documents()).toBe(1);
});
