import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures";
import type { FilmSummary } from "./fixtures/site-data";
import { VARIANTS } from "./variants";

// Issue 6 on the US circuit: the visitor's theatre, kept in the selectedTheaterId cookie (spec §4, §9).
const CHOSEN = { id: "starlight-north", name: "Starlight North Lamar" };

/** A film of the US build that plays at the chosen theatre and at least one other. */
function filmAtSeveralTheatres(): FilmSummary {
  const file = path.resolve(__dirname, "..", VARIANTS.starlight.dir, "public", "page-data", "films", "page-data.json");
  const films = (JSON.parse(readFileSync(file, "utf8")) as { result: { pageContext: { films: FilmSummary[] } } }).result
    .pageContext.films;
  const film = films.find((f) => f.theaterIds.includes(CHOSEN.id) && f.theaterIds.length > 1);
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
  await site.goto(film.path);
  await site.hydrated();
  const showtimes = site.main.getByRole("region", { name: "Showtimes" });
  // In every day the chosen theatre plays, its name is the first theatre listed.
  const daysThere = showtimes
    .getByRole("region")
    .filter({ has: page.getByRole("heading", { level: 4, name: CHOSEN.name }) });
  await expect(daysThere.first()).toBeVisible();
  for (const day of await daysThere.all()) {
    await expect(day.getByRole("heading", { level: 4 }).first()).toHaveText(CHOSEN.name);
  }
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
  await expect(site.header.getByRole("combobox", { name: "Choose your theater" })).toHaveValue("starlight-downtown");
});
