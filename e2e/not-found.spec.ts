import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures";
import { LUMIERE_DIR } from "./fixtures/server-process";
import { filmIndex, filmList, siteSettings } from "./fixtures/site-data";

const EXCLUDED_FILM = 1000031466;

test("an unknown path answers 404 with the not-found page", async ({ site, consoleGuard }) => {
  const missing = "/cette-page-n-existe-pas/";
  // The document itself, and Gatsby's page-data lookup for it (with and without the slash).
  consoleGuard.expectFailedResponse(/\/cette-page-n-existe-pas\/?$/, { status: 404, reason: "the page under test" });
  consoleGuard.expectFailedResponse(/\/page-data\/cette-page-n-existe-pas\/page-data\.json$/, {
    status: 404,
    reason: "Gatsby's page lookup",
  });

  const response = await site.goto(missing);
  expect(response?.status()).toBe(404);
  await expect(site.heading).toHaveText("Page introuvable");
  await expect(site.main.getByText("La page que vous cherchez n'existe pas ou a été déplacée.")).toBeVisible();
  await expect(site.main.getByRole("link", { name: "Retour à l'accueil" })).toHaveAttribute("href", "/");
  await site.expectDocumentBasics("Page introuvable");
  await site.hydrated();
  // Hydration keeps the not-found content (it must not turn into another page).
  await expect(site.heading).toHaveText("Page introuvable");
});

// Client-only routes: their page is served under every path of the route, but a path none of its
// screens shows is still a real 404 for search engines and monitors (src/server/http/static-site.ts).
for (const at of ["/account/nope/", "/account/profile/extra/", "/permalink/movie/"]) {
  test(`${at} answers 404 and shows the not-found content`, async ({ site, consoleGuard }) => {
    consoleGuard.expectFailedResponse(at, { status: 404, reason: "the page under test" });
    const response = await site.goto(at);
    expect(response?.status()).toBe(404);
    await site.hydrated();
    await expect(site.heading).toHaveText("Page introuvable");
  });
}

test("a known account screen still answers 200 (a guest is then sent to sign in)", async ({ site, page }) => {
  const response = await site.goto("/account/profile/");
  expect(response?.status()).toBe(200);
  await site.hydrated();
  await expect(page).toHaveURL(/\/connexion\/\?next=%2Faccount%2Fprofile%2F$/);
});

test.describe(`excluded film ${EXCLUDED_FILM}`, () => {
  test("is not built and not listed", async ({ films: list }) => {
    expect(siteSettings().globalExcludedMovieIds).toContain(EXCLUDED_FILM);
    expect(Object.keys(filmIndex())).not.toContain(String(EXCLUDED_FILM));
    expect(filmList().map((f) => f.id)).not.toContain(EXCLUDED_FILM);
    const builtFilmDirs = readdirSync(path.join(LUMIERE_DIR, "public", "films"));
    expect(builtFilmDirs.filter((d) => d.startsWith(String(EXCLUDED_FILM)))).toEqual([]);
    expect(existsSync(path.join(LUMIERE_DIR, "public", "film-index.json"))).toBe(true);

    await list.open();
    await list.filter("Tous les films").click();
    await expect(list.filmLinks).toHaveCount(filmList().length);
    await expect(list.grid.getByRole("link", { name: "Film retiré" })).toHaveCount(0);
    for (const href of await list.filmLinks.evaluateAll((links) => links.map((a) => a.getAttribute("href")))) {
      expect(href).not.toContain(String(EXCLUDED_FILM));
    }
  });

  for (const at of [
    `/films/${EXCLUDED_FILM}-film-retire/`,
    `/films/${EXCLUDED_FILM}/`,
    `/permalink/movie/${EXCLUDED_FILM}`,
  ]) {
    test(`${at} shows the film not-found content`, async ({ site, page, baseURL, consoleGuard }) => {
      const landing = at.endsWith("/") ? at : `${at}/`;
      consoleGuard.expectFailedResponse(landing, { status: 404, reason: "the page under test" });
      // A /films/* path is answered with the 404 page, and Gatsby looks for a page there first.
      consoleGuard.expectFailedResponse(`/page-data${landing}page-data.json`, {
        status: 404,
        reason: "Gatsby's page lookup",
      });
      const response = await site.goto(at);
      expect(response?.status()).toBe(404);
      await expect(site.heading).toHaveText("Page introuvable");
      await expect(site.main.getByText("Ce film n'est pas (ou plus) à notre programme.")).toBeVisible();
      await site.expectRobots("noindex");
      // It stays where it is: no redirect to some other film.
      expect(new URL(page.url()).pathname).toBe(new URL(landing, baseURL).pathname);
    });
  }
});
