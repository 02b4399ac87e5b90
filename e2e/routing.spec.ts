import { expect, test } from "./fixtures";
import { filmPathOf } from "./fixtures/site-data";

const ORBITE_BASSE = 1000021002;
// Behind a server that does not know the film index (gatsby serve, a plain static host), these
// redirects run in the browser once the page has hydrated and fetched /film-index.json: on a busy
// 2-core runner that took longer than the default 5 s wait.
const CLIENT_REDIRECT = { timeout: 15_000 };

test.describe("/films/* and permalinks off the built pages", () => {
  test("an unknown film shows the film not-found content in place", async ({ site, page, baseURL, consoleGuard }) => {
    consoleGuard.expectFailedResponse("/films/123-whatever/", { status: 404, reason: "the page under test" });
    consoleGuard.expectFailedResponse(/\/page-data\/films\/123-whatever\/page-data\.json$/, {
      status: 404,
      reason: "Gatsby's page lookup",
    });
    // The production server answers 404 (search engines must not index it) with the 404 page, which
    // renders the film not-found content for a film path.
    const response = await site.goto("/films/123-whatever/");
    expect(response?.status()).toBe(404);
    // What the page shows is decided in the browser too, from the film index.
    await expect(site.heading).toHaveText("Page introuvable", CLIENT_REDIRECT);
    await expect(site.main.getByText("Ce film n'est pas (ou plus) à notre programme.")).toBeVisible();
    await expect(site.main.getByRole("link", { name: "Voir tous les films" })).toHaveAttribute("href", "/films/");
    await expect(page).toHaveURL(`${baseURL}/films/123-whatever/`);
    await site.expectDocumentBasics("Page introuvable");
  });

  const canonical = filmPathOf(ORBITE_BASSE);
  const shapes = [
    { from: `/films/${ORBITE_BASSE}/`, what: "bare id" },
    { from: `/films/${ORBITE_BASSE}-ancien-titre/`, what: "outdated slug" },
    { from: `/permalink/movie/${ORBITE_BASSE}`, what: "permalink" },
    { from: `/movies/movie/${ORBITE_BASSE}`, what: "prefixed permalink" },
  ];
  for (const { from, what } of shapes) {
    test(`${what} ${from} lands on the canonical film page`, async ({ film, page, baseURL }) => {
      expect(canonical).toBe("/films/1000021002-orbite-basse/");
      // The server redirects (301) what the film index knows, before any script runs.
      const response = await film.goto(from);
      expect(response?.request().redirectedFrom()?.url()).toBe(`${baseURL}${from}`);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveURL(`${baseURL}${canonical}`, CLIENT_REDIRECT);
      await expect(film.heading).toHaveText("Orbite basse");
      await expect(film.poster).toBeVisible();
      await film.expectDocumentBasics("Orbite basse");
    });
  }

  test("a client-side navigation to an outdated film slug lands on the film (the 404 page looks it up)", async ({
    site,
    film,
    page,
    baseURL,
    consoleGuard,
  }) => {
    consoleGuard.expectFailedResponse(/\/page-data\/films\/\d+-ancien-titre\/page-data\.json$/, {
      status: 404,
      reason: "Gatsby's page lookup: no page is built there",
    });
    await site.goto("/");
    // As an internal link in a page's content would: Gatsby's router, no request to the server's page.
    await page.evaluate((to) => window.___navigate(to), `/films/${ORBITE_BASSE}-ancien-titre/`);
    await expect(page).toHaveURL(`${baseURL}${canonical}`, CLIENT_REDIRECT);
    await expect(film.heading).toHaveText("Orbite basse");
    await page.goBack();
    await expect(page).toHaveURL(`${baseURL}/`);
  });

  test("the redirect replaces the history entry: Back skips the permalink", async ({ site, page, baseURL }) => {
    await site.goto("/");
    await site.goto(`/permalink/movie/${ORBITE_BASSE}`);
    await expect(page).toHaveURL(`${baseURL}${canonical}`, CLIENT_REDIRECT);
    await page.goBack();
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(site.heading).toHaveText("Bienvenue au Cinéma Lumière");
  });
});
