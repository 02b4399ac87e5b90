import fc from "fast-check";
import {
  bookingKey,
  performanceIn,
  PERFORMANCES_PER_SHARD,
  shardCount,
  shardIndex,
  shardOf,
  type PerformanceIndex,
} from "./booking-key";
import type { BookablePerformance } from "./contexts";
import { itReturns } from "../test/tables";

const PERFORMANCE: BookablePerformance = {
  filmTitle: "Les Ombres du lac",
  filmPath: "/films/1000021001-les-ombres-du-lac/",
  startsAt: "2026-11-25T13:00:00.000Z",
  localDate: "2026-11-25",
  timeZone: "Europe/Paris",
  theaterName: "Cinéma Lumière",
  screen: "Salle 1",
};

describe("the booking route's index, in shards", () => {
  itReturns(
    shardCount,
    [
      [0, 1],
      [1, 1],
      [PERFORMANCES_PER_SHARD, 1],
      [PERFORMANCES_PER_SHARD + 1, 2],
      [70_000, Math.ceil(70_000 / PERFORMANCES_PER_SHARD)],
    ],
    "%i performances: %i file(s)",
  );

  it("a key's shard is the same every time, within range, and keys spread over the shards", () => {
    const keys = Array.from({ length: 4000 }, (_, i) => bookingKey("LUM01", `LUM01-20261125-${i}`));
    const counts = new Array<number>(10).fill(0);
    for (const key of keys) {
      const shard = shardOf(key, 10);
      expect(shardOf(key, 10)).toBe(shard);
      counts[shard]! += 1;
    }
    // 400 expected per shard: none is empty or holds twice its share.
    expect(Math.min(...counts)).toBeGreaterThan(200);
    expect(Math.max(...counts)).toBeLessThan(800);
  });

  it("every performance is in exactly the file its key names (property)", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ minLength: 1, maxLength: 30 }), { maxLength: 1500 }), (perfCodes) => {
        const index: PerformanceIndex = Object.fromEntries(
          perfCodes.map((code) => [bookingKey("SL001", code), { ...PERFORMANCE, screen: code }]),
        );
        const shards = shardIndex(index);
        expect(shards).toHaveLength(shardCount(perfCodes.length));
        expect(shards.reduce((n, shard) => n + Object.keys(shard).length, 0)).toBe(perfCodes.length);
        for (const code of perfCodes) {
          const key = bookingKey("SL001", code);
          expect(performanceIn(shards[shardOf(key, shards.length)], key)).toEqual({ ...PERFORMANCE, screen: code });
        }
      }),
      { numRuns: 50 },
    );
  });

  it.each<[string, unknown, BookablePerformance | undefined]>([
    ["a well-formed entry", { k: PERFORMANCE }, PERFORMANCE],
    ["no screen: null", { k: { ...PERFORMANCE, screen: undefined } }, { ...PERFORMANCE, screen: null }],
    ["a version", { k: { ...PERFORMANCE, version: "subtitled" } }, { ...PERFORMANCE, version: "subtitled" }],
    ["a version the page does not know: left out", { k: { ...PERFORMANCE, version: "4DX" } }, PERFORMANCE],
    ["a version that is no text: left out", { k: { ...PERFORMANCE, version: ["dubbed"] } }, PERFORMANCE],
    ["another key only", { other: PERFORMANCE }, undefined],
    ["a key of Object's prototype", {}, undefined],
    ["not an object", "[]", undefined],
    ["an array", [PERFORMANCE], undefined],
    ["null", null, undefined],
    ["a field missing", { k: { ...PERFORMANCE, filmTitle: undefined } }, undefined],
    ["a film path off the site", { k: { ...PERFORMANCE, filmPath: "https://evil.example/" } }, undefined],
    ["a start that is no date", { k: { ...PERFORMANCE, startsAt: "soon" } }, undefined],
  ])("a fetched file: %s", (_case, shard, expected) => {
    const key = _case === "a key of Object's prototype" ? "constructor" : "k";
    expect(performanceIn(shard, key)).toEqual(expected);
  });
});
