import { TCString } from "@iabtcf/core";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ConsentManager } from "./fixtures/tracking";
import { SANDBOX_URL } from "./variants";

// Issue 44 on the French site (gdpr): the IAB TCF v2.2 API the way an ad stack reads it. The
// page's head has the IAB's stub before any script of a vendor, so `__tcfapi` answers from the
// first moment; the consent stand-in answers through the IAB's reference CMP API with a TC string
// encoded from the visitor's answer, which this test decodes with the IAB's own library.
type TcData = { eventStatus: string; cmpStatus: string; gdprApplies?: boolean; tcString?: string };
type Ping = { cmpStatus: string; cmpLoaded: boolean; gdprApplies?: boolean };

const ping = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<Ping>((resolve) =>
        (window as unknown as { __tcfapi: (c: string, v: number, cb: (p: Ping) => void) => void }).__tcfapi(
          "ping",
          2,
          resolve,
        ),
      ),
  );

/** The first TC data with `status`, as an ad script's `addEventListener` gets it. */
const tcDataWhen = (page: Page, status: string) =>
  page.evaluate(
    (wanted) =>
      new Promise<TcData>((resolve) =>
        (
          window as unknown as { __tcfapi: (c: string, v: number, cb: (d: TcData, ok: boolean) => void) => void }
        ).__tcfapi("addEventListener", 2, (data, ok) => {
          if (ok && data.eventStatus === wanted) resolve(data);
        }),
      ),
    status,
  );

const GOOGLE = 755;

test.describe("a first visit", () => {
  test.use({ consentAnswer: null });

  test("the stub is the head's first vendor code: it answers and queues before the consent manager has loaded", async ({
    page,
    site,
    request,
  }) => {
    const html = await (await request.get("/films/")).text();
    const head = html.slice(0, html.indexOf("</head>"));
    const stubAt = head.indexOf("__tcfapiLocator");
    expect(stubAt).toBeGreaterThan(0);
    // Before the consent manager's config (which inserts its SDK) and before any script file.
    expect(stubAt).toBeLessThan(head.indexOf('id="didomi-config"'));
    const firstScriptFile = head.search(/<script[^>]*\bsrc=/);
    if (firstScriptFile !== -1) expect(stubAt).toBeLessThan(firstScriptFile);

    const sdk = await site.holdRequests(`${SANDBOX_URL}/__consent/sdk/**`);
    // The consent manager held, the page's load event waits for it (its SDK is an async script).
    await site.goto("/films/", { waitUntil: "domcontentloaded" });
    expect(await ping(page)).toEqual({ gdprApplies: undefined, cmpLoaded: false, cmpStatus: "stub" });
    // A call the stub cannot answer waits in its queue for the consent manager.
    const queued = page.evaluate(
      () =>
        new Promise<TcData>((resolve) =>
          (window as unknown as { __tcfapi: (c: string, v: number, cb: (d: TcData) => void) => void }).__tcfapi(
            "getTCData",
            2,
            resolve,
          ),
        ),
    );
    sdk.release();
    const consent = new ConsentManager(page);
    await expect(consent.notice).toBeVisible();
    expect(await queued).toMatchObject({ gdprApplies: true, cmpStatus: "loaded", eventStatus: "cmpuishown" });
    expect(await ping(page)).toMatchObject({ gdprApplies: true, cmpLoaded: true, cmpStatus: "loaded" });
  });

  for (const [answer, button, granted] of [
    ["agrees", "Accepter", true],
    ["refuses", "Refuser", false],
  ] as const) {
    test(`a visitor who ${answer}: the TC string an ad script reads says so`, async ({ page, site }) => {
      await site.goto("/");
      const consent = new ConsentManager(page);
      await expect(consent.notice).toBeVisible();
      const answered = tcDataWhen(page, "useractioncomplete");
      await consent.button(button).click();
      const data = await answered;
      expect(data.gdprApplies).toBe(true);
      const tc = TCString.decode(data.tcString!);
      expect(tc.purposeConsents.has(1)).toBe(granted);
      expect(tc.vendorConsents.has(GOOGLE)).toBe(granted);

      // The next page load reads the stored answer: "tcloaded", the same choice.
      await page.reload();
      const loaded = TCString.decode((await tcDataWhen(page, "tcloaded")).tcString!);
      expect(loaded.purposeConsents.has(1)).toBe(granted);
      expect(loaded.vendorConsents.has(GOOGLE)).toBe(granted);
    });
  }
});
