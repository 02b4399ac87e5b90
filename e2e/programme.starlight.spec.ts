import path from "node:path";
import { zonedTimeToUtc } from "../src/catalogue/dates";
import type { Page } from "@playwright/test";
import { expect, test, type SitePage } from "./fixtures";
import { filmList } from "./fixtures/site-data";
import { VARIANTS } from "./variants";

// The programme on the US circuit: its messages when the visitor's filters keep nothing, and its buttons' names.
const PUBLIC = path.resolve(__dirname, "..", VARIANTS.starlight.dir, "public");
// Low Orbit: IMAX at Downtown, the original version at North Lamar, never both.
const LOW_ORBIT = 2048;

/** Low Orbit's page at 9:00 in Austin on the build's first day: every show of the day is still to come. */
async function openLowOrbitInTheMorning(site: SitePage, page: Page) {
  const film = filmList(PUBLIC).find((f) => f.id === LOW_ORBIT)!;
  const firstDay = filmList(PUBLIC)
    .flatMap((f) => (f.nextDay ? [f.nextDay.date] : []))
    .sort()[0]!;
  await page.clock.setFixedTime(zonedTimeToUtc(firstDay, "09:00", "America/Chicago"));
  await site.visit(film.path);
}

test("filters that keep no showtime say so, and choosing again brings the showtimes back", async ({ site, page }) => {
  await openLowOrbitInTheMorning(site, page);
  const showtimes = site.main.getByRole("region", { name: "Showtimes" });
  const links = showtimes.locator("a[data-perf-code]");
  await expect(links.first()).toBeVisible();

  await showtimes.getByRole("group", { name: "Version" }).getByRole("radio", { name: "Original version" }).check();
  await showtimes.getByRole("group", { name: "Format" }).getByRole("radio", { name: "IMAX" }).check();
  await expect(links).toHaveCount(0);
  await expect(showtimes.getByRole("status")).toHaveText(/^None of the showtimes on .+ match your choices\.$/);

  await showtimes.getByRole("group", { name: "Format" }).getByRole("radio", { name: "All" }).check();
  await expect(links.first()).toBeVisible();
  await expect(showtimes.getByRole("status")).toHaveCount(0);
});

test("each add-to-calendar button names its film, day, time, version and theater (a circuit)", async ({
  site,
  page,
}) => {
  await openLowOrbitInTheMorning(site, page);
  const buttons = site.main
    .getByRole("region", { name: "Showtimes" })
    .getByRole("button", { name: /^Add to my calendar/ });
  await expect(buttons.first()).toBeVisible();
  const names = await buttons.evaluateAll((all) => all.map((b) => b.textContent ?? ""));
  // The original version at North Lamar says so (issue 45); Downtown's IMAX and Riverside's are in English.
  for (const name of names)
    expect(name).toMatch(
      /^Add to my calendar: Low Orbit, .+ at \d+:\d\d\s[AP]M(, Starlight (Downtown|Riverside)| \(Original version\), Starlight North Lamar)$/,
    );
  // No two shows share a name.
  expect(new Set(names).size).toBe(names.length);
});
