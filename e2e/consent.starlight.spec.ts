import { SANDBOX_GA_MEASUREMENT_ID } from "../sandbox/analytics/standin";
import { INTL_WARMUP_WORKER_PATH } from "../src/lib/paths";
import type { APIRequestContext, Page, Response } from "@playwright/test";
import { expect, test } from "./fixtures";
import {
  browseThenReload,
  type ConsentManager,
  consentLog,
  expectConsentLogged,
  expectPageViewCount,
  expectPageViewsOf,
  gaClientId,
  gaHits,
  pageViews,
  navigateBy,
  networkQuiet,
  openWithConsent,
  watchTrackingRequests,
} from "./fixtures/tracking";

// Issue 13 on the US circuit (CCPA): a visitor is tracked unless they set "do not sell".
const SITE_MEASUREMENT_ID = "G-STARLIGHT7";
const labels = { notice: "Privacy settings", popup: "Your privacy choices" };

const navigate = (page: Page, label: string, path: string) => navigateBy(page, "Main navigation", label, path);

/** Two client-side navigations, the network let fall quiet after each: not one tracking request, and still the first page's two page views only. */
async function expectUntrackedBrowsing(
  page: Page,
  request: APIRequestContext,
  cid: string,
  settled: ReturnType<typeof networkQuiet>,
  consent: ConsentManager,
) {
  const tracking = watchTrackingRequests(page);
  await navigate(page, "Movies", "/films/");
  await settled(consent);
  await navigate(page, "About", "/about/");
  await settled(consent);
  expect(tracking).toEqual([]);
  expect(pageViews(await gaHits(request, cid))).toHaveLength(2);
}

test.describe("a first visit", () => {
  test.use({ consentAnswer: null });

  test("is tracked from the first page; setting do-not-sell stops it", async ({ page, site, request }) => {
    const { consent, settled } = await openWithConsent(page, site, "/", labels);
    await expect(consent.notice).toBeVisible();
    const cid = await gaClientId(page);
    await expectPageViewsOf(request, cid, "/", [SANDBOX_GA_MEASUREMENT_ID, SITE_MEASUREMENT_ID]);

    await consent.button("Do Not Sell or Share My Personal Information").click();
    await expect(consent.notice).toBeHidden();
    await settled(consent);
    await expectUntrackedBrowsing(page, request, cid, settled, consent);
  });
});

test.describe("a visitor tracked since an earlier visit", () => {
  test.use({ consentAnswer: "agree" });

  test("the footer's « Do Not Sell or Share My Personal Information » reopens the choice from the keyboard; opting out stops tracking", async ({
    page,
    site,
    request,
  }) => {
    const { consent, settled } = await openWithConsent(page, site, "/", labels);
    const cid = await gaClientId(page);
    await expectPageViewCount(request, cid, 2);
    await settled(consent);
    await expect(consent.notice).toBeHidden();
    const userId = await consent.userId();

    // The US notice's own words, as a button in the footer, activated with Enter.
    await consent.reopenFromFooterByKeyboard("Do Not Sell or Share My Personal Information");
    await expect.poll(() => consentLog(request, userId)).toContain("preferences.show agree");

    await consent.popupButton("Do Not Sell or Share My Personal Information").click();
    await expect(consent.popup).toBeHidden();
    await expectConsentLogged(request, userId, ["preferences.show agree", "consent.given disagree"]);
    await settled(consent);
    // Spec §4: re-evaluated on the change: from now on nothing is sent.
    await expectUntrackedBrowsing(page, request, cid, settled, consent);

    // And back: the same link, then "Allow", and the next page is counted again.
    await consent.footerLink("Do Not Sell or Share My Personal Information").click();
    await consent.popupButton("Allow").click();
    await expectConsentLogged(request, userId, ["preferences.show disagree", "consent.given agree"]);
    await navigate(page, "Movies", "/films/");
    await expect
      .poll(async () => pageViews(await gaHits(request, cid)).filter((line) => line.endsWith(" /films/")))
      .toHaveLength(2);
  });
});

test.describe("a visitor who set do-not-sell earlier", () => {
  test.use({ consentAnswer: "disagree" });

  test("not one request to a tracking stand-in over three navigations and a reload", async ({ page, site }) => {
    const tracking = watchTrackingRequests(page);
    const { consent, settled } = await openWithConsent(page, site, "/", labels);
    await settled(consent);
    await expect(consent.notice).toBeHidden();
    await browseThenReload(page, settled, consent, "Main navigation", [
      ["Movies", "/films/"],
      ["Theaters", "/theaters/"],
      ["About", "/about/"],
    ]);
    expect(tracking).toEqual([]);
  });
});

test.describe("a tracked visit", () => {
  test.use({ consentAnswer: "agree" });

  test("loads the code of tracking and ads, and none of the member forms' (phone-number metadata)", async ({
    page,
    site,
    request,
  }) => {
    const scripts: Promise<{ url: string; body: string | null }>[] = [];
    const collect = (response: Response) => {
      if (response.request().resourceType() === "script")
        // A worker's script may be gone before its body is read (the Intl warm-up closes itself at
        // once: "Target page, context or browser has been closed"): null, and checked below.
        scripts.push(
          response.text().then(
            (body) => ({ url: response.url(), body }),
            () => ({ url: response.url(), body: null }),
          ),
        );
    };
    page.on("response", collect);
    const settled = networkQuiet(page);
    await site.visit("/films/");
    const cid = await gaClientId(page);
    await expectPageViewCount(request, cid, 2);
    await settled(null);
    // A script arriving after this would read its body as the test ends, and fail it ("Test ended").
    page.off("response", collect);
    const loaded = await Promise.all(scripts);
    expect(loaded.length).toBeGreaterThan(3);
    // Every script's code was read, but the warm-up worker's (which holds no member form).
    const unread = loaded.filter((script) => script.body === null).map((script) => new URL(script.url).pathname);
    expect(unread.filter((path) => path !== INTL_WARMUP_WORKER_PATH)).toEqual([]);
    expect(loaded.filter((script) => script.body?.includes("country_calling_codes")).map((s) => s.url)).toEqual([]);
  });
});
