import { expect, test } from "./fixtures";

// Spec §6 beta viewer: the US circuit turns betaFeaturesEnabled on (site-config/starlight), so its
// beta page is built and linked from the footer.
test("beta features on: the beta page is built and linked from the footer", async ({ site }) => {
  await site.visit("/");
  await site.page.getByRole("contentinfo").getByRole("link", { name: "The Lab" }).click();
  await expect(site.page).toHaveURL(/\/lab\/$/);
  await expect(site.heading).toHaveText("The Lab");
  await expect(site.main.getByText("Try what is new on the site before everyone else")).toBeVisible();
});
