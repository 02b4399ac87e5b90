import {
  SANDBOX_ADS_CONTAINER_ID,
  SANDBOX_GA_MEASUREMENT_ID,
  SANDBOX_TARGETT_CONTAINER_ID,
  type TargettVisit,
} from "../sandbox/analytics/standin";
import { DEMO_PASSWORD } from "../sandbox/loyalty-provider/demo-password";
import { expect, test } from "./fixtures";
import {
  expectPageViewCount,
  expectPageViewsOf,
  gaClientId,
  gaHits,
  pageViews,
  networkQuiet,
  watchTrackingRequests,
} from "./fixtures/tracking";
import { SANDBOX_URL } from "./variants";

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
  await site.visit("/");
  const cid = await gaClientId(page);
  await expectPageViewsOf(request, cid, "/", [SANDBOX_GA_MEASUREMENT_ID, "G-LUMIERE42"]);
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

test("a member token, a reset code and an e-mail in the page's URL reach neither GA4 nor Targett, nor stay in the address bar; utm_* do", async ({
  page,
  site,
  request,
  baseURL,
}) => {
  // A member handed over with ?token= (spec §2), as another service would.
  const login = await request.post(`${SANDBOX_URL}/Member/v3/Login?CypherCircuitId=`, {
    data: { username: "active.v3@example.com", password: DEMO_PASSWORD },
  });
  const token = ((await login.json()) as { sessionManagementTokens: { token: string } }).sessionManagementTokens.token;
  expect(token.length).toBeGreaterThan(8);
  // The visits and hits of this test are the ones carrying its own utm value.
  const utm = `private-params-${Date.now()}`;
  const tracking = watchTrackingRequests(page);
  const settled = networkQuiet(page);

  await site.visit(`/?token=${encodeURIComponent(token)}&utm_source=${utm}`);
  await expect(site.header.getByRole("button", { name: "Mon compte" })).toBeVisible();
  await expect(page).toHaveURL(`${baseURL}/?utm_source=${utm}`);
  const cid = await gaClientId(page);
  await expectPageViewCount(request, cid, 2);

  await site.visit(`/account/reset-password/?email=jane%40example.com&resetCode=RC-999&utm_source=${utm}`);
  await expectPageViewCount(request, cid, 4);
  await settled(null);
  // Issue 44: the address bar lost them as the page started; the reset screen still has its code.
  await expect(page).toHaveURL(`${baseURL}/account/reset-password/?utm_source=${utm}`);
  await expect(site.main.getByLabel("Nouveau mot de passe", { exact: true })).toBeVisible();

  // Targett reports the address bar's URL itself: cleaned as each page starts, it loads on each.
  await page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: "Films" }).click();
  await expect(page).toHaveURL(`${baseURL}/films/?utm_source=${utm}`);
  const visits = async () => {
    const log = (await (await request.get(`${SANDBOX_URL}/__targett/log`)).json()) as { visits: TargettVisit[] };
    return log.visits.map((visit) => visit.url).filter((url) => url.includes(utm));
  };
  // One visit per page load (the Films page is a client-side navigation of the reset page's load).
  await expect
    .poll(visits)
    .toEqual([`${baseURL}/?utm_source=${utm}`, `${baseURL}/account/reset-password/?utm_source=${utm}`]);
  await expectPageViewCount(request, cid, 6);
  await settled(null);

  const hits = await gaHits(request, cid);
  expect(pageViews(hits).sort()).toEqual(
    ["/", "/account/reset-password/", "/films/"]
      .flatMap((path) => [SANDBOX_GA_MEASUREMENT_ID, "G-LUMIERE42"].map((id) => `page_view ${id} ${path}`))
      .sort(),
  );
  expect(hits.map((hit) => hit.dl)).toContain(`${baseURL}/account/reset-password/?utm_source=${utm}`);
  expect(hits.map((hit) => hit.params.page_path)).toContain(`/?utm_source=${utm}`);
  const secrets = [token, "RC-999", "jane", "resetCode", "token="];
  for (const secret of secrets) {
    expect(JSON.stringify(hits)).not.toContain(secret);
    expect(JSON.stringify(await visits())).not.toContain(secret);
    // What left the browser for any stand-in, as sent (the query of each request, still encoded).
    expect(tracking.filter((line) => decodeURIComponent(line).includes(secret))).toEqual([]);
  }
});
