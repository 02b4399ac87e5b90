import { ADS_PREFIX } from "../sandbox/ads/standin";
import { TRACKING_PREFIXES } from "../sandbox/analytics/standin";
import { CONSENT_PREFIX } from "../sandbox/consent/standin";
import { expect, test } from "./fixtures";
import { EDITOR_URL, SANDBOX_URL, THIRD_ORIGIN_URL } from "./variants";
import { MOUNTED, SiteEditor, builtPalette, cssRgb, expectedColours } from "./fixtures/site-editor";
import { ConsentManager, networkQuiet } from "./fixtures/tracking";

// Spec §4 "Editor preview lifecycle", §6 site editor, §7 window messages. Three origins: the site
// (baseURL, localhost), the sandbox editor (localhost, another port: in the build's EDITOR_ORIGINS)
// and the same editor server reached as 127.0.0.1, a third origin that is not.

const DARK_SCHEME = {
  primary: "#ff7a59",
  accent: "#ffd166",
  highlight: "#06d6a0",
  muted: "#8d99ae",
  background: "#14213d",
  footerBackground: "#000814",
  headerBackground: "#1d3557",
};

test.describe("live editor preview", () => {
  test("the sandbox editor frames the site, gets the lifecycle, and a colour scheme and a font change the page", async ({
    page,
    baseURL,
  }) => {
    const editor = new SiteEditor(page);
    const fontRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/fonts/preview/")) fontRequests.push(new URL(request.url()).pathname);
    });
    await editor.open(EDITOR_URL, `${baseURL}/cms-preview/`);
    await expect(editor.log).toContainText(`received from ${baseURL}: ${MOUNTED}`);
    const body = editor.site.locator("body");
    const built = expectedColours(builtPalette());
    await expect(body).toHaveCSS("background-color", cssRgb(built.pageBackground));

    await editor.sendColourScheme(DARK_SCHEME);
    const derived = expectedColours(DARK_SCHEME);
    await expect(body).toHaveCSS("background-color", cssRgb(derived.pageBackground));
    await expect(body).toHaveCSS("color", cssRgb(derived.text));
    await expect(editor.site.getByRole("banner")).toHaveCSS("background-color", cssRgb(derived.headerBackground));
    await expect(editor.site.getByRole("contentinfo")).toHaveCSS("color", cssRgb(derived.readableOnFooterBackground));

    await editor.sendFont("body", "Lora", "400, 700");
    await expect(body).toHaveCSS("font-family", /^"?Lora"?, /);
    await editor.sendFont("heading", "Bebas Neue", "400");
    await expect(editor.site.getByRole("heading", { level: 1 }).first()).toHaveCSS("font-family", /^"?Bebas Neue"?, /);
    // The chosen fonts are actually loaded, from the preview-only folder.
    const frame = await editor.siteFrame();
    await expect
      .poll(() =>
        frame.evaluate(() =>
          [...document.fonts]
            .filter((face) => face.status === "loaded")
            .map((face) => face.family.replace(/"/g, ""))
            .filter((family) => family === "Lora" || family === "Bebas Neue"),
        ),
      )
      .toEqual(expect.arrayContaining(["Lora", "Bebas Neue"]));
    expect(fontRequests).toEqual(expect.arrayContaining(["/fonts/preview/lora.css", "/fonts/preview/bebas-neue.css"]));
    expect(fontRequests.some((p) => /^\/fonts\/preview\/lora-latin-wght-normal\.[0-9a-f]{8}\.woff2$/.test(p))).toBe(
      true,
    );
  });

  test("header and footer layouts, logo size and search switch on the live page", async ({ page, baseURL }) => {
    const editor = new SiteEditor(page);
    await editor.open(EDITOR_URL, `${baseURL}/cms-preview/`);
    await expect(editor.log).toContainText(MOUNTED);
    const header = editor.site.getByRole("banner");
    const footer = editor.site.getByRole("contentinfo");
    await expect(header).toHaveAttribute("data-layout", "classic");
    await expect(header.locator(".inner")).toHaveCSS("flex-direction", "row");
    await expect(footer).toHaveAttribute("data-layout", "columns");

    await editor.choose("Header layout", "centered");
    await expect(header).toHaveAttribute("data-layout", "centered");
    await expect(header.locator(".inner")).toHaveCSS("flex-direction", "column");
    await editor.choose("Footer layout", "compact");
    await expect(footer).toHaveAttribute("data-layout", "compact");
    await expect(footer.getByRole("heading")).toHaveCount(0);

    await editor.choose("Logo size", "large");
    await expect(header.getByRole("img").first()).toHaveAttribute("height", "64");
    await expect(header.getByRole("combobox", { name: "Rechercher un film" })).toBeVisible();
    await page.getByLabel("Search", { exact: true }).uncheck();
    await expect(header.getByRole("combobox", { name: "Rechercher un film" })).toHaveCount(0);

    await editor.choose("Header layout", "classic");
    await expect(header.locator(".inner")).toHaveCSS("flex-direction", "row");
  });

  test("under /cms-preview/ the framed page stays put when a link is clicked", async ({ page, baseURL }) => {
    const editor = new SiteEditor(page);
    await editor.open(EDITOR_URL, `${baseURL}/cms-preview/`);
    await expect(editor.log).toContainText(MOUNTED);
    const frame = await editor.siteFrame();
    await editor.site.getByRole("navigation", { name: "Navigation principale" }).getByRole("link").first().click();
    await editor.choose("Header layout", "centered");
    await expect(editor.site.getByRole("banner")).toHaveAttribute("data-layout", "centered");
    expect(new URL(frame.url()).pathname).toBe("/cms-preview/");
  });

  test("a page on a third origin cannot frame the site (CSP frame-ancestors): no lifecycle, no preview code", async ({
    page,
    baseURL,
    consoleGuard,
  }) => {
    // The production server names the framing origins it allows; the browser refuses the rest.
    consoleGuard.expectFailedResponse(/\/cms-preview\/$/, { reason: "framing refused by frame-ancestors" });
    consoleGuard.expectConsoleMessage(/violates the following Content Security Policy directive: "frame-ancestors/);
    // The intruder's own messages to the refused frame, whose document is then the browser's error
    // page (an opaque origin): the headless shell logs each as a warning.
    consoleGuard.expectConsoleMessage(
      /Failed to execute 'postMessage' on 'DOMWindow': The target origin provided \('http:\/\/localhost:\d+'\) does not match the recipient window's origin \('null'\)/,
    );
    const previewCode: string[] = [];
    page.on("request", (request) => {
      if (/editor-preview|\/fonts\/preview\//.test(request.url())) previewCode.push(request.url());
    });
    const intruder = new SiteEditor(page);
    const framed = page.waitForEvent("requestfailed", (request) => request.url() === `${baseURL}/cms-preview/`);
    await intruder.open(THIRD_ORIGIN_URL, `${baseURL}/cms-preview/`);
    expect((await framed).failure()?.errorText).toBe("net::ERR_BLOCKED_BY_RESPONSE");
    await intruder.sendColourScheme(DARK_SCHEME);
    await expect(intruder.log).not.toContainText("lifeCycle");
    expect(previewCode).toEqual([]);
  });

  test("inside the editor, a frame from a third origin posts the same changes: ignored, while the editor's are applied", async ({
    page,
    baseURL,
  }) => {
    const editor = new SiteEditor(page);
    await editor.open(EDITOR_URL, `${baseURL}/cms-preview/`);
    await expect(editor.log).toContainText(MOUNTED);
    const body = editor.site.locator("body");
    // A third-origin window that holds a reference to the site's frame (frames[0] of its parent).
    await page.evaluate((src) => {
      const other = document.createElement("iframe");
      other.id = "intruder";
      other.src = src;
      document.body.appendChild(other);
    }, `${THIRD_ORIGIN_URL}/blank`);
    const intruderFrame = (await (await page.locator("#intruder").elementHandle())!.contentFrame())!;
    await expect.poll(() => intruderFrame.title()).toBe("Blank");
    await intruderFrame.evaluate(
      ({ scheme, siteOrigin }) => {
        const site = window.parent.frames[0]!;
        site.postMessage({ type: "colorScheme", payload: { colorScheme: scheme } }, siteOrigin);
        site.postMessage(
          { type: "font", payload: { font: { target: "body", family: "Lora", weights: ["400"] } } },
          siteOrigin,
        );
        site.postMessage({ type: "footerLayout", payload: { footerLayout: "compact" } }, siteOrigin);
      },
      { scheme: DARK_SCHEME, siteOrigin: baseURL! },
    );
    // The editor's own message, posted after the intruder's: once it shows, theirs have been handled.
    await editor.choose("Header layout", "centered");
    await expect(editor.site.getByRole("banner")).toHaveAttribute("data-layout", "centered");
    await expect(body).toHaveCSS("background-color", cssRgb(expectedColours(builtPalette()).pageBackground));
    await expect(body).not.toHaveCSS("font-family", /Lora/);
    await expect(editor.site.getByRole("contentinfo")).toHaveAttribute("data-layout", "columns");
  });

  test("a visitor's page loads no editor code and no preview fonts", async ({ site, page }) => {
    const previewCode: string[] = [];
    page.on("request", (request) => {
      if (/editor-preview|\/fonts\/preview\//.test(request.url())) previewCode.push(request.url());
    });
    await site.visit("/cms-preview/");
    await site.visit("/films/");
    expect(previewCode).toEqual([]);
  });
});

// Under the preview path prefix the page is the editor's working copy, not a visit (docs/decisions.md):
// no consent notice over the footer being edited, and no consent manager, analytics, tag or ad
// script, whatever the editor's browser answered the notice elsewhere on the site.
const THIRD_PARTY_PREFIXES = [CONSENT_PREFIX, ...TRACKING_PREFIXES, ADS_PREFIX];

for (const answer of [null, "agree"] as const) {
  test.describe(`the preview, in a browser that ${answer ? `answered "${answer}" on the site` : "never answered the notice"}`, () => {
    test.use({ consentAnswer: answer });

    test("no consent notice, consent manager, analytics, tag or ad request, and no consent link in the footer", async ({
      page,
      baseURL,
      site,
    }) => {
      const thirdParties: string[] = [];
      page.on("request", (request) => {
        const url = new URL(request.url());
        if (url.origin === new URL(SANDBOX_URL).origin && THIRD_PARTY_PREFIXES.some((p) => url.pathname.startsWith(p)))
          thirdParties.push(url.pathname);
      });
      const settled = networkQuiet(page);
      const editor = new SiteEditor(page);
      await editor.open(EDITOR_URL, `${baseURL}/cms-preview/`);
      await expect(editor.log).toContainText(MOUNTED);
      const frame = await editor.siteFrame();
      // Past the moment a visitor's page starts them (after hydration, at idle, 2 s at the latest).
      await settled(null, 2500);
      expect(thirdParties).toEqual([]);
      expect(await frame.evaluate(() => "Didomi" in window || "didomiConfig" in window)).toBe(false);
      await expect(editor.site.locator("#didomi-host")).toHaveCount(0);
      const footer = editor.site.getByRole("contentinfo");
      await expect(footer).toBeVisible();
      await expect(footer.getByRole("button")).toHaveCount(0);
      // The editor still works on it.
      await editor.choose("Footer layout", "compact");
      await expect(footer).toHaveAttribute("data-layout", "compact");
      expect(thirdParties).toEqual([]);

      // The same build outside the prefix: the consent manager loads, with the footer's link.
      const consent = new ConsentManager(page);
      await site.visit("/films/");
      await consent.ready();
      await expect(consent.footerLink("Gérer mes cookies")).toBeVisible();
      if (answer) await expect(consent.notice).toBeHidden();
      else await expect(consent.notice).toBeVisible();
      expect(thirdParties.some((path) => path.startsWith(`${CONSENT_PREFIX}sdk/`))).toBe(true);
    });
  });
}
