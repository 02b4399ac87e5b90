import type http from "node:http";
import { createSiteEditor, listen, siteUrlFrom } from "./server";
import { itReturns } from "../../src/test/tables";

let server: http.Server;
let base: string;
beforeAll(async () => {
  server = createSiteEditor({ siteUrl: "http://localhost:9000/cms-preview/" });
  base = await listen(server, 0, "127.0.0.1");
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("sandbox site editor", () => {
  it("serves the editor page framing the configured site", async () => {
    const response = await fetch(`${base}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    expect(html).toContain('const initialSite = "http://localhost:9000/cms-preview/"');
    expect(html).toContain('<iframe id="site" name="site" title="Site preview">');
    // Controls for the seven messages of spec §7.
    for (const control of [
      "send-colours",
      "send-font",
      "headerLayout",
      "footerLayout",
      "logoSize",
      "hasSearch",
      "footerMobileLinks",
    ])
      expect(html).toContain(`id="${control}"`);
    // Messages are addressed to the site's origin, never "*".
    expect(html).not.toMatch(/postMessage\([^)]*"\*"/);
  });

  it("frames another page with ?site=, escaped in the HTML and in the script", async () => {
    const site = 'https://example.com/a?x="</script><b>';
    const html = await (await fetch(`${base}/?site=${encodeURIComponent(site)}`)).text();
    expect(html).not.toContain("</script><b>");
    expect(html).toContain('const initialSite = "https://example.com/a?x=%22%3C/script%3E%3Cb%3E"');
  });

  it("ignores a ?site= that is not an http(s) URL", async () => {
    const html = await (await fetch(`${base}/?site=${encodeURIComponent("javascript:alert(1)")}`)).text();
    expect(html).toContain('const initialSite = "http://localhost:9000/cms-preview/"');
  });

  it("answers health checks, a blank page and 404", async () => {
    expect((await fetch(`${base}/health`)).status).toBe(200);
    expect(await (await fetch(`${base}/blank`)).text()).toContain("<title>Blank</title>");
    expect((await fetch(`${base}/nope`)).status).toBe(404);
  });

  itReturns(
    siteUrlFrom,
    [
      ["http://localhost:9000/", "http://localhost:9000/"],
      ["https://www.example.com/cms-preview/", "https://www.example.com/cms-preview/"],
      ["javascript:alert(1)", null],
      ["/relative", null],
      ["", null],
      [null, null],
    ],
    "siteUrlFrom(%j) → %j",
  );
});
