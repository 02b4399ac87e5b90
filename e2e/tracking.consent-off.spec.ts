import {
  SANDBOX_ADS_CONTAINER_ID,
  SANDBOX_GA_MEASUREMENT_ID,
  SANDBOX_TARGETT_CONTAINER_ID,
} from "../sandbox/analytics/standin";
import { expect, test } from "./fixtures";
import { gaClientId, gaHits, pageViews, networkQuiet, watchTrackingRequests } from "./fixtures/tracking";

// Issue 13, the French site built with the consent manager switched off (GATSBY_CONSENT_DISABLED)
// and an analytics-tag-manager source: tracking is on without a notice (spec §4).
test.use({ consentAnswer: null });

test("no notice; GA4 page views, the tag-manager containers, the analytics tag manager and Targett load", async ({
  page,
  site,
  request,
}) => {
  const consentRequests: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/__consent/")) consentRequests.push(r.url());
  });
  const tracking = watchTrackingRequests(page);
  const settled = networkQuiet(page);
  await site.goto("/");
  await site.hydrated();
  const cid = await gaClientId(page);
  await expect
    .poll(async () => pageViews(await gaHits(request, cid)).sort())
    .toEqual([`page_view ${SANDBOX_GA_MEASUREMENT_ID} /`, `page_view G-LUMIERE42 /`].sort());
  await settled(null);

  expect(consentRequests).toEqual([]);
  await expect(page.locator("#didomi-notice")).toHaveCount(0);
  const scripts = tracking.filter((line) => line.startsWith("GET"));
  expect(scripts).toEqual(
    expect.arrayContaining([
      `GET /__gtm/gtm.js?id=${SANDBOX_ADS_CONTAINER_ID}&l=dataLayer`,
      `GET /__gtm/gtm.js?id=${SANDBOX_TARGETT_CONTAINER_ID}&l=dataLayer`,
      "GET /__gtm/gtm.js?id=GTM-LUMIERE&l=dataLayer",
      "GET /__atm/tag-manager.js",
      "GET /__targett/lumiere-annecy/tag.js",
      `GET /__ga/gtag/js?id=${SANDBOX_GA_MEASUREMENT_ID}&l=ga4DataLayer`,
    ]),
  );
  // The containers share the data layer 'dataLayer' (spec §9).
  expect(
    await page.evaluate(() => Object.keys((window as { google_tag_manager?: object }).google_tag_manager ?? {}).sort()),
  ).toEqual([SANDBOX_ADS_CONTAINER_ID, SANDBOX_TARGETT_CONTAINER_ID, "GTM-LUMIERE"].sort());
});
