import { expect, test } from "./fixtures";
import { filmPathOf } from "./fixtures/site-data";

// Spec §6 beta viewer: the French site keeps betaFeaturesEnabled at its default, false.
test("beta features off: no share action on the film page, and its code is never fetched", async ({ film, page }) => {
  const betaCode: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("beta-share-film")) betaCode.push(request.url());
  });
  await film.open(filmPathOf(1000021001));
  await film.hydrated();
  await expect(film.heading).toBeVisible();
  await expect(film.main.getByRole("button", { name: /Partager/ })).toHaveCount(0);
  expect(betaCode).toEqual([]);
});
