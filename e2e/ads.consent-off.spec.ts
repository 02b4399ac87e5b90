import path from "node:path";
import { expect, test } from "./fixtures";
import { adLoadId, named, waitForAdCalls } from "./fixtures/ads";
import { filmList, programmeMorning } from "./fixtures/site-data";
import { VARIANTS, baseUrlOf } from "./variants";

// Issue 14, direct ad-server mode (CUSTOM_WITHOUT_WRAPPER, e2e/variants.ts DIRECT_ADS_SETTINGS) on
// the French site built without a consent manager: Google Publisher Tag (the sandbox's stand-in)
// is loaded at once (spec §5), slots get the custom size mapping, the custom interstitial is 1x1,
// and a new page's targeting refreshes every slot but the interstitial (spec §4).
test.use({ consentAnswer: null });

const ORIGIN = baseUrlOf(VARIANTS["lumiere-pos"]);
const PUBLIC = path.resolve(__dirname, "..", VARIANTS["lumiere-pos"].dir, "public");
const films = () => filmList(PUBLIC).filter((film) => film.nextDay !== null);
const PATH = "/21800000/restrictedads/cinema-lumiere";

test("the slots, their size mapping and targeting; another film refreshes all but the interstitial; no shift", async ({
  page,
  site,
  request,
}) => {
  const [first, second] = films();
  if (!first || !second) throw new Error("the French sample programme has fewer than two scheduled films");
  // The programme's first morning, as the US circuit's ad tests: what may not shift here is the ads'
  // part. A build of 23:47 seen at 00:01 renames its first day ("Demain" to "Aujourd'hui") once the
  // page knows the time (0.003, a clean-clone run across midnight), whatever the ads do.
  await page.clock.setFixedTime(programmeMorning(PUBLIC));
  await site.trackLayoutShifts();
  await site.goto(first.path);
  const load = await adLoadId(page);
  let calls = await waitForAdCalls(request, load, "display", 3);

  expect(named(calls, "defineSlot").map((c) => c.args)).toEqual([
    {
      adUnitPath: `${PATH}/top`,
      sizes: [
        [970, 90],
        [728, 90],
        [320, 50],
      ],
      elementId: "topCustomPromoContainer",
    },
    { adUnitPath: `${PATH}/aside`, sizes: [[300, 250]], elementId: "asideCustomPromoContainer" },
    { adUnitPath: `${PATH}/interstitial`, sizes: [[1, 1]], elementId: "CustomInterstitialContainer" },
  ]);
  // Widths descending, the repeated 970x90 dropped, the key of no configured location ignored (spec §5).
  expect(named(calls, "defineSizeMapping").map((c) => c.args)).toEqual([
    {
      elementId: "topCustomPromoContainer",
      sizeMapping: [
        [
          [1024, 0],
          [
            [970, 90],
            [728, 90],
          ],
        ],
        [[768, 0], [[728, 90]]],
        [[0, 0], [[320, 50]]],
      ],
    },
    { elementId: "asideCustomPromoContainer", sizeMapping: [[[0, 0], [[300, 250]]]] },
  ]);
  const title = await page.title();
  expect(named(calls, "display")[0]!.args.targeting).toEqual({
    page: title,
    adType: "captif-uniquement",
    websiteID: "10042",
    domain: "www.cinema-lumiere.fr",
    currentPath: first.path,
    urlOrigin: ORIGIN,
    theater: "Cinéma Lumière",
    theaterID: "lumiere-annecy",
    theaterGroup: "",
    theaterGroupID: "",
    moviePermalinkPath: first.path,
    moviePermalinkOrigin: ORIGIN,
    scheduledMovieIds: [String(first.id)],
    isLoggedIn: "false",
  });
  await expect(page.locator("#topCustomPromoContainer [data-ad-standin]")).toHaveText(
    "Ad topCustomPromoContainer 970x90",
  );
  await expect(page.locator("#asideCustomPromoContainer [data-ad-standin]")).toBeVisible();
  const { total, shifts } = await site.settledLayoutShift();
  expect(shifts).toEqual([]);
  expect(total).toBe(0);

  await site.mainNavigation.getByRole("link", { name: "Films" }).click();
  await expect(page).toHaveURL(/\/films\/$/);
  // The setup is debounced (500 ms): let this page's run before leaving it.
  await waitForAdCalls(request, load, "refresh", 1);
  await site.main.getByRole("link", { name: second.title, exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`${second.path}$`));
  calls = await waitForAdCalls(request, load, "refresh", 2);
  const refreshes = named(calls, "refresh").map(
    (c) => c.args as { elementIds: string[]; targeting: { currentPath: string } },
  );
  expect(refreshes.map((r) => [r.elementIds, r.targeting.currentPath])).toEqual([
    [["topCustomPromoContainer", "asideCustomPromoContainer"], "/films/"],
    [["topCustomPromoContainer", "asideCustomPromoContainer"], second.path],
  ]);
  // The same ad path: nothing destroyed or defined again, services enabled once.
  expect(named(calls, "destroySlots")).toEqual([]);
  expect(named(calls, "defineSlot")).toHaveLength(3);
  expect(named(calls, "enableServices")).toHaveLength(1);
  await expect(page.locator("#topCustomPromoContainer [data-ad-standin]")).toBeVisible();
});
