import { expect, test } from "./fixtures";

// Spec §6 beta viewer: the French site keeps betaFeaturesEnabled at its default, false, so its beta
// page ("Le labo", pages.json `beta: true`) is neither built nor linked to.
test("beta features off: the beta page is not built and no link leads to it", async ({ site, consoleGuard }) => {
  consoleGuard.expectFailedResponse(/\/labo\/?$/, { status: 404, reason: "the beta page is not built" });
  consoleGuard.expectFailedResponse(/\/page-data\/labo\/page-data\.json$/, { status: 404, reason: "Gatsby's lookup" });
  await site.visit("/");
  await expect(site.page.getByRole("link", { name: "Le labo" })).toHaveCount(0);
  const response = await site.goto("/labo/");
  expect(response?.status()).toBe(404);
  await expect(site.heading).toHaveText("Page introuvable");
});
