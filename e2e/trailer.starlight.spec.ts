import { expect, test } from "./fixtures";

// Issue 45 on the US circuit (CCPA: consent stands unless the visitor opts out): at 390 px the
// trailer's box keeps 16:9 and plays in place from the privacy-enhanced host on the click.
// The US build's film page (the fixtures' film index is the default build's).
const LOW_ORBIT_PATH = "/films/2048-low-orbit/";

// The visitor has not opted out of the sale of their data (the fixtures' default answer is the opt-out).
test.use({ consentAnswer: "agree" });

test("on a phone the trailer plays in place, in a 16:9 box the width of the page", async ({ site, page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const requests: string[] = [];
  await page.route(/^https:\/\/([^/]+\.)?(youtube-nocookie\.com|youtube\.com|ytimg\.com)\//, async (route) => {
    requests.push(route.request().url());
    await route.fulfill({ contentType: "text/html", body: "<!doctype html><title>player</title>" });
  });
  await site.visit(LOW_ORBIT_PATH);
  const play = site.main.getByRole("button", { name: "Play the trailer for Low Orbit" });
  const facade = (await play.boundingBox())!;
  expect(facade.width).toBeGreaterThan(300);
  expect(facade.width / facade.height).toBeCloseTo(16 / 9, 1);
  expect(requests).toEqual([]);
  await play.click();
  const player = site.main.locator('iframe[title="Trailer for Low Orbit"]');
  await expect(player).toHaveAttribute("src", /^https:\/\/www\.youtube-nocookie\.com\/embed\/sampleStr01\?autoplay=1$/);
  await expect(player).toBeFocused();
});
