import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { addDays, zonedTimeToUtc } from "../src/catalogue/dates";
import { offeredAfterStartMs, versionOf } from "../src/catalogue/schedule";
import { DEFAULT_BOOKABLE_AFTER_START_MINUTES } from "../src/config/settings";
import { describeOnPhone, expect, test, withoutPageScripts, type FilmPage } from "./fixtures";
import { axeViolations } from "./fixtures/axe";
import { holdBackDocument } from "./fixtures/held-back-document";
import { dayHeading, filmPageData, filmPathOf, scheduleDayData, type Showtime } from "./fixtures/site-data";

// Issue 17 on the French site: the programme by day, by the browser's clock (Europe/Paris).
const ORBITE_BASSE = 1000021002; // 14:15 and 17:30 VF, 20:30 VO, every day, Salle 2
const REINE_DE_COEUR = 1000021007; // 20:00 on Saturdays only
const ZONE = "Europe/Paris";

/** The first day of the built programme: the build's "today". */
function firstDay(showtimes: readonly Showtime[]): string {
  return showtimes.map((s) => s.localDate).sort()[0]!;
}

/** Freezes the page's clock at `time` on `date` in Paris, before the page loads. */
async function clockAt(page: Page, date: string, time: string): Promise<void> {
  await page.clock.setFixedTime(zonedTimeToUtc(date, time, ZONE));
}

const orbite = () => {
  const path = filmPathOf(ORBITE_BASSE);
  const { showtimes } = filmPageData(path);
  return { path, showtimes, today: firstDay(showtimes) };
};

/** Opens Orbite basse's page, hydrated, the page's clock at `time` on the build's first day. */
async function openOrbiteAt(film: FilmPage, page: Page, time: string): Promise<ReturnType<typeof orbite>> {
  const orbiteBasse = orbite();
  await clockAt(page, orbiteBasse.today, time);
  await film.open(orbiteBasse.path);
  await film.hydrated();
  return orbiteBasse;
}

async function expectAxeClean(page: Page): Promise<void> {
  // Every rule axe runs by default (this check always did: its options replaced the tags), and the
  // experimental WCAG 2.5.3 one: a control's name starts with its visible text.
  expect(await axeViolations(page, { everyRule: true, experimental: ["label-content-name-mismatch"] })).toEqual([]);
}

test.describe("film page programme", () => {
  test("at 18:10 the 14:15 and 17:30 shows are gone; the 20:30 remains, named by its visible time", async ({
    film,
    page,
  }) => {
    const { today } = await openOrbiteAt(film, page, "18:10");
    const day = film.showtimes.getByRole("region", { name: dayHeading(today) });
    const links = day.getByRole("link");
    await expect(links).toHaveCount(1);
    await expect(links.first()).toHaveAccessibleName(/^20:30 VO\s·\sSalle 2\s·\sfin\s\d{1,2}:\d{2}/);
    await expect(links.first().locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T20:30:00\+0[12]:00$/);
    await expect(film.showtimes.getByRole("radio", { name: /^Aujourd'hui/ })).toBeChecked();
  });

  test("a show stays offered 10 minutes after its start, labelled commencé", async ({ film, page }) => {
    const { today } = await openOrbiteAt(film, page, "20:35");
    const links = film.showtimes.getByRole("region", { name: dayHeading(today) }).getByRole("link");
    await expect(links).toHaveCount(1);
    await expect(links.first()).toHaveAccessibleName(/^20:30 commencé VO\s·\sSalle 2/);
  });

  test("before the page's scripts run, the gone shows are not shown and the show in its grace is labelled commencé", async ({
    film,
    page,
  }) => {
    const { path, today } = orbite();
    await clockAt(page, today, "20:35");
    // The page's scripts never arrive: what shows is the HTML and its inline pre-paint rule.
    await withoutPageScripts(page);
    await page.goto(path);
    const day = film.showtimes.getByRole("region", { name: dayHeading(today) });
    await expect(day.locator("a[data-perf-code]:visible")).toHaveCount(1);
    await expect(day.locator("a[data-perf-code]:visible")).toHaveAccessibleName(/^20:30 commencé VO\s·\sSalle 2/);
  });

  test("after the last show's grace the page opens on the next day; today is no choice", async ({ film, page }) => {
    const { today } = await openOrbiteAt(film, page, "21:45");
    const group = film.showtimes.getByRole("group", { name: "Jour" });
    await expect(group.getByRole("radio", { name: /^Demain/ })).toBeChecked();
    await expect(
      film.showtimes.getByRole("region", { name: dayHeading(addDays(today, 1)) }).getByRole("link"),
    ).toHaveCount(3);
    await expect(group.getByRole("radio", { name: /^Aujourd'hui.*aucune séance$/ })).toBeDisabled();
    await expectAxeClean(page);
  });

  test("a day the film does not play is marked so and is no choice", async ({ film, page }) => {
    const today = orbite().today;
    const path = filmPathOf(REINE_DE_COEUR);
    const playing = new Set(filmPageData(path).showtimes.map((s) => s.localDate));
    const first = [...playing].sort()[0]!;
    // The first day of the strip without a show: today, or the day after a Saturday.
    const offset = [0, 1, 2].find((days) => !playing.has(addDays(today, days)))!;
    await clockAt(page, today, "10:00");
    await film.open(path);
    await film.hydrated();
    const group = film.showtimes.getByRole("group", { name: "Jour" });
    // It opens on the first day the film plays, and the arrow keys pass over the days it does not.
    await expect(film.showtimes.getByRole("heading", { level: 3 })).toHaveText(dayHeading(first));
    const radios = group.getByRole("radio");
    const disabled = await radios.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).disabled));
    expect(disabled.filter((no) => !no)).toHaveLength(playing.size);
    await expect(radios.nth(offset)).toBeDisabled();
    await expect(radios.nth(offset)).toHaveAccessibleName(/, aucune séance$/);
  });

  test("a page built days ago opens on the visitor's today, not the build day", async ({ film, page }) => {
    const { path, today } = orbite();
    const later = addDays(today, 3);
    await clockAt(page, later, "10:00");
    await film.open(path);
    await film.hydrated();
    const todayRadio = film.showtimes.getByRole("radio", { name: /^Aujourd'hui/ });
    await expect(todayRadio).toBeChecked();
    await expect(film.showtimes.getByRole("heading", { level: 3, name: dayHeading(later) })).toBeVisible();
    // The build's first days are gone from the strip.
    await expect(film.showtimes.getByRole("group", { name: "Jour" }).getByRole("radio")).toHaveCount(
      new Set(orbite().showtimes.map((s) => s.localDate)).size - 3,
    );
  });

  test("the day strip works with the keyboard (a radio group: arrows move and select)", async ({ film, page }) => {
    const { today } = await openOrbiteAt(film, page, "10:00");
    const group = film.showtimes.getByRole("group", { name: "Jour" });
    await group.getByRole("radio", { name: /^Aujourd'hui/ }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(group.getByRole("radio", { name: /^Demain/ })).toBeChecked();
    await expect(group.getByRole("radio", { name: /^Demain/ })).toBeFocused();
    await expect(film.showtimes.getByRole("heading", { level: 3 })).toHaveText(dayHeading(addDays(today, 1)));
    await page.keyboard.press("ArrowRight");
    await expect(film.showtimes.getByRole("heading", { level: 3 })).toHaveText(dayHeading(addDays(today, 2)));
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect(film.showtimes.getByRole("heading", { level: 3 })).toHaveText(dayHeading(today));
    // Tab leaves the strip for the next control, as a radio group should.
    await page.keyboard.press("Tab");
    await expect(group.getByRole("radio", { name: /^Aujourd'hui/ })).not.toBeFocused();
  });

  test("filter by version: VO keeps the 20:30, VF the 14:15 and 17:30", async ({ film, page }) => {
    const { today } = await openOrbiteAt(film, page, "10:00");
    const versions = film.showtimes.getByRole("group", { name: "Version" });
    const day = film.showtimes.getByRole("region", { name: dayHeading(today) });
    await expect(day.getByRole("link")).toHaveCount(3);
    await versions.getByRole("radio", { name: "VO", exact: true }).check();
    await expect(day.getByRole("link")).toHaveCount(1);
    await expect(day.getByRole("link").first()).toHaveAccessibleName(/^20:30 VO/);
    await versions.getByRole("radio", { name: "VF", exact: true }).check();
    await expect(day.getByRole("link")).toHaveCount(2);
    await expect(day.getByRole("link").nth(0)).toHaveAccessibleName(/^14:15 VF/);
    await expect(day.getByRole("link").nth(1)).toHaveAccessibleName(/^17:30 VF/);
    await versions.getByRole("radio", { name: "Toutes" }).check();
    await expect(day.getByRole("link")).toHaveCount(3);
  });

  test("add to calendar downloads an .ics event of that showtime", async ({ film, page }) => {
    const { today } = await openOrbiteAt(film, page, "10:00");
    const download = page.waitForEvent("download");
    await film.showtimes
      // The button names the show's version with its time (issue 45).
      .getByRole("button", {
        name: `Ajouter à mon agenda : Orbite basse, ${dayHeading(today)} à 20:30 en VO`,
        exact: true,
      })
      .click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(
      `orbite-basse-${zonedTimeToUtc(today, "20:30", ZONE).toISOString().slice(0, 10)}.ics`,
    );
    const text = readFileSync((await file.path())!, "utf8").replace(/\r\n[ \t]/g, "");
    expect(text).toContain("SUMMARY:Orbite basse");
    expect(text).toContain(
      `DTSTART:${zonedTimeToUtc(today, "20:30", ZONE)
        .toISOString()
        .replace(/[-:]|\.\d{3}/g, "")}`,
    );
    expect(text).toMatch(/\r\nUID:LUM01-LUM01-\d{8}-2030-1000021002-Salle2@/);
    // Where and what (issue 45): the theater's full address, and the film's page after the details.
    expect(text).toContain("\r\nLOCATION:Cinéma Lumière\\, 12 rue Royale\\, 74000 Annecy\r\n");
    expect(text).toMatch(
      /\r\nDESCRIPTION:.*\\nhttps:\/\/www\.cinema-lumiere\.fr\/films\/1000021002-orbite-basse\/\r\n/,
    );
    // The details start with the version, as the link's do.
    expect(text).toMatch(/\r\nDESCRIPTION:VO\s·\sSalle 2/);
  });

  test("the share action copies the link where the browser has no share sheet", async ({ film, page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const { path } = orbite();
    await film.open(path);
    await film.hydrated();
    await page.evaluate(() => {
      // Desktop Chromium may have a share sheet; the fallback is what is tested here.
      Object.defineProperty(navigator, "share", { value: undefined, configurable: true });
    });
    await film.article.getByRole("button", { name: "Partager" }).click();
    await expect(film.article.getByRole("status").filter({ hasText: "Lien copié" })).toHaveText(
      "Lien copié dans le presse-papiers.",
    );
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
  });

  test("axe finds nothing on the film page, label-content-name-mismatch included", async ({ film, page }) => {
    await openOrbiteAt(film, page, "10:00");
    await expect(film.showtimes.getByRole("radio", { name: /^Aujourd'hui/ })).toBeChecked();
    await expectAxeClean(page);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the film page lists every day with working booking links", async ({ film }) => {
    const { path, showtimes } = orbite();
    await film.open(path);
    const days = [...new Set(showtimes.map((s) => s.localDate))].sort();
    await expect(film.dayHeadings).toHaveText(days.map(dayHeading));
    const links = film.showtimes.locator("a[data-perf-code]:visible");
    await expect(links).toHaveCount(showtimes.length);
    const sorted = [...showtimes].sort((a, b) => a.startsAt.localeCompare(b.startsAt));
    expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")))).toEqual(
      sorted.map((s) => s.bookingUrl),
    );
    // No "add to calendar" button: without JavaScript it could do nothing.
    await expect(film.showtimes.locator("button:visible")).toHaveCount(0);
  });

  test("the schedule shows its day with working booking links, and each other day is a link to its page", async ({
    site,
  }) => {
    const { showtimes, days } = scheduleDayData();
    await site.goto("/seances/");
    const links = site.main.locator("a[data-perf-code]:visible");
    await expect(links).toHaveCount(showtimes.length);
    expect(new Set(await links.evaluateAll((as) => as.map((a) => a.getAttribute("href"))))).toEqual(
      new Set(showtimes.map((s) => s.bookingUrl)),
    );
    const strip = site.main.getByRole("navigation", { name: "Jour" }).getByRole("link");
    expect(await strip.evaluateAll((as) => as.map((a) => a.getAttribute("href")))).toEqual(days.map((d) => d.path));
    await strip.nth(1).click();
    await expect(site.main.getByRole("heading", { level: 2, name: dayHeading(days[1]!.date) })).toBeVisible();
    // The later day's page names the days as the first page does: the first is still today.
    await expect(strip.first()).toHaveAccessibleName(/^Aujourd'hui/);
    await expect(strip.nth(1)).toHaveAccessibleName(/^Demain/);
    await expect(strip.nth(1)).toHaveAttribute("aria-current", "page");
  });
});

test.describe("schedule page", () => {
  test("lists every film of the chosen day, filters by version, and is axe clean", async ({ site, page }) => {
    const { showtimes } = scheduleDayData();
    const today = firstDay(showtimes);
    await clockAt(page, today, "18:10");
    await site.visit("/seances/");
    await expect(site.heading).toHaveText("Séances");
    const day = site.main.getByRole("region", { name: dayHeading(today) });
    const left = showtimes.filter(
      (s) =>
        s.localDate === today &&
        Date.parse(s.startsAt) >=
          zonedTimeToUtc(today, "18:10", ZONE).getTime() - offeredAfterStartMs(DEFAULT_BOOKABLE_AFTER_START_MINUTES),
    );
    await expect(day.locator("a[data-perf-code]")).toHaveCount(left.length);
    await expect(day.getByRole("heading", { level: 3, name: "Orbite basse" })).toBeVisible();
    await expectAxeClean(page);

    await site.main.getByRole("group", { name: "Version" }).getByRole("radio", { name: "VO", exact: true }).check();
    // VO only: a VOST show (The Quiet Hours, Monday and Thursday) carries the original version's key too.
    const vo = left.filter((s) => versionOf(s.attributes) === "original");
    await expect(day.locator("a[data-perf-code]")).toHaveCount(vo.length);
    // Each day is a page of its own (issue 19); the strip links them, and the filter goes along.
    const days = site.main.getByRole("navigation", { name: "Jour" });
    await expect(days.getByRole("link", { name: /^Aujourd'hui/ })).toHaveAttribute("aria-current", "page");
    await days.getByRole("link", { name: /^Demain/ }).click();
    const tomorrow = addDays(today, 1);
    await expect(page).toHaveURL(new RegExp(`/seances/${tomorrow}/$`));
    await expect(site.main.getByRole("heading", { level: 2, name: dayHeading(tomorrow) })).toBeVisible();
    await expect(days.getByRole("link", { name: /^Demain/ })).toHaveAttribute("aria-current", "page");
    const tomorrowsShows = scheduleDayData(`/seances/${tomorrow}/`).showtimes;
    const tomorrowVo = tomorrowsShows.filter((s) => versionOf(s.attributes) === "original");
    expect(tomorrowVo.length, "the sample programme has VO shows tomorrow").toBeGreaterThan(0);
    await expect(
      site.main.getByRole("group", { name: "Version" }).getByRole("radio", { name: "VO", exact: true }),
    ).toBeChecked();
    await expect(site.main.locator("a[data-perf-code]")).toHaveCount(tomorrowVo.length);
    await expect(page).toHaveTitle(new RegExp(`^Séances du ${dayHeading(tomorrow)} \\|`));
    await expectAxeClean(page);
  });

  test("a schedule built days ago opens on the visitor's today", async ({ site, page }) => {
    const { showtimes } = scheduleDayData();
    const later = addDays(firstDay(showtimes), 2);
    await clockAt(page, later, "10:00");
    // A campaign's link: its utm_* must survive the hop, or the ticketing links lose the campaign.
    await site.goto("/seances/?utm_source=newsletter&utm_medium=email");
    await expect(page).toHaveURL(new RegExp(`/seances/${later}/\\?utm_source=newsletter&utm_medium=email$`));
    await expect(site.main.getByRole("heading", { level: 2, name: dayHeading(later) })).toBeVisible();
    await expect(
      site.main.getByRole("navigation", { name: "Jour" }).getByRole("link", { name: /^Aujourd'hui/ }),
    ).toHaveAttribute("aria-current", "page");
    const shows = scheduleDayData(`/seances/${later}/`).showtimes;
    await expect(site.main.locator("a[data-perf-code]")).toHaveCount(shows.length);
  });

  test("the header leads there and the home page shows today's next showtimes", async ({ site, page }) => {
    const { showtimes } = scheduleDayData();
    await clockAt(page, firstDay(showtimes), "18:10");
    await site.visit("/");
    const next = site.main.getByRole("region", { name: "Prochaines séances · Aujourd'hui" });
    await expect(next.getByRole("heading", { level: 3, name: "Orbite basse" })).toBeVisible();
    await expect(next.getByRole("link", { name: /^14:15/ })).toHaveCount(0);
    await expect(next.getByRole("link", { name: /^20:30 VO/ })).toBeVisible();
    await site.mainNavigation.getByRole("link", { name: "Séances" }).click();
    await expect(site.heading).toHaveText("Séances");
  });
});

describeOnPhone("the schedule on a phone", () => {
  test("a later day's page scrolls the strip to its own day", async ({ site, page }) => {
    const { showtimes, days } = scheduleDayData();
    await clockAt(page, firstDay(showtimes), "10:00");
    const last = days.at(-1)!;
    await site.visit(last.path);
    const current = site.main.getByRole("navigation", { name: "Jour" }).locator('a[aria-current="page"]');
    await expect(current).toHaveAttribute("href", last.path);
    await expect(current).toBeInViewport({ ratio: 1 });
  });
});

describeOnPhone("the home page's next showtimes, on a phone, hours after the build", () => {
  test("are right from the first paint, before the page's scripts run: the shows that passed are not there", async ({
    site,
    page,
  }) => {
    const { showtimes } = scheduleDayData();
    await clockAt(page, firstDay(showtimes), "18:10");
    // The page's scripts never arrive: what shows is the HTML and the list's inline script.
    await withoutPageScripts(page);
    await site.goto("/");
    const next = site.main.getByRole("region", { name: "Prochaines séances · Aujourd'hui" });
    await expect(next.getByRole("link", { name: /^20:30 VO/ })).toBeVisible();
    await expect(next.getByRole("link", { name: /^14:15/ })).toHaveCount(0);
    await expect(next.getByRole("link", { name: /^17:30/ })).toHaveCount(0);
  });

  test("and nothing moves when React takes over and applies the clock", async ({ site, page }) => {
    const { showtimes } = scheduleDayData();
    await clockAt(page, firstDay(showtimes), "18:10");
    await site.trackLayoutShifts();
    await site.goto("/");
    const cls = await site.settledLayoutShift();
    const next = site.main.getByRole("region", { name: "Prochaines séances · Aujourd'hui" });
    await expect(next.getByRole("link", { name: /^20:30 VO/ })).toBeVisible();
    await expect(next.getByRole("link", { name: /^14:15/ })).toHaveCount(0);
    expect(cls.total, `layout shifts: ${JSON.stringify(cls.shifts)}`).toBe(0);
  });

  test("nor when the page arrives in parts: no paint shows the list before its script has run", async ({
    site,
    page,
    baseURL,
  }) => {
    const { showtimes } = scheduleDayData();
    await clockAt(page, firstDay(showtimes), "18:10");
    // The HTML up to the end of the list, then, 1.5 s later, the list's script and the rest: a
    // phone's parser may yield there too, and a paint then would show the shows that have passed.
    const HOLD_MS = 1_500;
    const proxy = await holdBackDocument(baseURL!, { path: "/", marker: "</ul><script>", holdMs: HOLD_MS });
    try {
      await site.trackLayoutShifts();
      await site.goto(`${proxy.url}/`);
      const cls = await site.settledLayoutShift();
      expect(proxy.heldBack(), "the page's HTML was held back after the list").toBe(1);
      const next = site.main.getByRole("region", { name: "Prochaines séances · Aujourd'hui" });
      await expect(next.getByRole("link", { name: /^20:30 VO/ })).toBeVisible();
      await expect(next.getByRole("link", { name: /^14:15/ })).toHaveCount(0);
      expect(cls.total, `layout shifts: ${JSON.stringify(cls.shifts)}`).toBe(0);
    } finally {
      await proxy.close();
    }
  });
});
