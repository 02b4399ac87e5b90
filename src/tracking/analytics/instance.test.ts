/** @jest-environment jsdom */
// The real analytics library and GA4 plugin (their browser builds, which a test runner does not
// pick by itself), to check that the options reach gtag and that a disabled instance loads nothing.
import { createAnalyticsController } from "./controller";
import { recordOutboundClick, recordPageView, setAnalyticsSink } from "./events";
import { analyticsFactory } from "./instance";
import { ga4PluginOptions } from "./ga4-options";

jest.mock("analytics", () => jest.requireActual("analytics/lib/analytics.browser.cjs.js"));
jest.mock("@analytics/google-analytics", () =>
  jest.requireActual("@analytics/google-analytics/lib/analytics-plugin-ga.browser.cjs.js"),
);

type Win = Window & Record<string, unknown>;
const win = window as unknown as Win;

const options = ga4PluginOptions({
  fixedMeasurementId: "G-FIXED0001",
  siteMeasurementIds: ["G-SITE0002"],
  scriptUrl: "https://stand-in.example/__ga/gtag/js",
  collectUrl: "https://stand-in.example/__ga",
})!;

/** gtag() calls waiting in the plugin's data layer, as arrays. */
const gtagCalls = () => ((win.ga4DataLayer as IArguments[] | undefined) ?? []).map((args) => Array.from(args));
const flush = () => new Promise((resolve) => setTimeout(resolve, 50));

describe("analyticsFactory with the GA4 plugin", () => {
  it("an instance created with plugins disabled loads no script and sends nothing", async () => {
    const created = analyticsFactory("Cinéma Lumière", options)({ enabled: false });
    await created.instance.page({ path: "/" });
    await flush();
    expect(document.querySelectorAll("script")).toHaveLength(0);
    expect(win.ga4DataLayer).toBeUndefined();
    expect(created.pluginNames).toEqual(["google-analytics"]);
    // Nothing of the library's own is stored for a visitor who refused.
    expect(Object.keys(localStorage)).toEqual([]);
    expect(document.cookie).toBe("");
  });

  it("an enabled instance loads gtag.js from the deploy's URL and configures both ids with the spec's options", async () => {
    const created = analyticsFactory("Cinéma Lumière", options)({ enabled: true });
    await flush();
    // With consent, the library keeps its anonymous id (the disabled instance above did not).
    expect(Object.keys(localStorage)).toContain("__anon_id");
    expect(Array.from(document.querySelectorAll("script")).map((s) => s.getAttribute("src"))).toEqual([
      "https://stand-in.example/__ga/gtag/js?id=G-FIXED0001&l=ga4DataLayer",
    ]);
    const configs = gtagCalls().filter(([command]) => command === "config");
    expect(configs.map(([, id]) => id)).toEqual(["G-FIXED0001", "G-SITE0002"]);
    expect(configs[0]![2]).toEqual(
      expect.objectContaining({
        anonymize_ip: true,
        cookie_expires: 34_164_000,
        cookie_update: false,
        send_page_view: false,
        server_container_url: "https://stand-in.example/__ga",
      }),
    );

    await created.instance.page({ path: "/films/", url: "http://localhost/films/" });
    await created.instance.track("click", { category: "Navigation", label: "out: https://example.com/" });
    await flush();
    const events = gtagCalls().filter(([command]) => command === "event");
    expect(events.map(([, name]) => name)).toEqual(["page_view", "click"]);
    expect(events[0]![2]).toEqual(
      expect.objectContaining({ page_path: "/films/", page_location: "http://localhost/films/" }),
    );
    expect(events[1]![2]).toEqual(
      expect.objectContaining({ category: "Navigation", label: "out: https://example.com/" }),
    );

    created.optOut();
    expect(win["ga-disable-G-FIXED0001"]).toBe(true);
    expect(win["ga-disable-G-SITE0002"]).toBe(true);
  });
});

describe("what GA4 receives on a page opened with a member token or reset values", () => {
  const secrets = /MT-SECRET|RC-999|jane|%40example|tok-9|token=|resetCode|email=|boostToken/;

  afterEach(() => {
    setAnalyticsSink(null);
    window.history.replaceState(null, "", "/");
  });

  it("page_location (dl), page_path, page_referrer and the outbound-click label carry none of them", async () => {
    window.history.replaceState(
      null,
      "",
      "/account/reset-password/?email=jane%40example.com&resetCode=RC-999&utm_source=mail",
    );
    Object.defineProperty(document, "referrer", { value: "http://localhost/?token=MT-SECRET", configurable: true });
    (win.ga4DataLayer as unknown[] | undefined)?.splice(0);
    const controller = createAnalyticsController({
      create: analyticsFactory("Cinéma Lumière", options),
      currentPath: () => `${window.location.pathname}${window.location.search}`,
    });
    controller.enable();
    await flush();
    recordPageView("/?token=MT-SECRET&utm_source=pos");
    recordOutboundClick("https://billetterie.example/websales/book?perfcode=P42&boostToken=tok-9", "boostToken");
    await flush();

    const events = gtagCalls().filter(([command]) => command === "event");
    expect(events.map(([, name]) => name)).toEqual(["page_view", "page_view", "click"]);
    expect(events[0]![2]).toEqual(
      expect.objectContaining({
        page_path: "/account/reset-password/?utm_source=mail",
        page_location: "http://localhost/account/reset-password/?utm_source=mail",
        page_referrer: "http://localhost/",
      }),
    );
    expect(events[1]![2]).toEqual(
      expect.objectContaining({ page_path: "/?utm_source=pos", page_location: "http://localhost/?utm_source=pos" }),
    );
    expect(events[2]![2]).toEqual(
      expect.objectContaining({
        label: "out: https://billetterie.example/websales/book?perfcode=P42",
        page_location: "http://localhost/account/reset-password/?utm_source=mail",
      }),
    );
    expect(JSON.stringify(events)).not.toMatch(secrets);
  });
});
