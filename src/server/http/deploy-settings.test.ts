import { editorOriginsFrom, serverDeploySettings, trustProxyFrom } from "./deploy-settings";

describe("EDITOR_ORIGINS", () => {
  it("is a comma list of exact origins", () => {
    expect(editorOriginsFrom(undefined)).toEqual([]);
    expect(editorOriginsFrom(" https://editor.example.com/ , https://Preview.example.com:8443,")).toEqual([
      "https://editor.example.com",
      "https://preview.example.com:8443",
    ]);
  });
  it.each([
    "editor.example.com",
    "https://editor.example.com/path",
    "https://*.example.com",
    "https://a.example; script-src *",
  ])("refuses %s, naming the setting", (value) => {
    expect(() => editorOriginsFrom(value)).toThrow(/^EDITOR_ORIGINS/);
  });
});

describe("TRUST_PROXY", () => {
  it("is off unless set", () => {
    expect(trustProxyFrom(undefined)).toBe(false);
    expect(trustProxyFrom("false")).toBe(false);
    expect(trustProxyFrom("true")).toBe(true);
    expect(trustProxyFrom("127.0.0.1, 10.0.0.0/8")).toEqual(["127.0.0.1", "10.0.0.0/8"]);
    const hops = trustProxyFrom("1");
    expect(typeof hops === "function" && [hops("1.2.3.4", 0), hops("1.2.3.4", 1)]).toEqual([true, false]);
  });
});

describe("serverDeploySettings", () => {
  it("has defaults for a developer's machine", () => {
    expect(serverDeploySettings({})).toMatchObject({
      port: 9000,
      host: "localhost",
      editorOrigins: [],
      trustProxy: false,
      shutdownTimeoutMs: 10_000,
      logLevel: "info",
      defaultSite: undefined,
    });
  });
  it("waits for the upstream timeout before giving up on requests in flight", () => {
    expect(serverDeploySettings({ CYPHER_TIMEOUT_MS: "20000" }).shutdownTimeoutMs).toBe(22_000);
    expect(serverDeploySettings({ SHUTDOWN_TIMEOUT_MS: "3000" }).shutdownTimeoutMs).toBe(3000);
  });
  it("refuses a port that is not one", () => {
    expect(() => serverDeploySettings({ PORT: "http" })).toThrow(/^PORT/);
  });
});
