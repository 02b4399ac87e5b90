import type { Publish } from "../src/publish/publish";
import { benchSiteIds, nudged, parseBenchPublishArgs, roundSummary, timingOf } from "./bench-publish";

describe("bench:publish's options", () => {
  it.each([
    [[], { sites: 2, workers: 1, redisUrl: null, keep: false }],
    [["--sites", "4", "--workers", "2"], { sites: 4, workers: 2, redisUrl: null, keep: false }],
    [
      ["--redis", "redis://127.0.0.1:9450", "--keep"],
      { sites: 2, workers: 1, redisUrl: "redis://127.0.0.1:9450", keep: true },
    ],
  ])("%j → %j", (argv, expected) => {
    expect(parseBenchPublishArgs(argv)).toEqual(expected);
  });

  it.each([
    [["--sites", "0"], /--sites: expected a whole number from 1, got "0"/],
    [["--workers", "1.5"], /--workers: expected a whole number/],
    [["--workers"], /--workers: expected a whole number from 1, got ""/],
    [["--redis", "localhost:6379"], /--redis: expected redis:\/\/host:port/],
    [["--fast"], /Unknown option --fast/],
  ])("refuses %j", (argv, message) => {
    expect(() => parseBenchPublishArgs(argv)).toThrow(message);
  });
});

it("names the bench's sites after the sample sites in turn", () => {
  expect(benchSiteIds(3)).toEqual(["lumiere-1", "starlight-2", "lumiere-3"]);
});

it.each([
  ["#3C6E71", "#3b6d70"],
  ["#000000", "#000000"],
  ["#FF0001", "#fe0000"],
])("nudges %s one step darker: %s", (hex, expected) => {
  expect(nudged(hex)).toBe(expected);
});

const publish = (siteId: string, state: Publish["state"], queued: number, started: number, finished: number) =>
  ({
    id: `p-${siteId}`,
    siteId,
    state,
    queuedAt: new Date(queued * 1000).toISOString(),
    startedAt: new Date(started * 1000).toISOString(),
    finishedAt: new Date(finished * 1000).toISOString(),
    step: null,
    error: state === "failed" ? "settings.json › name" : null,
    saves: 1,
    reasons: [],
  }) satisfies Publish;

it("times a publish from its call: the queue wait, the build, and live", () => {
  expect(timingOf(publish("lumiere-1", "live", 100, 112.5, 131))).toEqual({
    siteId: "lumiere-1",
    state: "live",
    wait: 12.5,
    build: 18.5,
    live: 31,
  });
});

it("sums a round up over the publishes that went live, the failed ones counted apart", () => {
  const timings = [
    publish("lumiere-1", "live", 0, 0, 20),
    publish("starlight-2", "live", 0, 20, 38),
    publish("lumiere-3", "live", 0, 38, 60),
    publish("starlight-4", "failed", 0, 60, 61),
  ].map(timingOf);
  expect(roundSummary(timings, 61)).toEqual({
    live: 3,
    failed: 1,
    medianLive: 38,
    worstLive: 60,
    meanWait: 58 / 3,
    meanBuild: 20,
    perMinute: (3 / 61) * 60,
  });
});
