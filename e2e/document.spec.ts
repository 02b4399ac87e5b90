import { expect, test } from "./fixtures";
import { escapeRegExp, filmIndex, filmPageData, filmPathOf } from "./fixtures/site-data";
import sharp from "sharp";

// <html lang>, #modal-root and "<page> | Cinéma Lumière" on every kind of page. The home page's
// title is the site name alone (SeoHead isHome).
const pages: { path: string; title: string | null; heading: string; status?: number }[] = [
  { path: "/", title: null, heading: "Bienvenue au Cinéma Lumière" },
  { path: "/films/", title: "Films", heading: "Films" },
  ...Object.values(filmIndex()).map((path) => {
    const { title } = filmPageData(path).film;
    return { path, title, heading: title };
  }),
  { path: "/connexion/", title: "Espace membre", heading: "Espace membre" },
  { path: "/confidentialite/", title: "Politique de confidentialité", heading: "Politique de confidentialité" },
  { path: "/infos-pratiques/", title: "Infos pratiques", heading: "Infos pratiques" },
  // Not a film: the server answers 404 with the 404 page, which shows the film not-found content.
  { path: "/films/123-whatever/", title: "Page introuvable", heading: "Page introuvable", status: 404 },
  { path: "/page-inconnue/", title: "Page introuvable", heading: "Page introuvable", status: 404 },
];

for (const { path, title, heading, status = 200 } of pages) {
  test(`${path}: lang, #modal-root, title`, async ({ site, consoleGuard }) => {
    // Gatsby's loader also asks for the path without its slash (HEAD), and for its page data: 404s.
    if (status === 404) {
      consoleGuard.expectFailedResponse(new RegExp(`${escapeRegExp(path.replace(/\/$/, ""))}/?$`), { status: 404 });
      consoleGuard.expectFailedResponse(new RegExp(`/page-data${escapeRegExp(path)}page-data\\.json$`), {
        status: 404,
      });
    }
    const response = await site.goto(path);
    expect(response?.status()).toBe(status);
    // The site-wide stylesheet comes first in the head, so the theme's rules win over it.
    await expect(site.page.locator("head > style").first()).toHaveAttribute("id", "global-css");
    await expect(site.heading).toHaveText(heading);
    await site.expectDocumentBasics(title);
    // The first paint waits for the header to be parsed whole: a render-blocking hint names the
    // main element that follows it, which the page has.
    await expect(site.page.locator('head > link[rel="expect"][blocking="render"][href="#main-content"]')).toHaveCount(
      1,
    );
    await expect(
      site.page.locator("header.site-header ~ * #main-content, header.site-header ~ #main-content"),
    ).toHaveCount(1);
    // Still true once React has taken over the page.
    await site.hydrated();
    await site.expectDocumentBasics(title);
  });
}

test("every page links a favicon that the server serves", async ({ site, request }) => {
  await site.goto("/");
  const href = await site.page.locator('link[rel="icon"]').getAttribute("href");
  expect(href).toMatch(/^\/.+\.svg$/);
  const response = await request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("image/svg+xml");
});

// Issue 44: the browser's first use of Intl sets its data up in one piece (100-150 ms on a phone),
// which came while React hydrated. A worker started from the head does it beside the page
// (src/shell/intl-warmup.ts; its effect is in `npm run bench:lighthouse`). Here: the production
// server's policy lets it start (the console guard reports a refusal), and it ends by itself.
test("a film page sets the browser's date formats up in a worker of its own, which ends by itself", async ({
  site,
}) => {
  const workers: { path: string; closed: boolean }[] = [];
  site.page.on("worker", (worker) => {
    const entry = { path: new URL(worker.url()).pathname, closed: false };
    workers.push(entry);
    worker.on("close", () => (entry.closed = true));
  });
  await site.goto(Object.values(filmIndex())[0]!);
  await site.hydrated();
  await expect
    .poll(() => workers.filter(({ path }) => path === "/intl-warmup.js"))
    .toEqual([{ path: "/intl-warmup.js", closed: true }]);
});

// Issue 44: styled-components takes the server's <style> element over as its own sheet, instead of
// copying every rule into a new one and removing it, which made the browser parse the CSS again and
// restyle the whole page (src/shell/styled-server-sheet.ts; its effect is in `npm run
// bench:lighthouse`). Here: no style element leaves the page, the server's is styled-components'
// own, and the hydrated page looks as the server's HTML alone does.
test("styled-components keeps the server's style sheet: nothing copied, and the page looks the same", async ({
  site,
  browser,
}) => {
  await site.page.addInitScript(() => {
    const page = window as Window & { removedStyles?: number };
    page.removedStyles = 0;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.removedNodes) if (node instanceof HTMLStyleElement) page.removedStyles! += 1;
    }).observe(document, { childList: true, subtree: true });
  });
  const path = Object.values(filmIndex())[0]!;
  await site.goto(path);
  await site.hydrated();
  expect(await site.page.evaluate(() => (window as Window & { removedStyles?: number }).removedStyles)).toBe(0);
  await expect(site.page.locator("style[data-styled]")).toHaveCount(1);
  await expect(site.page.locator("style[data-styled]")).toHaveAttribute("data-styled", "active");

  const looks = () =>
    ["header", "h1", "#main-content", "footer"].map((selector) => {
      const style = getComputedStyle(document.querySelector(selector)!);
      return [selector, style.color, style.backgroundColor, style.fontSize, style.padding, style.display];
    });
  const serverOnly = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await serverOnly.newPage();
    await page.goto(site.page.url());
    expect(await site.page.evaluate(looks)).toEqual(await page.evaluate(looks));
  } finally {
    await serverOnly.close();
  }
});

// Link previews (issue 45): social networks show no SVG, so every page names a 1200 × 630 JPEG the
// build drew, a film page the one from its poster, with its size and what it shows.
test.describe("link previews show a raster picture the server serves", () => {
  const ORBITE_BASSE = 1000021002;
  const cases = [
    { path: "/", picture: "/share-images/site.jpg", alt: "Cinéma Lumière" },
    {
      path: filmPathOf(ORBITE_BASSE),
      picture: `/share-images/assets/posters/${ORBITE_BASSE}.svg.jpg`,
      alt: "Affiche de Orbite basse",
    },
  ];
  for (const { path, picture, alt } of cases)
    test(path, async ({ request }) => {
      const html = await (await request.get(path)).text();
      const meta = (property: string) =>
        html.match(new RegExp(`<meta (?:property|name)="${escapeRegExp(property)}" content="([^"]*)"`))?.[1];
      expect(meta("og:image")).toBe(`https://www.cinema-lumiere.fr${picture}`);
      expect(meta("twitter:image")).toBe(`https://www.cinema-lumiere.fr${picture}`);
      expect([meta("og:image:type"), meta("og:image:width"), meta("og:image:height")]).toEqual([
        "image/jpeg",
        "1200",
        "630",
      ]);
      expect(meta("og:image:alt")).toBe(alt);
      expect(meta("twitter:card")).toBe("summary_large_image");
      const response = await request.get(picture);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toBe("image/jpeg");
      expect(await sharp(await response.body()).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
    });
});
