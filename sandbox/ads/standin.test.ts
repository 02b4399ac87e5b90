/** @jest-environment node */
// The ad stand-ins over HTTP (scripts, records, log), and their scripts run in a DOM: what a page
// that calls them gets drawn and what gets recorded.
import { readFileSync } from "node:fs";
import { GppModel } from "@iabgpp/cmpapi";
import { TCString } from "@iabtcf/core";
import { JSDOM } from "jsdom";
import { sandboxProvider } from "../loyalty-provider/test-support";

const sandbox = sandboxProvider("file");

const record = (body: unknown) =>
  fetch(`${sandbox.baseUrl}/__ads/record`, { method: "POST", body: JSON.stringify(body) });

describe("the ad stand-ins over HTTP", () => {
  it.each(["/__ads/library/WMP_FR_WEB.js", "/__ads/gpt.js"])("%s is served and its load recorded", async (path) => {
    const script = await sandbox.call("GET", path);
    expect(script.status).toBe(200);
    expect(script.contentType).toMatch(/^text\/javascript/);
    const log = await sandbox.call("GET", "/__ads/log");
    expect(log.json.scriptLoads).toContainEqual(expect.objectContaining({ path }));
  });

  it("records calls by page load", async () => {
    expect(
      (await record({ load: "L1", library: "gpt", call: "display", args: { elementId: "x" }, url: "http://s/" }))
        .status,
    ).toBe(204);
    await record({ load: "L2", library: "wrapper", call: "configure", args: {}, url: "http://s/" });
    const log = await sandbox.call("GET", "/__ads/log?load=L1");
    expect(log.json.calls).toEqual([
      expect.objectContaining({
        load: "L1",
        library: "gpt",
        call: "display",
        args: { elementId: "x" },
        url: "http://s/",
      }),
    ]);
  });

  it("lists one page load's calls in the order the page made them, however they arrived", async () => {
    for (const [seq, call] of [
      [2, "loadPositions"],
      [3, "clearSlots"],
      [1, "configure"],
    ] as const)
      await record({ load: "L3", seq, library: "wrapper", call, args: {}, url: "http://s/" });
    const log = await sandbox.call("GET", "/__ads/log?load=L3");
    expect(log.json.calls.map((c: { call: string; seq: number }) => [c.seq, c.call])).toEqual([
      [1, "configure"],
      [2, "loadPositions"],
      [3, "clearSlots"],
    ]);
  });

  it.each([
    ["not JSON", "{"],
    ["no call", JSON.stringify({ library: "gpt" })],
    ["an unknown library", JSON.stringify({ library: "other", call: "x" })],
  ])("refuses a record that is %s", async (_, body) => {
    expect((await fetch(`${sandbox.baseUrl}/__ads/record`, { method: "POST", body })).status).toBe(400);
  });
});

describe("the stand-in scripts in a page", () => {
  async function pageWith(path: string, html: string) {
    const source = (await sandbox.call("GET", path)).text;
    const dom = new JSDOM(`<!doctype html><body>${html}</body>`, {
      url: `${sandbox.baseUrl}/page/`,
      runScripts: "outside-only",
    });
    const posted: string[] = [];
    (dom.window as unknown as { fetch: (u: string, o: { body: string }) => Promise<void> }).fetch = (_u, o) => {
      posted.push(o.body);
      return Promise.resolve();
    };
    return { dom, posted, run: () => dom.window.eval(source) };
  }

  it("the wrapper library runs the queued commands, draws the positions and shows the interstitial on the first page only", async () => {
    const { dom, run } = await pageWith(
      "/__ads/library/WMP_US_WEB.js",
      '<div id="HeaderPromoContainer"></div><div id="InterstitialContainer"></div>',
    );
    const config = {
      pagePath: "/9518146/allads/c/t",
      pagePositions: ["header", "interstitial"],
      elementsMapping: { header: "HeaderPromoContainer", interstitial: "InterstitialContainer" },
      targeting: { currentPath: "/" },
      interstitialOnFirstPageEnabled: true,
    };
    const win = dom.window as unknown as {
      adWrapper: {
        cmd: { push(f: () => void): void };
        configure(c: unknown): void;
        clearSlots(): void;
        loadPositions(): void;
      };
      adStandIn: { calls: { call: string }[] };
    };
    win.adWrapper = { cmd: [() => (win.adWrapper.configure(config), win.adWrapper.loadPositions())] } as never;
    run();
    const doc = dom.window.document;
    expect(doc.querySelector("#HeaderPromoContainer [data-ad-standin]")?.textContent).toMatch(/HeaderPromoContainer/);
    expect(doc.querySelector("#InterstitialContainer [data-ad-standin]")).not.toBeNull();
    win.adWrapper.cmd.push(() => {
      win.adWrapper.clearSlots();
      win.adWrapper.configure(config);
      win.adWrapper.loadPositions();
    });
    expect(doc.querySelector("#InterstitialContainer [data-ad-standin]")).toBeNull();
    expect(doc.querySelector("#HeaderPromoContainer [data-ad-standin]")).not.toBeNull();
    expect(win.adStandIn.calls.map((c) => c.call)).toEqual([
      "configure",
      "loadPositions",
      "clearSlots",
      "configure",
      "loadPositions",
    ]);
  });

  it("Google Publisher Tag: slots drawn at the size the mapping gives the viewport; refresh and destroy recorded", async () => {
    const { dom, run, posted } = await pageWith("/__ads/gpt.js", '<div id="top"></div>');
    run();
    type Gt = {
      cmd: { push(f: () => void): void };
      defineSlot(
        p: string,
        s: number[][],
        id: string,
      ): { addService(x: unknown): unknown; defineSizeMapping(m: unknown): unknown };
      sizeMapping(): { addSize(v: number[], s: number[][]): { build(): unknown } & { addSize: unknown } };
      pubads(): { setTargeting(k: string, v: string): void; refresh(s?: unknown[]): void };
      enableServices(): void;
      display(id: string): void;
      destroySlots(): boolean;
    };
    const gt = (dom.window as unknown as { googletag: Gt }).googletag;
    gt.cmd.push(() => {
      const slot = gt.defineSlot(
        "/1/top",
        [
          [728, 90],
          [320, 50],
        ],
        "top",
      );
      const mapping = gt.sizeMapping().addSize([768, 0], [[728, 90]]) as unknown as {
        addSize(v: number[], s: number[][]): { build(): unknown };
      };
      slot.defineSizeMapping(mapping.addSize([0, 0], [[320, 50]]).build());
      slot.addService(gt.pubads());
      gt.pubads().setTargeting("currentPath", "/");
      gt.enableServices();
      gt.display("top");
    });
    // jsdom's window is 1024 wide: the 768 rule applies.
    expect(dom.window.document.querySelector("#top [data-ad-standin]")?.textContent).toBe("Ad top 728x90");
    gt.pubads().refresh();
    gt.destroySlots();
    expect(dom.window.document.querySelector("#top [data-ad-standin]")).toBeNull();
    expect(posted.map((body) => (JSON.parse(body) as { call: string }).call)).toEqual([
      "defineSlot",
      "defineSizeMapping",
      "enableServices",
      "display",
      "adRequest",
      "refresh",
      "adRequest",
      "destroySlots",
    ]);
    // Each record carries its place in the page load, for the log's order.
    expect(posted.map((body) => (JSON.parse(body) as { seq: number }).seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(JSON.parse(posted[3]!)).toMatchObject({
      library: "gpt",
      args: { elementId: "top", targeting: { currentPath: "/" } },
    });
  });

  type Call = { library: string; call: string; args: Record<string, unknown> };
  const calls = (posted: string[]) => posted.map((body) => JSON.parse(body) as Call);
  const named = (posted: string[], call: string) => calls(posted).filter((c) => c.call === call);

  type Slot = { addService(x: unknown): unknown };
  type Gt = {
    cmd: { push(f: () => void): void };
    defineSlot(p: string, s: number[][], id: string): Slot;
    pubads(): {
      setPrivacySettings(s: Record<string, unknown>): unknown;
      setRequestNonPersonalizedAds(v: 0 | 1): unknown;
      refresh(s?: unknown[]): void;
    };
    enableServices(): void;
    display(id: string): void;
  };
  const gptOf = (dom: JSDOM) => (dom.window as unknown as { googletag: Gt }).googletag;
  function displayTop(gt: Gt, before?: () => void) {
    gt.cmd.push(() => {
      gt.defineSlot("/1/top", [[728, 90]], "top").addService(gt.pubads());
      before?.();
      gt.enableServices();
      gt.display("top");
    });
  }

  it("GPT: the privacy settings are recorded and each ad request carries npa", async () => {
    const { dom, run, posted } = await pageWith("/__ads/gpt.js", '<div id="top"></div><div id="bottom"></div>');
    run();
    const gt = gptOf(dom);
    displayTop(gt);
    gt.pubads().setPrivacySettings({ nonPersonalizedAds: true });
    gt.pubads().refresh();
    gt.pubads().setPrivacySettings({ limitedAds: true });
    gt.pubads().refresh();
    gt.pubads().setPrivacySettings({ nonPersonalizedAds: false, limitedAds: false });
    gt.pubads().setRequestNonPersonalizedAds(1);
    gt.pubads().refresh();
    expect(named(posted, "setPrivacySettings").map((c) => c.args)).toEqual([
      { nonPersonalizedAds: true },
      { limitedAds: true },
      { nonPersonalizedAds: false, limitedAds: false },
    ]);
    expect(named(posted, "setRequestNonPersonalizedAds").map((c) => c.args)).toEqual([{ value: 1 }]);
    // No TCF on this page: no TC string, and nothing read.
    expect(named(posted, "adRequest").map((c) => c.args)).toEqual([
      { slots: ["top"], npa: false, limitedAds: false, tcString: null, gpp: null, gppSid: null },
      { slots: ["top"], npa: true, limitedAds: false, tcString: null, gpp: null, gppSid: null },
      { slots: ["top"], npa: true, limitedAds: true, tcString: null, gpp: null, gppSid: null },
      { slots: ["top"], npa: true, limitedAds: false, tcString: null, gpp: null, gppSid: null },
    ]);
    expect(named(posted, "tcData")).toEqual([]);
    expect(named(posted, "gppData")).toEqual([]);
  });

  it("GPT: a slot displayed before enableServices is drawn but not requested", async () => {
    const { dom, run, posted } = await pageWith("/__ads/gpt.js", '<div id="top"></div>');
    run();
    const gt = gptOf(dom);
    gt.cmd.push(() => {
      gt.defineSlot("/1/top", [[728, 90]], "top").addService(gt.pubads());
      gt.display("top");
    });
    expect(named(posted, "display")).toHaveLength(1);
    expect(named(posted, "adRequest")).toEqual([]);
  });

  type ConsentWindow = {
    eval(source: string): unknown;
    didomiConfig: unknown;
    localStorage: Storage;
    fetch: (u: string, o: { body: string }) => Promise<void>;
    Didomi: { setUserAgreeToAll(): void; setUserDisagreeToAll(): void };
    __gpp?: (command: string, callback: (data: unknown, success: boolean) => void) => unknown;
  };

  /** The consent stand-in's SDK run in a page, for a site in `country`, with an answer stored or not. */
  async function loadConsentSdk(
    dom: JSDOM,
    { country, stored, ccpa = false }: { country: string; stored?: "agree" | "disagree"; ccpa?: boolean },
  ): Promise<ConsentWindow> {
    const sdk = (await sandbox.call("GET", "/__consent/sdk/key/loader.js?target_type=notice&target=n")).text;
    const win = dom.window as unknown as ConsentWindow;
    // Only the ad records: the SDK's own reports go nowhere.
    const record = win.fetch;
    win.fetch = (url, options) => (url.endsWith("/__ads/record") ? record(url, options) : Promise.resolve());
    if (stored)
      win.localStorage.setItem("didomi_token", JSON.stringify({ user_id: "v", choice: stored, created: "2025-03-01" }));
    win.didomiConfig = {
      app: { name: "Cinéma", country },
      languages: { enabled: ["fr"], default: "fr" },
      ...(ccpa && { regulations: { ccpa: { enabled: true } } }),
    };
    win.eval(sdk);
    return win;
  }

  describe("behind the consent stand-in's TCF CMP API (a French site)", () => {
    const STUB = readFileSync(require.resolve("@iabtcf/stub"), "utf8");

    /** A page with the IAB's stub, then the ad script, then the consent SDK, as a gdpr site loads them. */
    async function consentPage(path: string, stored?: "agree" | "disagree") {
      const page = await pageWith(path, '<div id="top"></div>');
      page.dom.window.eval(STUB);
      page.run();
      const win = await loadConsentSdk(page.dom, { country: "FR", stored });
      return { ...page, win };
    }

    it("GPT records the TC data it reads and sends the TC string with each request", async () => {
      const { dom, win, posted } = await consentPage("/__ads/gpt.js");
      const gt = gptOf(dom);
      // Before the answer: the notice is up (cmpuishown), which ad scripts wait past.
      expect(named(posted, "tcData")).toEqual([]);
      win.Didomi.setUserAgreeToAll();
      const [agreed] = named(posted, "tcData");
      expect(agreed!.args).toMatchObject({ gdprApplies: true, eventStatus: "useractioncomplete", cmpStatus: "loaded" });
      const agreedString = agreed!.args.tcString as string;
      expect(TCString.decode(agreedString).vendorConsents.has(755)).toBe(true);
      displayTop(gt);

      // A refusal: the page asks for non-personalised ads, and GPT sends the refusal's string.
      win.Didomi.setUserDisagreeToAll();
      gt.pubads().setPrivacySettings({ nonPersonalizedAds: true });
      gt.pubads().refresh();
      const refused = named(posted, "tcData")[1]!.args.tcString as string;
      const model = TCString.decode(refused);
      expect(model.purposeConsents.has(1)).toBe(false);
      expect(model.vendorConsents.has(755)).toBe(false);
      expect(named(posted, "adRequest").map((c) => c.args)).toEqual([
        { slots: ["top"], npa: false, limitedAds: false, tcString: agreedString, gpp: null, gppSid: null },
        { slots: ["top"], npa: true, limitedAds: false, tcString: refused, gpp: null, gppSid: null },
      ]);
    });

    it.each([
      ["agree", true],
      ["disagree", false],
    ] as const)("the wrapper library records a stored answer (%s) as tcloaded", async (stored, consented) => {
      const { posted } = await consentPage("/__ads/library/WMP_FR_WEB.js", stored);
      const [read] = named(posted, "tcData");
      expect(read).toMatchObject({ library: "wrapper", args: { gdprApplies: true, eventStatus: "tcloaded" } });
      const model = TCString.decode(read!.args.tcString as string);
      expect(model.purposeConsents.has(1)).toBe(consented);
      expect(model.vendorConsents.has(755)).toBe(consented);
    });
  });

  describe("behind the consent stand-in's GPP CMP API (a US site under ccpa)", () => {
    /**
     * The consent SDK, then its GPP script as the browser would load it (jsdom runs no script
     * element), then GPT, as a US site loads them (GPT waits for the consent manager).
     */
    async function usPage(stored?: "agree" | "disagree") {
      const page = await pageWith("/__ads/gpt.js", '<div id="top"></div>');
      const win = await loadConsentSdk(page.dom, { country: "US", ccpa: true, stored });
      const script = page.dom.window.document.querySelector<HTMLScriptElement>('script[src$="/__consent/sdk/gpp.js"]');
      // A call made before the script is in waits in the SDK's stub and is answered once it is.
      const early: unknown[] = [];
      win.__gpp!("ping", (data) => early.push(data));
      expect(early).toEqual([]);
      win.eval((await sandbox.call("GET", "/__consent/sdk/gpp.js")).text);
      (script!.onload as () => void)();
      page.run();
      return { ...page, win, early };
    }

    const usnat = (gppString: unknown, field: string): unknown =>
      new GppModel(gppString as string).getFieldValue("usnat", field);

    it("GPT reads the national section and sends its string with each request; do-not-sell opts out", async () => {
      const { dom, win, posted, early } = await usPage();
      // The queued ping is answered as the API takes the stub over, before the section is written;
      // a ping now finds it loaded and its signal ready.
      expect(early).toEqual([expect.objectContaining({ cmpId: 7, signalStatus: "not ready" })]);
      const now: unknown[] = [];
      win.__gpp!("ping", (data) => now.push(data));
      expect(now).toEqual([
        expect.objectContaining({ cmpStatus: "loaded", signalStatus: "ready", applicableSections: [7] }),
      ]);
      const gt = gptOf(dom);
      // Not answered yet: notices given, no opt-out.
      const [first] = named(posted, "gppData");
      expect(first!.args.applicableSections).toEqual([7]);
      expect(usnat(first!.args.gppString, "SaleOptOutNotice")).toBe(1);
      expect(usnat(first!.args.gppString, "SaleOptOut")).toBe(2);
      displayTop(gt);

      win.Didomi.setUserDisagreeToAll();
      gt.pubads().refresh();
      const requests = named(posted, "adRequest").map((c) => c.args);
      expect(requests.map((r) => r.gppSid)).toEqual([[7], [7]]);
      expect(requests.map((r) => [usnat(r.gpp, "SaleOptOut"), usnat(r.gpp, "SharingOptOut")])).toEqual([
        [2, 2],
        [1, 1],
      ]);
      expect(usnat(requests[1]!.gpp, "TargetedAdvertisingOptOut")).toBe(1);
      // The IAB's US Privacy string says the same.
      const usp: unknown[] = [];
      (win as unknown as { __uspapi(c: string, v: number, cb: (d: unknown) => void): void }).__uspapi(
        "getUSPData",
        1,
        (data) => usp.push(data),
      );
      expect(usp).toEqual([{ version: 1, uspString: "1YYN" }]);
    });

    it.each([
      ["agree", 2],
      ["disagree", 1],
    ] as const)("a stored answer (%s) is in the section from the start", async (stored, saleOptOut) => {
      const { posted } = await usPage(stored);
      const [read] = named(posted, "gppData");
      expect(usnat(read!.args.gppString, "SaleOptOut")).toBe(saleOptOut);
    });

    it("a French site (gdpr) gets no GPP API and no GPP script", async () => {
      const page = await pageWith("/__ads/gpt.js", '<div id="top"></div>');
      const win = await loadConsentSdk(page.dom, { country: "FR" });
      expect(win.__gpp).toBeUndefined();
      expect(page.dom.window.document.querySelector('script[src$="/gpp.js"]')).toBeNull();
    });
  });
});
