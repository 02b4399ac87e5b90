import { sandboxProvider, withProvider } from "../loyalty-provider/test-support";

const sandbox = sandboxProvider("file");

describe("the analytics and marketing stand-ins over HTTP", () => {
  it("gtag.js, and GA4 hits recorded with their measurement-protocol keys", async () => {
    const script = await sandbox.call("GET", "/__ga/gtag/js?id=G-FIXED&l=ga4DataLayer");
    expect(script.status).toBe(200);
    expect(script.text).toContain("ga-disable-");
    const hit = await fetch(
      `${sandbox.baseUrl}/__ga/g/collect?v=2&tid=G-FIXED&cid=1.2&en=click&dl=http%3A%2F%2Fsite%2F&dt=Home&aip=1&ep.category=Navigation&ep.label=out%3A%20x`,
      { method: "POST" },
    );
    expect(hit.status).toBe(204);
    const log = await sandbox.call("GET", "/__ga/log?cid=1.2");
    expect(log.json.hits).toEqual([
      expect.objectContaining({
        tid: "G-FIXED",
        cid: "1.2",
        en: "click",
        dl: "http://site/",
        dt: "Home",
        aip: true,
        params: { category: "Navigation", label: "out: x" },
      }),
    ]);
    expect(log.json.scriptLoads).toContainEqual(expect.objectContaining({ id: "G-FIXED" }));
  });

  it.each([
    ["/__gtm/gtm.js?id=GTM-ONE&l=dataLayer", "/__gtm/log", "GTM-ONE"],
    ["/__atm/tag-manager.js", "/__atm/log", ""],
    ["/__targett/cinema-1/tag.js", "/__targett/log", "cinema-1"],
  ])("%s is served and its load recorded", async (path, logPath, id) => {
    const script = await sandbox.call("GET", path);
    expect(script.status).toBe(200);
    expect(script.contentType).toMatch(/^text\/javascript/);
    const log = await sandbox.call("GET", logPath);
    expect(log.json.loads).toContainEqual(expect.objectContaining({ id }));
  });

  it("records a Targett visit", async () => {
    await fetch(`${sandbox.baseUrl}/__targett/visit?customer=cinema-1&url=http%3A%2F%2Fsite%2F`, { method: "POST" });
    const log = await sandbox.call("GET", "/__targett/log");
    expect(log.json.visits).toContainEqual(expect.objectContaining({ customer: "cinema-1", url: "http://site/" }));
  });

  it("an unknown path under a stand-in's prefix is not found", async () => {
    expect((await sandbox.call("GET", "/__ga/nothing")).status).toBe(404);
  });

  it("can be left out", async () => {
    await withProvider({ trackingStandIns: false }, async (bare) => {
      expect((await bare.call("GET", "/__gtm/gtm.js?id=GTM-ONE")).status).toBe(404);
    });
  });
});
