/** @jest-environment node */
// The ad stand-ins over HTTP (scripts, records, log), and their scripts run in a DOM: what a page
// that calls them gets drawn and what gets recorded.
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
      "refresh",
      "destroySlots",
    ]);
    // Each record carries its place in the page load, for the log's order.
    expect(posted.map((body) => (JSON.parse(body) as { seq: number }).seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(JSON.parse(posted[3]!)).toMatchObject({
      library: "gpt",
      args: { elementId: "top", targeting: { currentPath: "/" } },
    });
  });
});
