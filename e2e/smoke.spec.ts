import { expect, test } from "./fixtures";
import { filmList } from "./fixtures/site-data";

// The console guard (automatic fixture) fails any of these on a console error or warning, an
// uncaught error, a failed request or an HTTP error response.
const firstFilm = filmList()[0]!;
const pages = [
  { path: "/", heading: "Bienvenue au Cinéma Lumière" },
  { path: "/films/", heading: "Films" },
  { path: firstFilm.path, heading: firstFilm.title },
];

for (const { path, heading } of pages) {
  test(`${path} loads cleanly: hydrated, every image loaded, nothing logged or failed`, async ({ site, page }) => {
    const response = await site.goto(path);
    expect(response?.status()).toBe(200);
    await expect(site.heading).toHaveText(heading);
    await site.hydrated();

    // Lazy posters load only when scrolled to: bring each into view and check it decoded.
    const images = page.locator("img");
    const count = await images.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i += 1) {
      const img = images.nth(i);
      await img.scrollIntoViewIfNeeded();
      await expect
        .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), {
          message: `image ${i} on ${path} loads`,
        })
        .toBe(true);
    }
  });
}
