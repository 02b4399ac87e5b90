import path from "node:path";
import { zonedTimeToUtc } from "../src/catalogue/dates";
import { expect, PHONE_VIEWPORT, test } from "./fixtures";
import { axeViolations } from "./fixtures/axe";
import { holdBackDocument } from "./fixtures/held-back-document";
import { filmList, scheduleDayData } from "./fixtures/site-data";
import { VARIANTS } from "./variants";

// Issue 42 on the US circuit: the theater list (address, map link, amenities, "Make this my
// theater"), a theater page's day strip and its offer to switch, and a film page that names where
// a film plays when it does not play at the visitor's theater.
const PUBLIC = path.resolve(__dirname, "..", VARIANTS.starlight.dir, "public");
const CHICAGO = "America/Chicago";
const NORTH = { id: "starlight-north", name: "Starlight North Lamar" };
const DOWNTOWN = { id: "starlight-downtown", name: "Starlight Downtown", path: "/theaters/downtown/" };

/** Midday on the build's first day in Austin. */
const midday = () => {
  const first = scheduleDayData("/showtimes/", PUBLIC)
    .showtimes.map((s) => s.localDate)
    .sort()[0]!;
  return zonedTimeToUtc(first, "12:00", CHICAGO);
};

test.beforeEach(async ({ page }) => page.clock.setFixedTime(midday()));

test("the theater list gives each address, a map link, its amenities and 'Make this my theater'", async ({ site }) => {
  await site.visit("/theaters/");
  const downtown = site.main
    .getByRole("listitem")
    .filter({ has: site.page.getByRole("heading", { name: DOWNTOWN.name }) });
  const map = downtown.getByRole("link", { name: /^View on map/ });
  await expect(map).toHaveAttribute("href", /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
  await expect(map).toHaveAttribute("target", "_blank");
  await expect(downtown.getByRole("region", { name: "Amenities" })).toContainText("Dolby Atmos");
  const make = downtown.getByRole("button", { name: "Make this my theater" });
  await make.click();
  await expect(make).toHaveAttribute("aria-pressed", "true");
  await expect(downtown.getByText("Your theater")).toBeVisible();
  await expect(site.header.getByRole("combobox", { name: "Choose your theater" })).toHaveValue(DOWNTOWN.id);
  expect(await axeViolations(site.page)).toEqual([]);
});

test("a theater page has the day strip and that day's films; it offers, never forces, to switch", async ({ site }) => {
  await site.visit("/films/");
  const picker = site.header.getByRole("combobox", { name: "Choose your theater" });
  await picker.selectOption({ label: NORTH.name });
  await site.visit(DOWNTOWN.path);
  const strip = site.main.getByRole("group", { name: "Day" });
  await expect(strip.getByRole("radio", { name: /^Today/ })).toBeChecked();
  await expect(site.main.locator("a[data-perf-code]").first()).toBeVisible();
  // The visitor's choice stands until they accept the offer.
  await expect(picker).toHaveValue(NORTH.id);
  const offer = site.main.getByRole("button", { name: "Make this my theater" });
  await expect(offer).toHaveAttribute("aria-pressed", "false");
  await expect(offer).toBeVisible();
  expect(await axeViolations(site.page)).toEqual([]);
  await offer.click();
  const details = site.main.getByRole("region", { name: "Theater details" });
  await expect(details.getByRole("status")).toHaveText(`${DOWNTOWN.name} is now your theater.`);
  await expect(offer).toHaveAttribute("aria-pressed", "true");
  await expect(picker).toHaveValue(DOWNTOWN.id);
});

test("a film not playing at the visitor's theater names where it plays, with each theater's next show", async ({
  site,
  page,
}) => {
  const film = filmList(PUBLIC).find((f) => f.nextDay !== null && !f.theaterIds.includes(NORTH.id));
  expect(film, "the US sample has a film that does not play at North Lamar").toBeDefined();
  await site.visit("/films/");
  await site.header.getByRole("combobox", { name: "Choose your theater" }).selectOption({ label: NORTH.name });
  await site.visit(film!.path);
  const showtimes = site.main.getByRole("region", { name: "Showtimes" });
  await expect(showtimes.getByText(`Not playing at ${NORTH.name}.`)).toBeVisible();
  const where = showtimes.getByRole("button", { name: /^See the times at / });
  await expect(where).toHaveCount(film!.theaterIds.length);
  // With its version when it has one (issue 45): The Last Rope, in French with subtitles, once the fortnight reaches it.
  await expect(where.first()).toHaveAccessibleDescription(
    /^Next show: .+ at \d{1,2}:\d{2}\s[AP]M( \((Dubbed|Original version|Original with subtitles)\))?$/,
  );
  expect(await axeViolations(page)).toEqual([]);
  await where.first().click();
  await expect(showtimes.locator("a[data-perf-code]").first()).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: PHONE_VIEWPORT });

  test("a theater page does not move as the visitor's choice is read (CLS 0)", async ({ site }) => {
    await site.visit("/films/");
    await site.header.getByRole("button", { name: "Menu" }).click();
    await site.header.getByRole("combobox", { name: "Choose your theater" }).selectOption({ label: NORTH.name });
    await site.trackLayoutShifts();
    await site.goto(DOWNTOWN.path);
    const cls = await site.settledLayoutShift();
    expect(cls.total, `layout shifts: ${JSON.stringify(cls.shifts)}`).toBe(0);
  });

  test("nor does its header when the page arrives in parts (held back before the sign-in button)", async ({
    site,
    baseURL,
  }) => {
    const proxy = await holdBackDocument(baseURL!, {
      path: DOWNTOWN.path,
      marker: '<button type="button" aria-haspopup="dialog">',
      holdMs: 1_500,
    });
    try {
      await site.trackLayoutShifts();
      await site.goto(`${proxy.url}${DOWNTOWN.path}`);
      const cls = await site.settledLayoutShift();
      expect(proxy.heldBack(), "the page's HTML was held back inside the header").toBe(1);
      await expect(site.header.getByRole("button", { name: "Sign in" })).toBeVisible();
      expect(cls.total, `layout shifts: ${JSON.stringify(cls.shifts)}`).toBe(0);
    } finally {
      await proxy.close();
    }
  });

  test("the theater list and a theater page fit the screen", async ({ site, page }) => {
    for (const address of ["/theaters/", DOWNTOWN.path]) {
      await site.visit(address);
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.scrollingElement!.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(scrollWidth, address).toBe(innerWidth);
    }
  });
});
