import type http from "node:http";
import { createSiteEditor, listen, siteUrlFrom } from "./server";
import { PUBLISH_STEPS } from "../../src/publish/publish";
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

describe("the editor's Publish button, forwarded to the publisher (issue 47)", () => {
  let publisher: http.Server;
  let editor: http.Server;
  let editorUrl: string;
  const received: { method: string; url: string; authorization: string | undefined; body: string }[] = [];

  beforeAll(async () => {
    const { createServer } = await import("node:http");
    publisher = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        received.push({ method: req.method ?? "", url: req.url ?? "", authorization: req.headers.authorization, body });
        const queued = req.method === "POST" && req.url?.endsWith("/publish");
        res.writeHead(queued ? 202 : 200, { "Content-Type": "application/json" });
        res.end(JSON.stringify(queued ? { id: "p1", state: "queued" } : { id: "p1", state: "live" }));
      });
    });
    const publisherUrl = await listen(publisher, 0, "127.0.0.1");
    editor = createSiteEditor({
      siteUrl: "http://localhost:9000/cms-preview/",
      publish: { url: publisherUrl, token: "t0ken-for-the-publisher-only", siteId: "lumiere" },
    });
    editorUrl = await listen(editor, 0, "127.0.0.1");
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => editor.close(() => resolve()));
    await new Promise<void>((resolve) => publisher.close(() => resolve()));
  });
  beforeEach(() => received.splice(0));

  it("shows a Publish and a Roll back button, and never the token", async () => {
    const html = await (await fetch(`${editorUrl}/`)).text();
    expect(html).toContain('id="publish"');
    expect(html).toContain('id="rollback"');
    expect(html).not.toContain("t0ken");
  });

  it("words every step a building publish can be at (its own map: the page imports nothing of src/)", async () => {
    const html = await (await fetch(`${editorUrl}/`)).text();
    for (const step of PUBLISH_STEPS) expect(html).toMatch(new RegExp(`\\b${step}: "[a-z ]+",`));
  });

  it("forwards publish, its state and rollback to the site's routes with the bearer token", async () => {
    const publish = await fetch(`${editorUrl}/publish`, { method: "POST" });
    expect(publish.status).toBe(202);
    expect(await publish.json()).toEqual({ id: "p1", state: "queued" });
    expect(await (await fetch(`${editorUrl}/publishes/p1`)).json()).toEqual({ id: "p1", state: "live" });
    await fetch(`${editorUrl}/rollback`, { method: "POST" });
    expect(received.map(({ method, url, authorization }) => [method, url, authorization])).toEqual([
      ["POST", "/sites/lumiere/publish", "Bearer t0ken-for-the-publisher-only"],
      ["GET", "/sites/lumiere/publishes/p1", "Bearer t0ken-for-the-publisher-only"],
      ["POST", "/sites/lumiere/rollback", "Bearer t0ken-for-the-publisher-only"],
    ]);
    expect(JSON.parse(received[0]!.body)).toEqual({ reason: "Published from the site editor" });
  });

  it("refuses a publish asked by a page of another origin, and forwards no odd id", async () => {
    const crossSite = await fetch(`${editorUrl}/publish`, {
      method: "POST",
      headers: { Origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
    expect((await fetch(`${editorUrl}/publishes/..%2F..%2Fadmin`)).status).toBe(404);
    expect((await fetch(`${editorUrl}/publish`)).status).toBe(404);
    expect(received).toEqual([]);
  });

  it("says so when no publisher is set up, and when the publisher does not answer", async () => {
    expect((await fetch(`${base}/publish`, { method: "POST" })).status).toBe(503);
    const orphan = createSiteEditor({
      siteUrl: "http://localhost:9000/cms-preview/",
      publish: { url: "http://127.0.0.1:1", token: "x".repeat(24), siteId: "lumiere" },
    });
    const orphanUrl = await listen(orphan, 0, "127.0.0.1");
    const answer = await fetch(`${orphanUrl}/publish`, { method: "POST" });
    expect(answer.status).toBe(502);
    expect((await answer.json()).error.message).toMatch(/did not answer/);
    await new Promise<void>((resolve) => orphan.close(() => resolve()));
  });
});
