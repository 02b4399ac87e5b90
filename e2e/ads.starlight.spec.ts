import path from "node:path";
import { zonedTimeToUtc } from "../src/catalogue/dates";
import { expect, PHONE_VIEWPORT, test } from "./fixtures";
import { adLoadId, named, waitForAdCalls } from "./fixtures/ads";
import { axeViolations } from "./fixtures/axe";
import { pageContextOf, type FilmSummary } from "./fixtures/site-data";
import { SANDBOX_URL, VARIANTS, baseUrlOf } from "./variants";

// Issue 14 on the US circuit, PROGRAMMATIC with adsLocation [INTERSTITIAL, PAGES_TOP, PAGES_BOTTOM,
// PULSE]: what the ad wrapper stand-in receives (spec §3, §7, §9), page by page.
const ORIGIN = baseUrlOf(VARIANTS.starlight);
const PUBLIC = path.resolve(__dirname, "..", VARIANTS.starlight.dir, "public");
const pageContext = <C>(pagePath: string): C => pageContextOf<C>(pagePath, PUBLIC);

const DOWNTOWN = { id: "starlight-downtown", name: "Starlight Downtown", path: "/theaters/downtown/" };
const POSITIONS = ["interstitial", "header", "footer", "pulse"];
const ELEMENTS = {
  interstitial: "InterstitialContainer",
  header: "HeaderPromoContainer",
  footer: "FooterPromoContainer",
  pulse: "PulsePromoContainer",
};
const SITE_TARGETING = {
  adType: "captif-et-hors-captif",
  websiteID: "20077",
  domain: "www.starlightcinemas.com",
  urlOrigin: ORIGIN,
  theaterGroup: "Starlight Cinemas",
  theaterGroupID: "STARLIGHT",
  isLoggedIn: "false",
};

const theaterFilms = () =>
  pageContext<{ films: FilmSummary[] }>(DOWNTOWN.path).films.filter((film) => film.nextDay !== null);
/** The theater page's showtimes, [filmId, perfCode, theaterId, startsAt, localDate, …] (issue 42: every day's). */
const theaterShowtimes = () =>
  pageContext<{ showtimes: [number, string, string, string, string, ...unknown[]][] }>(DOWNTOWN.path).showtimes;
/** The films the theater page lists on the build's first day, in its order, and 9:00 that day in Austin. */
const firstDayAtDowntown = () => {
  const showtimes = theaterShowtimes();
  const day = showtimes.map((s) => s[4]).sort()[0]!;
  const ids = [...new Set(showtimes.filter((s) => s[4] === day).map((s) => s[0]))];
  const films = theaterFilms();
  return {
    films: ids.map((id) => films.find((film) => film.id === id)!),
    morning: zonedTimeToUtc(day, "09:00", "America/Chicago"),
  };
};

test("a film page: the wrapper's configuration, four positions filled, the interstitial on the first page, no shift", async ({
  page,
  site,
  request,
}) => {
  const film = theaterFilms()[0]!;
  // The morning of the build's first day: after that day's last show a film page opens on the next
  // day only once React knows the time, a shift of the programme's own (0.026 on this page at 22:20
  // in Austin; the pre-paint rule can hide the day's gone shows, not show the next day's), not the ads'.
  await page.clock.setFixedTime(firstDayAtDowntown().morning);
  await site.trackLayoutShifts();
  await site.goto(film.path);
  const load = await adLoadId(page);
  const calls = await waitForAdCalls(request, load, "loadPositions");
  const title = await page.title();
  const scheduled = pageContext<{ showtimes: unknown[] }>(film.path).showtimes.length > 0;

  expect(named(calls, "configure").map((c) => c.args)).toEqual([
    {
      // A film page of a circuit without a chosen theater: no theater segment (spec §4, §7).
      pagePath: "/9518146/allads/starlight-cinemas",
      pagePositions: POSITIONS,
      elementsMapping: ELEMENTS,
      targeting: {
        ...SITE_TARGETING,
        page: title,
        currentPath: film.path,
        theater: "",
        theaterID: "",
        moviePermalinkPath: film.path,
        moviePermalinkOrigin: ORIGIN,
        scheduledMovieIds: scheduled ? [String(film.id)] : [],
      },
      interstitialOnFirstPageEnabled: true,
    },
  ]);
  expect(named(calls, "loadPositions")[0]!.args.filled).toEqual(Object.values(ELEMENTS));
  for (const id of Object.values(ELEMENTS)) await expect(page.locator(`#${id} [data-ad-standin]`)).toBeVisible();

  // The pulse promo is fixed at the bottom-right corner (spec §2).
  const viewport = page.viewportSize()!;
  const pulse = (await page.locator("#PulsePromoContainer").boundingBox())!;
  expect(viewport.width - (pulse.x + pulse.width)).toBeLessThan(32);
  expect(viewport.height - (pulse.y + pulse.height)).toBeLessThan(32);

  // The global page data object (spec §3).
  expect(await page.evaluate(() => (window as { pageData?: object }).pageData)).toMatchObject({
    urlOrigin: ORIGIN,
    domain: "www.starlightcinemas.com",
    pageType: "film",
    theaterId: null,
    movieId: film.id,
    movieTitle: film.title,
    moviePermalinkPath: film.path,
    isLoggedIn: false,
  });
  const { total, shifts } = await site.settledLayoutShift();
  expect(shifts).toEqual([]);
  expect(total).toBe(0);
});

test.describe("a film page on a phone", () => {
  test.use({ viewport: PHONE_VIEWPORT });

  test("the header promo follows the showtimes, never above them (issue 42), filled in place with nothing moving", async ({
    page,
    site,
    request,
  }) => {
    const { films, morning } = firstDayAtDowntown();
    await page.clock.setFixedTime(morning);
    await site.trackLayoutShifts();
    await site.goto(films[0]!.path);
    const load = await adLoadId(page);
    const calls = await waitForAdCalls(request, load, "loadPositions");
    expect(named(calls, "loadPositions")[0]!.args.filled).toEqual(Object.values(ELEMENTS));
    const promo = page.locator("#HeaderPromoContainer");
    await expect(promo.locator("[data-ad-standin]")).toBeVisible();
    // One element for the position, in the page after the times; the band above the page is not shown.
    await expect(page.locator('[data-ad-slot="header"]:visible')).toHaveCount(1);
    const lastTime = (await site.main.locator("a[data-perf-code]").last().boundingBox())!;
    const band = (await promo.boundingBox())!;
    expect(band.y, "the promo's top edge, below the last showtime's bottom edge").toBeGreaterThanOrEqual(
      lastTime.y + lastTime.height,
    );
    expect(await site.heading.boundingBox().then((h) => h!.y)).toBeLessThan(200);
    const { total, shifts } = await site.settledLayoutShift();
    expect(shifts).toEqual([]);
    expect(total).toBe(0);
    expect(await axeViolations(page, { everyRule: true })).toEqual([]);
  });
});

test("a theater page: the theater in the path and the targeting, its scheduled films", async ({
  page,
  site,
  request,
}) => {
  await site.goto(DOWNTOWN.path);
  // Before the setup (500 ms after mount) has drawn anything.
  const before = await site.heading.boundingBox();
  const load = await adLoadId(page);
  const calls = await waitForAdCalls(request, load, "loadPositions");
  expect(named(calls, "configure").map((c) => c.args)).toEqual([
    {
      pagePath: "/9518146/allads/starlight-cinemas/starlight-downtown",
      pagePositions: POSITIONS,
      elementsMapping: ELEMENTS,
      targeting: {
        ...SITE_TARGETING,
        page: await page.title(),
        currentPath: DOWNTOWN.path,
        theater: DOWNTOWN.name,
        theaterID: DOWNTOWN.id,
        moviePermalinkPath: "",
        moviePermalinkOrigin: "",
        // Every film with a showtime at the theater, in the order of its showtimes.
        scheduledMovieIds: [...new Set(theaterShowtimes().map((s) => String(s[0])))],
      },
      interstitialOnFirstPageEnabled: true,
    },
  ]);
  expect(await page.evaluate(() => (window as { pageData?: object }).pageData)).toMatchObject({
    pageType: "theater",
    theaterId: DOWNTOWN.id,
    theaterName: DOWNTOWN.name,
    theaterPermalinkOrigin: ORIGIN,
    theaterPermalinkPath: DOWNTOWN.path,
    movieId: null,
  });
  await expect(page.locator("#HeaderPromoContainer [data-ad-standin]")).toBeVisible();
  // The header promo's space was there from the first paint: the page below it has not moved.
  // (CLS itself is measured on the film page: this page's film list can re-wrap after mount
  // when the day's first showtimes have started, which is not the ads' doing.)
  expect(await site.heading.boundingBox()).toEqual(before);
});

test("client-side navigation to another film clears the slots and loads the positions again, without the interstitial", async ({
  page,
  site,
  request,
}) => {
  // The theater page lists one day's films (issue 42): two of the first day's, before its first show.
  const { films, morning } = firstDayAtDowntown();
  const [first, second] = films;
  if (!first || !second) throw new Error("the US sample programme has fewer than two films at Downtown on a day");
  await page.clock.setFixedTime(morning);
  await site.visit(DOWNTOWN.path);
  const load = await adLoadId(page);
  await waitForAdCalls(request, load, "loadPositions");

  await site.main.getByRole("link", { name: first.title, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${first.path}$`));
  await waitForAdCalls(request, load, "loadPositions", 2);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${DOWNTOWN.path}$`));
  await waitForAdCalls(request, load, "loadPositions", 3);
  await site.main.getByRole("link", { name: second.title, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${second.path}$`));
  const calls = await waitForAdCalls(request, load, "loadPositions", 4);

  // One page load: the library was fetched once, and each new page cleared, re-targeted, reloaded.
  expect(calls.map((c) => c.call)).toEqual([
    "configure",
    "loadPositions",
    ...["clearSlots", "configure", "loadPositions"],
    ...["clearSlots", "configure", "loadPositions"],
    ...["clearSlots", "configure", "loadPositions"],
  ]);
  const configs = named(calls, "configure").map(
    (c) => c.args as { pagePath: string; targeting: { currentPath: string } },
  );
  expect(configs.map((c) => [c.pagePath, c.targeting.currentPath])).toEqual([
    ["/9518146/allads/starlight-cinemas/starlight-downtown", DOWNTOWN.path],
    ["/9518146/allads/starlight-cinemas", first.path],
    ["/9518146/allads/starlight-cinemas/starlight-downtown", DOWNTOWN.path],
    ["/9518146/allads/starlight-cinemas", second.path],
  ]);
  const filled = named(calls, "loadPositions").map((c) => c.args.filled);
  expect(filled[0]).toContain("InterstitialContainer");
  for (const later of filled.slice(1))
    expect(later).toEqual(["HeaderPromoContainer", "FooterPromoContainer", "PulsePromoContainer"]);
  expect(await page.evaluate(() => (window as { pageData?: { movieId: number } }).pageData?.movieId)).toBe(second.id);
  await expect(page.locator("#HeaderPromoContainer [data-ad-standin]")).toBeVisible();
});

// Issue 44: the wrapper library loads once the consent manager has answered (whatever the answer,
// spec §4), so the ad stack reads that answer rather than the page's stub.
test("the ad wrapper library waits for the consent manager, then loads", async ({ page, site, request }) => {
  const libraryRequests: string[] = [];
  page.on("request", (r) => r.url().startsWith(`${SANDBOX_URL}/__ads/library/`) && libraryRequests.push(r.url()));
  const sdk = await site.holdRequests(`${SANDBOX_URL}/__consent/sdk/**`);
  const film = theaterFilms()[0]!;
  // The consent manager held, the page's load event waits for it (its SDK is an async script).
  await site.goto(film.path, { waitUntil: "domcontentloaded" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(film.title);
  await expect(page.locator("#HeaderPromoContainer")).toBeAttached();
  // The ads' setup has run (its command waits in the queue): the library is not asked for yet.
  await page.waitForFunction(() => ((window as { adWrapper?: { cmd: unknown[] } }).adWrapper?.cmd.length ?? 0) > 0);
  expect(libraryRequests).toEqual([]);

  sdk.release();
  const load = await adLoadId(page);
  await waitForAdCalls(request, load, "loadPositions");
  expect(libraryRequests).toHaveLength(1);
});
