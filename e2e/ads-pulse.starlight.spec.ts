import type { Page } from "@playwright/test";
import { expect, PHONE_VIEWPORT, test } from "./fixtures";
import { adLoadId, waitForAdCalls } from "./fixtures/ads";

// Issue 14 on the US circuit (PULSE in adsLocation): the pulse promo is fixed at the bottom-right
// corner (spec §2), so while it shows the page reserves its height at the end. Issue 44: on a phone
// it is no overlay but ends the page, after the footer, against the right edge. Scrolled to the
// bottom, no line of the footer is under the ad and the ad is at the screen's bottom-right corner,
// on a phone and on a desktop.

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

for (const viewport of [PHONE_VIEWPORT, { width: 1280, height: 800 }]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    for (const path of ["/", "/films/"]) {
      test(`${path}: scrolled to the bottom, the footer's last line is clear of the pulse`, async ({
        page,
        site,
        request,
      }) => {
        await site.goto(path);
        const load = await adLoadId(page);
        await waitForAdCalls(request, load, "loadPositions");
        const pulse = page.locator("#PulsePromoContainer [data-ad-standin]");
        await expect(pulse).toBeVisible();

        // Scrolled again on each try: the room is added once the ad is drawn, fonts may still land.
        await expect
          .poll(async () => {
            await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
            const ad = (await pulse.boundingBox())!;
            const lines = await footerLines(page);
            const lowest = Math.max(...lines.map((line) => line.y + line.height));
            return {
              lines: lines.length > 0,
              covered: lines.filter((line) => overlaps(line, ad)).map((line) => line.text),
              lastLineAboveThePulse: lowest <= ad.y,
            };
          })
          .toEqual({ lines: true, covered: [], lastLineAboveThePulse: true });
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
