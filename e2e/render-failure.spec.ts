import { expect, test } from "./fixtures";
import { filmList } from "./fixtures/site-data";

// Spec §8 "Pages": a page that fails falls back to the 500 page.
test("a page that fails to render lands on the 500 page", async ({ films, site, page, consoleGuard }) => {
  const film = filmList()[0]!;
  // The film's showtimes arrive broken (as from a half-published deploy): the page cannot render them.
  await page.route(`**/page-data${film.path}page-data.json`, async (route) => {
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
