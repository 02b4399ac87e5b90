import { expect, test } from "./fixtures";
import { builtServerSettings, filmPathOf, programmeMorning } from "./fixtures/site-data";

// Spec §4 "Embedding mode", entered at run time by the tab (the default site is built for
// ordinary visitors), and what the booking route does for the point-of-sale host.

const LES_OMBRES_DU_LAC = 1000021001;
/** The lumiere site's allowedEmbeddingDomains (site-config/lumiere/settings.json). */
const POS_HOST = "https://caisse.cinema-lumiere.fr";

test.describe("'tapos_embedded' entered at run time", () => {
  // The tests compare a page's first booking link across loads: shows that have started leave the
  // page once its clock runs (issue 17), so on a fixed morning the first link stays the same.
  test.beforeEach(async ({ page }) => page.clock.setFixedTime(programmeMorning()));

  test("the flag rewrites booking links to the booking route for the whole tab, and none leaves", async ({ film }) => {
    const path = filmPathOf(LES_OMBRES_DU_LAC);
    const booking = film.main.locator("a[data-perf-code]").first();

    await film.visit(path);
    const perfCode = (await booking.getAttribute("data-perf-code")) ?? "";
    const ticketingHref = await booking.getAttribute("href");
    expect(ticketingHref).toMatch(/\/websales\/sales\/LUM01\/book\?perfcode=/);
    const internal = `/booking/?theaterCode=LUM01&perfCode=${encodeURIComponent(perfCode)}`;

    await film.visit(`${path}?embeddingMode=tapos_embedded`);
    await expect(booking).toHaveAttribute("href", internal);
    // The next page of the same tab carries no flag (only utm_* travel) and is still embedded.
    await film.visit(path);
    await expect(booking).toHaveAttribute("href", internal);

    await film.visit(`${path}?embeddingMode=none`);
    await expect(booking).toHaveAttribute("href", ticketingHref!);
  });

  test("another tab, an ordinary visitor's, keeps the ticketing links", async ({ film, context }) => {
    const path = filmPathOf(LES_OMBRES_DU_LAC);
    await film.visit(`${path}?embeddingMode=tapos_embedded`);
    const visitor = await context.newPage();
    await visitor.goto(path);
    const booking = visitor.getByRole("main").locator("a[data-perf-code]").first();
    await expect(booking).toHaveAttribute("href", /\/websales\/sales\/LUM01\/book\?perfcode=/);
    await visitor.close();
  });

  test("framed by its point-of-sale host, the booking route hands the performance over", async ({
    page,
    baseURL,
    consoleGuard,
  }) => {
    // The host is on its https origin and the test site on http://localhost: Chrome upgrades the
    // framed page's images and says so. In production both are https.
    consoleGuard.expectConsoleMessage(/^Mixed Content: .* was automatically upgraded to HTTPS/);
    // The host's page, on its real origin (one of the site's allowedEmbeddingDomains).
    await page.route(`${POS_HOST}/`, (route) =>
      route.fulfill({
        contentType: "text/html; charset=utf-8",
        body: `<!doctype html><html lang="fr"><title>Caisse</title>
          <ol id="received" aria-label="Received"></ol>
          <iframe id="site" title="Site" style="width:1200px;height:700px"
            src="${baseURL}${filmPathOf(LES_OMBRES_DU_LAC)}?embeddingMode=tapos_embedded"></iframe>
          <script>
            addEventListener("message", (event) => {
              const item = document.createElement("li");
              item.textContent = event.origin + " " + JSON.stringify(event.data);
              document.getElementById("received").appendChild(item);
            });
          </script>`,
      }),
    );
    await page.goto(`${POS_HOST}/`);
    const site = page.frameLocator("#site");
    const booking = site.getByRole("main").locator("a[data-perf-code]").first();
    await expect(booking).toHaveAttribute("href", /^\/booking\/\?theaterCode=LUM01&perfCode=/);
    const perfCode = (await booking.getAttribute("data-perf-code")) ?? "";
    await booking.click();
    await expect(site.getByRole("heading", { level: 1 })).toHaveText("Votre réservation");
    await expect(site.getByText("La réservation a été transmise à votre logiciel de caisse.")).toBeVisible();
    await expect(page.getByRole("list", { name: "Received" })).toContainText(
      `${baseURL} ${JSON.stringify({ type: "booking", payload: { theaterCode: "LUM01", perfCode } })}`,
    );
    // The host takes the sale over: no way out to the ticketing site inside its frame.
    await expect(site.getByRole("link", { name: /Poursuivre la réservation/ })).toHaveCount(0);
  });

  test("with no host to take it, the booking route offers the ticketing site's own booking page", async ({
    site,
    film,
  }) => {
    const path = filmPathOf(LES_OMBRES_DU_LAC);
    await film.visit(path);
    const booking = film.main.locator("a[data-perf-code]").first();
    const perfCode = (await booking.getAttribute("data-perf-code")) ?? "";
    const ticketingHref = (await booking.getAttribute("href")) ?? "";
    await site.goto(
      `/booking/?theaterCode=LUM01&perfCode=${encodeURIComponent(perfCode)}&embeddingMode=tapos_embedded`,
    );
    await site.hydrated();
    await expect(site.heading).toHaveText("Votre réservation");
    await expect(site.main.getByRole("link", { name: /Poursuivre la réservation sur la billetterie/ })).toHaveAttribute(
      "href",
      ticketingHref,
    );
    expect(ticketingHref.startsWith(builtServerSettings().ticketingUrl)).toBe(true);
  });
});

// The booking route opened with an address that names no performance to book, or one the
// programme does not have (a link typed by hand, an old bookmark): it says so, never loads forever.
test.describe("the booking route without a performance to book", () => {
  const ALL_FILMS = "Tous les films";

  for (const [label, address] of [
    ["no address at all", "/booking/"],
    ["a theater code only", "/booking/?theaterCode=LUM01"],
    ["a code no performance can have", "/booking/?theaterCode=LUM01&perfCode=%3Cscript%3E"],
  ] as const) {
    test(`${label}: says the link names no performance, and leads back to the film list`, async ({ site, page }) => {
      await site.visit(address);
      await expect(site.heading).toHaveText("Votre réservation");
      await expect(site.main.getByRole("alert")).toHaveText(
        "Ce lien de réservation est incomplet ou invalide : il ne précise pas quelle séance réserver. Choisissez une séance dans la liste des films.",
      );
      await expect(site.main.getByRole("status", { name: "Chargement" })).toHaveCount(0);
      await site.main.getByRole("link", { name: ALL_FILMS }).click();
      await expect(page).toHaveURL(/\/films\/$/);
      await expect(site.heading).toHaveText("Films");
    });
  }

  test("a performance the programme does not have: says it cannot be found, and leads back to the film list", async ({
    site,
    page,
  }) => {
    await site.visit("/booking/?theaterCode=LUM01&perfCode=LUM01-19990101-1400-1");
    await expect(site.main.getByRole("alert")).toHaveText(
      "Cette séance est introuvable. Elle a peut-être déjà commencé ou été retirée du programme.",
    );
    await expect(site.main.getByRole("status", { name: "Chargement" })).toHaveCount(0);
    await expect(site.main.getByRole("link", { name: /Poursuivre la réservation/ })).toHaveCount(0);
    await site.main.getByRole("link", { name: ALL_FILMS }).click();
    await expect(page).toHaveURL(/\/films\/$/);
  });
});
