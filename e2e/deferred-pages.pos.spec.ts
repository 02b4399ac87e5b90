import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures";
import { filmList } from "./fixtures/site-data";
import { VARIANTS } from "./variants";

// Spec §3 defer flags, on the build that defers its film pages and its own pages (e2e/variants.ts
// "lumiere-pos"): the build leaves them to the production server, which makes each on its first
// request with Gatsby's page renderer (src/server/http/deferred-pages.ts).
const BUILD = path.resolve(__dirname, "..", VARIANTS["lumiere-pos"].dir);
const films = filmList(path.join(BUILD, "public")).filter((film) => film.nextDay !== null);

test("the build left the deferred pages to the server, with Gatsby's page renderer beside it", () => {
  const renderer = path.join(BUILD, ".cache", "page-ssr", "index.js");
  expect(existsSync(renderer)).toBe(true);
  // Every film page is one the renderer makes (Gatsby's mode for deferred pages is "DSG").
  const source = readFileSync(renderer, "utf8");
  for (const film of films) expect(source).toContain(`["${film.path}",{`);
  expect(source).toMatch(/"mode":"DSG"/);
});

test("a deferred film page opened directly is served with its content and its structured data", async ({
  site,
  film: filmPage,
  page,
}) => {
  const film = films[1]!;
  const response = await site.goto(film.path);
  expect(response?.status()).toBe(200);
  await expect(filmPage.heading).toHaveText(film.title);
  await expect(filmPage.showtimes).toBeVisible();
  const jsonLd = await page.locator('script[type="application/ld+json"]').textContent();
  expect(jsonLd).toContain(`"name":${JSON.stringify(film.title)}`);
  // Its inline scripts ran (the server's Content-Security-Policy allows them): the page hydrates.
  await site.hydrated();
});

test("a link to a deferred film page opens it (its page data is made on request too)", async ({
  films: filmsPage,
  film: filmPage,
  page,
}) => {
  // The list opens on the films now showing.
  const film = films.filter((f) => f.playWeek === "CURRENT_PLAYWEEK")[2]!;
  await filmsPage.open();
  const pageData = page.waitForResponse((r) => r.url().endsWith(`/page-data${film.path}page-data.json`));
  await filmsPage.filmLinks.filter({ hasText: film.title }).first().click();
  expect((await pageData).status()).toBe(200);
  await expect(page).toHaveURL(new RegExp(`${film.path}$`));
  await expect(filmPage.heading).toHaveText(film.title);
});

test("a deferred page of the site's own (deferStandardPages) is served, its address without the slash redirected", async ({
  site,
  page,
}) => {
  const response = await site.goto("/infos-pratiques");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/infos-pratiques\/$/);
  await expect(site.heading).toHaveText("Infos pratiques");
  await site.hydrated();
});
