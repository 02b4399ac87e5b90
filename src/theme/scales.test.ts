import {
  BREAKPOINTS,
  DEFAULT_ROUNDNESS,
  DURATIONS,
  MEDIA,
  MEDIA_QUERIES,
  RADII_PX,
  ROUNDNESS_PRESETS,
  type Roundness,
  type RoundnessTarget,
  SPINNER,
  radiusPx,
} from "./scales";

describe("Spec: 'Roundness. Presets NONE, MEDIUM, HIGH. Content defaults to MEDIUM and buttons to HIGH.'", () => {
  it("offers exactly the three presets", () => {
    expect(ROUNDNESS_PRESETS).toEqual(["NONE", "MEDIUM", "HIGH"]);
  });

  it.each<[string, RoundnessTarget, Roundness]>([
    ["content defaults to MEDIUM", "content", "MEDIUM"],
    ["buttons default to HIGH", "buttons", "HIGH"],
  ])("%s", (_rule, target, preset) => {
    expect(DEFAULT_ROUNDNESS[target]).toBe(preset);
    expect(radiusPx(target)).toBe(RADII_PX[target][preset]);
  });

  it.each<[RoundnessTarget, Roundness, number]>([
    ["content", "NONE", 0],
    ["content", "MEDIUM", 8],
    ["content", "HIGH", 16],
    ["buttons", "NONE", 0],
    ["buttons", "MEDIUM", 6],
    ["buttons", "HIGH", 9999],
  ])("%s %s → %ipx", (target, preset, px) => {
    expect(radiusPx(target, preset)).toBe(px);
  });

  it("presets grow NONE < MEDIUM < HIGH for each target", () => {
    for (const target of ["content", "buttons"] as const) {
      expect(radiusPx(target, "NONE")).toBeLessThan(radiusPx(target, "MEDIUM"));
      expect(radiusPx(target, "MEDIUM")).toBeLessThan(radiusPx(target, "HIGH"));
    }
  });

  it("an unknown preset is a clear error", () => {
    expect(() => radiusPx("content", "ROUND" as Roundness)).toThrow(
      /Invalid roundness "ROUND" for content: expected one of NONE, MEDIUM, HIGH/,
    );
  });
});

describe("Spec: 'Breakpoints. 640, 768, 1024, 1280, 1600 px.'", () => {
  it.each([
    ["sm", 640],
    ["md", 768],
    ["lg", 1024],
    ["xl", 1280],
    ["xxl", 1600],
  ] as const)("%s = %ipx, with min-width queries", (name, px) => {
    expect(BREAKPOINTS[name]).toBe(px);
    expect(MEDIA_QUERIES[name]).toBe(`(min-width: ${px}px)`);
    expect(MEDIA[name]).toBe(`@media (min-width: ${px}px)`);
  });

  it("are in ascending order (mobile first)", () => {
    const values = Object.values(BREAKPOINTS);
    expect([...values].sort((a, b) => a - b)).toEqual(values);
  });
});

describe("Spec: 'Animations. Durations 150 ms, 300 ms, 600 ms. The loading spinner has the default title 'Loading' and a 750 ms rotation.'", () => {
  it.each([
    ["fast", 150],
    ["normal", 300],
    ["slow", 600],
  ] as const)("duration %s = %i ms", (name, ms) => {
    expect(DURATIONS[name]).toBe(ms);
  });

  it("spinner defaults", () => {
    expect(SPINNER).toEqual({ title: "Loading", rotationMs: 750 });
  });
});
