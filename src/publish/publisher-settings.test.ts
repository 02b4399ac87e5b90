import path from "node:path";
import { makePublishToken, MIN_TOKEN_CHARS, publisherSettings } from "./publisher-settings";

const CWD = "/srv/app";
const TOKEN = "Zm9yLXRoZS1wdWJsaXNoZXItdGVzdHMtb25seQ";
const settingsOf = (env: Record<string, string>) => publisherSettings(env, CWD, () => "made-for-this-run");

describe("the publisher's settings", () => {
  it("defaults: port 9430, dist/ from site-config/ through .sites/, one build at a time, 3 releases", () => {
    expect(settingsOf({ PUBLISH_TOKEN: TOKEN })).toEqual({
      port: 9430,
      host: "localhost",
      publishToken: TOKEN,
      tokenMade: false,
      configRoot: path.join(CWD, "site-config"),
      outDir: path.join(CWD, "dist"),
      workDir: path.join(CWD, ".sites"),
      concurrency: 1,
      settleMs: 0,
      keepReleases: 3,
      redisUrl: null,
      rateLimit: { changes: 30, reads: 600 },
      trustProxy: false,
      logLevel: "info",
    });
  });

  it("reads each of its settings", () => {
    expect(
      settingsOf({
        PUBLISH_TOKEN: TOKEN,
        PUBLISH_PORT: "9531",
        PUBLISH_HOST: "0.0.0.0",
        SITE_CONFIG_DIR: "/config",
        PUBLISH_DIR: "/srv/dist",
        PUBLISH_WORK_DIR: "work",
        PUBLISH_CONCURRENCY: "2",
        PUBLISH_SETTLE_MS: "2000",
        PUBLISH_REDIS_URL: "redis://:secret@redis.internal:6380/2",
        PUBLISH_KEEP_RELEASES: "5",
        PUBLISH_RATE_LIMIT: "off",
        PUBLISH_READ_RATE_LIMIT: "60",
        TRUST_PROXY: "1",
        LOG_LEVEL: "warn",
      }),
    ).toMatchObject({
      port: 9531,
      host: "0.0.0.0",
      configRoot: "/config",
      outDir: "/srv/dist",
      workDir: path.join(CWD, "work"),
      concurrency: 2,
      settleMs: 2000,
      redisUrl: "redis://:secret@redis.internal:6380/2",
      keepReleases: 5,
      rateLimit: { changes: null, reads: 60 },
      logLevel: "warn",
    });
  });

  it("without a token: one made for the run, said to be so", () => {
    expect(settingsOf({})).toMatchObject({ publishToken: "made-for-this-run", tokenMade: true });
    expect(settingsOf({ PUBLISH_TOKEN: "  " }).tokenMade).toBe(true);
  });

  it("in production, refuses to start without a token", () => {
    expect(() => settingsOf({ NODE_ENV: "production" })).toThrow(
      "PUBLISH_TOKEN: not set; the publisher does not start in production without one",
    );
    expect(settingsOf({ NODE_ENV: "production", PUBLISH_TOKEN: TOKEN }).publishToken).toBe(TOKEN);
  });

  it.each([
    ["a short token", { PUBLISH_TOKEN: "short" }, `PUBLISH_TOKEN: at least ${MIN_TOKEN_CHARS} characters`],
    ["a token no header can carry", { PUBLISH_TOKEN: `${TOKEN} with spaces` }, "PUBLISH_TOKEN: only letters"],
    ["a port that is none", { PUBLISH_PORT: "http" }, 'PUBLISH_PORT: "http" is not a port number'],
    ["no build at a time", { PUBLISH_CONCURRENCY: "0" }, "PUBLISH_CONCURRENCY"],
    ["no release kept", { PUBLISH_KEEP_RELEASES: "0" }, "PUBLISH_KEEP_RELEASES"],
    ["a rate that is none", { PUBLISH_RATE_LIMIT: "lots" }, "PUBLISH_RATE_LIMIT"],
    ["a Redis URL that is none", { PUBLISH_REDIS_URL: "localhost:6379" }, "PUBLISH_REDIS_URL: expected redis://"],
    ["another scheme", { PUBLISH_REDIS_URL: "http://redis:6379" }, "PUBLISH_REDIS_URL"],
  ])("%s stops the start, naming the setting", (_case, env, message) => {
    expect(() => settingsOf({ PUBLISH_TOKEN: TOKEN, ...env })).toThrow(message);
  });

  it("a made token is long, random and readable back from a bearer header", () => {
    const token = makePublishToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(makePublishToken()).not.toBe(token);
  });
});
