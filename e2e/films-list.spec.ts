import type { Locator } from "@playwright/test";
import { expect, test, type FilmsPage } from "./fixtures";
import {
  BADGE_LABELS,
  escapeRegExp,
  filmList,
  foldText,
  programmeMorning,
  siteSettings,
  type FilmSummary,
} from "./fixtures/site-data";

const films = filmList();
const titles = (list: readonly FilmSummary[]) => list.map((f) => f.title);
// The selections as the site defines them (templates/contexts.ts selectFilms), applied to the
// build's own data: "now showing" = current play week with showtimes; "coming soon" = later weeks.
const nowShowing = films.filter((f) => f.playWeek === "CURRENT_PLAYWEEK" && f.nextDay !== null);
const comingSoon = films.filter((f) => f.playWeek !== "CURRENT_PLAYWEEK");

/** The filter `on` pressed, each of `off` not, and the grid showing `expected`. */
async function expectFiltered(list: FilmsPage, on: Locator, off: readonly Locator[], expected: readonly FilmSummary[]) {
  await expect(on).toHaveAttribute("aria-pressed", "true");
  for (const button of off) await expect(button).toHaveAttribute("aria-pressed", "false");
  await list.expectFilms(titles(expected));
}

test.describe("film list filters", () => {
  test("toggle aria-pressed and change the grid", async ({ films: list, page }) => {
    // The morning of the programme's first day: a card's "next show" line goes once that day's
    // times have all passed (issue 45), which the first film's did at 21:00 in Paris.
    await page.clock.setFixedTime(programmeMorning());
    expect(nowShowing.length).toBeGreaterThan(0);
    expect(comingSoon.length).toBeGreaterThan(0);
    await list.open();
    await expect(list.heading).toHaveText("Films");
    await list.expectDocumentBasics("Films");

    const nowButton = list.filter("À l'affiche");
    const soonButton = list.filter("Prochainement");
    const allButton = list.filter("Tous les films");

    await expectFiltered(list, nowButton, [soonButton, allButton], nowShowing);

    // A film on the programme says its first day with showtimes (issue 45).
    // The first of a month is "1er" in French ("mar. 1er déc.").
    await expect(list.grid.getByRole("listitem").first()).toContainText(/Prochaine séance : \S+\.? \d+(?:er)? \S+/);

    await soonButton.click();
    await expectFiltered(list, soonButton, [nowButton, allButton], comingSoon);
    // A coming film says when it comes out (issue 45).
    const dated = comingSoon.filter((f) => f.releaseDate);
    expect(dated.length).toBeGreaterThan(0);
    for (const film of dated)
      await expect(list.grid.getByRole("listitem").filter({ hasText: film.title })).toContainText(
        `Sortie le ${new Intl.DateTimeFormat("fr-FR", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" }).format(new Date(`${film.releaseDate}T12:00:00Z`))}`,
      );

    await allButton.click();
    await expectFiltered(list, allButton, [soonButton], films);

    await nowButton.click();
    await expectFiltered(list, nowButton, [allButton], nowShowing);
  });

  test("the grid's first posters load at once, the others when scrolled near", async ({ films: list }) => {
    await list.open();
    await list.filter("Tous les films").click();
    const posters = list.grid.locator("img");
    expect(await posters.count(), "the sample lists more films than one row").toBeGreaterThan(4);
    for (const i of [0, 3]) await expect(posters.nth(i)).toHaveAttribute("loading", "eager");
    await expect(posters.nth(4)).toHaveAttribute("loading", "lazy");
  });

  test("cards carry NEW/PREVIEW badges only for films flagged so", async ({ films: list }) => {
    await list.open();
    await list.filter("Tous les films").click();
    await list.expectFilms(titles(films));
    for (const summary of films) {
      const card = list.card(summary.title);
      for (const [flag, label] of Object.entries(BADGE_LABELS)) {
        const expected = summary.releaseFlags.includes(flag as keyof typeof BADGE_LABELS) ? 1 : 0;
        await expect(card.getByText(label, { exact: true }), `${flag} badge on ${summary.title}`).toHaveCount(expected);
      }
    }
  });

  test("lists films in the configured order: movieOrderIndex first, then newest release", async ({ films: list }) => {
    const { movieOrderIndex } = siteSettings();
    const pinned = movieOrderIndex.map((id) => films.find((f) => f.id === id)).filter((f): f is FilmSummary => !!f);
    const rest = films
      .filter((f) => !movieOrderIndex.includes(f.id))
      .sort((a, b) => {
        if (a.releaseDate === b.releaseDate) return a.title.localeCompare(b.title, "fr-FR");
        if (!a.releaseDate) return 1;
        if (!b.releaseDate) return -1;
        return b.releaseDate.localeCompare(a.releaseDate);
      });
    await list.open();
    await list.filter("Tous les films").click();
    await list.expectFilms(titles([...pinned, ...rest]));
  });
});

test.describe("film search", () => {
  const cases = [
    { query: "orbite", note: "one title" },
    { query: "theatre", note: "accents folded" },
    { query: "zzzz", note: "no match" },
  ];
  for (const { query, note } of cases) {
    test(`header search "${query}" lands on /films/?q= and lists matching films only (${note})`, async ({
      site,
      films: list,
      page,
      baseURL,
    }) => {
      const expected = films.filter((f) => foldText(f.title).includes(foldText(query)));
      await site.goto("/");
      await site.search(query);

      await expect(page).toHaveURL(`${baseURL}/films/?q=${encodeURIComponent(query)}`);
      await expect(list.heading).toHaveText("Films");
      const status =
        expected.length === 0
          ? `Aucun film ne correspond à « ${query} »`
          : expected.length === 1
            ? `1 film correspond à « ${query} »`
            : `${expected.length} films correspondent à « ${query} »`;
      await expect(list.searchStatus).toHaveText(new RegExp(`^${escapeRegExp(status)}$`));
      // A search replaces the filters; the page shows what was searched, to change, and the way back.
      await expect(list.filters).toHaveCount(0);
      await expect(list.resultsSearchBox).toHaveValue(query);
      await expect(list.clearSearch).toHaveAttribute("href", "/films/");
      if (expected.length === 0) await expect(list.grid).toHaveCount(0);
      else await list.expectFilms(titles(expected));
    });
  }

  test("a search that finds nothing can be changed on the results page, and cleared back to the whole list", async ({
    site,
    films: list,
    page,
    baseURL,
  }) => {
    await site.goto("/");
    await site.search("zzzz");
    await expect(list.searchStatus).toHaveText("Aucun film ne correspond à « zzzz »");
    await expect(list.resultsSearchBox).toHaveValue("zzzz");

    await list.resultsSearchBox.fill("orbite");
    await list.resultsSearchBox.press("Enter");
    await expect(page).toHaveURL(`${baseURL}/films/?q=orbite`);
    await expect(list.searchStatus).toHaveText("1 film correspond à « orbite »");
    await expect(list.resultsSearchBox).toHaveValue("orbite");
    await list.expectFilms(titles(films.filter((f) => foldText(f.title).includes("orbite"))));

    await list.clearSearch.click();
    await expect(page).toHaveURL(`${baseURL}/films/`);
    await expect(list.searchStatus).toHaveCount(0);
    // The page keeps its one box (issue 45), empty; the header has none here.
    await expect(list.resultsSearchBox).toHaveValue("");
    await expect(site.searchBox).toHaveCount(0);
    await expect(list.filter("À l'affiche")).toHaveAttribute("aria-pressed", "true");
    await list.expectFilms(titles(nowShowing));
    await list.filter("Tous les films").click();
    await list.expectFilms(titles(films));
  });

  test('a search for "true" is a search like any other', async ({ films: list }) => {
    const expected = films.filter((f) => foldText(f.title).includes("true"));
    await list.open("true");
    await expect(list.searchStatus).toHaveText(
      expected.length === 0
        ? "Aucun film ne correspond à « true »"
        : new RegExp(`^${expected.length} films? correspond`),
    );
    if (expected.length === 0) await expect(list.grid).toHaveCount(0);
    else await list.expectFilms(titles(expected));
  });

  test("a /films/?q= link opened directly shows the same results", async ({ films: list }) => {
    const expected = films.filter((f) => foldText(f.title).includes("orbite"));
    await list.open("Orbite");
    await expect(list.searchStatus).toHaveText(/^1 film correspond à « Orbite »$/);
    await list.expectFilms(titles(expected));
  });
});
