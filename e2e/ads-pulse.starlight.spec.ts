import path from "node:path";
import type { Page } from "@playwright/test";
import { zonedTimeToUtc } from "../src/catalogue/dates";
import { expect, PHONE_VIEWPORT, test } from "./fixtures";
import { adLoadId, waitForAdCalls } from "./fixtures/ads";
import { filmList } from "./fixtures/site-data";
import { VARIANTS } from "./variants";

// Issue 14 on the US circuit (PULSE in adsLocation): the pulse promo is fixed at the bottom-right
// corner (spec §2), so while it shows the page reserves its height at the end. Issue 44: on a phone
// it is no overlay but ends the page, after the footer, against the right edge. Scrolled to the
// bottom, no line of the footer, and no link or button of the page (the schedule's showtimes among
// them), is under the pulse's box and the ad is at the screen's bottom-right corner, on a phone and
// on a desktop. On a desktop its close button, reached by the keyboard, takes it away, room and all.

const PUBLIC = path.resolve(__dirname, "..", VARIANTS.starlight.dir, "public");

/** 9:00 in Austin on the build's first day: the schedule has the whole day's shows still to come. */
function firstMorning(): Date {
  const firstDay = filmList(PUBLIC)
    .flatMap((f) => (f.nextDay ? [f.nextDay.date] : []))
    .sort()[0]!;
  return zonedTimeToUtc(firstDay, "09:00", "America/Chicago");
}

type Box = { x: number; y: number; width: number; height: number };

/** Each visible line of the footer's text, as the browser lays it out (viewport coordinates). */
function footerLines(page: Page): Promise<(Box & { text: string })[]> {
  return page.evaluate(() => {
    const footer = document.querySelector("footer");
    if (!footer) return [];
    const lines: (Box & { text: string })[] = [];
    const walker = document.createTreeWalker(footer, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? "";
      if (!text) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      // Visually hidden text (1px clips) is no line anyone reads.
      for (const rect of range.getClientRects())
        if (rect.width > 1 && rect.height > 1)
          lines.push({ x: rect.x, y: rect.y, width: rect.width, height: rect.height, text });
    }
    return lines;
  });
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The page's visible links and buttons (the pulse's own aside) under `box` (viewport coordinates). */
function controlsUnder(page: Page, box: Box): Promise<string[]> {
  return page.evaluate((ad) => {
    const meet = (a: DOMRect) =>
      a.width > 1 && a.height > 1 && a.x < ad.x + ad.width && ad.x < a.x + a.width && a.y < ad.y + ad.height;
    return [...document.querySelectorAll('a[href], button, input, select, textarea, [role="button"], [tabindex="0"]')]
      .filter((e) => !e.closest("[data-ad-slot]"))
      .filter((e) => {
        const r = e.getBoundingClientRect();
        return meet(r) && ad.y < r.y + r.height && getComputedStyle(e).visibility !== "hidden";
      })
      .map((e) => `${e.tagName.toLowerCase()} "${(e.textContent ?? "").trim().slice(0, 40)}"`);
  }, box);
}

for (const viewport of [PHONE_VIEWPORT, { width: 1280, height: 800 }]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    for (const pagePath of ["/", "/films/", "/showtimes/"]) {
      test(`${pagePath}: scrolled to the bottom, the footer's last line and every link or button are clear of the pulse`, async ({
        page,
        site,
        request,
      }) => {
        // A schedule with the whole day's shows (their links) still to come.
        await page.clock.setFixedTime(firstMorning());
        await site.goto(pagePath);
        const load = await adLoadId(page);
        await waitForAdCalls(request, load, "loadPositions");
        const pulse = page.locator("#PulsePromoContainer [data-ad-standin]");
        await expect(pulse).toBeVisible();

        // Scrolled again on each try: the room is added once the ad is drawn, fonts may still land.
        await expect
          .poll(async () => {
            await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
            // The whole box: the ad and, on a desktop, its close button above it.
            const box = (await page.locator('[data-ad-slot="pulse"]').boundingBox())!;
            const lines = await footerLines(page);
            const lowest = Math.max(...lines.map((line) => line.y + line.height));
            return {
              lines: lines.length > 0,
              covered: lines.filter((line) => overlaps(line, box)).map((line) => line.text),
              controls: await controlsUnder(page, box),
              lastLineAboveThePulse: lowest <= box.y,
            };
          })
          .toEqual({ lines: true, covered: [], controls: [], lastLineAboveThePulse: true });
        // Fixed from the md breakpoint (768 px) only; on a phone in the page's flow.
        expect(await page.locator('[data-ad-slot="pulse"]').evaluate((e) => getComputedStyle(e).position)).toBe(
          viewport.width >= 768 ? "fixed" : "static",
        );
        // The pulse is still where spec §2 puts it: the bottom-right corner of the screen.
        const ad = (await pulse.boundingBox())!;
        expect(viewport.width - (ad.x + ad.width)).toBeLessThan(32);
        expect(viewport.height - (ad.y + ad.height)).toBeLessThan(32);
      });
    }
  });
}

test.describe("at 1280×800, the pulse's close button", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("reached by the keyboard after the footer, takes the pulse away, and the room kept for it", async ({
    page,
    site,
    request,
  }) => {
    await site.goto("/showtimes/");
    const load = await adLoadId(page);
    await waitForAdCalls(request, load, "loadPositions");
    await expect(page.locator("#PulsePromoContainer [data-ad-standin]")).toBeVisible();
    const close = page.locator('[data-ad-slot="pulse"]').getByRole("button", { name: "Close corner ad" });
    await expect(close).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.body.style.paddingBottom)).not.toBe("");
    // The keyboard reaches it: the last stop of the footer (its privacy choices button), then the button.
    const footerLast = page.locator("footer").locator("a[href], button").last();
    await footerLast.focus();
    await page.keyboard.press("Tab");
    await expect(close).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.locator('[data-ad-slot="pulse"]')).toHaveCount(0);
    // The focus is back where the keyboard came from, not at the top of the page.
    await expect(footerLast).toBeFocused();
    expect(await page.evaluate(() => document.body.style.paddingBottom)).toBe("");
  });
});
