import path from "node:path";
import { zonedTimeToUtc } from "../src/catalogue/dates";
import type { FilmShowtime } from "../src/catalogue/film-showtimes";
import { expect, test } from "./fixtures";
import { filmList, pageContextOf, type FilmSummary } from "./fixtures/site-data";
import { VARIANTS } from "./variants";

// Issue 6 on the US circuit: the visitor's theatre, kept in the selectedTheaterId cookie (spec §4, §9).
const CHOSEN = { id: "starlight-north", name: "Starlight North Lamar" };

const PUBLIC = path.resolve(__dirname, "..", VARIANTS.starlight.dir, "public");
const pageContext = <C>(pagePath: string): C => pageContextOf<C>(pagePath, PUBLIC);

/**
 * 9:00 in Austin on the first day the film plays at the chosen theatre: showtimes that have started
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

/** A film of the US build that plays at the chosen theatre and at least one other. */
function filmAtSeveralTheatres(): FilmSummary {
  const film = filmList(PUBLIC).find((f) => f.theaterIds.includes(CHOSEN.id) && f.theaterIds.length > 1);
  if (!film) throw new Error("the US sample programme has no film at several theatres");
  return film;
}

test("a visitor picks a theatre: kept after reload, for 30 days, and its showtimes come first", async ({
  site,
  page,
}) => {
  await site.goto("/films/");
  await site.hydrated();
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

  const film = filmAtSeveralTheatres();
  await page.clock.setFixedTime(morningOfFirstShow(film));
  await site.goto(film.path);
  await site.hydrated();
  const showtimes = site.main.getByRole("region", { name: "Showtimes" });
  // Issue 17: once "Only at …" is unticked, the chosen theatre is the first one listed.
  await showtimes.getByRole("checkbox", { name: `Only at ${CHOSEN.name}` }).uncheck();
  const day = showtimes.getByRole("region").filter({ has: page.getByRole("heading", { level: 4, name: CHOSEN.name }) });
  await expect(day.getByRole("heading", { level: 4 }).first()).toHaveText(CHOSEN.name);
});

test("a theatre page is that theatre's context, whatever the visitor chose", async ({ site }) => {
  await site.goto("/films/");
  await site.hydrated();
  await site.header.getByRole("combobox", { name: "Choose your theater" }).selectOption({ label: CHOSEN.name });
  await site.goto("/theaters/");
  await site.hydrated();
  const other = site.main.getByRole("link", { name: "Starlight Downtown" });
  await other.click();
  await expect(site.heading).toHaveText("Starlight Downtown");
  // The page is about Downtown, but the visitor's choice is neither changed nor shown as changed.
  await expect(site.header.getByRole("combobox", { name: "Choose your theater" })).toHaveValue(CHOSEN.id);
  const cookie = (await site.page.context().cookies()).find((c) => c.name === "selectedTheaterId");
  expect(cookie?.value).toBe(CHOSEN.id);
  await site.goto("/films/");
  await site.hydrated();
  await expect(site.main.getByRole("checkbox", { name: `Only at ${CHOSEN.name}` })).toBeChecked();
});

// Issue 17: the chosen theatre filters the film list and the film page, visibly and reversibly.
test("choosing a theatre filters /films/ to the films playing there, and unticking brings the others back", async ({
  site,
}) => {
  const films = filmList(PUBLIC).filter((f) => f.playWeek === "CURRENT_PLAYWEEK" && f.nextDay !== null);
  const here = films.filter((f) => f.theaterIds.includes(CHOSEN.id));
  expect(here.length, "the US sample has films elsewhere only").toBeLessThan(films.length);
  await site.goto("/films/");
  await site.hydrated();
  const cards = site.main.getByRole("list", { name: /movies?$/ }).getByRole("heading", { level: 2 });
  await expect(cards).toHaveCount(films.length);
  await site.header.getByRole("combobox", { name: "Choose your theater" }).selectOption({ label: CHOSEN.name });
  const only = site.main.getByRole("checkbox", { name: `Only at ${CHOSEN.name}` });
  await expect(only).toBeChecked();
  await expect(cards).toHaveText(here.map((f) => f.title));
  await only.uncheck();
  await expect(cards).toHaveCount(films.length);
});

test("on the film page the chosen theatre's showtimes are the only ones until the visitor asks for all", async ({
  site,
}) => {
  const film = filmAtSeveralTheatres();
  await site.goto("/films/");
  await site.hydrated();
  await site.header.getByRole("combobox", { name: "Choose your theater" }).selectOption({ label: CHOSEN.name });
  await site.goto(film.path);
  await site.hydrated();
  const showtimes = site.main.getByRole("region", { name: "Showtimes" });
  const only = showtimes.getByRole("checkbox", { name: `Only at ${CHOSEN.name}` });
  await expect(only).toBeChecked();
  // Walk the strip to a day with showtimes, then check every link books at the chosen theatre.
  const links = showtimes.locator("a[data-perf-code]");
  const radios = showtimes.getByRole("group", { name: "Day" }).getByRole("radio");
  for (let i = 0; i < (await radios.count()) && (await links.count()) === 0; i += 1) await radios.nth(i).check();
  const codes = await links.evaluateAll((as) => as.map((a) => a.getAttribute("data-perf-code") ?? ""));
  expect(codes.length).toBeGreaterThan(0);
  // Performance codes start with the theatre code: Starlight North Lamar is SL003.
  expect(new Set(codes.map((c) => c.split("-")[0]))).toEqual(new Set(["SL003"]));
  await only.uncheck();
  await expect(showtimes.getByRole("heading", { level: 4 }).first()).toHaveText(CHOSEN.name);
});
