import Fastify from "fastify";
import { itReturns } from "../../test/tables";
import {
  LOG_LEVELS,
  cspReportUriFrom,
  editorOriginsFrom,
  hstsIncludeSubDomainsFrom,
  serverDeploySettings,
  trustProxyFrom,
} from "./deploy-settings";

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
    expect(trustProxyFrom("127.0.0.1, 10.0.0.0/8")).toEqual(["127.0.0.1", "10.0.0.0/8"]);
    const hops = trustProxyFrom("1");
    expect(typeof hops === "function" && [hops("1.2.3.4", 0), hops("1.2.3.4", 1)]).toEqual([true, false]);
  });

  // Whatever is accepted here, Fastify (proxy-addr) must accept too: its own refusal names no setting.
  it.each([
    "127.0.0.1",
    "10.0.0.0/8",
    "10.0.0.0/255.0.0.0",
    "172.16.0.0/255.240.0.0",
    "::1",
    "fd00::/8",
    "::ffff:10.0.0.1",
    "loopback, linklocal, uniquelocal",
  ])("takes %s, as Fastify does", (value) => {
    const trust = trustProxyFrom(value);
    expect(() => Fastify({ trustProxy: trust })).not.toThrow();
  });

  it.each(["true", "TRUE"])("refuses %s: it would believe the client's own X-Forwarded-For (issue 43)", (value) => {
    expect(() => trustProxyFrom(value)).toThrow(/^TRUST_PROXY: "true" would believe any X-Forwarded-For/);
  });

  it.each(["garbage", "127.0.0.1, proxy.example", "10.0.0.0/33", "fd00::/129", "10.0.0.0/255.0.255.0", "1.2.3.4/8/8"])(
    "refuses %s, naming the setting and the entry",
    (value) => {
      expect(() => trustProxyFrom(value)).toThrow(/^TRUST_PROXY: ".+" is not a proxy address \(expected false/);
    },
  );
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

  it("takes the loyalty brand, the log level and the timeouts it is given", () => {
    expect(serverDeploySettings({}).loyaltyBrand).toBe("Cypher");
    expect(serverDeploySettings({ LOYALTY_BRAND: " Boost2 " }).loyaltyBrand).toBe("Boost2");
    expect(serverDeploySettings({ LOG_LEVEL: "WARN" }).logLevel).toBe("warn");
    expect(serverDeploySettings({ CYPHER_TIMEOUT_MS: " 500 ", SHUTDOWN_TIMEOUT_MS: "" }).shutdownTimeoutMs).toBe(2500);
  });

  it.each(LOG_LEVELS)("takes LOG_LEVEL=%s, as pino does", (level) => {
    expect(() => Fastify({ logger: { level: serverDeploySettings({ LOG_LEVEL: level }).logLevel } })).not.toThrow();
  });

  // Each of these used to start (a brand every member call then answered 503 for, a timeout silently
  // replaced by its default) or to stop with a message that named no setting.
  it.each([
    ["LOYALTY_BRAND", "My Brand", /is not a brand name \(up to 32 letters and digits, starting with a letter/],
    ["LOYALTY_BRAND", "9lives", /is not a brand name/],
    ["LOYALTY_BRAND", "Cypher-Club", /is not a brand name/],
    ["LOG_LEVEL", "verbose", /is not a log level \(one of fatal, error, warn, info, debug, trace, silent\)/],
    ["CYPHER_TIMEOUT_MS", "8s", /is not a number of milliseconds from 1 to 2147483647/],
    ["CYPHER_TIMEOUT_MS", "0", /is not a number of milliseconds/],
    ["CYPHER_TIMEOUT_MS", "1.5", /is not a number of milliseconds/],
    ["SHUTDOWN_TIMEOUT_MS", "abc", /is not a number of milliseconds from 1 to 2147483647/],
    ["SHUTDOWN_TIMEOUT_MS", "-1", /is not a number of milliseconds/],
    ["SHUTDOWN_TIMEOUT_MS", "9999999999", /is not a number of milliseconds/],
    ["TRUST_PROXY", "garbage", /is not a proxy address/],
  ])("refuses %s=%s, naming the setting, the value and what is expected", (name, value, expected) => {
    expect(() => serverDeploySettings({ [name]: value })).toThrow(new RegExp(`^${name}: "${value}"`));
    expect(() => serverDeploySettings({ [name]: value })).toThrow(expected);
  });
});

// Issue 43: HSTS for the subdomains and a CSP reporting endpoint, each set by the deploy.
describe("HSTS_INCLUDE_SUBDOMAINS", () => {
  itReturns(hstsIncludeSubDomainsFrom, [
    [undefined, false],
    ["", false],
    ["false", false],
    ["true", true],
    [" TRUE ", true],
  ]);
  it.each(["yes", "1"])("refuses %s, naming the setting", (value) => {
    expect(() => hstsIncludeSubDomainsFrom(value)).toThrow(/^HSTS_INCLUDE_SUBDOMAINS: /);
  });
});

describe("CSP_REPORT_URI", () => {
  itReturns(cspReportUriFrom, [
    [undefined, null],
    ["", null],
    ["https://csp.example.com/report", "https://csp.example.com/report"],
    ["http://localhost:9500/csp", "http://localhost:9500/csp"],
  ]);
  it.each([
    "csp.example.com/report",
    "http://csp.example.com/report",
    "https://csp.example.com/r; script-src *",
    "https://csp.example.com/a b",
    "javascript:alert(1)",
  ])("refuses %s, naming the setting", (value) => {
    expect(() => cspReportUriFrom(value)).toThrow(/^CSP_REPORT_URI: /);
  });
});
