import { SANDBOX_GA_MEASUREMENT_ID } from "../sandbox/analytics/standin";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import {
  browseThenReload,
  ConsentManager,
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
import { SANDBOX_URL } from "./variants";

// Issue 13 on the French site (gdpr): the consent notice of the sandbox's Didomi stand-in,
// nothing tracked before the visitor agrees, GA4 page views once they do.
const SITE_MEASUREMENT_ID = "G-LUMIERE42";
const MAP_URL = "https://www.openstreetmap.org/?mlat=45.9008&mlon=6.1296#map=17/45.9008/6.1296";

const navigate = (page: Page, label: string, path: string) => navigateBy(page, "Navigation principale", label, path);

test.describe("a first visit", () => {
  test.use({ consentAnswer: null });

  test("the notice shows the site's name, logo, privacy policy and country; nothing is tracked before an answer", async ({
    page,
    site,
    request,
  }) => {
    const settled = networkQuiet(page);
    const tracking = watchTrackingRequests(page);
    const consent = new ConsentManager(page);
    await site.goto("/");
    await expect(consent.notice).toBeVisible();
    await expect(consent.notice).toContainText("Cinéma Lumière");
    await expect(consent.notice.getByRole("img", { name: "Cinéma Lumière" })).toHaveAttribute(
      "src",
      /\/site-assets\/logo\.svg$/,
    );
    await expect(consent.notice.getByRole("link", { name: "Politique de confidentialité" })).toHaveAttribute(
      "href",
      /^http:\/\/localhost:\d+\/confidentialite\/$/,
    );
    await expect(consent.notice).toContainText("Pays : FR");
    await settled(consent);
    expect(tracking).toEqual([]);

    // What the SDK was given (spec §7, §9): the notice id, the deploy's key, CCPA and external consent on.
    const userId = await page.evaluate(
      () =>
        (window as { Didomi?: { getCurrentUserStatus(): { user_id: string } } }).Didomi!.getCurrentUserStatus().user_id,
    );
    const log = await (await request.get(`${SANDBOX_URL}/__consent/log?user=${userId}`)).json();
    expect(log.entries).toContainEqual(
      expect.objectContaining({
        type: "sdk.ready",
        apiKey: "sandbox-didomi-key",
        noticeId: "lumiere-notice",
        regulation: "gdpr",
        config: expect.objectContaining({ name: "Cinéma Lumière", country: "FR", ccpa: true, externalConsent: true }),
      }),
    );
  });

  test("refusing: not one request to a tracking stand-in over three navigations and a reload", async ({
    page,
    site,
  }) => {
    const tracking = watchTrackingRequests(page);
    const { consent, settled } = await openWithConsent(page, site, "/");
    await consent.button("Refuser").click();
    await expect(consent.notice).toBeHidden();
    await settled(consent);

    await browseThenReload(page, settled, consent, "Navigation principale", [
      ["Films", "/films/"],
      ["Infos pratiques", "/infos-pratiques/"],
      ["Films", "/films/"],
    ]);

    // The refusal holds on the next visit: no notice again, still nothing sent.
    await expect(consent.notice).toBeHidden();
    expect(tracking).toEqual([]);
  });

  test("agreeing: one page view per navigation, to the fixed and the site's measurement ids", async ({
    page,
    site,
    request,
  }) => {
    const { consent, settled } = await openWithConsent(page, site, "/");
    await consent.button("Accepter").click();
    const cid = await gaClientId(page);
    await expectPageViewCount(request, cid, 2);

    await navigate(page, "Films", "/films/");
    await expectPageViewCount(request, cid, 4);
    await navigate(page, "Infos pratiques", "/infos-pratiques/");
    await expectPageViewCount(request, cid, 6);
    await settled(consent);

    const hits = await gaHits(request, cid);
    expect(pageViews(hits).sort()).toEqual(
      ["/", "/films/", "/infos-pratiques/"]
        .flatMap((path) => [SANDBOX_GA_MEASUREMENT_ID, SITE_MEASUREMENT_ID].map((id) => `page_view ${id} ${path}`))
        .sort(),
    );
    // IP anonymised (spec §9), and the page view carries its page's own title.
    expect(hits.every((hit) => hit.aip)).toBe(true);
    expect(hits.find((hit) => hit.dl.endsWith("/films/"))?.dt).toMatch(/^Films/);

    // Cookies last 34,164,000 s (spec §9).
    const cookie = (await page.context().cookies()).find((c) => c.name === "_ga")!;
    expect(cookie.expires - Date.now() / 1000).toBeGreaterThan(34_164_000 - 120);
    expect(cookie.expires - Date.now() / 1000).toBeLessThan(34_164_000 + 120);
  });

  test("the preferences popup: its image gets its text alternative and focus moves to the next button", async ({
    page,
    site,
  }) => {
    const { consent } = await openWithConsent(page, site, "/");
    await consent.button("Paramétrer").click();
    await expect(consent.popup).toBeVisible();
    const logo = consent.popup.locator("img");
    await expect(logo).toHaveAttribute(
      "alt",
      "Gestion de la confidentialité par Didomi - s'ouvre dans un nouvel onglet",
    );
    await expect(consent.popup.getByRole("button", { name: "Tout refuser" })).toBeFocused();
  });
});

test.describe("a visitor who refused on an earlier visit", () => {
  test.use({ consentAnswer: "disagree" });

  test("« Gérer mes cookies » in the footer reopens the choice from the keyboard; agreeing tracks from this page on", async ({
    page,
    site,
    request,
  }) => {
    const tracking = watchTrackingRequests(page);
    const { consent, settled } = await openWithConsent(page, site, "/films/");
    await settled(consent);
    await expect(consent.notice).toBeHidden();
    expect(tracking).toEqual([]);
    const userId = await consent.userId();

    // A button (it opens a dialog, it goes nowhere), in the site's language, reached by the keyboard.
    await consent.reopenFromFooterByKeyboard("Gérer mes cookies");
    // Opened through Didomi's public API (Didomi.preferences.show()), as the stand-in recorded it.
    await expect.poll(() => consentLog(request, userId)).toContain("preferences.show disagree");
    expect(tracking).toEqual([]);

    await consent.popupButton("Tout accepter").click();
    await expect(consent.popup).toBeHidden();
    await expectConsentLogged(request, userId, ["preferences.show disagree", "consent.given agree"]);
    // Spec §4: the new answer is applied at once (re-evaluated on the change), without a reload.
    const cid = await gaClientId(page);
    await expectPageViewsOf(request, cid, "/films/", [SANDBOX_GA_MEASUREMENT_ID, SITE_MEASUREMENT_ID]);
    await navigate(page, "Infos pratiques", "/infos-pratiques/");
    await expectPageViewCount(request, cid, 4);
    await settled(consent);
    // Kept for the next visit: no notice, the link still there.
    await page.reload();
    await settled(consent);
    await expect(consent.notice).toBeHidden();
    await expect(consent.footerLink("Gérer mes cookies")).toBeVisible();
  });
});

test.describe("a visitor who agreed on an earlier visit", () => {
  test.use({ consentAnswer: "agree" });

  test("is tracked from the first page, and an outbound click records click / Navigation / out: {href}", async ({
    page,
    site,
    request,
  }) => {
    await page
      .context()
      .route("https://www.openstreetmap.org/**", (route) =>
        route.fulfill({ contentType: "text/html", body: "<title>Plan</title>" }),
      );
    const { consent } = await openWithConsent(page, site, "/infos-pratiques/");
    await expect(consent.notice).toBeHidden();
    const cid = await gaClientId(page);
    await expectPageViewCount(request, cid, 2);

    const popup = page.waitForEvent("popup");
    await site.main.getByRole("link", { name: /^Voir le plan/ }).click();
    await (await popup).close();
    await expect
      .poll(async () =>
        (await gaHits(request, cid))
          .filter((hit) => hit.en === "click")
          .map((hit) => ({ tid: hit.tid, ...hit.params })),
      )
      .toEqual(
        expect.arrayContaining(
          [SANDBOX_GA_MEASUREMENT_ID, SITE_MEASUREMENT_ID].map((tid) => ({
            tid,
            category: "Navigation",
            label: `out: ${MAP_URL}`,
          })),
        ),
      );
  });
});
