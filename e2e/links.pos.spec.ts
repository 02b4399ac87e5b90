import path from "node:path";
import { expect, test } from "./fixtures";
import { programmeMorning } from "./fixtures/site-data";
import { VARIANTS } from "./variants";

/** The point-of-sale build's own programme: built after midnight in Paris, it starts a day later. */
const POS_MORNING = () => programmeMorning(path.resolve(__dirname, "..", VARIANTS["lumiere-pos"].dir, "public"));

// The French site built with EMBEDDING_MODE=tapos_embedded (e2e/variants.ts "lumiere-pos").
test.describe("booking links in 'tapos_embedded' mode (spec §2)", () => {
  test("a showtime goes to the internal booking route, which names the performance", async ({
    site,
    page,
    baseURL,
  }) => {
    await page.clock.setFixedTime(POS_MORNING());
    await site.visit("/films/");
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

  test("the route fetches one file of the performance index, and says so and tries again when it fails", async ({
    site,
    page,
    consoleGuard,
  }) => {
    consoleGuard.expectFailedResponse(/\/booking-index\/\d+\.json$/, {
      status: 503,
      reason: "the index's first fetch fails",
    });
    await page.clock.setFixedTime(POS_MORNING());
    await site.visit("/films/");
    await site.main.getByRole("listitem").getByRole("link").first().click();
    const filmTitle = (await site.heading.textContent()) ?? "";
    const perfCode = (await site.main.locator("a[data-perf-code]").first().getAttribute("data-perf-code")) ?? "";
    const fetched: string[] = [];
    let failNext = true;
    await page.route("**/booking-index/**", async (route) => {
      fetched.push(new URL(route.request().url()).pathname);
      if (failNext) {
        failNext = false;
        await route.fulfill({ status: 503, body: "unavailable" });
      } else await route.continue();
    });
    await site.goto(`/booking/?theaterCode=LUM01&perfCode=${encodeURIComponent(perfCode)}`);
    await expect(site.main.getByRole("alert")).toHaveText(/La séance n'a pas pu être chargée/);
    await site.main.getByRole("button", { name: "Réessayer" }).click();
    await expect(site.main.getByRole("link", { name: filmTitle })).toBeVisible();
    // The button left with the failure; focus stays in the booking's region, not on the page body.
    await expect(site.main.locator("[aria-live]")).toBeFocused();
    expect(fetched).toHaveLength(2);
    expect(fetched[0]).toMatch(/^\/booking-index\/\d+\.json$/);
    expect(fetched[1]).toBe(fetched[0]);
  });

  test("an unknown performance says so", async ({ site }) => {
    await site.goto("/booking/?theaterCode=LUM01&perfCode=nope");
    await expect(site.main.getByRole("alert")).toHaveText(/Cette séance est introuvable/);
  });
});
