import { expect, test } from "./fixtures";
import { programmeMorning } from "./fixtures/site-data";

// The French site built with EMBEDDING_MODE=tapos_embedded (e2e/variants.ts "lumiere-pos").
test.describe("booking links in 'tapos_embedded' mode (spec §2)", () => {
  test("a showtime goes to the internal booking route, which names the performance", async ({
    site,
    page,
    baseURL,
  }) => {
    await page.clock.setFixedTime(programmeMorning());
    await site.goto("/films/");
    await site.hydrated();
    await site.main.getByRole("listitem").getByRole("link").first().click();
    const filmTitle = (await site.heading.textContent()) ?? "";
    const booking = site.main.locator("a[data-perf-code]").first();
    const perfCode = (await booking.getAttribute("data-perf-code")) ?? "";
    await expect(booking).toHaveAttribute(
      "href",
      `/booking/?theaterCode=LUM01&perfCode=${encodeURIComponent(perfCode)}`,
    );
    await booking.click();
    await expect(page).toHaveURL(`${baseURL}/booking/?theaterCode=LUM01&perfCode=${encodeURIComponent(perfCode)}`);
    await expect(site.heading).toHaveText("Votre réservation");
    await expect(site.main.getByRole("link", { name: filmTitle })).toBeVisible();
    await expect(site.main.locator("dd").filter({ hasText: "Cinéma Lumière" })).toBeVisible();
  });

  test("an unknown performance says so", async ({ site }) => {
    await site.goto("/booking/?theaterCode=LUM01&perfCode=nope");
    await expect(site.main.getByRole("alert")).toHaveText(/Cette séance est introuvable/);
  });
});
