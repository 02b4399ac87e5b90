import path from "node:path";
import type { Page } from "@playwright/test";
import { zonedTimeToUtc } from "../src/catalogue/dates";
import type { FilmShowtime } from "../src/catalogue/film-showtimes";
import { offeredAfterStartMs } from "../src/catalogue/schedule";
import { DEFAULT_BOOKABLE_AFTER_START_MINUTES } from "../src/config/settings";
import { describeOnPhone, expect, test, withoutPageScripts, type SitePage } from "./fixtures";
import {
  escapeRegExp,
  filmList,
  pageContextOf,
  siteTheaters,
  type FilmSummary,
  type Showtime,
} from "./fixtures/site-data";
import { VARIANTS } from "./variants";

// Issue 6 on the US circuit: the visitor's theater, kept in the selectedTheaterId cookie (spec §4, §9).
const CHOSEN = { id: "starlight-north", name: "Starlight North Lamar" };

const PUBLIC = path.resolve(__dirname, "..", VARIANTS.starlight.dir, "public");
const pageContext = <C>(pagePath: string): C => pageContextOf<C>(pagePath, PUBLIC);

/**
 * 9:00 in Austin on the first day the film plays at the chosen theater: showtimes that have started
 * leave the page (issue 17), so the test must not depend on the hour it runs at.
 */
function morningOfFirstShow(film: FilmSummary): Date {
  // The page's short form (src/catalogue/film-showtimes.ts): [perfCode, theaterId, startsAt, localDate, …].
  const { showtimes } = pageContext<{ showtimes: FilmShowtime[] }>(film.path);
  const first = showtimes
    .filter(([, theaterId]) => theaterId === CHOSEN.id)
    .map(([, , , localDate]) => localDate)
    .sort()[0]!;
  return zonedTimeToUtc(first, "09:00", "America/Chicago");
}

/** A film of the US build that plays at the chosen theater and at least one other. */
function filmAtSeveralTheaters(): FilmSummary {
  const film = filmList(PUBLIC).find((f) => f.theaterIds.includes(CHOSEN.id) && f.theaterIds.length > 1);
  if (!film) throw new Error("the US sample programme has no film at several theaters");
  return film;
}

test("a visitor picks a theater: kept after reload, for 30 days, and its showtimes come first", async ({
  site,
  page,
}) => {
  await site.visit("/films/");
  const picker = site.header.getByRole("combobox", { name: "Choose your theater" });
  await picker.selectOption({ label: CHOSEN.name });
  await expect(picker).toHaveValue(CHOSEN.id);
  // The film list puts the films showing there first and says so.
  await expect(site.main.getByRole("listitem").first()).toContainText(`Showing at ${CHOSEN.name}`);

  await page.reload();
  await site.hydrated();
  await expect(picker).toHaveValue(CHOSEN.id);
  const cookie = (await page.context().cookies()).find((c) => c.name === "selectedTheaterId");
  expect(cookie).toMatchObject({ value: CHOSEN.id, path: "/", sameSite: "Lax" });
  const days = (cookie!.expires - Date.now() / 1000) / 86_400;
  expect(days).toBeGreaterThan(29.9);
  expect(days).toBeLessThanOrEqual(30);

  const film = filmAtSeveralTheaters();
  await page.clock.setFixedTime(morningOfFirstShow(film));
  await site.visit(film.path);
  const showtimes = site.main.getByRole("region", { name: "Showtimes" });
  // Issue 17: once "Only at …" is unticked, the chosen theater is the first one listed.
  await showtimes.getByRole("checkbox", { name: `Only at ${CHOSEN.name}` }).uncheck();
  const day = showtimes.getByRole("region").filter({ has: page.getByRole("heading", { level: 4, name: CHOSEN.name }) });
  await expect(day.getByRole("heading", { level: 4 }).first()).toHaveText(CHOSEN.name);
});

test("a theater page is that theater's context, whatever the visitor chose", async ({ site }) => {
  await site.visit("/films/");
  await site.header.getByRole("combobox", { name: "Choose your theater" }).selectOption({ label: CHOSEN.name });
  await site.visit("/theaters/");
  const other = site.main.getByRole("link", { name: "Starlight Downtown", exact: true });
  await other.click();
  await expect(site.heading).toHaveText("Starlight Downtown");
  // The page is about Downtown, but the visitor's choice is neither changed nor shown as changed.
  await expect(site.header.getByRole("combobox", { name: "Choose your theater" })).toHaveValue(CHOSEN.id);
  const cookie = (await site.page.context().cookies()).find((c) => c.name === "selectedTheaterId");
  expect(cookie?.value).toBe(CHOSEN.id);
  await site.visit("/films/");
  await expect(site.main.getByRole("checkbox", { name: `Only at ${CHOSEN.name}` })).toBeChecked();
});

// Issue 17: the chosen theater filters the film list and the film page, visibly and reversibly.
test("choosing a theater filters /films/ to the films playing there, and unticking brings the others back", async ({
  site,
}) => {
  const films = filmList(PUBLIC).filter((f) => f.playWeek === "CURRENT_PLAYWEEK" && f.nextDay !== null);
  const here = films.filter((f) => f.theaterIds.includes(CHOSEN.id));
  expect(here.length, "the US sample has films elsewhere only").toBeLessThan(films.length);
  await site.visit("/films/");
  const cards = site.main.getByRole("list", { name: /movies?$/ }).getByRole("heading", { level: 2 });
  await expect(cards).toHaveCount(films.length);
  await site.header.getByRole("combobox", { name: "Choose your theater" }).selectOption({ label: CHOSEN.name });
  const only = site.main.getByRole("checkbox", { name: `Only at ${CHOSEN.name}` });
  await expect(only).toBeChecked();
  await expect(cards).toHaveText(here.map((f) => f.title));
  await only.uncheck();
  await expect(cards).toHaveCount(films.length);
});

test("on the film page the chosen theater's showtimes are the only ones until the visitor asks for all", async ({
  site,
  page,
}) => {
  const film = filmAtSeveralTheaters();
  // The morning of its first show, as above: in the evening, after the chosen theater's last show,
  // unticking showed a day on which only another theater still played (a clean-clone run failed).
  await page.clock.setFixedTime(morningOfFirstShow(film));
  await site.visit("/films/");
  await site.header.getByRole("combobox", { name: "Choose your theater" }).selectOption({ label: CHOSEN.name });
  await site.visit(film.path);
  const showtimes = site.main.getByRole("region", { name: "Showtimes" });
  const only = showtimes.getByRole("checkbox", { name: `Only at ${CHOSEN.name}` });
  await expect(only).toBeChecked();
  // Walk the strip to a day with showtimes, then check every link books at the chosen theater.
  const links = showtimes.locator("a[data-perf-code]");
  const radios = showtimes.getByRole("group", { name: "Day" }).getByRole("radio");
  for (let i = 0; i < (await radios.count()) && (await links.count()) === 0; i += 1) await radios.nth(i).check();
  const codes = await links.evaluateAll((as) => as.map((a) => a.getAttribute("data-perf-code") ?? ""));
  expect(codes.length).toBeGreaterThan(0);
  // Performance codes start with the theater code: Starlight North Lamar is SL003.
  expect(new Set(codes.map((c) => c.split("-")[0]))).toEqual(new Set(["SL003"]));
  await only.uncheck();
  await expect(showtimes.getByRole("heading", { level: 4 }).first()).toHaveText(CHOSEN.name);
});

describeOnPhone("on a phone the picker opens with the header menu (390×844)", () => {
  test("Tab reaches the picker from the menu's links without closing it; Escape there closes the menu", async ({
    site,
    page,
  }) => {
    await site.visit("/");
    const menuButton = site.header.getByRole("button", { name: "Menu" });
    const links = page.getByRole("navigation", { name: "Main navigation" }).getByRole("link");
    const picker = site.header.getByRole("combobox", { name: "Choose your theater" });
    await expect(picker).toBeHidden();

    await menuButton.focus();
    await page.keyboard.press("Enter");
    await expect(picker).toBeVisible();
    await links.last().focus();
    await page.keyboard.press("Tab");
    await expect(picker).toBeFocused();
    await expect(menuButton).toHaveAttribute("aria-expanded", "true");

    await page.keyboard.press("Escape");
    await expect(menuButton).toHaveAttribute("aria-expanded", "false");
    await expect(menuButton).toBeFocused();
    await expect(picker).toBeHidden();
  });
});

// The home page's next showtimes: with no theater chosen they span the circuit, so each time says
// at which theater it is, under the theater's name as on the schedule; a chosen theater's list
// needs no names.
const LOW_ORBIT = 2048; // every day at Downtown (IMAX), Riverside and North Lamar
const CHICAGO = "America/Chicago";
const THEATERS = siteTheaters("starlight");

/** What the build gave the home page's list (src/site/page-plan.ts: listableShowtimes). */
function homeProgramme(): { films: { id: number; title: string }[]; showtimes: Showtime[]; firstDay: string } {
  const { programme } = pageContext<{ programme: { films: { id: number; title: string }[]; showtimes: Showtime[] } }>(
    "/",
  );
  return { ...programme, firstDay: programme.showtimes.map((s) => s.localDate).sort()[0]! };
}

/**
 * The film's times the list shows at `time` on its first day: the first four still offered (not
 * started, or started within the site's grace: the US site keeps the default), by start, two
 * theaters at the same minute in the site's order (src/catalogue/next-showtimes.ts).
 */
function listedTimes(filmId: number, theaterId: string | null, time: string): Showtime[] {
  const { showtimes, firstDay } = homeProgramme();
  const now = zonedTimeToUtc(firstDay, time, CHICAGO).getTime();
  const rank = (s: Showtime) => THEATERS.findIndex((t) => t.id === s.theaterId);
  return showtimes
    .filter((s) => s.filmId === filmId && s.localDate === firstDay && (!theaterId || s.theaterId === theaterId))
    .filter((s) => Date.parse(s.startsAt) >= now - offeredAfterStartMs(DEFAULT_BOOKABLE_AFTER_START_MINUTES))
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt) || rank(a) - rank(b))
    .slice(0, 4);
}

/** A time link's name starts with the time as the site writes it ("1:00 PM", whatever space before PM). */
function startsWithTime(startsAt: string): RegExp {
  const text = new Intl.DateTimeFormat("en-US", { timeZone: CHICAGO, hour: "numeric", minute: "2-digit" }).format(
    new Date(startsAt),
  );
  return new RegExp(`^${escapeRegExp(text).replace(/\s/g, "\\s")}`);
}

test.describe("the home page's next showtimes", () => {
  const lowOrbit = () => homeProgramme().films.find((f) => f.id === LOW_ORBIT)!;
  const clockAt = (page: Page, time: string) =>
    page.clock.setFixedTime(zonedTimeToUtc(homeProgramme().firstDay, time, CHICAGO));
  const filmItem = (site: SitePage, title: string) =>
    site.main
      .getByRole("region", { name: "Next showtimes · Today" })
      .getByRole("listitem")
      .filter({ has: site.page.getByRole("heading", { level: 3, name: title, exact: true }) });

  test("with no theater chosen, name the theater of each time, in the site's theater order", async ({ site, page }) => {
    const shown = listedTimes(LOW_ORBIT, null, "09:00");
    const theaters = THEATERS.filter((t) => shown.some((s) => s.theaterId === t.id));
    expect(theaters.length, "Low Orbit's first four times are at several theaters").toBeGreaterThan(1);
    await clockAt(page, "09:00");
    await site.visit("/");
    const item = filmItem(site, lowOrbit().title);
    await expect(item.getByRole("heading", { level: 4 })).toHaveText(theaters.map((t) => t.name));
    for (const theater of theaters) {
      const links = item.locator(`[data-theater="${theater.id}"]`).getByRole("link");
      const times = shown.filter((s) => s.theaterId === theater.id);
      await expect(links).toHaveCount(times.length);
      for (const [i, s] of times.entries()) await expect(links.nth(i)).toHaveAccessibleName(startsWithTime(s.startsAt));
    }
  });

  test("a theater whose times have all gone (started, and past the grace) is no longer named, from the first paint and with nothing moving", async ({
    site,
    page,
  }) => {
    const shown = listedTimes(LOW_ORBIT, null, "19:11");
    const theaters = THEATERS.filter((t) => shown.some((s) => s.theaterId === t.id));
    expect(theaters.length, "at 7:11 PM some theater has no Low Orbit left").toBeLessThan(THEATERS.length);
    expect(theaters.length).toBeGreaterThan(0);
    await clockAt(page, "19:11");
    await site.trackLayoutShifts();
    await site.goto("/");
    const cls = await site.settledLayoutShift();
    const item = filmItem(site, lowOrbit().title);
    await expect(item.getByRole("heading", { level: 4 })).toHaveText(theaters.map((t) => t.name));
    await expect(item.getByRole("link", { name: /\d:\d{2}/ })).toHaveCount(shown.length);
    expect(cls.total, `layout shifts: ${JSON.stringify(cls.shifts)}`).toBe(0);
  });

  test("before the page's scripts run, the list's own script already shows only the theaters with times left", async ({
    site,
    page,
  }) => {
    const shown = listedTimes(LOW_ORBIT, null, "19:11");
    const theaters = THEATERS.filter((t) => shown.some((s) => s.theaterId === t.id));
    await clockAt(page, "19:11");
    // The page's scripts never arrive: what shows is the HTML and the list's inline script.
    await withoutPageScripts(page);
    await site.goto("/");
    const item = filmItem(site, lowOrbit().title);
    await expect(item.getByRole("heading", { level: 4 })).toHaveText(theaters.map((t) => t.name));
    await expect(item.getByRole("link", { name: /\d:\d{2}/ })).toHaveCount(shown.length);
  });

  test("with a theater chosen, list that theater's times, without theater names", async ({ site, page }) => {
    const shown = listedTimes(LOW_ORBIT, CHOSEN.id, "09:00");
    expect(shown.length, "Low Orbit plays at the chosen theater on the first day").toBeGreaterThan(0);
    await clockAt(page, "09:00");
    await site.visit("/");
    await site.header.getByRole("combobox", { name: "Choose your theater" }).selectOption({ label: CHOSEN.name });
    const next = site.main.getByRole("region", { name: `Next showtimes · Today · ${CHOSEN.name}` });
    await expect(next).toBeVisible();
    await expect(next.getByRole("heading", { level: 4 })).toHaveCount(0);
    const links = filmItem(site, lowOrbit().title).getByRole("link", { name: /\d:\d{2}/ });
    await expect(links).toHaveCount(shown.length);
    for (const [i, s] of shown.entries()) await expect(links.nth(i)).toHaveAccessibleName(startsWithTime(s.startsAt));
  });
});

// Gatsby's data store handed the theaters back North Lamar, Downtown, Riverside, and /theaters/
// listed them so: the list follows the site's order, as the theater picker does.
test("/theaters/ lists the theaters in the site's order, as the theater picker does", async ({ site }) => {
  const names = THEATERS.map((t) => t.name);
  await site.visit("/theaters/");
  await expect(site.main.getByRole("heading", { level: 2 })).toHaveText(names);
  await expect(
    site.header.getByRole("combobox", { name: "Choose your theater" }).locator('option:not([value=""])'),
  ).toHaveText(names);
});
