import { sandboxProvider } from "../loyalty-provider/test-support";

const sandbox = sandboxProvider("file");

describe("the consent-manager stand-in over HTTP", () => {
  it("serves the SDK at {sdkPath}{apiKey}/loader.js and records the load with its notice", async () => {
    const answer = await sandbox.call("GET", "/__consent/sdk/key-1/loader.js?target_type=notice&target=notice-1");
    expect(answer.status).toBe(200);
    expect(answer.contentType).toMatch(/^text\/javascript/);
    expect(answer.text).toContain("window.Didomi");
    // The IAB's CMP API comes with it (tcf-cmp.ts, bundled ahead of the SDK's code).
    expect(answer.text).toContain("__tcfapi");
    const log = await sandbox.call("GET", "/__consent/log");
    expect(log.json.entries).toContainEqual(
      expect.objectContaining({ type: "sdk", apiKey: "key-1", noticeId: "notice-1" }),
    );
  });

  it("records what the SDK reports, and lists it by visitor", async () => {
    const report = {
      type: "consent.given",
      apiKey: "k",
      noticeId: "n",
      userId: "visitor-9",
      regulation: "gdpr",
      choice: "agree",
    };
    const posted = await fetch(`${sandbox.baseUrl}/__consent/events`, {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: JSON.stringify(report),
    });
    expect(posted.status).toBe(204);
    const log = await sandbox.call("GET", "/__consent/log?user=visitor-9");
    expect(log.json.entries).toEqual([expect.objectContaining(report)]);
  });

  it("refuses a report that is not JSON", async () => {
    const posted = await fetch(`${sandbox.baseUrl}/__consent/events`, { method: "POST", body: "not json" });
    expect(posted.status).toBe(400);
  });

  it("serves the provider logo the popup shows", async () => {
    const answer = await sandbox.call("GET", "/__consent/sdk/powered-by.svg");
    expect(answer.status).toBe(200);
    expect(answer.contentType).toBe("image/svg+xml");
  });
});
