import { expect, PHONE_VIEWPORT, test } from "./fixtures";
import { axeViolations } from "./fixtures/axe";
import { filmPathOf } from "./fixtures/site-data";

// Issue 45: the header's box suggests films as the visitor types (a WAI-ARIA combobox), from an
// index fetched only once they start searching; the results page finds what a moviegoer means.
const REINE_DE_COEUR = 1000021007;

test("typing in the header box suggests films; the keyboard goes through them into a film page", async ({
  site,
  page,
  baseURL,
}) => {
  const indexRequests: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/film-search.json")) indexRequests.push(request.url());
  });
  await site.visit("/");
  // Nothing of the search is fetched before the visitor reaches the box.
  expect(indexRequests).toEqual([]);
  await site.searchBox.focus();
  await expect.poll(() => indexRequests.length).toBe(1);

  // French visitors type "oe" for "œ".
  await site.searchBox.pressSequentially("coeur");
  const suggestions = site.header.getByRole("listbox", { name: "Films suggérés" });
  await expect(suggestions.getByRole("option")).toHaveText([/^Reine de cœur/]);
  await expect(site.searchBox).toHaveAttribute("aria-expanded", "true");
  await expect(site.header.getByText("1 film trouvé")).toBeAttached();
  expect(await axeViolations(page)).toEqual([]);

  await page.keyboard.press("ArrowDown");
  const option = suggestions.getByRole("option", { name: /^Reine de cœur/ });
  await expect(option).toHaveAttribute("aria-selected", "true");
  await expect(site.searchBox).toHaveAttribute("aria-activedescendant", (await option.getAttribute("id"))!);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`${baseURL}${filmPathOf(REINE_DE_COEUR)}`);
  await expect(site.heading).toHaveText("Reine de cœur");
});

test.describe("on a phone", () => {
  test.use({ viewport: PHONE_VIEWPORT });

  // The box once shrank to its padding (about 25 px): a rule for the input beside the button
  // outlived the box wrapped round it for the suggestions.
  test("the header's box takes the row under the bar beside its button, and its suggestions fit the screen", async ({
    site,
  }) => {
    await site.visit("/");
    const button = site.header.getByRole("search").getByRole("button", { name: "Rechercher" });
    const [box, buttonBox] = [await site.searchBox.boundingBox(), await button.boundingBox()];
    expect(box!.x).toBeLessThanOrEqual(16);
    expect(buttonBox!.x - (box!.x + box!.width)).toBeLessThanOrEqual(8);
    expect(buttonBox!.x + buttonBox!.width).toBeGreaterThan(PHONE_VIEWPORT.width - 24);
    await site.searchBox.pressSequentially("coeur");
    const suggestions = site.header.getByRole("listbox", { name: "Films suggérés" });
    await expect(suggestions.getByRole("option")).toHaveText([/^Reine de cœur/]);
    const list = await suggestions.boundingBox();
    expect(list!.x).toBeGreaterThanOrEqual(0);
    expect(list!.x + list!.width).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
  });
});

test("Escape closes the suggestions, a second one empties the box; Enter without a suggestion searches", async ({
  site,
  page,
  baseURL,
}) => {
  await site.visit("/");
  await site.searchBox.pressSequentially("orbi");
  await expect(site.header.getByRole("option", { name: /^Orbite basse/ })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(site.searchBox).toHaveAttribute("aria-expanded", "false");
  await expect(site.searchBox).toHaveValue("orbi");
  await page.keyboard.press("Escape");
  await expect(site.searchBox).toHaveValue("");
  await site.searchBox.pressSequentially("ombres lac");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`${baseURL}/films/?q=ombres%20lac`);
});

test.describe("the results page finds what a moviegoer means", () => {
  for (const { query, what, expected } of [
    { query: "lac ombres", what: "words in any order", expected: "Les Ombres du lac" },
    { query: "marchal", what: "a director", expected: "Les Ombres du lac" },
    { query: "orbitte", what: "one typo", expected: "Orbite basse" },
  ])
    test(`${what}: "${query}"`, async ({ films: list }) => {
      await list.open(query);
      await expect(list.grid.getByRole("heading", { level: 2 }).first()).toHaveText(expected);
    });

  test("a search with no result suggests the closest titles and what is playing", async ({ films: list, page }) => {
    await list.open("orbute zzzz");
    await expect(list.searchStatus).toHaveText("Aucun film ne correspond à « orbute zzzz »");
    const closest = list.main.getByRole("region", { name: "Les titres les plus proches" });
    await expect(closest.getByRole("link", { name: /Orbite basse/ }).first()).toBeVisible();
    await expect(list.main.getByRole("region", { name: /^À l'affiche/ })).toBeVisible();
    // One search box on the page: the results page's own.
    await expect(page.getByRole("search")).toHaveCount(1);
    expect(await axeViolations(page)).toEqual([]);
  });
});

test("a search's address opened on a phone: the results appear where they stay, nothing moves", async ({
  films: list,
  page,
}) => {
  // The page's HTML is the whole list; the query is read once hydrated (films-query-prepaint.ts).
  await page.setViewportSize(PHONE_VIEWPORT);
  await list.trackLayoutShifts();
  await list.open("lac");
  await expect(list.searchStatus).toHaveText(/^\d+ films? correspond(ent)? à « lac »$/);
  await expect(list.grid.getByRole("heading", { level: 2 }).first()).toBeVisible();
  expect((await list.settledLayoutShift()).shifts).toEqual([]);
});
