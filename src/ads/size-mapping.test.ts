// Spec §5 "Custom ad size mapping" and the two messages of spec §8.
import { allSizes, parseSizeMapping, reservedHeights, type SizeMappingLogger } from "./size-mapping";

function recorder(): SizeMappingLogger & { lines: string[] } {
  const lines: string[] = [];
  return { lines, warn: (m) => lines.push(`warn ${m}`), error: (m) => lines.push(`error ${m}`) };
}

describe("parseSizeMapping", () => {
  it("sorts viewport widths in descending order and drops duplicate sizes", () => {
    const log = recorder();
    const parsed = parseSizeMapping(
      JSON.stringify({
        top: {
          "0": [[320, 50]],
          "1024": [
            [970, 90],
            [728, 90],
            [970, 90],
          ],
          "768": [[728, 90]],
        },
      }),
      ["top"],
      log,
    );
    expect(parsed.locations.top).toEqual([
      {
        viewportWidth: 1024,
        sizes: [
          [970, 90],
          [728, 90],
        ],
      },
      { viewportWidth: 768, sizes: [[728, 90]] },
      { viewportWidth: 0, sizes: [[320, 50]] },
    ]);
    expect(parsed.interstitial).toBe(false);
    expect(log.lines).toEqual([]);
  });

  it("uses only keys of configured custom locations; 'interstitial' enables the custom interstitial", () => {
    const parsed = parseSizeMapping(
      JSON.stringify({ top: { "0": [[320, 50]] }, other: { "0": [[1, 1]] }, interstitial: {} }),
      ["top", "aside"],
    );
    expect(Object.keys(parsed.locations)).toEqual(["top"]);
    expect(parsed.interstitial).toBe(true);
  });

  it.each([
    ["a string", "300x250"],
    ["an array", [[300, 250]]],
    ["null", null],
    ["a non-numeric width", { wide: [[300, 250]] }],
    ["sizes that are not an array", { "0": "300x250" }],
    ["a malformed size", { "0": [[300]] }],
  ])("a location whose value is %s: 'Invalid size mapping for ad location: {location}', skipped", (_, value) => {
    const log = recorder();
    const parsed = parseSizeMapping(JSON.stringify({ aside: value, top: { "0": [[320, 50]] } }), ["aside", "top"], log);
    expect(log.lines).toEqual(["warn Invalid size mapping for ad location: aside"]);
    expect(Object.keys(parsed.locations)).toEqual(["top"]);
  });

  it.each([
    ["invalid JSON", "{top: [[320, 50]]"],
    ["JSON that is not an object", "[1, 2]"],
  ])("%s: 'Error parsing size mapping', custom sizes ignored", (_, json) => {
    const log = recorder();
    expect(parseSizeMapping(json, ["top"], log)).toEqual({ locations: {}, interstitial: false });
    expect(log.lines).toEqual(["error Error parsing size mapping"]);
  });

  it("an empty mapping is no mapping, and says nothing", () => {
    const log = recorder();
    expect(parseSizeMapping("  ", ["top"], log)).toEqual({ locations: {}, interstitial: false });
    expect(log.lines).toEqual([]);
  });
});

describe("what a slot asks for and what the page reserves", () => {
  const rules = parseSizeMapping(
    JSON.stringify({
      top: {
        "0": [
          [320, 50],
          [320, 100],
        ],
        "768": [[728, 90]],
      },
    }),
    ["top"],
  ).locations.top!;
  it("every size of the slot, once", () => {
    expect(allSizes(rules)).toEqual([
      [728, 90],
      [320, 50],
      [320, 100],
    ]);
  });
  it("the tallest size from each width up", () => {
    expect(reservedHeights(rules)).toEqual([
      { minWidth: 768, height: 90 },
      { minWidth: 0, height: 100 },
    ]);
  });
});
