import path from "node:path";
import { GppModel } from "@iabgpp/cmpapi";
import { expect, test } from "./fixtures";
import { adCalls, adLoadId, named, waitForAdCalls } from "./fixtures/ads";
import { escapeRegExp, filmList, type FilmSummary } from "./fixtures/site-data";
import { ConsentManager, networkQuiet } from "./fixtures/tracking";
import { SANDBOX_URL, VARIANTS } from "./variants";

// Issue 14, direct ad-server mode behind a consent manager (e2e/variants.ts CIRCUIT_V3_SETTINGS, the
// US circuit, CCPA): Google Publisher Tag loads only once the consent manager has answered that
// the visitor may be tracked (spec §5), never for a visitor who set do-not-sell, and not again once
// a visitor withdraws, its ads are non-personalised from then on and the GPP string GPT reads says
// so (issue 44); a size mapping with a malformed location gets spec §5's console message and the
// other slots still show.
const PUBLIC = path.resolve(__dirname, "..", VARIANTS["starlight-v3"].dir, "public");
const firstScheduledFilm = (): FilmSummary => {
  const films = filmList(PUBLIC).filter((film) => film.nextDay !== null);
  if (!films[0]) throw new Error("the US sample programme has no scheduled film");
  return films[0];
};
const GPT_URL = `${SANDBOX_URL}/__ads/gpt.js`;
/** The US national GPP section's opt-out fields, as the IAB's library decodes them (1 yes, 2 no). */
const OPTED_OUT = { sale: 1, sharing: 1 };
const NOT_OPTED_OUT = { sale: 2, sharing: 2 };
const saleOptOut = (gppString: unknown) => {
  const model = new GppModel(String(gppString));
  return { sale: model.getFieldValue("usnat", "SaleOptOut"), sharing: model.getFieldValue("usnat", "SharingOptOut") };
};
const labels = { notice: "Privacy settings", popup: "Your privacy choices" };

test.describe("a first visit (CCPA: tracked unless do-not-sell)", () => {
  test.use({ consentAnswer: null });

  test("GPT waits for the consent manager's answer, then fills the slots; the malformed location is reported", async ({
    page,
    site,
    request,
    consoleGuard,
  }) => {
    consoleGuard.expectConsoleMessage(/^Invalid size mapping for ad location: aside$/);
    const gptRequests: string[] = [];
    page.on("request", (r) => r.url().startsWith(GPT_URL) && gptRequests.push(r.url()));
    const sdk = await site.holdRequests(`${SANDBOX_URL}/__consent/sdk/**`);
    const film = firstScheduledFilm();
    // The consent manager held, the page's load event waits for it (its SDK is an async script).
    await site.visit(film.path, { waitUntil: "domcontentloaded" });
    // The page is usable, its slots reserved, and no ad script asked for while the answer is pending.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(film.title);
    await expect(page.locator("#topCustomPromoContainer")).toBeAttached();
    expect(gptRequests).toEqual([]);

    sdk.release();
    const load = await adLoadId(page);
    const calls = await waitForAdCalls(request, load, "display", 1);
    expect(gptRequests).toHaveLength(1);
    expect(named(calls, "defineSlot").map((c) => c.args)).toContainEqual({
      adUnitPath: expect.stringMatching(/^\/21800001\/restrictedads\//),
      sizes: [
        [728, 90],
        [320, 50],
      ],
      elementId: "topCustomPromoContainer",
    });
    expect(named(calls, "defineSizeMapping").map((c) => c.args)).toContainEqual({
      elementId: "topCustomPromoContainer",
      sizeMapping: [
        [[768, 0], [[728, 90]]],
        [[0, 0], [[320, 50]]],
      ],
    });
    await expect(page.locator("#topCustomPromoContainer [data-ad-standin]")).toBeVisible();
  });
});

test.describe("a visitor who withdraws (do-not-sell) after the ads showed", () => {
  test.use({ consentAnswer: null });

  test("the next pages' ad requests are non-personalised (issue 44)", async ({ page, site, request, consoleGuard }) => {
    consoleGuard.expectConsoleMessage(/^Invalid size mapping for ad location: aside$/);
    const settled = networkQuiet(page);
    const consent = new ConsentManager(page, labels);
    const film = firstScheduledFilm();
    await site.visit(film.path);
    const load = await adLoadId(page);
    await waitForAdCalls(request, load, "display", 1);
    // While consent stands, a new page's targeting refreshes the slots (spec §4).
    const navigation = page.getByRole("navigation", { name: "Main navigation" });
    await navigation.getByRole("link", { name: "Movies" }).click();
    await expect(page).toHaveURL(/\/films\/$/);
    await waitForAdCalls(request, load, "refresh", 1);

    await consent.button("Do Not Sell or Share My Personal Information").click();
    await expect(consent.notice).toBeHidden();
    await settled(consent);
    const before = named(await adCalls(request, load), "adRequest");
    // While consent stood: personalised.
    expect(before.length).toBeGreaterThanOrEqual(2);
    expect(before.map((c) => c.args.npa)).toEqual(before.map(() => false));
    // GPT read the consent manager's GPP answer (the US national section): not opted out.
    expect(before.map((c) => [c.args.gppSid, saleOptOut(c.args.gpp)])).toEqual(before.map(() => [[7], NOT_OPTED_OUT]));

    // Each page, once set up (500 ms after it rendered), asks for its ads again: non-personalised.
    await site.main.getByRole("link", { name: film.title, exact: true }).first().click();
    await expect(page).toHaveURL(new RegExp(`${escapeRegExp(film.path)}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(film.title);
    await waitForAdCalls(request, load, "adRequest", before.length + 1);
    await navigation.getByRole("link", { name: "Movies" }).click();
    await expect(page).toHaveURL(/\/films\/$/);
    const calls = await waitForAdCalls(request, load, "adRequest", before.length + 2);
    const after = named(calls, "adRequest").slice(before.length);
    expect(after.map((c) => c.args.npa)).toEqual(after.map(() => true));
    // And the GPP string it sends says the visitor opted out of sale and sharing.
    expect(after.map((c) => saleOptOut(c.args.gpp))).toEqual(after.map(() => OPTED_OUT));
  });
});

test.describe("a visitor who set do-not-sell earlier", () => {
  test.use({ consentAnswer: "disagree" });

  test("no ad script is ever requested, and the page works", async ({ page, site }) => {
    const settled = networkQuiet(page);
    const adRequests: string[] = [];
    page.on("request", (r) => r.url().startsWith(`${SANDBOX_URL}/__ads/`) && adRequests.push(r.url()));
    const film = firstScheduledFilm();
    await site.visit(film.path);
    await settled(new ConsentManager(page, labels));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(film.title);
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Movies" }).click();
    await expect(page).toHaveURL(/\/films\/$/);
    await settled(new ConsentManager(page, labels));
    expect(adRequests).toEqual([]);
  });
});
