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
  it("limits member calls per address by default; a deploy may change or lift the limits", () => {
    expect(serverDeploySettings({})).toMatchObject({
      memberRateLimit: 120,
      sensitiveRateLimit: 10,
      maxConnections: 2048,
    });
    expect(
      serverDeploySettings({ MEMBER_RATE_LIMIT: "off", MEMBER_RATE_LIMIT_SENSITIVE: "3", MAX_CONNECTIONS: "50" }),
    ).toMatchObject({ memberRateLimit: null, sensitiveRateLimit: 3, maxConnections: 50 });
  });
  it.each([
    ["MEMBER_RATE_LIMIT", "0"],
    ["MEMBER_RATE_LIMIT", "lots"],
    ["MEMBER_RATE_LIMIT_SENSITIVE", "-1"],
    ["MAX_CONNECTIONS", "1e9"],
  ])("refuses %s=%s, naming the setting", (name, value) => {
    expect(() => serverDeploySettings({ [name]: value })).toThrow(new RegExp(`^${name}: "${value}"`));
  });
  it("refuses a port that is not one", () => {
    expect(() => serverDeploySettings({ PORT: "http" })).toThrow(/^PORT/);
  });
});
