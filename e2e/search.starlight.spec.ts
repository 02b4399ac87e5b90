import { expect, PHONE_VIEWPORT, test } from "./fixtures";

// Issue 45 on the US circuit: a prefix finds the film, the keyboard opens it.
// The US build's film page (the fixtures' film index is the default build's).
const LOW_ORBIT_PATH = "/films/2048-low-orbit/";

test("typing a prefix in the header box suggests the film; ArrowDown and Enter open it", async ({
  site,
  page,
  baseURL,
}) => {
  await site.visit("/");
  const box = site.header.getByRole("combobox", { name: "Search movies" });
  await box.pressSequentially("orbi");
  const suggestions = site.header.getByRole("listbox", { name: "Suggested movies" });
  await expect(suggestions.getByRole("option").first()).toHaveText(/^Low Orbit/);
  await expect(site.header.getByText(/^\d+ movies? found$/)).toBeAttached();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`${baseURL}${LOW_ORBIT_PATH}`);
});

test("a search's address opened on a phone: the results appear where they stay, nothing moves", async ({
  site,
  page,
}) => {
  // The page's HTML is the whole list; the query is read once hydrated (films-query-prepaint.ts).
  await page.setViewportSize(PHONE_VIEWPORT);
  await site.trackLayoutShifts();
  await site.visit("/films/?q=low");
  await expect(site.main.getByRole("status")).toHaveText(/^\d+ movies? match(es)? “low”$/);
  const grid = site.main.getByRole("list", { name: /^\d+ movies?$/ });
  await expect(grid.getByRole("heading", { level: 2 }).first()).toBeVisible();
  expect((await site.settledLayoutShift()).shifts).toEqual([]);
});
