import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test, type SitePage } from "./fixtures";
import { adLoadId, waitForAdCalls } from "./fixtures/ads";
import { createMember, sessionTokenAtProvider } from "./fixtures/members";
import { filmList } from "./fixtures/site-data";
import { ConsentManager, gaClientId, gaHits, networkQuiet } from "./fixtures/tracking";
import { SANDBOX_URL, VARIANTS, baseUrlOf } from "./variants";

// Issue 44, "No secret leaves the site": after the visitor accepts the consent notice, a password
// reset link (email, resetCode) and a film page opened with a member's token, a ticketing token and
// a hand-off's opaque value (token, boostToken, requestData) lose those values from the address bar before any third party's script runs,
// keeping utm_source; the screens still work from them; and not one record of any vendor stand-in
// (consent manager, GA4, tag manager, analytics tag manager, Targett, ad wrapper, GPT), nor any
// request the page sends to a third party, holds a planted value.
//
// The default site (this project's) has the tracking stand-ins but no ads; the US circuit's build
// (starlight) has the ad wrapper, and lumiere-pos direct-mode GPT: both opened by origin.

const STARLIGHT = baseUrlOf(VARIANTS.starlight);
const STARLIGHT_PUBLIC = path.resolve(__dirname, "..", VARIANTS.starlight.dir, "public");
const CONSENT_OFF = baseUrlOf(VARIANTS["lumiere-pos"]);
const CONSENT_OFF_PUBLIC = path.resolve(__dirname, "..", VARIANTS["lumiere-pos"].dir, "public");
const SANDBOX_ORIGIN = new URL(SANDBOX_URL).origin;

test.use({ consentAnswer: null });

/** Values of this test alone (the stand-ins' records are shared by every test), and the campaign tag they travel with. */
function plantedValues(memberToken: string) {
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    utm: `planted-${run}`,
    secrets: {
      token: memberToken,
      boostToken: `PLANTED-BOOST-${run}`,
      resetCode: `PLANTED-RC-${run}`,
      email: `planted.${run}@example.com`,
      requestData: `PLANTED-RD-${run}`,
    },
  };
}
type Planted = ReturnType<typeof plantedValues>;

const query = (pairs: Record<string, string>) =>
  `?${Object.entries(pairs)
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join("&")}`;

/** Every request the page sends off the site's own origin, as sent: method, address and body. */
function watchThirdPartyRequests(page: Page, siteOrigin: string): string[] {
  const sent: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).origin === siteOrigin) return;
    sent.push(`${request.method()} ${request.url()} ${request.postData() ?? ""} ${request.headers().referer ?? ""}`);
  });
  return sent;
}

/** Everything every vendor stand-in has recorded, from every test so far. */
async function everyVendorRecord(request: APIRequestContext): Promise<Record<string, unknown>> {
  const logs = ["__consent/log", "__ga/log", "__gtm/log", "__atm/log", "__targett/log", "__ads/log"];
  const records: Record<string, unknown> = {};
  for (const log of logs) records[log] = await (await request.get(`${SANDBOX_URL}/${log}`)).json();
  return records;
}

/** No planted value, raw or encoded as an address carries it (%40, and + or %20 alike). */
function expectNoneOf(planted: Planted, text: string, where: string): void {
  const readable = (() => {
    try {
      return decodeURIComponent(text.replace(/\+/g, " "));
    } catch {
      return text;
    }
  })();
  for (const [name, value] of Object.entries(planted.secrets)) {
    expect(text, `${name} in ${where}`).not.toContain(value);
    expect(text, `${name} in ${where}`).not.toContain(encodeURIComponent(value));
    expect(readable, `${name} in ${where}`).not.toContain(value);
  }
}

async function sweep(request: APIRequestContext, planted: Planted, sent: readonly string[]): Promise<void> {
  const records = await everyVendorRecord(request);
  for (const [log, record] of Object.entries(records)) expectNoneOf(planted, JSON.stringify(record), log);
  for (const line of sent) expectNoneOf(planted, line, "a request to a third party");
}

/** The address bar: the page's path with utm_source alone left of the query. */
async function expectShareableAddress(page: Page, origin: string, pagePath: string, utm: string): Promise<void> {
  await expect(page).toHaveURL(`${origin}${pagePath}?utm_source=${utm}`);
  const shown = await page.evaluate(() => window.location.href);
  expect(new URL(shown).searchParams.get("utm_source")).toBe(utm);
}

async function acceptConsent(site: SitePage, consent: ConsentManager, origin: string, accept: string): Promise<void> {
  await site.visit(`${origin}/`);
  await expect(consent.notice).toBeVisible();
  await consent.button(accept).click();
  await expect(consent.notice).toBeHidden();
}

test("the French site: a reset link and a film page handed tokens; nothing reaches the consent manager, GA4, the tag managers or Targett", async ({
  page,
  site,
  request,
  baseURL,
}) => {
  const origin = baseURL!;
  const member = await createMember(request, { firstName: "Paula", lastName: "Planted" });
  const planted = plantedValues(await sessionTokenAtProvider(request, member.email));
  const { secrets, utm } = planted;
  const sent = watchThirdPartyRequests(page, origin);
  const settled = networkQuiet(page);
  const consent = new ConsentManager(page);
  await acceptConsent(site, consent, origin, "Accepter");
  await settled(consent);

  // The reset link: the form shows (the screen has the code), the address has the campaign only.
  const resetPath = "/account/reset-password/";
  await site.visit(`${resetPath}${query({ email: secrets.email, resetCode: secrets.resetCode, utm_source: utm })}`);
  await expect(site.main.getByLabel("Nouveau mot de passe", { exact: true })).toBeVisible();
  await expectShareableAddress(page, origin, resetPath, utm);
  await settled(consent);
  // A reload of the cleaned page: the history entry kept the link's values, the form still shows.
  await page.reload();
  await site.hydrated();
  await expect(site.main.getByLabel("Nouveau mot de passe", { exact: true })).toBeVisible();
  await expectShareableAddress(page, origin, resetPath, utm);
  await expect(page.locator("[data-ad-slot]")).toHaveCount(0);
  await settled(consent);

  // A film page handed the member's token and a ticketing token: signed in, the address cleaned.
  const film = filmList()[0]!;
  await site.visit(
    `${film.path}${query({ token: secrets.token, boostToken: secrets.boostToken, requestData: secrets.requestData, utm_source: utm })}`,
  );
  await expect(site.header.getByRole("button", { name: "Mon compte" })).toBeVisible();
  await expectShareableAddress(page, origin, film.path, utm);
  await settled(consent);

  // The vendors did hear of these pages, with the campaign: the sweep below is not of silence.
  const cid = await gaClientId(page);
  await expect
    .poll(async () => (await gaHits(request, cid)).map((hit) => hit.dl).filter((dl) => dl.includes(utm)))
    .toEqual(
      expect.arrayContaining([`${origin}${resetPath}?utm_source=${utm}`, `${origin}${film.path}?utm_source=${utm}`]),
    );
  // Targett reports the address bar itself: clean from the first page now (it no longer waits).
  await expect
    .poll(async () => {
      const log = (await (await request.get(`${SANDBOX_URL}/__targett/log`)).json()) as { visits: { url: string }[] };
      return log.visits.map((visit) => visit.url).filter((url) => url.includes(utm));
    })
    .toEqual(expect.arrayContaining([`${origin}${film.path}?utm_source=${utm}`]));
  expect(sent.some((line) => line.includes(SANDBOX_ORIGIN))).toBe(true);

  await sweep(request, planted, sent);
});

test("the US circuit with the ad wrapper: no ad on the reset page, and the film page's ad calls carry the campaign, no token", async ({
  page,
  site,
  request,
}) => {
  const member = await createMember(request, { firstName: "Adam", lastName: "Planted" });
  const planted = plantedValues(await sessionTokenAtProvider(request, member.email));
  const { secrets, utm } = planted;
  const sent = watchThirdPartyRequests(page, STARLIGHT);
  const settled = networkQuiet(page);
  const consent = new ConsentManager(page, { notice: "Privacy settings", popup: "Your privacy choices" });
  await acceptConsent(site, consent, STARLIGHT, "OK");
  await settled(consent);

  // A member page: no ad box, and no ad library for this page load.
  const resetPath = "/account/reset-password/";
  await site.visit(
    `${STARLIGHT}${resetPath}${query({ email: secrets.email, resetCode: secrets.resetCode, utm_source: utm })}`,
  );
  await expect(site.main.getByLabel("New password", { exact: true })).toBeVisible();
  await expectShareableAddress(page, STARLIGHT, resetPath, utm);
  await settled(consent);
  await expect(page.locator("[data-ad-slot]")).toHaveCount(0);
  expect(await page.evaluate(() => "adStandIn" in window || "adWrapper" in window)).toBe(false);

  // A film page handed the tokens: the wrapper is configured from the cleaned address.
  const film = filmList(STARLIGHT_PUBLIC)[0]!;
  await site.visit(
    `${STARLIGHT}${film.path}${query({ token: secrets.token, boostToken: secrets.boostToken, requestData: secrets.requestData, utm_source: utm })}`,
  );
  await expect(site.header.getByRole("button", { name: "My Starlight" })).toBeVisible();
  await expectShareableAddress(page, STARLIGHT, film.path, utm);
  const load = await adLoadId(page);
  const calls = await waitForAdCalls(request, load, "loadPositions");
  // What a real ad library sends its servers: the page's address, as it reads it when called.
  const configures = calls.filter((call) => call.call === "configure");
  expect(configures.length).toBeGreaterThan(0);
  for (const configure of configures) {
    expect(configure.url).toBe(`${STARLIGHT}${film.path}?utm_source=${utm}`);
    expect(configure.args).toMatchObject({ targeting: { currentPath: film.path } });
  }
  await settled(consent);

  await sweep(request, planted, sent);
});

test("direct-mode GPT (consent manager off): the slots' targeting and every call carry no token", async ({
  page,
  site,
  request,
}) => {
  const member = await createMember(request, { firstName: "Gina", lastName: "Planted" });
  const planted = plantedValues(await sessionTokenAtProvider(request, member.email));
  const { secrets, utm } = planted;
  const sent = watchThirdPartyRequests(page, CONSENT_OFF);
  const settled = networkQuiet(page);

  const film = filmList(CONSENT_OFF_PUBLIC)[0]!;
  await site.visit(
    `${CONSENT_OFF}${film.path}${query({ token: secrets.token, boostToken: secrets.boostToken, requestData: secrets.requestData, utm_source: utm })}`,
  );
  await expectShareableAddress(page, CONSENT_OFF, film.path, utm);
  const load = await adLoadId(page);
  const calls = await waitForAdCalls(request, load, "display");
  expect(calls.every((call) => call.url === `${CONSENT_OFF}${film.path}?utm_source=${utm}`)).toBe(true);
  await settled(null);

  await sweep(request, planted, sent);
});
