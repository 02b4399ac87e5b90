import path from "node:path";
import { expect, test } from "./fixtures";
import { programmeMorning } from "./fixtures/site-data";
import { VARIANTS } from "./variants";

// The US circuit's settings.json has one redirect row: /now-playing → /films/, ignoring case. (It
// was /showtimes, which hid the schedule built there: the build now warns about such a row.)
test("the client-side redirect table sends /NOW-PLAYING to the film list", async ({ page, baseURL, consoleGuard }) => {
  consoleGuard.expectFailedResponse(/\/NOW-PLAYING/, {
    status: 404,
    reason: "not a page: the redirect table answers it in the browser",
  });
  await page.goto("/NOW-PLAYING/?utm_source=flyer");
  await expect(page).toHaveURL(`${baseURL}/films/?utm_source=flyer`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Movies");
});

test("the schedule built at /showtimes/ stays there once the page runs the table", async ({ page, site, baseURL }) => {
  // A morning of the build's first day: at night the schedule moves on to the next day with shows.
  await page.clock.setFixedTime(
    programmeMorning(path.resolve(__dirname, "..", VARIANTS.starlight.dir, "public"), {
      schedule: "/showtimes/",
      timeZone: "America/Chicago",
    }),
  );
  await site.visit("/showtimes/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Showtimes");
  await expect(page).toHaveURL(`${baseURL}/showtimes/`);
});
